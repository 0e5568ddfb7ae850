package covreport

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

func shard(calls int64, getRecord, templates int64, unreachable ...string) Report {
	r := Report{Calls: calls, Shards: 1, Findings: []Finding{}}
	r.Dimensions.Endpoints = Dimension{Entries: []Entry{{"record/getRecord", getRecord}, {"templates/list", templates}}}
	r.Dimensions.Errors = Dimension{Entries: []Entry{{"record/getRecord 100404/404", getRecord}, {"templates/list 400", 0}},
		Unreachable: unreachable}
	r.Dimensions.Each(func(_ string, d *Dimension) { d.Finish() })
	return r
}

func TestMergeAddsCountsAndKeepsOnlyCommonGaps(t *testing.T) {
	a, b := shard(3, 3, 0, "templates/list 400"), shard(2, 0, 2)
	a.Findings = []Finding{{Duty: DutyContentType, Count: 2, Request: Request{Path: "/a"}}}
	b.Findings = []Finding{{Duty: DutyContentType, Count: 1, Request: Request{Path: "/b"}}}
	m := Merge(a, b)
	if m.Calls != 5 || m.Shards != 2 || m.Namespace != "*" {
		t.Errorf("calls %d shards %d namespace %q", m.Calls, m.Shards, m.Namespace)
	}
	e := m.Dimensions.Endpoints
	if e.Covered != 2 || e.Total != 2 || len(e.Missing) != 0 {
		t.Errorf("endpoints %+v: each shard covered one", e)
	}
	if n, _ := e.Count("record/getRecord"); n != 3 {
		t.Errorf("getRecord count %d, want 3", n)
	}
	if er := m.Dimensions.Errors; len(er.Unreachable) != 0 || len(er.Missing) != 1 {
		t.Errorf("errors %+v: unreachable in one shard only is not unreachable", er)
	}
	if f, _ := m.Finding(DutyContentType); f.Count != 3 || f.Request.Path != "/a" {
		t.Errorf("finding %+v: counts add, the first shard's request stays", f)
	}
}

func TestJUnitFailsEachGapAndFinding(t *testing.T) {
	r := shard(1, 1, 0)
	r.Findings = []Finding{{Duty: DutyPageSize, Count: 1, Message: "over"}}
	var b bytes.Buffer
	if err := Write(&b, r, "junit"); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b.String())
	}
	failures := 0
	for _, s := range doc.Suites {
		failures += s.Failures
	}
	if failures != 3 { // templates/list, its 400, the finding
		t.Errorf("%d failures, want 3:\n%s", failures, b.String())
	}
}

func TestThresholds(t *testing.T) {
	r := shard(1, 1, 0)
	ts := []Threshold{}
	for _, s := range []string{"endpoints=50", "errors_called"} {
		th, err := ParseThreshold(s)
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, th)
	}
	if out := Check(r, ts); len(out) != 0 {
		t.Errorf("thresholds reached, yet %v", out)
	}
	th, _ := ParseThreshold("endpoints=100")
	if out := Check(r, []Threshold{th}); len(out) != 1 || !strings.Contains(out[0], "templates/list") {
		t.Errorf("endpoints=100: %v, want one failure naming templates/list", out)
	}
	for _, bad := range []string{"nope=10", "errors=101", "errors=x"} {
		if _, err := ParseThreshold(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]string{"c.json": "json", "c.xml": "junit", "c.txt": "text", "c": "text"} {
		if got, _ := FormatOf(path, ""); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
	if got, _ := FormatOf("c.txt", "json"); got != "json" {
		t.Errorf("--coverage-format json ignored: %s", got)
	}
	if _, err := FormatOf("c", "html"); err == nil {
		t.Error("html accepted")
	}
}
