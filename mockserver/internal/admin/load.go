package admin

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/scenario"
)

// DefaultMaxGenerated bounds the items (records, templates, sub-codes) a
// scenario posted to /__admin/scenario may generate when
// Options.MaxGenerated is 0. A 206-byte upload asking for a million masked
// records took 12 to 34 seconds and 2.6 GB; this bound keeps an upload
// under a second and about a hundred megabytes.
const DefaultMaxGenerated = 50_000

// DefaultParse loads scenarios from YAML with the scenario package,
// generating at most max items.
func DefaultParse(seed, max int64) func(string, []byte) (*scenario.Scenario, error) {
	return func(filename string, data []byte) (*scenario.Scenario, error) {
		opts := []scenario.Option{scenario.WithMaxGenerated(max)}
		if seed != 0 {
			opts = append(opts, scenario.WithSeed(seed))
		}
		return scenario.Parse(filename, data, opts...)
	}
}

// answerScenarioError answers a scenario that was not loaded: 413 when its
// generators ask for more than the bound (naming it and the flag that
// raises it), else 400; each with every located problem. The old scenario
// stays either way.
func (s *API) answerScenarioError(c *chain.Call, err error) {
	out := struct {
		Error    string         `json:"error"`
		Problems []adminProblem `json:"problems"`
	}{Error: err.Error(), Problems: []adminProblem{}}
	row, head := contract.AdminBadRequest, "the scenario has problems; the old one is still served:\n"
	var le *scenario.LoadError
	if errors.As(err, &le) && le.OverBudget {
		row = contract.AdminTooLarge
		head = fmt.Sprintf("the scenario generates more than the %d items (records, templates, sub-codes) an upload may; "+
			"the old one is still served; raise the bound with rtq mock --max-generated N (Options.MaxGenerated):\n", s.opts.MaxGenerated)
	}
	if probs, lines := problemsOf(err); len(probs) > 0 {
		out.Problems = probs
		out.Error = head + strings.Join(lines, "\n")
	}
	chain.AdminJSON(c, row.Status, out)
}

// problemsOf lists the located problems of a scenario load error, as JSON
// members and as their text form line:column: path: message.
func problemsOf(err error) ([]adminProblem, []string) {
	var le *scenario.LoadError
	if !errors.As(err, &le) {
		return nil, nil
	}
	probs := make([]adminProblem, 0, len(le.Problems))
	lines := make([]string, 0, len(le.Problems))
	for _, p := range le.Problems {
		probs = append(probs, adminProblem{Line: p.Line, Column: p.Column, Path: p.Path, Message: p.Message})
		lines = append(lines, p.String())
	}
	return probs, lines
}
