package mockserver

import (
	"errors"
	"testing"
)

// Until the scenario loader's LoadError lands, a bad scenario is a plain
// error: the answer is 400 with an error text and an empty problem list.
func badScenarioError() error { return errors.New("yaml: line 3: bad scenario") }

func checkBadScenarioAnswer(t *testing.T, a adminAnswer) {
	t.Helper()
	if a.status != 400 || a.doc["error"] != "yaml: line 3: bad scenario" {
		t.Errorf("bad scenario answer: %d %s", a.status, a.raw)
	}
}
