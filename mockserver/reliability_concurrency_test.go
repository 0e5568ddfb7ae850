package mockserver_test

// Concurrency. 1,000 verifies of one record from one status,
// released together, give exactly one success; a reset or a scenario
// replace in the middle of traffic gives each request the old or the new
// state, never a mix. Run under -race (CI does).

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

func TestReliabilityConcurrentVerifyOneWinner(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{})
	write := mocktest.Key(t, sc, "demo-write")
	rec := mocktest.FirstRecord(t, sc, write.Org, mocktest.Movable)
	from, to := rec.Cert.Status, rec.Cert.Status.Next[0]
	for _, tc := range []struct{ name, body string }{
		{"set_certificate_status", fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_certificate_status","to_certificate_status":%q,"from_certificate_status":%q}`, rec.Code, to.Name, from.Name)},
		{"set_next_certificate_status", fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status","from_certificate_status":%q}`, rec.Code, from.Name)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if a := mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", nil, nil); a.Status != 200 {
				t.Fatalf("reset: HTTP %d", a.Status)
			}
			codes := verifyStorm(t, m.URL, write.Secret, tc.body, 1000)
			if codes[0] != 1 || codes[0]+codes[100326]+codes[100324] != 1000 {
				t.Fatalf("1000 concurrent verifies from %q: answers by error_code %v, want exactly one 0 and the rest 100326/100324", from.Name, codes)
			}
			assertMovedOnce(t, m.URL, mocktest.Key(t, sc, "demo-read").Secret, rec, to.Name)
		})
	}
}

// verifyStorm sends n copies of body at once (a start channel releases
// them together) and counts the answers by error_code (0 for success).
func verifyStorm(t *testing.T, base, key, body string, n int) map[int64]int {
	t.Helper()
	start := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int64]int{}
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a := mocktest.Post(t, base, contract.Verify.Path(), key, body)
			doc := mocktest.Object(t, a.Body)
			code := mocktest.Num(doc, "error_code")
			if mocktest.Num(doc, "code") == 0 {
				code = 0
			}
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return codes
}

// assertMovedOnce checks getRecord shows the new status and exactly one
// more state change than the scenario wrote.
func assertMovedOnce(t *testing.T, base, key string, rec *scenario.Record, status string) {
	t.Helper()
	a := mocktest.Post(t, base, contract.GetRecord.Path(), key, fmt.Sprintf(`{"record_id":%d}`, rec.ID))
	data := mocktest.Object(t, a.Body)["data"].(map[string]any)["data"].(map[string]any)
	ps, _ := data["process_status"].(map[string]any)
	if text, _ := ps["text"].(string); text != status {
		t.Errorf("process_status.text %q after the storm, want %q", text, status)
	}
	changes, _ := data["state_changes"].([]any)
	if len(changes) != len(rec.StateChanges)+1 {
		t.Errorf("%d state changes after the storm, want %d (one move)", len(changes), len(rec.StateChanges)+1)
	}
}

// markedCopy is sc with the marker appended to every organization, form
// and template name: an answer built from it is recognisable member by
// member. sc itself is not modified.
func markedCopy(sc *scenario.Scenario, marker string) *scenario.Scenario {
	out := *sc
	orgs := map[*scenario.Org]*scenario.Org{}
	out.Orgs = nil
	for _, o := range sc.Orgs {
		c := *o
		c.Name += marker
		orgs[o], out.Orgs = &c, append(out.Orgs, &c)
	}
	forms := map[*scenario.Form]*scenario.Form{}
	out.Forms = nil
	for _, f := range sc.Forms {
		c := *f
		c.Name, c.Org = f.Name+marker, orgs[f.Org]
		forms[f], out.Forms = &c, append(out.Forms, &c)
	}
	out.Keys, out.Records, out.Templates = nil, nil, nil
	for _, k := range sc.Keys {
		c := *k
		c.Org = orgs[k.Org]
		out.Keys = append(out.Keys, &c)
	}
	for _, r := range sc.Records {
		c := *r
		c.Org = orgs[r.Org]
		if r.Form != nil {
			c.Form = forms[r.Form]
		}
		out.Records = append(out.Records, &c)
	}
	for _, tp := range sc.Templates {
		c := *tp
		c.Name, c.Org = tp.Name+marker, orgs[tp.Org]
		out.Templates = append(out.Templates, &c)
	}
	return &out
}

// stateOf tells which of the two scenarios an answer came from: "old",
// "new", or "mix" when its members disagree. names are the names the
// answer carries that the marker changes.
func stateOf(names []string, marker string) string {
	n := 0
	for _, s := range names {
		if strings.HasSuffix(s, marker) {
			n++
		}
	}
	switch n {
	case 0:
		return "old"
	case len(names):
		return "new"
	}
	return "mix"
}

// namesIn collects the marker-bearing names of one answer.
func namesIn(ep contract.Endpoint, doc map[string]any) []string {
	data, _ := doc["data"].(map[string]any)
	var out []string
	switch ep.Name {
	case contract.GetRecord.Name:
		rec, _ := data["data"].(map[string]any)
		org, _ := rec["org"].(map[string]any)
		tpl, _ := rec["record_template"].(map[string]any)
		name, _ := tpl["name"].(string)
		out = append(out, fmt.Sprint(org["name"]), name)
	default:
		list, _ := data["list"].([]any)
		for _, it := range list {
			out = append(out, fmt.Sprint(it.(map[string]any)["name"]))
		}
	}
	return out
}

// TestReliabilitySwapUnderTrafficOldOrNew swaps the state (Replace, reset
// over HTTP and in Go) while workers read and verify: every read belongs
// wholly to one scenario or the other, a verify succeeds or says the flow
// moved on, and the answers sampled fit their endpoint's schema.
func TestReliabilitySwapUnderTrafficOldOrNew(t *testing.T) {
	const marker = "·B"
	sc := mocktest.Default(t)
	scB := markedCopy(sc, marker)
	m := mocktest.Start(t, sc, mockserver.Options{})
	read, write := mocktest.Key(t, sc, "demo-read"), mocktest.Key(t, sc, "demo-write")
	rec := mocktest.FirstRecord(t, sc, read.Org, func(r *scenario.Record) bool { return r.Form != nil })
	movable := mocktest.FirstRecord(t, sc, write.Org, mocktest.Movable)
	calls := []swapCall{
		{contract.GetRecord, read.Secret, fmt.Sprintf(`{"record_id":%d}`, rec.ID)},
		{contract.GetFormList, read.Secret, `{"page_size":20}`},
		{contract.TemplatesList, read.Secret, `{"page_size":100}`},
		{contract.Verify, write.Secret, fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, movable.Code)},
	}
	var stop atomic.Bool
	var swaps atomic.Int64
	swapped := make(chan struct{})
	go func() { // swap A → B → reset(B) → A → reset(A) → … until the workers are done
		defer close(swapped)
		for i := 0; !stop.Load(); i++ {
			switch i % 4 {
			case 0:
				m.Server.Replace(scB)
			case 1:
				mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", nil, nil)
			case 2:
				m.Server.Replace(sc)
			default:
				m.Server.Reset()
			}
			swaps.Add(1)
		}
	}()
	const workers, rounds = 8, 100
	seen := readUnderSwaps(t, m.URL, calls, marker, workers, rounds)
	stop.Store(true)
	<-swapped
	if seen["mix"] > 0 {
		t.Fatalf("%d answers mixed the old and the new scenario (seen %v)", seen["mix"], seen)
	}
	if n := seen["old"] + seen["new"] + seen["verify"]; n != workers*rounds {
		t.Fatalf("%d of %d calls answered as expected (seen %v)", n, workers*rounds, seen)
	}
	if seen["old"] == 0 || seen["new"] == 0 {
		t.Logf("only one state seen (%v) over %d swaps: the property held but was not exercised", seen, swaps.Load())
	}
}

// swapCall is one call the workers of readUnderSwaps repeat.
type swapCall struct {
	ep        contract.Endpoint
	key, body string
}

// readUnderSwaps runs workers × rounds of calls, checks a sample of the
// answers (every kind, from every worker) against its endpoint's schema
// and every answer's code, and classifies each read as "old", "new"
// or "mix" (verifies count as "verify").
func readUnderSwaps(t *testing.T, base string, calls []swapCall, marker string, workers, rounds int) map[string]int {
	t.Helper()
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				c := calls[(w+i)%len(calls)]
				validate := func(string, []byte) error { return nil }
				if i < 3*len(calls) { // a sample: validation costs ~30 ms an answer under -race
					validate = mocktest.Schemas(t).ValidateJSON
				}
				st, ok := swapAnswer(t, base, c, marker, validate)
				if !ok {
					return
				}
				mu.Lock()
				seen[st]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return seen
}

// swapAnswer makes one call, checks its answer with validate, and says
// which state the answer came from.
func swapAnswer(t *testing.T, base string, c swapCall, marker string, validate func(file string, body []byte) error) (string, bool) {
	a := mocktest.Post(t, base, c.ep.Path(), c.key, c.body)
	doc := mocktest.Object(t, a.Body)
	code, file := mocktest.Num(doc, "code"), c.ep.Name+".response.json"
	if code != 0 {
		file = c.ep.Name + ".error.json"
	}
	if err := validate(file, a.Body); err != nil {
		t.Errorf("%s under swaps fails %s: %v\n%.200s", c.ep.Name, file, err, a.Body)
		return "", false
	}
	if c.ep.Name == contract.Verify.Name { // the flow may have run to its end since the last reset
		if ec := mocktest.Num(doc, "error_code"); code != 0 && ec != contract.ErrStatusForbids && ec != contract.ErrInvalidTarget {
			t.Errorf("verify under swaps: %.200s", a.Body)
			return "", false
		}
		return "verify", true
	}
	if code != 0 {
		t.Errorf("%s under swaps: %.200s", c.ep.Name, a.Body)
		return "", false
	}
	return stateOf(namesIn(c.ep, doc), marker), true
}

func TestReliabilityResetDuringVerifiesIsConsistent(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{})
	write, read := mocktest.Key(t, sc, "demo-write"), mocktest.Key(t, sc, "demo-read")
	rec := mocktest.FirstRecord(t, sc, write.Org, mocktest.Movable)
	body := fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, rec.Code)
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !stop.Load() {
			mocktest.Post(t, m.URL, contract.Verify.Path(), write.Secret, body)
			mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", nil, nil)
		}
	}()
	for i := 0; i < 400; i++ {
		a := mocktest.Post(t, m.URL, contract.GetRecord.Path(), read.Secret, fmt.Sprintf(`{"record_id":%d}`, rec.ID))
		data := mocktest.Object(t, a.Body)["data"].(map[string]any)["data"].(map[string]any)
		text, _ := data["process_status"].(map[string]any)["text"].(string)
		changes, _ := data["state_changes"].([]any)
		want := rec.Cert.Status.Name
		if len(changes) > 0 {
			last := changes[len(changes)-1].(map[string]any)["to_state_option"].(map[string]any)
			want, _ = last["name"].(string)
		}
		if len(changes) > len(rec.StateChanges) && text != want {
			t.Fatalf("answer %d mixes states: process_status %q but last state change went to %q", i, text, want)
		}
		if len(changes) == len(rec.StateChanges) && text != rec.Cert.Status.Name {
			t.Fatalf("answer %d mixes states: no new state change but process_status %q (scenario: %q)", i, text, rec.Cert.Status.Name)
		}
	}
	stop.Store(true)
	<-done
}
