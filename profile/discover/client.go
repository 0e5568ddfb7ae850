package discover

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rtq-kit/rtq/internal/svcclient"
)

// maxAnswerBytes caps one answer: a hostile target cannot make discover
// read forever.
const maxAnswerBytes = 8 << 20

// client posts JSON to the target's endpoints through rtq's one client of
// a service (internal/svcclient: no redirect followed, the keys scrubbed
// from every answer and error) with a per-request time-out; it only ever
// reads (the one verify it may send cannot change state, see writeAccess).
type client struct {
	svc *svcclient.Client
}

func newClient(o Options, keys ...string) *client {
	return &client{svc: svcclient.New(svcclient.Config{BaseURL: o.BaseURL, Timeout: o.Timeout, MaxAnswerBytes: maxAnswerBytes,
		Rate: o.Rate, MaxRequests: o.MaxRequests, Concurrency: o.Concurrency, Secrets: keys, Access: o.Access, Polite: true})}
}

// answer is a decoded answer: the wrapper's code and error_code, and data.
type answer struct {
	Code      int64
	ErrorCode int64
	Message   string
	Data      map[string]any
}

// post sends body to /api/v2/rpc/<op> and decodes the answer; a transport
// failure or an answer that is not a JSON object is an error naming op.
func (c *client) post(ctx context.Context, op, key string, body any) (*answer, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	resp, err := c.svc.Post(ctx, "/api/v2/rpc/"+op, key, raw)
	if d := c.svc.Diagnose(err); d != nil {
		return nil, d
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if d := c.svc.Refusal(resp); d != nil {
		return nil, d
	}
	data := resp.Body
	if redirect := resp.Redirect(); redirect != "" {
		return nil, fmt.Errorf("%s: %s", op, redirect)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("%s: HTTP %d, not a JSON object: %.120q", op, resp.Status, data)
	}
	a := &answer{}
	a.Code, _ = intOf(obj["code"])
	a.ErrorCode, _ = intOf(obj["error_code"])
	a.Message, _ = obj["message"].(string)
	a.Data, _ = obj["data"].(map[string]any)
	return a, nil
}

// read is post for a read that must succeed.
func (c *client) read(ctx context.Context, op, key string, body any) (map[string]any, error) {
	a, err := c.post(ctx, op, key, body)
	if err != nil {
		return nil, err
	}
	if a.Code != 0 {
		return nil, fmt.Errorf("%s %s: code %d error_code %d: %s", op, compact(body), a.Code, a.ErrorCode, svcclient.Escape(a.Message))
	}
	if a.Data == nil {
		return nil, fmt.Errorf("%s %s: a success without a data object", op, compact(body))
	}
	return a.Data, nil
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// intOf reads a JSON integer (json.Number or float64).
func intOf(v any) (int64, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}

// errUnreachable marks a target that gives no answer at all.
var errUnreachable = errors.New("target unreachable")
