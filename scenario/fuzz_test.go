package scenario_test

// Reliability fuzzing of the scenario loader (docs/reliability.md section 1), beside the
// package's own FuzzParse: here every problem must be located (line and
// column >= 1, inside the document), the error is always a *LoadError, the
// same bytes give the same verdict, and a scenario the loader accepts is
// one the mock accepts and serves. Run with
//
//	go test -run='^$' -fuzz='^FuzzParseLocated$' -fuzztime=30s ./scenario

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/yamltest"
)

// bigWork matches documents that ask, legitimately, for a lot of work:
// generators of thousands of items. (YAML aliases are fuzzed: the loader
// refuses expansions past a million nodes, TestParseAliasExpansionIsBounded.)
var bigWork = regexp.MustCompile(`(?i)(count|sub_codes)\W*[0-9]{3,}`)

func FuzzParseLocated(f *testing.F) {
	f.Add(scenarios.DefaultYAML())
	for _, glob := range []string{"testdata/valid/*.yaml", "testdata/invalid/*.yaml"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
	for _, s := range []string{"", "---", "name: [", "name: x\norgs: {}", "\t\x00", "name: x\n\n\n  : :", "orgs:\n- id: -1\n  id: 2"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 || bigWork.Match(data) {
			t.Skip("asks for more work than a fuzz input should")
		}
		sc, err := parseWithin(t, data, 5*time.Second)
		assertLocated(t, data, sc, err)
		again, err2 := scenario.Parse("fuzz.yaml", data)
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
			t.Fatalf("two loads of the same bytes disagree:\n%v\n---\n%v", err, err2)
		}
		if again != nil {
			if _, err := mockserver.New(again, mockserver.Options{}); err != nil {
				t.Fatalf("the loader accepted a scenario the mock refuses: %v", err)
			}
		}
	})
}

// parseWithin loads data, failing the input when the loader has not
// answered after limit: a hang is a finding, not a slow test.
func parseWithin(t *testing.T, data []byte, limit time.Duration) (*scenario.Scenario, error) {
	t.Helper()
	type result struct {
		sc  *scenario.Scenario
		err error
	}
	done := make(chan result, 1)
	go func() {
		sc, err := scenario.Parse("fuzz.yaml", data)
		done <- result{sc, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.sc, r.err
	case <-timer.C:
		t.Fatalf("scenario.Parse still running after %v on %d bytes: %q", limit, len(data), data)
		return nil, nil
	}
}

// assertLocated checks the loader's contract: a scenario or a *LoadError
// whose every problem sits at a real line and column of the document.
func assertLocated(t *testing.T, data []byte, sc *scenario.Scenario, err error) {
	t.Helper()
	if err == nil {
		if sc == nil {
			t.Fatal("no scenario and no error")
		}
		return
	}
	var le *scenario.LoadError
	if !errors.As(err, &le) {
		t.Fatalf("error is %T, not *scenario.LoadError: %v", err, err)
	}
	if len(le.Problems) == 0 {
		t.Fatal("LoadError without problems")
	}
	lines := yamltest.LineCount(data)
	for _, p := range le.Problems {
		if p.Line < 1 || p.Column < 1 || p.Line > lines+1 || p.Message == "" || p.File != "fuzz.yaml" {
			t.Fatalf("problem not located in the %d-line document: %+v", lines, p)
		}
	}
}

// TestParseAliasExpansionIsBounded guards POST /__admin/scenario and
// `rtq scenario validate`: a 400-byte document of nested aliases must be
// refused quickly, not expanded into millions of nodes. The bound is
// generous (machines are shared); an unbounded loader takes minutes.
func TestParseAliasExpansionIsBounded(t *testing.T) {
	yamltest.RefusedQuickly(t, func() error {
		_, err := scenario.Parse("bomb.yaml", yamltest.AliasBomb("name: bomb\n", 7))
		return err
	})
}
