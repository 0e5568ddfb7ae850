package scenario

import (
	"errors"
	"strings"
	"testing"
)

const budgetDoc = `name: upload
orgs: [{id: 1, name: 组织, code: o, host: o.example}]
forms: [{id: 10, org: o, name: 表单}]
generate: {records: [{count: 1000000, form: 10, field_types: [name, tel], masked: [name, tel]}]}
`

// The generators' counts are added up before anything is generated, so an
// over-budget upload fails at once, whatever it asks for.
func TestWithMaxGeneratedRefusesBeforeGenerating(t *testing.T) {
	_, err := Parse("upload.yaml", []byte(budgetDoc), WithMaxGenerated(50_000))
	var le *LoadError
	if !errors.As(err, &le) || !le.OverBudget || !strings.Contains(err.Error(), "1000000") || !strings.Contains(err.Error(), "50000") {
		t.Fatalf("want an over-budget LoadError naming both counts, got %v", err)
	}
	small := strings.Replace(budgetDoc, "count: 1000000", "count: 20", 1)
	sc, err := Parse("upload.yaml", []byte(small), WithMaxGenerated(50_000))
	if err != nil || len(sc.Records) != 20 {
		t.Fatalf("within the budget: %v", err)
	}
	_, err = Parse("upload.yaml", []byte(strings.Replace(budgetDoc, "form: 10", "form: 99", 1)), WithMaxGenerated(50_000))
	if !errors.As(err, &le) || !le.OverBudget || !strings.Contains(err.Error(), "99") {
		t.Errorf("other problems are still reported with the budget's: %v", err)
	}
}
