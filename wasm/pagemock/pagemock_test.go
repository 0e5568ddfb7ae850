package pagemock

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

func TestSnapshotLoadsTheDefaultScenario(t *testing.T) {
	seed := int64(9)
	for _, s := range []*int64{nil, &seed} {
		data, err := Encode(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Config{Snapshot: data}.Load()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := scenarios.Default()
		if s != nil && got.Seed != seed {
			t.Errorf("snapshot seed %d, want %d", got.Seed, seed)
		}
		if s == nil && (got.Seed != want.Seed || len(got.Records) != len(want.Records)) {
			t.Errorf("snapshot: seed %d, %d records; want %d, %d", got.Seed, len(got.Records), want.Seed, len(want.Records))
		}
	}
	data, _ := Encode(nil, &seed)
	got, err := Config{Snapshot: data, Seed: 3, HasSeed: true}.Load()
	if err != nil || got.Seed != 3 {
		t.Errorf("a seed given at start: %v, seed %d, want 3", err, got.Seed)
	}
}

func TestSnapshotOfAnotherFormatIsRefused(t *testing.T) {
	_, err := Decode([]byte(`{"format":99,"files":[]}`))
	if err == nil || !strings.Contains(err.Error(), "format 99") {
		t.Fatalf("err = %v, want one naming the format", err)
	}
}

func TestNewServesAnyHostAndNamesBadFaults(t *testing.T) {
	srv, err := New(Config{FaultsJSON: []byte(`[{"endpoint":"record/getFormList","error":{"code":503}}]`)})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "https://preview-42.app.example/api/v2/rpc/record/getFormList", strings.NewReader("{}"))
	req.Header.Set("Authorization", "Bearer rtq-demo-read")
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("a page on any host name, with the option's fault rule: status %d, want 503", w.Code)
	}
	if _, err := New(Config{FaultsJSON: []byte(`{"endpoint":"nope","drop":true}`)}); err == nil || !strings.Contains(err.Error(), "faults option") {
		t.Errorf("a bad fault rule: %v, want an error naming the faults option", err)
	}
	if _, err := New(Config{ScenarioYAML: []byte("orgs: [\n")}); err == nil || !strings.Contains(err.Error(), "scenario.yaml") {
		t.Errorf("bad YAML: %v, want an error naming scenario.yaml", err)
	}
}

// TestGivenScenarioIsRefusedAsAFileIs holds createMock's scenario option
// to rtq mock --scenario: an empty text is a scenario given, refused with
// the problem an empty file gets, never the default scenario served.
func TestGivenScenarioIsRefusedAsAFileIs(t *testing.T) {
	for name, text := range map[string]string{"empty": "", "blank": "  \n", "a number": "orgs: 3\n"} {
		file := filepath.Join(t.TempDir(), scenarioFile)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, fileErr := scenario.LoadFiles([]string{file})
		if fileErr == nil {
			t.Fatalf("%s: rtq mock's loader accepted it", name)
		}
		want := strings.ReplaceAll(fileErr.Error(), file, scenarioFile)
		_, err := New(Config{ScenarioYAML: []byte(text), HasScenario: true})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: createMock's error %v, want rtq mock's %q", name, err, want)
		}
	}
}

// TestGivenScenarioIsBounded: 200 bytes asking for 2,000,000 records are
// refused before any is generated, as POST /__admin/scenario refuses
// them, naming the option that raises the bound; the option raises it.
func TestGivenScenarioIsBounded(t *testing.T) {
	yaml := []byte(`name: big
orgs: [{id: 1, name: O, code: o, host: o.example}]
forms: [{id: 10, org: o, name: F}]
generate: {records: [{count: 2000000, form: 10, field_types: [name, tel], masked: [name, tel]}]}
`)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	_, err := New(Config{ScenarioYAML: yaml, HasScenario: true})
	runtime.ReadMemStats(&ms)
	var le *scenario.LoadError
	if !errors.As(err, &le) || !le.OverBudget {
		t.Fatalf("2,000,000 records asked for at start: %v, want the over-budget refusal", err)
	}
	if !strings.Contains(err.Error(), "maxGenerated") {
		t.Errorf("the refusal does not name createMock's maxGenerated option: %v", err)
	}
	if grew := ms.TotalAlloc - before; grew > 64<<20 {
		t.Errorf("refusing it allocated %d MB: the records were generated before the bound was checked", grew>>20)
	}
	small := bytes.Replace(yaml, []byte("2000000"), []byte("60000"), 1)
	if _, err := New(Config{ScenarioYAML: small, HasScenario: true}); err == nil {
		t.Errorf("60,000 records passed the default bound of %d", mockserver.DefaultMaxGenerated)
	}
	if _, err := New(Config{ScenarioYAML: small, HasScenario: true, MaxGenerated: 100_000}); err != nil {
		t.Errorf("60,000 records with maxGenerated 100000: %v", err)
	}
	over := append([]byte("# "), bytes.Repeat([]byte("x"), 2048)...)
	_, err = New(Config{ScenarioYAML: append(over, yaml...), HasScenario: true, Limits: scenario.Limits{MaxBytes: 1024}})
	if err == nil || !strings.Contains(err.Error(), "maxScenarioBytes") {
		t.Errorf("a scenario over maxScenarioBytes: %v, want a refusal naming the option", err)
	}
}
