package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/fault"
)

const faultsBase = `orgs: [{id: 1, name: A, code: A, host: a.test}]
keys: [{name: k, secret: secret-123456}]
`

func TestFaultsLoad(t *testing.T) {
	sc, err := Parse("f.yaml", []byte(faultsBase+`faults:
  - {endpoint: record/getRecord, key: k, rate: 0.5, delay_ms: 100, jitter_ms: 20}
  - {error: {code: 429, retry_after: 3}, times: 2}
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Faults) != 2 || sc.Faults[0].DelayMS != 100 || sc.Faults[1].Error.RetryAfter != 3 {
		t.Errorf("faults: %+v", sc.Faults)
	}
	out, err := Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("again.yaml", out)
	if err != nil || len(again.Faults) != 2 || again.Faults[0].Key != "k" || again.Faults[1].Times != 2 {
		t.Errorf("faults written back out and loaded: %+v %v", again, err)
	}
}

func TestFaultProblemsHaveLineAndColumn(t *testing.T) {
	_, err := Parse("f.yaml", []byte(faultsBase+`faults:
  - times: 2
  - drop: true
    body: dribble
  - {endpoint: record/get, delay_ms: 1}
`))
	if err == nil {
		t.Fatal("bad rules loaded")
	}
	for _, want := range []string{
		"f.yaml:4:5: faults[0]: a rule must do something",
		"f.yaml:5:5: faults[1].drop:",
		"f.yaml:7:6: faults[2].endpoint:",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
}

// A scenario holds at most fault.DefaultMaxRules fault rules, counted
// over all its files; the problem points at the first one too many.
func TestFaultRulesAreBounded(t *testing.T) {
	rules := func(n int) string {
		return "faults:\n" + strings.Repeat("  - {delay_ms: 1}\n", n)
	}
	if _, err := Parse("f.yaml", []byte(faultsBase+rules(fault.DefaultMaxRules))); err != nil {
		t.Fatalf("at the bound: %v", err)
	}
	_, err := Parse("f.yaml", []byte(faultsBase+rules(fault.DefaultMaxRules+1)))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("faults[%d]: a scenario holds at most %d fault rules", fault.DefaultMaxRules, fault.DefaultMaxRules)) {
		t.Fatalf("past the bound: %v", err)
	}
}
