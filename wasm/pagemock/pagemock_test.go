package pagemock

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
