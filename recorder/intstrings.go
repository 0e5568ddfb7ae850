package recorder

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// Whether the service reads an integer member sent as a string of digits
// ("page_size": "1"), which the kit refuses (service.integers_as_strings,
// docs/record.md): one read-only getFormList shows it, and so does any
// forwarded request that sent one and got a success.

// intMembers are the integer members of the endpoints' requests.
var intMembers = []string{"page", "page_size", "record_id", "tpl_id", "code_id"}

// intStringProbe is the request that shows it: a page of one form.
const intStringProbe = `{"page_size":"1"}`

// sendsIntString says whether a request sends an integer member as a
// string of digits.
func sendsIntString(req []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(req, &m) != nil {
		return false
	}
	for _, name := range intMembers {
		var s string
		if json.Unmarshal(m[name], &s) == nil && s != "" {
			var n json.Number
			if json.Unmarshal([]byte(s), &n) == nil {
				return true
			}
		}
	}
	return false
}

// intStringsSeen takes a request and its answer: a success to a request
// sending an integer as a string says the service reads it; an error to
// the probe (asked of nothing but that) says it refuses it.
func (c *Capture) intStringsSeen(req, body []byte, probe bool) {
	if !sendsIntString(req) {
		return
	}
	var e struct {
		Code *int `json:"code"`
	}
	if json.Unmarshal(body, &e) != nil || e.Code == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case *e.Code == 0:
		c.intStrings = 1
	case probe && c.intStrings == 0:
		c.intStrings = -1
	}
}

// probeIntStrings sends the probe when the answers have not shown it yet.
func probeIntStrings(ctx context.Context, u *Upstream, c *Capture, log io.Writer) error {
	c.mu.Lock()
	known := c.intStrings != 0
	c.mu.Unlock()
	if known {
		return nil
	}
	x, err := u.Call(ctx, contract.GetFormList.Name, []byte(intStringProbe))
	if err != nil {
		fmt.Fprintf(log, "rtq record: asking whether the service reads an integer sent as a string: %v\n", err)
		return err
	}
	c.Answer(x.Status, x.Body)
	c.intStringsSeen(x.Request, x.Body, true)
	return nil
}

// intStringsRule writes what the answers showed, and names it not
// settled when they showed nothing.
func (b *builder) intStringsRule() {
	switch b.c.intStrings {
	case 1:
		if b.sc.Service == nil {
			b.sc.Service = &scenario.Service{}
		}
		b.sc.Service.IntegerStrings = true
	case 0:
		b.notes = append(b.notes, "rule not settled: whether the service reads an integer sent as a string of digits (\"page\": \"2\"): nothing asked showed it, so the recording refuses it as the kit does")
	}
}
