package faults

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// setRules is one process's fault.Set as the Rules a space holds.
type setRules struct{ *fault.Set }

func (s setRules) List() ([]fault.Status, error)  { return s.Set.List(), nil }
func (s setRules) Remove(id string) (bool, error) { return s.Set.Remove(id), nil }
func (s setRules) Clear() error                   { s.Set.Clear(); return nil }
func (s setRules) Reset() error                   { s.Set.Reset(); return nil }

// rig is the fault step over rules, and a state to serve calls with.
type rig struct {
	t  *testing.T
	f  *Faults
	st *state.State
	sc *scenario.Scenario
}

func newRig(t *testing.T, rules ...fault.Rule) *rig {
	t.Helper()
	sc := testscenario.Build()
	st, err := state.New(sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, f: New(addRules(t, rules...)), st: st, sc: sc}
}

func addRules(t *testing.T, rules ...fault.Rule) setRules {
	t.Helper()
	set := setRules{fault.NewSet(1)}
	if _, err := set.Add(rules, fault.FromAdmin, func(i int) string { return "rule" }); err != nil {
		t.Fatal(err)
	}
	return set
}

// serve sends body to ep with the key named key through the fault step;
// reached says whether the rest of the chain ran.
func (r *rig) serve(ctx context.Context, ep *contract.Endpoint, key, body string, ns *namespace.Namespace) (w *httptest.ResponseRecorder, reached bool) {
	w = httptest.NewRecorder()
	c := chain.Get(w, httptest.NewRequest("POST", ep.Path(), nil).WithContext(ctx), r.st, nil)
	defer chain.Put(c)
	c.Ep, c.Body, c.NS = ep, []byte(body), ns
	for _, k := range r.sc.Keys {
		if k.Name == key {
			c.Key = k
		}
	}
	r.f.Inject(func(c *chain.Call) {
		reached = true
		c.Write(200, 0, []byte(`{"code":0,"data":"the answer"}`))
	})(c)
	return w, reached
}

func TestNoRuleLetsTheCallThrough(t *testing.T) {
	r := newRig(t)
	if w, reached := r.serve(context.Background(), &contract.GetRecord, "demo-read", `{}`, nil); !reached || w.Code != 200 {
		t.Errorf("no rule in force: reached %v, %d", reached, w.Code)
	}
}

func TestARuleAnswersItsErrorInTheEndpointsShape(t *testing.T) {
	r := newRig(t, fault.Rule{Endpoint: contract.TemplatesList.Name, Error: &fault.Error{Code: 429}})
	w, reached := r.serve(context.Background(), &contract.TemplatesList, "demo-read", `{}`, nil)
	var body map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || reached {
		t.Fatalf("reached %v, body %q", reached, w.Body)
	}
	if w.Code != 429 || body["code"] != float64(429) || w.Header().Get("Retry-After") != "1" {
		t.Errorf("429 rule: %d %s, Retry-After %q", w.Code, w.Body, w.Header().Get("Retry-After"))
	}
	if _, has := body["error_code"]; has || !strings.Contains(w.Body.String(), "injected by fault rule f1") {
		t.Errorf("not the templates shape, or the rule is not named: %s", w.Body)
	}
	// Another endpoint is not matched.
	if _, reached := r.serve(context.Background(), &contract.GetRecord, "demo-read", `{}`, nil); !reached {
		t.Error("a rule of templates/list hit getRecord")
	}
}

func TestRulesMatchKeyAndBodyMembersAndCountHits(t *testing.T) {
	r := newRig(t,
		fault.Rule{Key: "demo-write", Error: &fault.Error{Code: 500}},
		fault.Rule{RecordID: testscenario.FullRecord, Times: 2, Error: &fault.Error{Code: 404}},
	)
	ctx := context.Background()
	if w, _ := r.serve(ctx, &contract.GetRecord, "demo-write", `{}`, nil); w.Code != 500 {
		t.Errorf("the key's rule: %d", w.Code)
	}
	if _, reached := r.serve(ctx, &contract.GetRecord, "demo-read", `{"record_id":5002}`, nil); !reached {
		t.Error("another record was hit")
	}
	full := `{"format":"json","record_id":5001}`
	for i := range 2 {
		if w, reached := r.serve(ctx, &contract.GetRecord, "demo-read", full, nil); reached || w.Code != 404 {
			t.Errorf("hit %d of 2: reached %v, %d", i+1, reached, w.Code)
		}
	}
	if _, reached := r.serve(ctx, &contract.GetRecord, "demo-read", full, nil); !reached {
		t.Error("a rule of times: 2 hit a third time")
	}
	list, _ := r.f.Set.List()
	if len(list) != 2 || list[1].Hits != 2 || !list[1].Expired {
		t.Errorf("counters: %+v", list)
	}
}

func TestANamespaceMeetsItsOwnRules(t *testing.T) {
	r := newRig(t, fault.Rule{Error: &fault.Error{Code: 500}})
	ns := &namespace.Namespace{Name: "ci", Faults: addRules(t)}
	if _, reached := r.serve(context.Background(), &contract.GetRecord, "demo-read", `{}`, ns); !reached {
		t.Error("the root's rule hit a namespace's call")
	}
	ns.Faults = addRules(t, fault.Rule{Error: &fault.Error{Code: 404}})
	if w, _ := r.serve(context.Background(), &contract.GetRecord, "demo-read", `{}`, ns); w.Code != 404 {
		t.Errorf("the namespace's rule: %d", w.Code)
	}
}

func TestADelayEndsWithTheClientAndIsSkippedOnReplay(t *testing.T) {
	r := newRig(t, fault.Rule{DelayMS: fault.MaxDelayMS})
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if w, reached := r.serve(gone, &contract.GetRecord, "demo-read", `{}`, nil); reached || w.Body.Len() != 0 {
		t.Errorf("a client that left was answered: %d %q", w.Code, w.Body)
	}
	// A replay waits for nothing, even with its context done.
	replay := chain.WithTiming(gone, &chain.Timing{Replay: true})
	if _, reached := r.serve(replay, &contract.GetRecord, "demo-read", `{}`, nil); !reached {
		t.Error("a replay waited for its delay")
	}
}

func TestBodyFaultsCutOrSliceTheAnswer(t *testing.T) {
	const whole = `{"code":0,"data":"the answer"}`
	replay := chain.WithTiming(context.Background(), &chain.Timing{Replay: true}) // no waits between slices
	for _, tc := range []struct {
		body, want string
	}{{fault.BodyTruncated, whole[:len(whole)/2]}, {fault.BodyDribble, whole}} {
		r := newRig(t, fault.Rule{Body: tc.body, DelayMS: 1000})
		w, reached := r.serve(replay, &contract.GetRecord, "demo-read", `{}`, nil)
		length := w.Result().Header.Get("Content-Length") // as sent: the whole answer's
		if !reached || w.Body.String() != tc.want || length != "30" || !w.Flushed {
			t.Errorf("%s: body %q (Content-Length %s, flushed %v), want %q", tc.body, w.Body, length, w.Flushed, tc.want)
		}
	}
}

func TestADropIsJournaledBeforeTheConnectionEnds(t *testing.T) {
	r := newRig(t, fault.Rule{Drop: true})
	w := httptest.NewRecorder() // cannot be hijacked: net/http's abort closes the connection
	c := chain.Get(w, httptest.NewRequest("POST", "/", nil), r.st, nil)
	defer chain.Put(c)
	c.Ep = &contract.GetRecord
	journaled := false
	c.Journal = func(c *chain.Call) { journaled = c.Status == 0 && c.Wrote }
	defer func() {
		if p := recover(); p != http.ErrAbortHandler || !journaled || w.Body.Len() != 0 {
			t.Errorf("drop: panic %v, journaled with status 0 %v, body %q", p, journaled, w.Body)
		}
	}()
	r.f.Inject(func(*chain.Call) { t.Error("a dropped call reached the handler") })(c)
	t.Error("a dropped call returned")
}
