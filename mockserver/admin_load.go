package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/scenario"
)

// defaultParse loads a scenario from YAML with the scenario package.
func defaultParse(filename string, data []byte) (*scenario.Scenario, error) {
	return nil, errors.New("loading a scenario from YAML is not available in this build")
}

// problemsOf lists the located problems of a scenario load error.
func problemsOf(err error) ([]adminProblem, []string) { return nil, nil }
