package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// TestNoBodyFormIsOneJSONObject: every form, written around an empty
// base and around one with members, is bad input to the rules (not one
// JSON object), while Go's decoder of one value, which stops at its end,
// still takes the first object of the forms that add data after it.
func TestNoBodyFormIsOneJSONObject(t *testing.T) {
	for _, base := range []map[string]any{{}, {"template": "T-1", "page_size": 5}} {
		for _, f := range bodyForms {
			raw := f.write(marshal(base))
			if faults := rules.Faults(contract.ListQrcodes, raw); len(faults) == 0 || !strings.Contains(faults[0], "not a JSON object") {
				t.Errorf("%s %s: faults %v, want not a JSON object", f.name, raw, faults)
			}
		}
	}
}

// TestEveryRunSendsEveryBodyForm: the endpoints together get every form
// on every run, each endpoint some, and another seed deals them out
// otherwise.
func TestEveryRunSendsEveryBodyForm(t *testing.T) {
	deal := func(seed uint64) string {
		seen, out := map[string]bool{}, ""
		for _, ep := range contract.Endpoints {
			fs := bodyFormsOf(seed, ep)
			if len(fs) == 0 {
				t.Errorf("seed %d: %s gets no body form", seed, ep.Name)
			}
			for _, f := range fs {
				seen[f.name] = true
				out += ep.Name + " " + f.name + ";"
			}
		}
		for _, f := range bodyForms {
			if !seen[f.name] {
				t.Errorf("seed %d: no endpoint gets body form %s", seed, f.name)
			}
		}
		return out
	}
	if deal(DefaultSeed) == deal(DefaultSeed+1) && deal(DefaultSeed) == deal(DefaultSeed+2) {
		t.Error("three seeds deal the body forms out alike")
	}
}

// TestALenientDecoderIsCaught: a hand-made templates/list that decodes
// the first value of a body and serves it, whatever follows, fails
// generated.list on the body forms it got.
func TestALenientDecoderIsCaught(t *testing.T) {
	empty := `{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`
	tg := &target{answer: func(w http.ResponseWriter, _ *http.Request, body string) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		var first map[string]any
		if json.NewDecoder(bytes.NewReader([]byte(body))).Decode(&first) != nil || first == nil {
			w.Write([]byte(`{"code":400,"message":"bad body","data":{}}`))
			return
		}
		w.Write([]byte(empty))
	}}
	// A seed that deals templates/list a form with data after its object.
	for seed := uint64(1); seed < 64; seed++ {
		trailing := false
		for _, f := range bodyFormsOf(seed, contract.TemplatesList) {
			trailing = trailing || f.name == "twoObjects" || f.name == "garbage" || f.name == "strayBracket" || f.name == "jsonLines"
		}
		if !trailing {
			continue
		}
		rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "k", Seed: seed, Only: []string{"generated.list"}})
		if err != nil {
			t.Fatal(err)
		}
		if f := find(rep, "generated.list"); f.Status != Fail || !strings.Contains(f.Message, "not one JSON object") {
			t.Fatalf("seed %d: generated.list = %s (%s), want a failure on a body that is not one JSON object", seed, f.Status, f.Message)
		}
		return
	}
	t.Fatal("no seed below 64 deals templates/list a form with data after its object")
}

// TestAMoveInAWrappedFormIsCaught: a hand-made verify that unwraps an
// array moves the record on the profile's step with a member written
// so, and one that serves the first object of a body moves it on the
// step followed by more data; verify.values fails on each.
func TestAMoveInAWrappedFormIsCaught(t *testing.T) {
	serve := func(unwrap bool) func(w http.ResponseWriter, r *http.Request, body string) {
		return func(w http.ResponseWriter, r *http.Request, body string) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			refuse := `{"code":400,"message":"m","data":{},"error_code":100301}`
			if !strings.HasSuffix(r.URL.Path, "/certificates/verify") {
				w.Write([]byte(`{"code":0,"message":"","data":{}}`))
				return
			}
			var p map[string]any
			dec := json.NewDecoder(strings.NewReader(body))
			if dec.Decode(&p) != nil || p == nil || unwrap && dec.More() {
				w.Write([]byte(refuse))
				return
			}
			for k, v := range p {
				if l, ok := v.([]any); ok && len(l) == 1 && unwrap {
					p[k] = l[0]
				}
			}
			if p["certificate_code"] == "C-1" && p["action_type"] == "set_certificate_status" && p["to_certificate_status"] == "乙" && len(p) == 3 {
				w.Write([]byte(`{"code":0,"message":"","data":{"record_number":"N","record_id":1,"org_id":1,"submit_at":1,"certificate_status":"乙"}}`))
				return
			}
			w.Write([]byte(refuse))
		}
	}
	run := func(unwrap bool, seed uint64) Finding {
		rep, err := Run(context.Background(), Options{BaseURL: start(t, &target{answer: serve(unwrap)}), Profile: writeProfile(),
			AllowWrites: true, Seed: seed, Only: []string{"verify.values"}})
		if err != nil {
			t.Fatal(err)
		}
		return find(rep, "verify.values")
	}
	if f := run(true, DefaultSeed); f.Status != Fail || !strings.Contains(f.Message, "arrayOfItself") {
		t.Errorf("unwrapping arrays: verify.values = %s (%s), want a failure naming arrayOfItself", f.Status, f.Message)
	}
	for seed := uint64(1); seed < 64; seed++ {
		r := &runner{opts: Options{Seed: seed}}
		switch r.liveBodyForm(writeProfile().Cases[0]).name {
		case "twoObjects", "garbage", "strayBracket", "jsonLines":
			if f := run(false, seed); f.Status != Fail || !strings.Contains(f.Message, "not one JSON object") {
				t.Errorf("serving the first object: verify.values = %s (%s), want a failure naming a body that is not one JSON object", f.Status, f.Message)
			}
			return
		}
	}
	t.Fatal("no seed below 64 sends the step with data after its object")
}
