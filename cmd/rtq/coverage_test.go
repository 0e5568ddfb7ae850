package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/rtqtest"
)

// TestMockWritesCoverageAtSIGTERM: the report of the calls a client made
// is on disk once a SIGTERM stopped the mock, and counts them right.
func TestMockWritesCoverageAtSIGTERM(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "coverage.json")
	p := startProc(t, 0, "--coverage-out", out)
	p.post(t, formList, `{}`)
	p.post(t, formList, `{"page":99}`)
	p.stop(t, shutdownBound)
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no report after SIGTERM: %v", err)
	}
	r, err := covreport.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := r.Dimensions.Endpoints.Count("record/getFormList"); n != 2 || r.Calls != 2 {
		t.Errorf("getFormList counted %d times in %d calls, want 2 and 2", n, r.Calls)
	}
	if n, _ := r.Dimensions.Parameters.Count("record/getFormList page past the last"); n != 1 {
		t.Errorf("page past the last counted %d times, want 1", n)
	}
	if f, ok := r.Finding(covreport.DutyContentType); !ok || f.Count != 2 { // p.post sends no Content-Type
		t.Errorf("content_type finding %+v, want 2", f)
	}
}

func writeCoverageFile(t *testing.T, path string, r covreport.Report) {
	t.Helper()
	var b bytes.Buffer
	if err := covreport.Write(&b, r, "json"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func shardReport(endpoint string) covreport.Report {
	r := covreport.Report{Calls: 1, Shards: 1, Findings: []covreport.Finding{}}
	r.Dimensions.Endpoints = covreport.Dimension{Entries: []covreport.Entry{{ID: "record/getRecord"}, {ID: "templates/list"}}}
	for i := range r.Dimensions.Endpoints.Entries {
		if r.Dimensions.Endpoints.Entries[i].ID == endpoint {
			r.Dimensions.Endpoints.Entries[i].Count = 1
		}
	}
	r.Dimensions.Each(func(_ string, d *covreport.Dimension) { d.Finish() })
	return r
}

// TestCoverageMergeJoinsShardsAndChecksThresholds: two shards that each
// called one endpoint reach 100% joined; one alone fails --min endpoints
// with exit 1, naming what is missing.
func TestCoverageMergeJoinsShardsAndChecksThresholds(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	writeCoverageFile(t, a, shardReport("record/getRecord"))
	writeCoverageFile(t, b, shardReport("templates/list"))
	joined := filepath.Join(dir, "joined.xml")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"coverage", "merge", a, b, "--out", joined, "--min", "endpoints"},
		strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	xml, err := os.ReadFile(joined)
	if err != nil || !strings.Contains(string(xml), `<testsuite name="coverage.endpoints" tests="2" failures="0"`) {
		t.Errorf("joined JUnit report (%v):\n%s", err, xml)
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"coverage", "merge", a, "--min", "endpoints=100"},
		strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "templates/list") {
		t.Errorf("one shard: exit %d, stderr %q; want 1 naming templates/list", code, stderr.String())
	}
	if code := run(context.Background(), []string{"coverage", "merge", a, "--min", "nope"},
		strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("--min nope: exit %d, want 2", code)
	}
}

// TestConformIsNotTheClient: a whole rtq conform run, writes included,
// against a mock counts nothing in its consumer coverage: every call is
// rtq's own (User-Agent rtq-kit) or an admin call.
func TestConformIsNotTheClient(t *testing.T) {
	m := rtqtest.Start(t)
	if code, out, errOut := runCLI(t, conformArgs(m.URL)...); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	r := m.Coverage()
	if r.Calls != 0 || len(r.Findings) != 0 {
		t.Errorf("conform counted as a client: %d calls, findings %+v", r.Calls, r.Findings)
	}
	if r.Excluded.Kit < 100 || r.Excluded.Admin == 0 {
		t.Errorf("excluded %+v: want conform's hundreds of calls as the kit's, its resets and profile as admin", r.Excluded)
	}
}
