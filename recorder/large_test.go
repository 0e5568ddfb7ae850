package recorder_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// largeScenario is the default scenario with n records more, copies of
// its first: a recording of a service with that many.
func largeScenario(t *testing.T, n int) *scenario.Scenario {
	t.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	first := sc.Records[0]
	for i := range n {
		r := *first
		r.ID = 900_000 + int64(i)
		r.Number = first.Number + "-" + strconv.Itoa(i)
		r.Code = "big" + strconv.Itoa(i)
		r.URL = "https://" + r.Org.Host + "/r/" + r.Code
		r.Groups = first.FieldGroups()
		sc.Records = append(sc.Records, &r)
	}
	return sc
}

// A recording past the loader's default YAML limits (a service of many
// records) is written, not refused by rtq's check of its own output; the
// header says which flags load it, and with them it loads.
func TestLargeRecordingIsWrittenAndLoadsWithTheFlagsItsHeaderNames(t *testing.T) {
	sc := largeScenario(t, 200)
	data, err := recorder.Render(sc, nil)
	if err != nil {
		t.Fatalf("a recording over the default limits was refused by rtq's own check: %v", err)
	}
	file := filepath.Join(t.TempDir(), "large.yaml")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := scenario.LoadFiles([]string{file}); err == nil || !strings.Contains(err.Error(), "--max-yaml-tokens") {
		t.Fatalf("the large recording under the default limits: %v; want a refusal naming --max-yaml-tokens (else this test no longer tests a large recording)", err)
	}
	m := regexp.MustCompile(`(?m)^# - .*--max-yaml-tokens (\d+)`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("the header should name the --max-yaml-tokens that loads the file:\n%.1500s", data)
	}
	tokens, _ := strconv.Atoi(string(m[1]))
	got, err := scenario.LoadFiles([]string{file}, scenario.WithLimits(scenario.Limits{MaxTokens: tokens}))
	if err != nil {
		t.Fatalf("--max-yaml-tokens %d, as the header says: %v", tokens, err)
	}
	if want := len(sc.Records); len(got.Records) != want {
		t.Errorf("%d records loaded, want %d", len(got.Records), want)
	}
}
