package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/scenario"
)

// defaultParse loads scenarios from YAML with the scenario package.
func defaultParse(seed int64) func(string, []byte) (*scenario.Scenario, error) {
	return func(filename string, data []byte) (*scenario.Scenario, error) {
		if seed != 0 {
			return scenario.Parse(filename, data, scenario.WithSeed(seed))
		}
		return scenario.Parse(filename, data)
	}
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
