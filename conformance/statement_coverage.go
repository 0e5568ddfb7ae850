package conformance

// StatementResult is one SPEC statement in a report: the checks that cite
// it with their outcome, and the statement's own outcome, so a reader sees
// what a PASS covers and what a skip left open.
type StatementResult struct {
	ID       string   `json:"id"`
	Section  string   `json:"section"`
	Severity Severity `json:"severity"`
	// Status is fail when a citing check failed, pass when one passed and
	// none failed, skip when every citing check was skipped, not_run when
	// none ran (--only, --skip), not_checked when no client can observe it.
	Status string `json:"status"`
	// Answers counts the answers of the run the statement was evaluated
	// on: by a rule over every answer (conformance/rules) or by a check
	// that read them.
	Answers    int              `json:"answers"`
	Checks     []StatementCheck `json:"checks"`
	NotChecked string           `json:"not_checked,omitempty"`
}

// StatementCheck is one check of a statement and its outcome.
type StatementCheck struct {
	ID     string `json:"id"`
	Status Status `json:"status"`
}

// The statement outcomes besides pass, fail and skip.
const (
	statementNotRun     = "not_run"
	statementNotChecked = "not_checked"
)

// statementResults traces findings back to the statements they cite and
// counts, as the fourth coverage dimension, the checkable statements some
// check exercised (passed or failed).
func statementResults(checks []Finding, answers map[string]int) ([]StatementResult, Count) {
	byStatement := map[string][]StatementCheck{}
	for _, f := range checks {
		for _, id := range f.Statements {
			byStatement[id] = append(byStatement[id], StatementCheck{ID: f.ID, Status: f.Status})
		}
	}
	out := make([]StatementResult, 0, len(statementTable))
	count := Count{Missing: []string{}}
	for _, s := range statementTable {
		res := StatementResult{ID: s.ID, Section: s.Section, Severity: s.Severity, Checks: byStatement[s.ID], NotChecked: s.NotChecked, Answers: answers[s.ID]}
		if res.Checks == nil {
			res.Checks = []StatementCheck{}
		}
		res.Status = statementStatus(s, res.Checks)
		out = append(out, res)
		if s.NotChecked != "" {
			continue
		}
		count.Total++
		if res.Status == string(Pass) || res.Status == string(Fail) {
			count.Covered++
		} else {
			count.Missing = append(count.Missing, s.ID)
		}
	}
	return out, count
}

func statementStatus(s Statement, checks []StatementCheck) string {
	if s.NotChecked != "" {
		return statementNotChecked
	}
	if len(checks) == 0 {
		return statementNotRun
	}
	status := string(Skip)
	for _, c := range checks {
		switch c.Status {
		case Fail:
			return string(Fail)
		case Pass:
			status = string(Pass)
		}
	}
	return status
}
