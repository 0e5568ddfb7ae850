package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

func post(t *testing.T, url, key, body string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// The fake of two bugs in front of the examples' record page: the fault
// the page asks for answers 503 and touches nothing, the read after it
// is touched by the bug that alters it only, and the log replayed to a
// fake of that bug alone touches it as often.
func TestTheFakeSaysWhatTheTrafficTouched(t *testing.T) {
	bugs, err := parseBugs("code-as-string, jsonld-no-url")
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(bugs)
	srv := httptest.NewServer(f)
	defer srv.Close()
	record := srv.URL + "/api/v2/rpc/record/getRecord"
	if st := post(t, srv.URL+faultsPath, "", `{"endpoint":"record/getRecord","times":1,"error":{"code":503}}`); st != 200 {
		t.Fatalf("faults: HTTP %d", st)
	}
	if st := post(t, record, foreign.ExamplesReadKey, `{"record_id":110001}`); st != 503 {
		t.Errorf("the read the fault is for: HTTP %d, want 503", st)
	}
	if st := post(t, record, foreign.ExamplesReadKey, `{"record_id":110001}`); st != 200 {
		t.Errorf("the read after the fault: HTTP %d, want 200", st)
	}
	rep := f.report()
	if len(rep.Touched) != 1 || rep.Touched[0].Bug != "code-as-string" || len(rep.Touched[0].Requests) != 1 || len(rep.Masked) != 0 {
		t.Errorf("touched %+v, masked %+v; want code-as-string once", rep.Touched, rep.Masked)
	}

	log := filepath.Join(t.TempDir(), "requests.json")
	b, _ := json.Marshal(f.logged())
	if err := os.WriteFile(log, b, 0o644); err != nil {
		t.Fatal(err)
	}
	alone := newFake(bugs[:1])
	srv2 := httptest.NewServer(alone)
	defer srv2.Close()
	if err := replay([]string{"--log", log, "--to", srv2.URL}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if rep := alone.report(); len(rep.Touched) != 1 || len(rep.Touched[0].Requests) != 1 || rep.Requests != 1 {
		t.Errorf("the replay to the bug alone: %+v", rep)
	}
}

func TestBugsNamesAreChecked(t *testing.T) {
	if _, err := parseBugs("code-as-string,no-such-bug"); err == nil || !strings.Contains(err.Error(), "no-such-bug") {
		t.Errorf("an unknown bug: %v", err)
	}
	all, _ := parseBugs("all")
	if none, _ := parseBugs("none"); len(all) < 200 || len(none) != 0 {
		t.Errorf("all: %d bugs, none: %d", len(all), len(none))
	}
}
