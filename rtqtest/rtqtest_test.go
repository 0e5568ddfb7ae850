package rtqtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenarios"
)

// recordingT records what a helper reports instead of failing the test.
type recordingT struct {
	exampleT
	errors, fatals []string
}

func (r *recordingT) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recordingT) Fatalf(format string, a ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, a...))
	panic(r)
}

// fatal runs f and returns the Fatalf message it ended with, or "".
func fatal(r *recordingT, f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			if p != r {
				panic(p)
			}
			msg = r.fatals[len(r.fatals)-1]
		}
	}()
	f()
	return ""
}

func TestStartServesOnLoopbackAndClosesAtCleanup(t *testing.T) {
	r := &recordingT{}
	m := rtqtest.Start(r)
	if !strings.HasPrefix(m.URL, "http://127.0.0.1:") {
		t.Errorf("URL %q is not on 127.0.0.1", m.URL)
	}
	if got := post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{}`); !strings.HasPrefix(got, "200 OK") {
		t.Fatalf("the read key of the default scenario: %s", got)
	}
	r.end()
	if got := post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{}`); strings.HasPrefix(got, "200") {
		t.Errorf("the mock still answers after cleanup: %s", got)
	}
}

func TestTheKeyConstantsAreTheDefaultScenarios(t *testing.T) {
	m := rtqtest.Start(t)
	for name, secret := range map[string]string{"demo-read": rtqtest.ReadKey, "demo-write": rtqtest.WriteKey,
		"demo-limited": rtqtest.LimitedKey, "other-org": rtqtest.OtherOrgKey} {
		if got := m.Key(name); got != secret {
			t.Errorf("Key(%q) = %q, the constant says %q", name, got, secret)
		}
	}
	r := &recordingT{}
	m2 := rtqtest.Start(r)
	defer r.end()
	if msg := fatal(r, func() { m2.Key("nobody") }); !strings.Contains(msg, `"nobody"`) {
		t.Errorf("Key of an unknown name: %q, want a fatal naming it", msg)
	}
}

func TestScenarioOptions(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	sc.Keys[0].Secret = "given-scenario-key"
	if m := rtqtest.Start(t, rtqtest.WithScenario(sc)); m.Server.Scenario() != sc {
		t.Errorf("WithScenario: another scenario is served")
	}
	path := filepath.Join(t.TempDir(), "s.yaml")
	if err := os.WriteFile(path, scenarios.DefaultYAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	if m := rtqtest.Start(t, rtqtest.WithScenarioFiles(path)); m.Key("demo-read") != rtqtest.ReadKey {
		t.Errorf("WithScenarioFiles: the file's keys are not served")
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("name: ["), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recordingT{}
	defer r.end()
	if msg := fatal(r, func() { rtqtest.Start(r, rtqtest.WithScenarioFiles(bad)) }); !strings.Contains(msg, "bad.yaml") {
		t.Errorf("a broken scenario file: fatal %q, want one naming the file", msg)
	}
	if m := rtqtest.Start(t, rtqtest.WithOptions(mockserver.Options{AdminToken: "tok"})); !strings.HasPrefix(get(m.URL+"/__admin/health"), "401") {
		t.Errorf("WithOptions: the admin token is not in force")
	}
}

func TestExpectCountReportsTheJournal(t *testing.T) {
	r := &recordingT{}
	defer r.end()
	m := rtqtest.Start(r)
	post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{"page":3}`)
	post(m.URL, contract.Verify, rtqtest.ReadKey, `{}`)
	m.ExpectCount(rtqtest.Filter{Path: contract.GetFormList.Path(), Key: "demo-read"}, 1)
	m.ExpectCount(rtqtest.Filter{Key: mockserver.NoKey}, 0)
	if len(r.errors) != 0 {
		t.Fatalf("matching counts reported errors: %v", r.errors)
	}
	m.ExpectCount(rtqtest.Filter{Path: contract.Verify.Path(), Status: 200}, 1)
	if len(r.errors) != 1 {
		t.Fatalf("a wrong count reported %d errors, want 1", len(r.errors))
	}
	for _, want := range []string{"0 requests match", "status=200", "want 1", "POST /api/v2/rpc/certificates/verify key=demo-read status=403", `body={"page":3}`} {
		if !strings.Contains(r.errors[0], want) {
			t.Errorf("the message lacks %q:\n%s", want, r.errors[0])
		}
	}
}

func get(url string) string {
	resp, err := httpClient.Get(url)
	if err != nil {
		return err.Error()
	}
	resp.Body.Close()
	return resp.Status
}
