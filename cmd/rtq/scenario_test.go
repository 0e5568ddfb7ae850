package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func TestScenarioValidateAcceptsTheDefaultScenario(t *testing.T) {
	code, out, errOut := runCLI(t, "scenario", "validate", "../../scenarios/default.yaml")
	if code != 0 || !strings.HasPrefix(out, "../../scenarios/default.yaml: ok (") || !strings.Contains(out, "40 forms") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and an ok line counting 40 forms", code, out, errOut)
	}
}

func TestScenarioValidatePrintsEveryProblemAndExits1(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.yaml")
	doc := "orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]\n" +
		"forms:\n  - {id: 2001, nmae: 表单}\n" +
		"keys:\n  - {name: k, secret: rtq-k-secret, scopes: [admin]}\n"
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "scenario", "validate", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, stdout:\n%s\nwant 1 and two problems", code, out)
	}
	shape := regexp.MustCompile(`^.+bad\.yaml:\d+:\d+: \S+: .+$`)
	for _, want := range []string{`bad.yaml:3:16: forms[0].nmae: unknown field "nmae": did you mean "name"?`, `bad.yaml:5:46: keys[0].scopes[0]: key "k" scope "admin" is not one of read, write`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	for _, l := range lines {
		if !shape.MatchString(l) {
			t.Errorf("line %q is not file:line:col: path: message", l)
		}
	}
}

func TestScenarioValidateUnreadableFileExits2(t *testing.T) {
	code, _, errOut := runCLI(t, "scenario", "validate", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != 2 || !strings.Contains(errOut, "missing.yaml") {
		t.Fatalf("exit %d, stderr %q; want 2 naming the file", code, errOut)
	}
}

func TestScenarioValidateNeedsAPath(t *testing.T) {
	if code, _, _ := runCLI(t, "scenario", "validate"); code != 2 {
		t.Fatalf("exit %d without PATH, want 2", code)
	}
}

func TestGenRecordPrintsAValueOfTheType(t *testing.T) {
	code, out, _ := runCLI(t, "gen", "record", "--field-type", "identity", "--seed", "7")
	var id string
	if code != 0 || json.Unmarshal([]byte(out), &id) != nil || len(id) != 18 {
		t.Fatalf("exit %d, stdout %q; want 0 and an 18-character identity number", code, out)
	}
	_, again, _ := runCLI(t, "gen", "record", "--field-type", "identity", "--seed", "7")
	if again != out {
		t.Fatalf("same seed printed %q then %q", out, again)
	}
}

func TestGenRecordPrettyPrintsObjects(t *testing.T) {
	code, out, _ := runCLI(t, "gen", "record", "--field-type", "owner_address")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["province"] == nil || !strings.Contains(out, "\n  \"") {
		t.Fatalf("exit %d, stdout %q; want an indented owner_address object", code, out)
	}
}

func TestGenRecordUnknownTypeSuggests(t *testing.T) {
	code, out, errOut := runCLI(t, "gen", "record", "--field-type", "imgae")
	if code != 2 || out != "" || !strings.Contains(errOut, `unknown field type "imgae"`) || !strings.Contains(errOut, "image") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and a suggestion of image", code, out, errOut)
	}
}

func TestGenRecordAllPrintsEveryType(t *testing.T) {
	code, out, _ := runCLI(t, "gen", "record", "--all")
	var list []struct {
		Type  string `json:"field_type"`
		Value any    `json:"field_value"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != len(contract.FieldTypes) {
		t.Fatalf("exit %d; want %d values, got %d", code, len(contract.FieldTypes), len(list))
	}
	for i, ft := range contract.FieldTypes {
		if list[i].Type != ft.Name || list[i].Value == nil {
			t.Errorf("entry %d = %s with %v, want %s with a value", i, list[i].Type, list[i].Value, ft.Name)
		}
	}
}

func TestScenarioValidateMergesPathsIntoOneScenario(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.yaml")
	b := filepath.Join(dir, "b.yaml")
	if err := os.WriteFile(a, []byte("orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]\nforms: [{id: 1, name: 表单}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("records: [{id: 1, form: 1}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{a, b}, {dir}} {
		code, out, errOut := runCLI(t, append([]string{"scenario", "validate"}, args...)...)
		if code != 0 || !strings.Contains(out, ": ok (1 records") {
			t.Errorf("validate %v: exit %d, stdout %q, stderr %q; want one merged scenario with 1 record", args, code, out, errOut)
		}
	}
	if code, out, _ := runCLI(t, "scenario", "validate", b); code != 1 || !strings.Contains(out, "no organization") {
		t.Errorf("b.yaml alone: exit %d, stdout %q; want 1 and the missing organization", code, out)
	}
}
