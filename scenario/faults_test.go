package scenario

import (
	"strings"
	"testing"
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
