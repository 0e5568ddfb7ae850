package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/rtqtest"

	"github.com/rtq-kit/rtq/testkit/refused"
)

// startMock serves the embedded default scenario on 127.0.0.1:0.
func startMock(t *testing.T) string { return rtqtest.Start(t).URL }

// conformArgs is the done command against url.
func conformArgs(url string, extra ...string) []string {
	return append([]string{"conform", "--base-url", url, "--profile", url + "/__admin/profile",
		"--api-key", "rtq-demo-read", "--write-key", "rtq-demo-write", "--allow-writes"}, extra...)
}

func TestConformDefaultMockExitsZeroWithFullCoverage(t *testing.T) {
	url := startMock(t)
	code, out, errOut := runCLI(t, conformArgs(url)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{fmt.Sprintf("field types          %d/%d", len(contract.FieldTypes), len(contract.FieldTypes)), "verify error codes   12/12", "PASS: no must check failed\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	// A second run against the same, now written, mock passes too.
	if code, out, _ := runCLI(t, conformArgs(url)...); code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, out)
	}
}

func TestConformJUnitIsValidXML(t *testing.T) {
	url := startMock(t)
	code, out, errOut := runCLI(t, conformArgs(url, "--format", "junit")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		XMLName xml.Name `xml:"testsuites"`
		Tests   int      `xml:"tests,attr"`
		Suites  []struct {
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	if doc.Tests < 60 || len(doc.Suites) < 5 {
		t.Fatalf("%d tests in %d suites, want one case per check", doc.Tests, len(doc.Suites))
	}
}

func TestConformJSONToFile(t *testing.T) {
	url := startMock(t)
	path := filepath.Join(t.TempDir(), "report.json")
	code, out, errOut := runCLI(t, conformArgs(url, "--format", "json", "--out", path, "--only", "formList.*")...)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Target  string `json:"target"`
		Summary struct{ Total, Failed int }
		Checks  []struct{ ID string }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Target != url || rep.Summary.Total == 0 || rep.Summary.Total != len(rep.Checks) {
		t.Fatalf("report %+v", rep)
	}
	for _, c := range rep.Checks {
		if !strings.HasPrefix(c.ID, "formList.") {
			t.Errorf("--only formList.* ran %s", c.ID)
		}
	}
}

func TestConformExitCodes(t *testing.T) {
	dead := refused.URL
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("version: 2\nrecords: 3\n"), 0o644)
	url := startMock(t)
	for _, c := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"unreachable", []string{"conform", "--base-url", dead, "--api-key", "k"}, 3, "unreachable"},
		{"profile URL unreachable", []string{"conform", "--base-url", dead, "--profile", dead + "/__admin/profile"}, 3, "fetch profile"},
		{"no base URL", []string{"conform"}, 2, "--base-url"},
		{"bad profile", []string{"conform", "--base-url", url, "--profile", bad}, 2, "bad.yaml:1:10: /version"},
		{"bad profile counts its problems", []string{"conform", "--base-url", url, "--profile", bad}, 2, "bad.yaml has 2 problem(s):\n"},
		{"missing profile", []string{"conform", "--base-url", url, "--profile", bad + ".missing"}, 2, "conform: load profile " + bad + ".missing: open"},
		{"unknown format", []string{"conform", "--base-url", url, "--format", "pdf"}, 2, "pdf"},
		{"no read key", []string{"conform", "--base-url", url}, 2, "read key"},
		{"must failure", []string{"conform", "--base-url", url, "--api-key", "rtq-other-org", "--only", "getRecord.json.schema", "--profile", url + "/__admin/profile"}, 1, "must check"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("RTQ_BASE_URL", "")
			code, _, errOut := runCLI(t, c.args...)
			if code != c.code || !strings.Contains(errOut, c.err) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, c.code, c.err)
			}
		})
	}
}

func TestScenarioProfilePrintsALoadableProfile(t *testing.T) {
	code, out, errOut := runCLI(t, "scenario", "profile")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	p, err := profile.Parse("stdout", []byte(out))
	if err != nil {
		t.Fatalf("the printed profile does not load: %v", err)
	}
	if p.Keys.Read != "rtq-demo-read" || len(p.Records) == 0 || len(p.Cases) == 0 {
		t.Fatalf("profile %+v", p.Keys)
	}
}

func TestScenarioProfileOfAFileAndOfABadFile(t *testing.T) {
	code, out, errOut := runCLI(t, "scenario", "profile", filepath.Join("..", "..", "scenarios", "default.yaml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, err := profile.Parse("stdout", []byte(out)); err != nil {
		t.Fatalf("profile of default.yaml does not load: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("orgs: 3\n"), 0o644)
	code, out, _ = runCLI(t, "scenario", "profile", bad)
	if code != 1 || !strings.Contains(out, "bad.yaml:1:") {
		t.Fatalf("bad scenario: exit %d, %q; want 1 and file:line problems", code, out)
	}
}

func TestConformEnvFallbackAndHelpHidesKeys(t *testing.T) {
	url := startMock(t)
	t.Setenv("RTQ_BASE_URL", url)
	t.Setenv("RTQ_API_KEY", "rtq-demo-read")
	code, out, errOut := runCLI(t, "conform", "--only", "formList.schema")
	if code != 0 || !strings.Contains(out, url) {
		t.Fatalf("env fallback: exit %d, %s %s", code, out, errOut)
	}
	_, help, _ := runCLI(t, "conform", "--help")
	if strings.Contains(help, "rtq-demo-read") {
		t.Fatalf("--help shows the API key from the environment:\n%s", help)
	}
}
