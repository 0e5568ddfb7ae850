package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDumpCasesForAjv writes every generated case (field types, required
// members) as files named like fixtures/messages, so that
// scripts/check-schemas-ajv.sh --fixtures DIR can check that ajv gives the
// same verdicts. It runs only when RTQ_SCHEMA_CASES names the directory.
func TestDumpCasesForAjv(t *testing.T) {
	dir := os.Getenv("RTQ_SCHEMA_CASES")
	if dir == "" {
		t.Skip("set RTQ_SCHEMA_CASES=DIR to write the generated cases for ajv")
	}
	s := compiled(t)
	cases, _ := requiredCases(t, s)
	cases = append(cases, fieldTypeCases(t)...)
	for _, c := range cases {
		verdict := "invalid"
		if c.valid {
			verdict = "valid"
		}
		name := strings.TrimSuffix(c.file, ".json") + "." + verdict + "-" + strings.ReplaceAll(c.name, "_", "-") + ".json"
		p := filepath.Join(dir, filepath.FromSlash(name))
		data, err := json.MarshalIndent(c.doc, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("wrote %d cases to %s", len(cases), dir)
}
