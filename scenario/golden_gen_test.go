package scenario

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// genGoldenYAML generates records of every field type (deferred values),
// records with a masked field (eager values) and templates with sub-codes.
func genGoldenYAML() []byte {
	var doc strings.Builder
	doc.WriteString("seed: 11\norgs: [{id: 1, name: a, code: a, host: a.example}]\nforms: [{id: 1, name: f}]\ngenerate:\n  records:\n    - {count: 12, form: 1, field_types: [")
	doc.WriteString(allFieldTypes())
	doc.WriteString("]}\n    - {count: 5, form: 1, field_types: [name, tel, image], masked: [tel], audit_status: 1}\n")
	doc.WriteString("    - {count: 2000, form: 1, seed: 9}\n")
	doc.WriteString("  templates:\n    - {count: 30, sub_codes: 4}\n")
	return []byte(doc.String())
}

// TestGeneratedScenarioSameBytesAsBefore pins what generate: makes for one
// seed, record by record (header and every field value) and template by
// template: a faster loader must produce exactly what the old one did.
// Run with -update only for a change of output that is meant.
func TestGeneratedScenarioSameBytesAsBefore(t *testing.T) {
	sc, err := Parse("gen.yaml", genGoldenYAML())
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	line := func(what string, v any) {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		sum := sha256.Sum256(data)
		b.WriteString(what + " " + hex.EncodeToString(sum[:12]) + "\n")
	}
	for i, r := range sc.Records {
		if i >= 20 && i%250 != 0 {
			continue
		}
		line("record "+strconv.FormatInt(r.ID, 10), []any{r.Number, r.Code, r.URL, r.SubmitAt, r.SubmitMethod, r.Recorder, r.FieldGroups(), r.Audit})
	}
	for _, tp := range sc.Templates {
		line("template "+strconv.FormatInt(tp.ID, 10), []any{tp.Name, tp.Coding, tp.URL, tp.CreatedAt, tp.SubCodes})
	}
	const golden = "testdata/generated.golden"
	checkGolden(t, golden, b.String())
}
