package conformance

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// otherMethods are the methods transport.method sends instead of POST:
// every method of RFC 9110 §9.3 a client or a router names but POST
// (CONNECT and TRACE are a proxy's and a diagnostic's), OPTIONS without
// the Origin of a CORS preflight (which §C1 lets a target answer).
var otherMethods = []string{http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions, http.MethodHead}

// faultEndpoints pairs n transport faults of one kind with the
// operations: every operation gets one when n is their number, the
// fault of each picked by the seed (the same seed, the same pairs); with
// fewer faults than operations the seed picks which operations get them.
// A front (a proxy's location, a framework's route group) may answer
// one operation's path otherwise than another's, so no fault is sent to
// one operation alone (§1.1: every operation is a POST of a JSON body).
func faultEndpoints(seed uint64, id string, n int) []contract.Endpoint {
	eps := contract.Endpoints
	first := pick(seed, id, len(eps))
	out := make([]contract.Endpoint, n)
	for i := range out {
		out[i] = eps[(first+i)%len(eps)]
	}
	return out
}

// methodSends pairs the methods with the operations: every operation
// gets one, and every method goes on every run (an operation gets a
// second where there are more methods than operations), the seed
// turning which operation gets which.
func methodSends(seed uint64) (eps []contract.Endpoint, methods []string) {
	all := faultEndpoints(seed, "transport.method", len(contract.Endpoints))
	shift := pick(seed, "transport.method.method", len(otherMethods))
	n := max(len(all), len(otherMethods))
	for i := range n {
		eps = append(eps, all[i%len(all)])
		methods = append(methods, otherMethods[(i+shift)%len(otherMethods)])
	}
	return eps, methods
}

// checkMethod: every operation is a POST (docs/contract.md §1.1): a
// request of another method with a body that a POST would answer with a
// success must not get one (a router that maps DELETE or PATCH, or every
// method, to the operation's handler). What it gets instead (405, an
// error body) is KIT; the rules over every answer judge it as any other
// (JSON, never a front's HTML page). A HEAD's answer has no body: only
// its Content-Type is judged, and a success cannot be told.
func checkMethod(t *T) {
	eps, methods := methodSends(t.runSeed())
	t.each(len(eps), func(t *T, i int) {
		m, ep := methods[i], eps[i]
		defer t.slot()()
		t.depth++
		raw, err := json.Marshal(t.probeBody(ep))
		if err != nil {
			t.Errorf(nil, "runner bug: %s's probe body: %v", ep.Name, err)
			return
		}
		x := t.r.client.send(t.ctx, m, ep, "read", t.r.keys.Read, raw)
		if x.Err != nil {
			return // a refusal at the connection is no success
		}
		if m == http.MethodHead {
			if ct, _, _ := answerFaults(x); ct != "" && x.ContentType != "" {
				t.Errorf(x, "HEAD %s: HTTP %d, %s", ep.Path(), x.Status, ct)
			}
			return
		}
		if obj, ok := x.Doc.(map[string]any); ok {
			if code, isInt := intOf(obj["code"]); isInt && code == 0 {
				t.Errorf(x, "%s %s answered like a POST, with a success (code 0): every operation is a POST", m, ep.Path())
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
	x.Body = readAnswer("", a.Header.Get("Content-Encoding"), a.Body)
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	if c.observe != nil && method != http.MethodHead { // a HEAD's answer has no body to judge
		c.observe(ep, x)
	}
	return x
}

// answerFaults lists what is wrong with one answer at the transport level
// (rules.TransportFaults).
func answerFaults(x *Exchange) (contentType, charset, body string) {
	rx := &rules.Exchange{ContentType: x.ContentType, Body: x.Body}
	rx.SetDoc(x.Doc, x.DecodeErr)
	return rules.TransportFaults(rx)
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
		for i, b := range slices.Sorted(maps.Keys(ct.bad[kind])) {
			if i == maxProblems {
				break
			}
			t.Errorf(nil, "%s", b)
		}
	}
}

// decodeBody reads an answer as one JSON value, numbers as json.Number
// (rules.Decode).
func decodeBody(data []byte) (any, error) { return rules.Decode(data) }
