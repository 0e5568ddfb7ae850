package fault

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestProblemsNameTheMember(t *testing.T) {
	cases := []struct {
		rule Rule
		want string
	}{
		{Rule{}, "a rule must do something"},
		{Rule{Endpoint: "record/get", DelayMS: 1}, "endpoint"},
		{Rule{Rate: 1.5, DelayMS: 1}, "rate"},
		{Rule{Times: -1, DelayMS: 1}, "times"},
		{Rule{DelayMS: -5}, "delay_ms"},
		{Rule{DelayMS: MaxDelayMS + 1}, "delay_ms"},
		{Rule{Body: "slow"}, "body"},
		{Rule{Drop: true, Body: BodyTruncated}, "drop"},
		{Rule{Error: &Error{}}, "error.code"},
		{Rule{Error: &Error{Code: 503, HTTPStatus: 700}}, "error.http_status"},
		{Rule{Error: &Error{Code: 429, RetryAfter: -1}}, "error.retry_after"},
	}
	for _, c := range cases {
		err := c.rule.Validate("rule 3")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "rule 3: ") {
			t.Errorf("%+v: got %v, want an error naming %q and the rule", c.rule, err, c.want)
		}
	}
	ok := Rule{Endpoint: "record/getRecord", Error: &Error{Code: 429, RetryAfter: 2}, Rate: 0.5}
	if err := ok.Validate("rule"); err != nil {
		t.Errorf("valid rule refused: %v", err)
	}
}

func TestParseFlag(t *testing.T) {
	r, err := ParseFlag("endpoint=record/getRecord,error=429,retry_after=2,times=2, key=demo-read")
	if err != nil {
		t.Fatal(err)
	}
	if r.Endpoint != "record/getRecord" || r.Error == nil || r.Error.Code != 429 || r.Error.RetryAfter != 2 ||
		r.Times != 2 || r.Key != "demo-read" {
		t.Errorf("got %+v", r)
	}
	if r, err := ParseFlag("drop,rate=0.5"); err != nil || !r.Drop || r.Rate != 0.5 {
		t.Errorf("drop,rate=0.5: %+v %v", r, err)
	}
	for in, want := range map[string]string{
		"delay=5":           `"delay" is not a fault rule member`,
		"delay_ms=fast":     "delay_ms: must be an integer",
		"endpoint=x,drop":   "endpoint",
		"times=2":           "a rule must do something",
		"delay_ms":          "delay_ms needs a value",
		"drop=maybe":        "drop: must be true or false",
		"error=503,rate=2":  "rate",
		"body=dribble,key=": "",
	} {
		_, err := ParseFlag(in)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}

func TestDecodeJSON(t *testing.T) {
	rules, err := DecodeJSON([]byte(`[{"delay_ms":5},{"error":{"code":503},"times":2,"id":"x"}]`))
	if err != nil || len(rules) != 2 || rules[1].Error.Code != 503 || rules[1].ID != "" {
		t.Fatalf("got %+v %v", rules, err)
	}
	for in, want := range map[string]string{
		`{"delay":5}`:                   `rule 1: "delay" is not a fault rule member`,
		`[{"delay_ms":1},{"rate":"x"}]`: "rule 2: rate: must be a number",
		`{"error":{"code":"503"}}`:      "rule 1: error.code: must be an integer",
		`"x"`:                           "rule 1",
		`{"delay_ms":1} x`:              "rule 1: one JSON object only",
	} {
		if _, err := DecodeJSON([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}

func hits(s *Set, n int, req Request) []string {
	var out []string
	for range n {
		r := req
		if a := s.Match(&r); a != nil {
			out = append(out, a.RuleID)
		} else {
			out = append(out, "-")
		}
	}
	return out
}

func TestSeededRateRepeats(t *testing.T) {
	run := func(seed int64) string {
		s := NewSet(seed)
		if _, err := s.Add([]Rule{{Rate: 0.3, Error: &Error{Code: 503}}}, FromAdmin, func(int) string { return "r" }); err != nil {
			t.Fatal(err)
		}
		return strings.Join(hits(s, 200, Request{Endpoint: "record/getRecord"}), "")
	}
	a, b := run(7), run(7)
	if a != b {
		t.Fatalf("same seed, different outcomes:\n%s\n%s", a, b)
	}
	n := strings.Count(a, "f1")
	if n < 30 || n > 90 {
		t.Errorf("rate 0.3 hit %d of 200", n)
	}
	if run(8) == a {
		t.Errorf("another seed gave the same 200 outcomes")
	}
}

func TestTimesAndFilters(t *testing.T) {
	s := NewSet(1)
	name := func(int) string { return "r" }
	added, err := s.Add([]Rule{
		{Endpoint: "certificates/verify", CertificateCode: "c-1", Error: &Error{Code: 500}},
		{Key: "demo-read", RecordID: 100001, Times: 2, Error: &Error{Code: 503}},
	}, FromAdmin, name)
	if err != nil || added[0].ID != "f1" || added[1].ID != "f2" {
		t.Fatalf("%+v %v", added, err)
	}
	fills := 0
	req := Request{Endpoint: "record/getRecord", Key: "demo-read", Fill: func(r *Request) { fills++; r.RecordID = 100001 }}
	if got := strings.Join(hits(s, 3, req), " "); got != "f2 f2 -" {
		t.Errorf("times=2: got %s", got)
	}
	if fills != 2 { // the third meets an expired rule: no body read
		t.Errorf("body read %d times, want 2", fills)
	}
	other := Request{Endpoint: "record/getRecord", Key: "demo-write", Fill: func(r *Request) { t.Error("body read for a key no rule names") }}
	if s.Match(&other) != nil {
		t.Error("a rule for demo-read hit demo-write")
	}
	verify := Request{Endpoint: "certificates/verify", Key: "k", Fill: func(r *Request) { r.CertificateCode = "c-1" }}
	if a := s.Match(&verify); a == nil || a.RuleID != "f1" {
		t.Errorf("certificate_code rule: %+v", a)
	}
	if st := s.List(); len(st) != 2 || st[1].Hits != 2 || !st[1].Expired {
		t.Errorf("list: %+v", st)
	}
}

func TestScenarioRulesRearmOnResetRuntimeRulesStay(t *testing.T) {
	s := NewSet(1)
	s.SetScenario([]Rule{{Times: 1, DelayMS: 5}})
	if _, err := s.Add([]Rule{{Times: 1, Drop: true}}, FromAdmin, func(int) string { return "r" }); err != nil {
		t.Fatal(err)
	}
	req := Request{Endpoint: "templates/list"}
	if got := strings.Join(hits(s, 3, req), " "); got != "f1 f2 -" {
		t.Fatalf("got %s", got)
	}
	s.Reset()
	if got := strings.Join(hits(s, 2, req), " "); got != "f1 -" {
		t.Errorf("after reset: got %s (scenario rule re-armed, runtime rule left as it was)", got)
	}
	s.Clear()
	if st := s.List(); len(st) != 1 || st[0].Source != FromScenario {
		t.Errorf("clear kept %+v", st)
	}
	if !s.Remove("f1") || s.Remove("f1") || !s.Empty() {
		t.Error("remove by id")
	}
	s.Reset()
	if s.Empty() {
		t.Error("reset did not bring the scenario rule back")
	}
}

func TestJitterWithinBounds(t *testing.T) {
	s := NewSet(3)
	if _, err := s.Add([]Rule{{DelayMS: 100, JitterMS: 50}}, FromAdmin, func(int) string { return "r" }); err != nil {
		t.Fatal(err)
	}
	seen := map[time.Duration]bool{}
	for range 50 {
		a := s.Match(&Request{})
		if a.Delay < 100*time.Millisecond || a.Delay > 150*time.Millisecond {
			t.Fatalf("delay %v outside [100ms, 150ms]", a.Delay)
		}
		seen[a.Delay] = true
	}
	if len(seen) < 5 {
		t.Errorf("jitter drew only %d values", len(seen))
	}
}

func TestEmptySetMatchAllocatesNothing(t *testing.T) {
	s := NewSet(1)
	req := Request{Endpoint: "record/getRecord"}
	if n := testing.AllocsPerRun(100, func() { _ = s.Match(&req) }); n != 0 {
		t.Errorf("Match on an empty set allocates %v", n)
	}
}

// names is a Records: one record, 7, by URL and by code.
type names struct{}

func (*names) RecordIDByURL(url string) int64 {
	if url == "https://x/r/seven" {
		return 7
	}
	return 0
}

func (n *names) RecordIDByCertificate(code string) int64 {
	if code == "seven" {
		return 7
	}
	return n.RecordIDByURL(code)
}

func TestRecordMembersMatchTheRecordHoweverNamed(t *testing.T) {
	cases := []struct {
		rule Rule
		req  Request
		hit  bool
	}{
		{Rule{RecordID: 7}, Request{RecordURL: "https://x/r/seven"}, true},
		{Rule{RecordURL: "https://x/r/seven"}, Request{RecordID: 7}, true},
		{Rule{RecordURL: "https://x/r/seven"}, Request{RecordURL: "https://x/r/seven"}, true},
		{Rule{RecordURL: "https://x/r/none"}, Request{RecordURL: "https://x/r/none"}, true}, // as written
		{Rule{RecordID: 8}, Request{RecordURL: "https://x/r/seven"}, false},
		{Rule{RecordURL: "https://x/r/none"}, Request{RecordID: 7}, false},
		{Rule{RecordURL: "https://x/r/seven"}, Request{RecordURL: "https://x/r/seven/"}, false},
		{Rule{RecordID: 7, RecordURL: "https://x/r/seven"}, Request{RecordID: 7}, true},
		{Rule{CertificateCode: "seven"}, Request{CertificateCode: "https://x/r/seven"}, true},
		{Rule{CertificateCode: "https://x/r/seven"}, Request{CertificateCode: "seven"}, true},
		{Rule{CertificateCode: "seven"}, Request{CertificateCode: "eight"}, false},
		{Rule{CertificateCode: "seven"}, Request{RecordID: 7}, false}, // a verify matcher, not getRecord's
	}
	for _, c := range cases {
		s := NewSet(1)
		c.rule.DelayMS = 1
		if _, err := s.Add([]Rule{c.rule}, FromAdmin, func(int) string { return "r" }); err != nil {
			t.Fatal(err)
		}
		req := c.req
		req.Records = &names{}
		if hit := s.Match(&req) != nil; hit != c.hit {
			t.Errorf("rule %+v, request %+v: hit %v, want %v", c.rule, c.req, hit, c.hit)
		}
		plain := c.req // no Records: names compare as written
		if hit := s.Match(&plain) != nil; hit != (c.rule.RecordID == c.req.RecordID && c.rule.RecordURL == c.req.RecordURL &&
			c.rule.CertificateCode == c.req.CertificateCode) {
			t.Errorf("rule %+v, request %+v without Records: hit %v", c.rule, c.req, hit)
		}
	}
}

func TestRecordRuleMissAllocatesNothing(t *testing.T) {
	s := NewSet(1)
	if _, err := s.Add([]Rule{{RecordURL: "https://x/r/seven", CertificateCode: "seven", DelayMS: 1}}, FromAdmin,
		func(int) string { return "r" }); err != nil {
		t.Fatal(err)
	}
	records := &names{}
	fill := func(r *Request) { r.RecordID, r.RecordURL = 8, "https://x/r/eight" }
	var req Request
	n := testing.AllocsPerRun(100, func() {
		req = Request{Endpoint: "record/getRecord", Fill: fill, Records: records}
		if s.Match(&req) != nil {
			t.Fatal("hit")
		}
	})
	if n != 0 {
		t.Errorf("a miss that resolves record names allocates %v", n)
	}
}

func TestParseFlagQuotedValuesHoldCommas(t *testing.T) {
	r, err := ParseFlag(`error=503,message="Busy, retry \"later\"", record_url = "https://x/r/a,b" ,drop=false,times=1`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Error == nil || r.Error.Code != 503 || r.Error.Message != `Busy, retry "later"` || r.RecordURL != "https://x/r/a,b" || r.Times != 1 {
		t.Errorf("got %+v %+v", r, r.Error)
	}
	if r, err := ParseFlag(`error=503,message="a\\b\n"`); err != nil || r.Error.Message != `a\b\n` {
		t.Errorf(`\\ is a backslash, \n stands for itself: %+v %v`, r.Error, err)
	}
	if r, err := ParseFlag(`error=503,message=say "hi"`); err != nil || r.Error.Message != `say "hi"` {
		t.Errorf("a quote inside an unquoted value is kept: %+v %v", r.Error, err)
	}
	for in, want := range map[string]string{
		`error=503,message="a, b`:      "message: the quoted value has no closing quote",
		`error=503,message="a"b,x=1`:   `message: a comma must follow the closing quote, got "b,x=1"`,
		`error=503,message="a",rate=x`: "rate: must be a number",
		`mesage="a, b",error=503`:      `"mesage" is not a fault rule member`,
	} {
		if _, err := ParseFlag(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}

func TestParseFlagJSONObject(t *testing.T) {
	r, err := ParseFlag(` {"endpoint":"record/getRecord","times":2,"error":{"code":503,"message":"Busy, retry"}}`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Endpoint != "record/getRecord" || r.Times != 2 || r.Error == nil || r.Error.Message != "Busy, retry" || r.ID != "" {
		t.Errorf("got %+v", r)
	}
	for in, want := range map[string]string{
		`{"delay":5}`:                       `"delay" is not a fault rule member`,
		`{"error":503}`:                     `error: must be an object, got number; such as "error": {"code": 503}`,
		`{"error":{"code":"503"}}`:          "error.code: must be an integer",
		`{"rate":2,"delay_ms":1}`:           "rate: must be a share",
		`{"delay_ms":1`:                     "not a JSON object",
		`{"delay_ms":1} {"drop":true}`:      "one JSON object only",
		`{"times":1}`:                       "a rule must do something",
		`{"id":"f9","source":"x","drop":1}`: "drop: must be true or false",
	} {
		if _, err := ParseFlag(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}

// The rules in force are bounded: an Add past the bound adds nothing and
// says how many are in force and how to make room; removing makes room.
func TestRuleCountIsBounded(t *testing.T) {
	s := NewSet(1).WithMax(3)
	name := func(i int) string { return fmt.Sprint("rule ", i+1) }
	if _, err := s.Add([]Rule{{DelayMS: 1}, {DelayMS: 2}}, FromAdmin, name); err != nil {
		t.Fatal(err)
	}
	_, err := s.Add([]Rule{{DelayMS: 3}, {DelayMS: 4}}, FromAdmin, name)
	if err == nil || !strings.Contains(err.Error(), "more than the 3") || !strings.Contains(err.Error(), "--max-fault-rules") {
		t.Fatalf("past the bound: %v", err)
	}
	if n := len(s.List()); n != 2 {
		t.Fatalf("a refused Add added rules: %d in force", n)
	}
	if _, err := s.Add([]Rule{{DelayMS: 3}}, FromAdmin, name); err != nil {
		t.Fatalf("at the bound: %v", err)
	}
	s.Clear()
	if _, err := s.Add([]Rule{{DelayMS: 1}, {DelayMS: 2}, {DelayMS: 3}}, FromAdmin, name); err != nil {
		t.Fatalf("after Clear: %v", err)
	}
	if NewSet(1).Max() != DefaultMaxRules || NewSet(1).WithMax(0).Max() != DefaultMaxRules {
		t.Error("the default bound")
	}
}

// BenchmarkMatchFullSet is the cost of one request that no rule hits
// when the set is full: every rule is looked at, half of them naming the
// request's endpoint and a record by URL (resolved per rule). This is
// the most the fault step adds to a request.
func BenchmarkMatchFullSet(b *testing.B) {
	s := NewSet(1)
	rules := make([]Rule, DefaultMaxRules)
	for i := range rules {
		rules[i] = Rule{Endpoint: "record/getFormList", DelayMS: 1}
		if i%2 == 0 {
			rules[i] = Rule{Endpoint: "record/getRecord", RecordURL: fmt.Sprintf("https://x/r/%d", i), DelayMS: 1}
		}
	}
	if _, err := s.Add(rules, FromAdmin, func(int) string { return "r" }); err != nil {
		b.Fatal(err)
	}
	records := &names{}
	fill := func(r *Request) { r.RecordID, r.RecordURL = 8, "https://x/r/eight" }
	b.ReportAllocs()
	for b.Loop() {
		req := Request{Endpoint: "record/getRecord", Fill: fill, Records: records}
		if s.Match(&req) != nil {
			b.Fatal("hit")
		}
	}
}

// A rule that is not an object ("drop", 503) said "rule 1: : must be an
// object": an empty member name and no shape. It gets the rule's shape.
func TestDecodeJSONNamesTheRuleShape(t *testing.T) {
	for in, want := range map[string]string{
		`"drop"`: `rule 1: a fault rule is a JSON object, got string; such as {"endpoint": "record/getRecord", "error": {"code": 503}}`,
		`503`:    "rule 1: a fault rule is a JSON object, got number",
		`[true]`: "rule 1: a fault rule is a JSON object, got bool",
	} {
		if _, err := DecodeJSON([]byte(in)); err == nil || err.Error() != want && !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}
