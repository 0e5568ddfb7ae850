package rules

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryEndpointsShapeIsJudged: each endpoint's error answers, and
// each one's success but getRecord's (its formats have rules of their
// own), are judged against its schema by a rule of shapeRules, under a
// statement of errorStatements and successStatements; a new endpoint of
// contract.Endpoints without them would never be judged by its schemas.
func TestEveryEndpointsShapeIsJudged(t *testing.T) {
	names := map[string]string{}
	for _, r := range shapeRules {
		names[r.Name] = r.Statement
	}
	for _, ep := range contract.Endpoints {
		if _, ok := errorStatements[ep.Name]; !ok {
			t.Errorf("conformance/rules/shape.go: errorStatements has no statement for %s (contract/endpoints.go)", ep.Name)
		}
		if _, ok := names["an error of "+ep.Name+" has its shape"]; !ok {
			t.Errorf("conformance/rules/shape.go: shapeRules has no errorShape(%s)", ep.Name)
		}
		if ep == contract.GetRecord {
			continue
		}
		if _, ok := successStatements[ep.Name]; !ok {
			t.Errorf("conformance/rules/shape.go: successStatements has no statement for %s (contract/endpoints.go)", ep.Name)
		}
		if _, ok := names["a success of "+ep.Name+" matches its schema"]; !ok {
			t.Errorf("conformance/rules/shape.go: shapeRules has no successSchema(%s)", ep.Name)
		}
	}
}
