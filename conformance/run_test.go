package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"

	"github.com/rtq-kit/rtq/testkit/refused"
)

// target is a tiny fake service: it counts verify requests and answers
// every request with the handler's body.
type target struct {
	mu       sync.Mutex
	verifies []string
	resets   int
	answer   func(w http.ResponseWriter, r *http.Request, body string)
}

func (tg *target) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	tg.mu.Lock()
	if strings.HasSuffix(r.URL.Path, "/certificates/verify") {
		tg.verifies = append(tg.verifies, string(raw))
	}
	if r.URL.Path == "/__admin/reset" {
		tg.resets++
	}
	tg.mu.Unlock()
	tg.answer(w, r, string(raw))
}

func jsonAnswer(body string) func(http.ResponseWriter, *http.Request, string) {
	return func(w http.ResponseWriter, _ *http.Request, _ string) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		io.WriteString(w, body)
	}
}

func start(t *testing.T, tg *target) string {
	t.Helper()
	srv := httptest.NewServer(tg)
	t.Cleanup(srv.Close)
	return srv.URL
}

// writeProfile has one move case, so write checks have something to send.
func writeProfile() *profile.Profile {
	return &profile.Profile{
		Version: 1, Reset: "/__admin/reset",
		Keys:  profile.Keys{Read: "r", Write: "w"},
		Flows: []profile.Flow{{FormID: 1, Statuses: []profile.Status{{ID: 1, Name: "甲", Next: []string{"乙"}}, {ID: 2, Name: "乙"}}}},
		Cases: []profile.Case{{Name: "m", Kind: profile.KindMove, Code: "C-1", FormID: 1, Start: "甲",
			Steps: []profile.Step{{Action: "set_certificate_status", To: "乙", Expect: profile.Expect{Status: "乙"}}}}},
	}
}

func TestUnreachableTargetFailsFast(t *testing.T) {
	_, err := Run(context.Background(), Options{BaseURL: refused.URL, ReadKey: "r", Timeout: 2 * time.Second})
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
}

func TestNoVerifyThatCanWriteWithoutAllowWrites(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{}}`)}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), Profile: writeProfile()})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range tg.verifies {
		guarded := strings.Contains(v, neverStatus) || !strings.Contains(v, `"to_certificate_status"`) && !strings.Contains(v, "set_next") || namesNoRecord(v)
		if !guarded || strings.Contains(v, `"to_certificate_status":"乙"`) {
			t.Errorf("a verify that could change state was sent without --allow-writes: %s", v)
		}
	}
	if f := find(rep, "verify.transitions"); f.Status != Skip {
		t.Errorf("verify.transitions = %s, want skip without --allow-writes", f.Status)
	}
	if tg.resets != 0 {
		t.Errorf("%d resets without --allow-writes", tg.resets)
	}
}

func TestWritesResetAndSendOnlyProfileCodes(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{}}`)}
	_, err := Run(context.Background(), Options{BaseURL: start(t, tg), Profile: writeProfile(), AllowWrites: true})
	if err != nil {
		t.Fatal(err)
	}
	if tg.resets < 2 {
		t.Errorf("%d resets, want one before each case and one after", tg.resets)
	}
	// The profile's code spelt otherwise names no record, or, on a target
	// that folds it, the profile's own: guarded by a status no record is in.
	spelt := foldings("C-1", nil)
	for _, c := range nearClasses {
		spelt = append(spelt, c.form("C-1"))
	}
	// So do its typed forms (typedforms.go), of the run's seed.
	spelt = append(spelt, typedOne(DefaultSeed, "certificate code", "C-1", nil, len(typedClasses))...)
	// And its marked forms, and identifiers of other kinds of the profile
	// (identifiers.go), which name no record.
	spelt = append(spelt, markedOne(DefaultSeed, "certificate code", "C-1", nil)...)
	// And strings a loose reading takes for absent (falsy.go).
	spelt = append(spelt, falsyForms...)
	for _, k := range profileKinds() {
		spelt = append(spelt, k.values(&T{r: &runner{prof: writeProfile()}})...)
	}
	// The profile's code as pasted (white space around it) names it under
	// any reading that names a record by it at all: it may go unguarded.
	var pasted []string
	for _, ws := range padSpaces {
		for _, side := range padSides {
			pasted = append(pasted, side("C-1", ws))
		}
	}
	for _, v := range tg.verifies {
		var body map[string]any
		_ = json.Unmarshal([]byte(v), &body)
		code, _ := body["certificate_code"].(string)
		if slices.Contains(spelt, code) && body["from_certificate_status"] == neverStatus || slices.Contains(pasted, code) {
			continue
		}
		if !strings.Contains(v, `"C-1"`) && !namesNoRecord(v) && strings.Contains(v, "certificate_code") {
			t.Errorf("verify with a code the profile does not list: %s", v)
		}
	}
}

func find(rep *Report, id string) Finding {
	for _, f := range rep.Checks {
		if f.ID == id {
			return f
		}
	}
	return Finding{}
}

func TestGarbageAnswersBecomeFindingsAndTheRunEnds(t *testing.T) {
	answers := map[string]func(http.ResponseWriter, *http.Request, string){
		"html": func(w http.ResponseWriter, _ *http.Request, _ string) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>oops</html>")
		},
		"closed": func(w http.ResponseWriter, _ *http.Request, _ string) {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
		},
		"huge": func(w http.ResponseWriter, _ *http.Request, _ string) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"code":0,"message":"`)
			chunk := strings.Repeat("x", 1<<20)
			for i := 0; i < 9; i++ {
				io.WriteString(w, chunk)
			}
		},
	}
	// says is what the failure must say: a finding that names the wrong
	// cause (a time-out for a giant answer) misleads whoever reads it.
	says := map[string]string{"html": "not JSON (HTTP 200, text/html)", "closed": "no answer", "huge": "answer larger than 8388608 bytes"}
	for name, a := range answers {
		t.Run(name, func(t *testing.T) {
			rep, err := Run(context.Background(), Options{BaseURL: start(t, &target{answer: a}), ReadKey: "r", Timeout: time.Minute, Only: []string{"formList.*"}}) // the time-out is not the subject: a starved machine must not turn "larger than" into one
			if err != nil {
				t.Fatal(err)
			}
			if rep.MustFailed() == 0 {
				t.Fatal("no must check failed on a target that answers garbage")
			}
			if f := find(rep, "formList.schema"); f.Status != Fail || f.Request == nil || !strings.Contains(f.Message, says[name]) {
				t.Fatalf("formList.schema = %+v, want a failure with its request, saying %q", f, says[name])
			}
		})
	}
}

func TestOnlyAndSkipSelectChecks(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{}}`)}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "r", Only: []string{"auth.*"}, Skip: []string{"auth.badKey.*"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Checks) == 0 {
		t.Fatal("no checks ran")
	}
	for _, f := range rep.Checks {
		if !strings.HasPrefix(f.ID, "auth.") || strings.HasPrefix(f.ID, "auth.badKey.") {
			t.Errorf("check %s ran despite --only auth.* --skip auth.badKey.*", f.ID)
		}
	}
	if _, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "r", Only: []string{"["}}); !errors.Is(err, ErrConfig) {
		t.Errorf("bad GLOB: err = %v, want ErrConfig", err)
	}
}

func TestNoReadKeyIsAConfigError(t *testing.T) {
	_, err := Run(context.Background(), Options{BaseURL: "http://127.0.0.1:1"})
	if !errors.Is(err, ErrConfig) {
		t.Fatalf("err = %v, want ErrConfig", err)
	}
}

func TestRequestsNeverShowTheKey(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{}}`)}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "secret-read-key"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Checks {
		if f.Request != nil && strings.Contains(f.Request.String(), "secret-read-key") {
			t.Fatalf("%s shows the API key: %s", f.ID, f.Request)
		}
	}
}

func TestCheckIDsAreUniqueAndComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range CheckIDs() {
		if seen[c.ID] {
			t.Errorf("check id %s is used twice", c.ID)
		}
		seen[c.ID] = true
		if c.Section == "" || c.Severity == "" || c.Endpoint == "" {
			t.Errorf("check %s lacks section, severity or endpoint", c.ID)
		}
	}
	if len(seen) < 60 {
		t.Errorf("%d checks, want the whole table", len(seen))
	}
}

func TestISOPairing(t *testing.T) {
	doc := map[string]any{"submit_at": jsonNum("1767225600"), "submit_at_iso": "2026-01-01 08:00:00(UTC+08:00)",
		"x":         map[string]any{"created_at": jsonNum("1767225600"), "created_at_iso": "2026-01-01 00:00:00(UTC+08:00)"},
		"active_at": jsonNum("0"), "active_at_iso": ""}
	got := rules.ISOMismatches("", doc)
	if len(got) != 1 || !strings.HasPrefix(got[0], "/x/created_at_iso:") {
		t.Fatalf("mismatches = %q, want one at /x/created_at_iso", got)
	}
}

func jsonNum(s string) any { return json.Number(s) }

func TestTargetThatNeverAnswersIsUnreachable(t *testing.T) {
	stall := func(_ http.ResponseWriter, r *http.Request, _ string) { <-r.Context().Done() }
	_, err := Run(context.Background(), Options{BaseURL: start(t, &target{answer: stall}), ReadKey: "r", Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
}

func TestRefusedReadKeyIsNamedFirst(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":401,"error_code":100401,"message":"no","message_detail":"no"}`)}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "wrong"})
	if err != nil {
		t.Fatal(err)
	}
	first := rep.Checks[0]
	if first.ID != "auth.readKey.accepted" || first.Status != Fail || !strings.Contains(first.Message, "--api-key") {
		t.Fatalf("first finding %+v, want auth.readKey.accepted failing with a hint", first)
	}
}

func TestWriteChecksWithoutAWriteKeySkip(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{}}`)}
	p := writeProfile()
	p.Keys.Write = ""
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), Profile: p, AllowWrites: true})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(rep, "verify.transitions"); f.Status != Skip {
		t.Fatalf("verify.transitions = %s (%s), want skip without a write key", f.Status, f.Message)
	}
	if len(tg.verifies) > 0 && strings.Contains(strings.Join(tg.verifies, " "), `"C-1","to_certificate_status":"乙"`) {
		t.Fatalf("a move was sent without a write key")
	}
}

func TestForeignRecordRefusedWith403InAnyShapePasses(t *testing.T) {
	answer := func(w http.ResponseWriter, r *http.Request, _ string) {
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") == "Bearer other" {
			io.WriteString(w, `{"code":403,"message":"forbidden"}`)
			return
		}
		io.WriteString(w, `{"code":0,"message":"","data":{}}`)
	}
	p := &profile.Profile{Version: 1, Keys: profile.Keys{Read: "r", OtherOrg: "other"},
		Records: []profile.Record{{ID: 1, URL: "https://x.example/r/1"}}}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, &target{answer: answer}), Profile: p, Only: []string{"auth.otherOrg.getRecord"}})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(rep, "auth.otherOrg.getRecord"); f.Status != Pass || !strings.Contains(f.Message, "kit choice") {
		t.Fatalf("finding %+v; want a pass with a note on the shape", f)
	}
}

func TestStalledEndpointCostsAFewTimeOutsNotOnePerRequest(t *testing.T) {
	var mu sync.Mutex
	stalled := 0
	answer := func(w http.ResponseWriter, r *http.Request, _ string) {
		if strings.HasSuffix(r.URL.Path, "/getRecord") {
			mu.Lock()
			stalled++
			mu.Unlock()
			<-r.Context().Done()
			return
		}
		jsonAnswer(`{"code":0,"message":"","data":{}}`)(w, r, "")
	}
	var recs []profile.Record
	for i := int64(1); i <= 20; i++ {
		recs = append(recs, profile.Record{ID: i, URL: "https://x.example/r/" + strings.Repeat("a", int(i))})
	}
	p := &profile.Profile{Version: 1, Keys: profile.Keys{Read: "r"}, Records: recs}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, &target{answer: answer}), Profile: p,
		Timeout: 100 * time.Millisecond, Only: []string{"getRecord.*"}, Concurrency: 8})
	if err != nil {
		t.Fatal(err)
	}
	if f := find(rep, "getRecord.json.schema"); f.Status != Fail || !strings.Contains(f.Message, "time-out") {
		t.Fatalf("getRecord.json.schema = %+v; want a failure naming the time-outs", f)
	}
	mu.Lock()
	defer mu.Unlock()
	if stalled > maxStalls+2*8 { // at most the requests in flight when the breaker opened
		t.Fatalf("%d requests reached a stalled endpoint; want the runner to stop after %d time-outs", stalled, maxStalls)
	}
}

func TestFindingsEscapeControlCharactersFromTheTarget(t *testing.T) {
	f := sanitize(Finding{Message: "status is \x1b[2J\u202e invalid api key Bearer SECRET-read-key",
		Problems: []string{"/a: \x07"}, Request: &Request{Body: "\x00"}}, svcclient.NewScrubber("secret-read-key"))
	for _, s := range []string{f.Message, f.Problems[0], f.Request.Body} {
		if strings.IndexFunc(s, svcclient.Unsafe) >= 0 {
			t.Fatalf("%q still holds a control character", s)
		}
	}
	if !strings.Contains(f.Message, `\u001b`) {
		t.Fatalf("message %q does not show the escaped character", f.Message)
	}
	if strings.Contains(strings.ToLower(f.Message), "secret-read-key") {
		t.Fatalf("message %q still holds the key the target echoed", f.Message)
	}
}

// TestRuleFindingsAreSelectable: every answers.<statement> finding a
// report can hold is an id --only may name, and selecting one runs every
// check (the rule judges what they all read) while the report keeps only
// what was selected.
func TestRuleFindingsAreSelectable(t *testing.T) {
	ids := map[string]bool{}
	for _, c := range FindingIDs() {
		ids[c.ID] = true
	}
	for _, s := range rules.Statements() {
		if !ids[answerPrefix+s] {
			t.Errorf("FindingIDs lacks %s%s", answerPrefix, s)
		}
	}
	r := &runner{opts: Options{Only: []string{"answers.2.1.masked"}, Skip: []string{"transport.*"}}}
	checks := r.selected()
	if want := len(allChecks(DefaultSeed)); len(checks) == 0 || len(checks) >= want {
		t.Errorf("selecting a rule finding runs %d checks, want every one but the skipped (%d in all)", len(checks), want)
	}
	kept := r.reported([]Finding{{ID: "getRecord.masked"}, {ID: "answers.2.1.masked"}})
	if len(kept) != 1 || kept[0].ID != "answers.2.1.masked" {
		t.Errorf("reported %v, want only answers.2.1.masked", kept)
	}
}
