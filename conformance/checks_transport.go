package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// otherMethods are the methods transport.method sends instead of POST.
var otherMethods = []string{http.MethodGet, http.MethodPut}

// checkMethod: every operation is a POST (docs/contract.md §1.1): a GET or
// PUT with a body that a POST would answer with a success must not get
// one. What it gets instead (405, an error body) is KIT.
func checkMethod(t *T) {
	t.each(len(otherMethods), func(t *T, i int) {
		m := otherMethods[i]
		if err := t.r.slots.acquire(t.ctx, t.prio); err == nil {
			defer t.r.slots.release()
		}
		t.depth++
		x := t.r.client.send(t.ctx, m, contract.GetFormList, "read", t.r.keys.Read, []byte(`{}`))
		if x.Err != nil {
			return // a refusal at the connection is no success
		}
		if obj, ok := x.Doc.(map[string]any); ok {
			if code, isInt := intOf(obj["code"]); isInt && code == 0 {
				t.Errorf(x, "%s %s answered like a POST, with a success (code 0): every operation is a POST", m, contract.GetFormList.Path())
			}
		}
	})
}

// send sends one request with any method: only transport.method needs
// another than POST. It is observed like every other answer.
func (c *client) send(ctx context.Context, method string, ep contract.Endpoint, role, key string, raw []byte) *Exchange {
	x := &Exchange{Req: Request{Method: method, Path: ep.Path(), Key: role, Body: string(raw)}}
	a, err := c.svc.Send(ctx, method, ep.Path(), key, raw)
	if a.Status != 0 {
		x.Status, x.ContentType = a.Status, a.Header.Get("Content-Type")
	}
	if err != nil {
		x.Err = err
		return x
	}
	x.Body = a.Body
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	if c.observe != nil {
		c.observe(ep, x)
	}
	return x
}

// bom is the UTF-8 byte order mark: RFC 8259 §8.1 forbids it in JSON
// texts sent over a network, and strict parsers refuse it.
var bom = []byte{0xEF, 0xBB, 0xBF}

// answerFaults lists what is wrong with one answer at the transport level:
// its Content-Type (not application/json; a charset other than utf-8) and
// its body (not one JSON object; a byte order mark).
func answerFaults(x *Exchange) (contentType, charset, body string) {
	mt, params, err := mime.ParseMediaType(x.ContentType)
	if err != nil || mt != "application/json" {
		contentType = fmt.Sprintf("Content-Type %q", x.ContentType)
	}
	if cs, ok := params["charset"]; err == nil && ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		charset = fmt.Sprintf("Content-Type %q: charset %s, not utf-8", x.ContentType, cs)
	}
	switch _, isObj := x.Doc.(map[string]any); {
	case bytes.HasPrefix(x.Body, bom):
		body = "the body starts with a byte order mark (EF BB BF)"
	case x.DecodeErr != nil:
		body = fmt.Sprintf("the body is not JSON: %q", short(x.Body))
	case !isObj:
		body = fmt.Sprintf("the body is JSON but not an object: %q", short(x.Body))
	}
	return contentType, charset, body
}

// transportCheck is a post check that fails for every answer seen with a
// fault of one kind (0: Content-Type, 1: charset, 2: body).
func transportCheck(kind int) func(t *T) {
	return func(t *T) {
		ct := t.r.ctSeen
		ct.mu.Lock()
		defer ct.mu.Unlock()
		if ct.n == 0 {
			t.Skipf("no answers seen")
			return
		}
		for i, b := range sortedKeys(ct.bad[kind]) {
			if i == maxProblems {
				break
			}
			t.Errorf(nil, "%s", b)
		}
	}
}

// decodeBody reads an answer as one JSON value, numbers as json.Number.
func decodeBody(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("trailing data after the JSON value")
	}
	return doc, nil
}
