package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// sample is a report with one finding of each kind.
func sample() *conformance.Report {
	checks := []conformance.Finding{
		{ID: "getRecord.json.schema", Endpoint: "record/getRecord", Severity: conformance.Must, Status: conformance.Pass, Spec: "4.1"},
		{ID: "getRecord.wrapper", Endpoint: "record/getRecord", Severity: conformance.Must, Status: conformance.Fail, Spec: "4.1",
			Message: "record 1001 (json): wrapper has members besides code, message and data: [debug]",
			Request: &conformance.Request{Method: "POST", Path: "/api/v2/rpc/record/getRecord", Key: "read", Body: `{"format":"json","record_id":1001}`},
			Curl:    `curl -sS -X POST 'http://127.0.0.1:8080/api/v2/rpc/record/getRecord' -H "Authorization: Bearer $RTQ_API_KEY" -H 'Content-Type: application/json' --data-raw '{"format":"json","record_id":1001}'`},
		{ID: "formList.filter.searchKey", Endpoint: "record/getFormList", Severity: conformance.Should, Status: conformance.Fail, Spec: "4.3",
			Message:  `search_key "入职": form 7 holds it in neither name, note nor number`,
			Problems: []string{"/data/list/0/number: want string"}},
		{ID: "verify.transitions", Endpoint: "certificates/verify", Severity: conformance.Must, Status: conformance.Skip, Spec: "3.1",
			Message: "writes not allowed: run with --allow-writes to send verify requests that may change state"},
	}
	started := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	rep := &conformance.Report{
		Target:    "http://127.0.0.1:8080",
		Version:   "v1.2.3 go1.24.0",
		Profile:   "staging.yaml",
		Seed:      7,
		StartedAt: started,
		Checks:    checks,
		Coverage: conformance.Coverage{
			FieldTypes:  conformance.Count{Covered: 52, Total: 53, Missing: []string{"ocr_way_bill"}},
			ErrorCodes:  conformance.Count{Covered: 5, Total: 12, Missing: []string{"100319", "100321", "100322", "100323", "100327", "100328", "100329"}},
			Transitions: conformance.Count{Covered: 0, Total: 1, Missing: []string{"form 3001: 待核销 -> 已核销"}},
		},
	}
	rep.CountAnswers(map[string]int{"2.1.schema": 53, "4.1.wrapper": 153, "4.3.searchKey": 13})
	return rep.Finish(started.Add(1234 * time.Millisecond))
}

// interrupted is sample stopped by a signal.
func interrupted() *conformance.Report {
	rep := sample()
	rep.Status, rep.Reason = conformance.StatusInterrupted, "received terminated"
	return rep.Finish(rep.StartedAt.Add(time.Second))
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update to accept):\n%s", name, got)
	}
}

func TestFormatsMatchGoldenFiles(t *testing.T) {
	for _, f := range []struct{ format, file string }{{"text", "report.txt"}, {"json", "report.json"}, {"junit", "report.xml"}, {"html", "report.html"}} {
		for _, r := range []struct {
			name string
			rep  *conformance.Report
		}{{"", sample()}, {"interrupted.", interrupted()}} {
			var b bytes.Buffer
			if err := Write(&b, f.format, r.rep); err != nil {
				t.Fatal(err)
			}
			golden(t, r.name+f.file, b.Bytes())
		}
	}
}

func TestTextListsMustFailuresFirst(t *testing.T) {
	var b bytes.Buffer
	if err := Text(&b, sample()); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	must, should := strings.Index(out, "getRecord.wrapper"), strings.Index(out, "formList.filter.searchKey")
	if must < 0 || should < 0 || must > should {
		t.Fatalf("must failure should come before should failure:\n%s", out)
	}
	if !strings.Contains(out, "request: POST /api/v2/rpc/record/getRecord (key: read)") {
		t.Fatalf("text lacks the request:\n%s", out)
	}
}

func TestJSONHasTheKitInterfaceMembers(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, sample()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"target", "summary", "checks", "coverage", "writes",
		"status", "verdict", "rtq_version", "profile", "started_at", "duration_ms", "must_skipped", "coverage_partial"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("report lacks %q", k)
		}
	}
	check := doc["checks"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "endpoint", "severity", "status", "spec", "message"} {
		if _, ok := check[k]; !ok {
			t.Errorf("check lacks %q", k)
		}
	}
	cov := doc["coverage"].(map[string]any)
	for _, k := range []string{"field_types", "error_codes", "transitions"} {
		c, _ := cov[k].(map[string]any)
		for _, m := range []string{"covered", "total", "missing"} {
			if _, ok := c[m]; !ok {
				t.Errorf("coverage.%s lacks %q", k, m)
			}
		}
	}
}

func TestJUnitIsWellFormedWithOneCasePerCheck(t *testing.T) {
	var b bytes.Buffer
	if err := JUnit(&b, sample()); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	cases, failures := 0, 0
	for _, s := range doc.Suites {
		cases += len(s.Cases)
		for _, c := range s.Cases {
			if c.Failure != nil {
				failures++
			}
		}
	}
	if cases != 4 || failures != 1 || doc.Tests != 4 || doc.Failures != 1 || doc.Skipped != 1 {
		t.Fatalf("cases %d failures %d, totals %d/%d/%d; want 4 cases, 1 (must) failure, 1 skipped", cases, failures, doc.Tests, doc.Failures, doc.Skipped)
	}
}

func TestHTMLEscapesWhatTheTargetSent(t *testing.T) {
	rep := sample()
	rep.Checks[1].Message = `<script>alert(1)</script>`
	var b bytes.Buffer
	if err := Write(&b, "html", rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<script>alert") {
		t.Fatal("the html report does not escape a message")
	}
	if err := Write(&bytes.Buffer{}, "pdf", sample()); err == nil || !strings.Contains(err.Error(), "pdf") {
		t.Fatalf("pdf: %v", err)
	}
}

func TestVerdictIsTheFirstLineAndSaysWhatAPassLeftOut(t *testing.T) {
	pass := sample()
	pass.Checks = pass.Checks[:1]
	pass.Checks = append(pass.Checks, conformance.Finding{ID: "verify.transitions", Severity: conformance.Must, Status: conformance.Skip})
	pass.Status = ""
	pass.Finish(pass.StartedAt)
	for _, c := range []struct {
		name string
		rep  *conformance.Report
		want string
	}{
		{"pass with skips", pass, "PASS: no must check failed; but 1 must check(s) skipped (no --allow-writes), coverage partial"},
		{"fail", sample(), "FAIL: 1 must check(s) failed; but 1 must check(s) skipped (no --allow-writes), coverage partial"},
		{"interrupted", interrupted(), "INTERRUPTED: received terminated; no verdict, 3 of 4 checks finished"},
	} {
		var b bytes.Buffer
		if err := Text(&b, c.rep); err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(b.String(), "\n")
		if !strings.HasPrefix(first, c.want) {
			t.Errorf("%s: first line %q, want it to start with %q", c.name, first, c.want)
		}
	}
}

func TestEveryFormatSaysWhoWhenWhatAndTheStatus(t *testing.T) {
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Write(&b, format, interrupted()); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"v1.2.3 go1.24.0", "2026-03-01T09:30:00Z", "http://127.0.0.1:8080", "staging.yaml", "interrupted", "received terminated"} {
			if !strings.Contains(strings.ToLower(b.String()), strings.ToLower(want)) {
				t.Errorf("%s report lacks %q", format, want)
			}
		}
	}
	var b bytes.Buffer
	Write(&b, "html", sample())
	if !strings.Contains(b.String(), `class="verdict red"`) {
		t.Errorf("a failing run's html banner is not red")
	}
	rep := sample()
	rep.Checks = rep.Checks[:1]
	rep.Status = ""
	b.Reset()
	Write(&b, "html", rep.Finish(rep.StartedAt))
	if !strings.Contains(b.String(), `class="verdict green"`) {
		t.Errorf("a passing run's html banner is not green")
	}
}

func TestJUnitMarksARunThatDidNotCompleteAsAnError(t *testing.T) {
	var b bytes.Buffer
	if err := JUnit(&b, interrupted()); err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Errors != 1 || doc.Suites[len(doc.Suites)-1].Cases[0].Error == nil {
		t.Fatalf("errors=%d; want one <error> case for the interrupted run:\n%s", doc.Errors, b.String())
	}
}

func TestARunWithoutChecksSaysSoNotThatNoneFailed(t *testing.T) {
	rep := conformance.NewReport(conformance.Options{BaseURL: "http://127.0.0.1:1"}, time.Now())
	rep.Stop(conformance.StatusUnreachable, "target unreachable: connection refused")
	var b bytes.Buffer
	if err := Text(&b, rep); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, "UNREACHABLE: target unreachable: connection refused\n") || !strings.Contains(out, "No check ran.") || strings.Contains(out, "No check failed") {
		t.Fatalf("report of a run that never started:\n%s", out)
	}
}
