package scenario

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func mustParseFile(t *testing.T, path string, opts ...Option) *Scenario {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse(filepath.Base(path), data, opts...)
	if err != nil {
		t.Fatalf("Parse(%s): %v", path, err)
	}
	return sc
}

func TestMinimalScenarioGetsItsDefaults(t *testing.T) {
	sc := mustParseFile(t, "testdata/valid/minimal.yaml")
	if sc.Seed != DefaultSeed || sc.HTTPStatus != StatusPerCode {
		t.Errorf("seed %d, http_status %q; want defaults %d, per_code", sc.Seed, sc.HTTPStatus, DefaultSeed)
	}
	k := sc.Keys[0]
	if k.Org != sc.Orgs[0] || !k.Read || k.Write || k.Forms != nil {
		t.Errorf("key %+v: want read-only key of the first organization, all forms", k)
	}
	f := sc.Forms[0]
	if f.TypeText != "普通表单" || f.Number != "F2001" || f.UpdatedAt != f.CreatedAt || f.CreatedAt == 0 {
		t.Errorf("form defaults: %+v", f)
	}
	r := sc.Records[0]
	if r.QRCode == nil || r.QRCode.Form != f || len(sc.QRCodes) != 1 {
		t.Fatalf("record QR code %+v: want one generated for form 2001", r.QRCode)
	}
	if r.URL != "https://demo.rtq.example/r/"+r.Code || r.Number != "R100001" || r.SubmitMethod != DefaultSubmitMethod {
		t.Errorf("record identity: url %q code %q number %q", r.URL, r.Code, r.Number)
	}
	fields := r.Groups[0].Fields
	if len(fields) != 2 || !fields[0].Masked || fields[0].Title != "姓名" || fields[0].Value == "" || fields[1].ID != 102 {
		t.Errorf("fields: %+v", fields)
	}
	if _, ok := fields[1].Value.([]any); !ok {
		t.Errorf("image value %T, want []any", fields[1].Value)
	}
}

func TestSameSeedSameScenarioOtherSeedOtherValues(t *testing.T) {
	a1 := digest(t, mustLoad(t))
	a2 := digest(t, mustLoad(t))
	if a1 != a2 {
		t.Fatal("two loads of the same files differ")
	}
	b := digest(t, mustLoad(t, WithSeed(99)))
	if a1 == b {
		t.Fatal("WithSeed(99) produced the same generated data as seed 5")
	}
}

func mustLoad(t *testing.T, opts ...Option) *Scenario {
	t.Helper()
	sc, err := LoadFiles([]string{"testdata/merge"}, opts...)
	if err != nil {
		t.Fatalf("LoadFiles: %v", err)
	}
	return sc
}

// digest is the scenario as JSON, with pointers written as ids.
func digest(t *testing.T, sc *Scenario) string {
	t.Helper()
	type rec struct {
		ID                int64
		Number, Code, URL string
		SubmitAt          int64
		Method            string
		Recorder          Recorder
		Groups            []Group
		Form, QR          int64
	}
	var recs []rec
	for _, r := range sc.Records {
		var form int64
		if r.Form != nil {
			form = r.Form.ID
		}
		recs = append(recs, rec{r.ID, r.Number, r.Code, r.URL, r.SubmitAt, r.SubmitMethod, r.Recorder, r.FieldGroups(), form, r.QRCode.ID})
	}
	data, err := json.Marshal(struct {
		Recs  []rec
		Forms []int64
		Seed  int64
	}{recs, []int64{sc.Forms[0].CreatedAt}, sc.Seed})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestWithSeedKeepsWrittenValues(t *testing.T) {
	sc := mustLoad(t, WithSeed(12345))
	if sc.Seed != 12345 {
		t.Fatalf("seed %d, want the override 12345", sc.Seed)
	}
	if sc.Records[0].ID != 100001 || sc.Records[0].Groups[0].Fields[0].Type != "text" {
		t.Fatalf("written record changed: %+v", sc.Records[0])
	}
}

func TestLoadFilesMergesADirectory(t *testing.T) {
	sc := mustLoad(t)
	if sc.Name != "合并示例" || sc.Seed != 5 || len(sc.Records) != 11 {
		t.Fatalf("merged: name %q seed %d records %d; want 合并示例, 5, 11", sc.Name, sc.Seed, len(sc.Records))
	}
	if got := sc.Records[1].ID; got != 100002 {
		t.Errorf("first generated id %d, want 100002 (after the highest written id)", got)
	}
}

func TestLoadFilesReportsConflictsAcrossFiles(t *testing.T) {
	_, err := LoadFiles([]string{"testdata/merge-conflict"})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("error %v, want a *LoadError", err)
	}
	text := le.Error()
	for _, want := range []string{
		filepath.Join("testdata", "merge-conflict", "b.yaml") + ":1:1: seed: seed 6 differs from 5",
		filepath.Join("testdata", "merge-conflict", "b.yaml") + ":3:6: forms[0].id: form id 2001 is used twice",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("problems lack %q:\n%s", want, text)
		}
	}
}

func TestLoadFilesUnreadablePathIsAPlainError(t *testing.T) {
	_, err := LoadFiles([]string{"testdata/no-such-file.yaml"})
	var le *LoadError
	if err == nil || errors.As(err, &le) {
		t.Fatalf("error %v, want a plain (not *LoadError) error", err)
	}
}

func TestEveryProblemIsReported(t *testing.T) {
	_, err := Parse("x.yaml", []byte("orgs: [{id: 1, name: a, code: a, host: a.example}]\nforms:\n  - {id: 1, name: f, project: 9}\n  - {id: 2, name: g, project: 8}\n"))
	var le *LoadError
	if !errors.As(err, &le) || len(le.Problems) != 2 {
		t.Fatalf("error %v; want both dangling projects reported", err)
	}
	if p := le.Problems[1]; p.Line != 4 || p.Column != 22 || p.Path != "forms[1].project" {
		t.Errorf("second problem at %d:%d %s, want 4:22 forms[1].project", p.Line, p.Column, p.Path)
	}
}

func TestEveryGeneratedValueFitsItsShape(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("orgs: [{id: 1, name: a, code: a, host: a.example}]\nforms: [{id: 1, name: f}]\ngenerate:\n  records:\n    - {count: 40, form: 1, field_types: [")
	doc.WriteString(allFieldTypes())
	doc.WriteString("]}\n")
	sc, err := Parse("all.yaml", []byte(doc.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range sc.Records {
		for _, f := range r.FieldGroups()[0].Fields {
			if p, reason := checkValue(f.Type, f.Value); reason != "" {
				t.Fatalf("record %d field %s: value%s: %s", r.ID, f.Type, p, reason)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, glob := range []string{"testdata/valid/*.yaml", "testdata/invalid/*.yaml", "testdata/merge/*"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("fuzz.yaml", data, func(o *options) { o.limit = 50 })
		if err == nil && sc == nil {
			t.Fatal("no scenario and no error")
		}
		var le *LoadError
		if errors.As(err, &le) && len(le.Problems) == 0 {
			t.Fatal("a LoadError with no problems")
		}
	})
}

// TestMarshalIsAFixedPoint: load → Marshal → load gives the same scenario,
// also under another seed (everything generated is written out), and
// marshals to the same bytes.
func TestMarshalIsAFixedPoint(t *testing.T) {
	defaultYAML, err := os.ReadFile("../scenarios/default.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The default without its bulk generators (slow under -race; the merge
	// files cover generated records).
	handWritten, _, _ := strings.Cut(string(defaultYAML), "\ngenerate:")
	cases := map[string]func() *Scenario{
		"minimal": func() *Scenario { return mustParseFile(t, "testdata/valid/minimal.yaml") },
		"merge":   func() *Scenario { return mustLoad(t) },
		"default": func() *Scenario {
			sc, err := Parse("default.yaml", []byte(handWritten))
			if err != nil {
				t.Fatal(err)
			}
			return sc
		},
	}
	for file, load := range cases {
		first := load()
		out, err := Marshal(first)
		if err != nil {
			t.Fatal(err)
		}
		second, err := Parse("marshalled.yaml", out, WithSeed(first.Seed+1))
		if err != nil {
			t.Fatalf("%s: the marshalled scenario does not load:\n%v", file, err)
		}
		second.Seed = first.Seed // the one difference the other seed may make
		again, err := Marshal(second)
		if err != nil {
			t.Fatal(err)
		}
		if string(again) != string(out) {
			t.Fatalf("%s: Marshal of the reloaded scenario differs", file)
		}
		if digest(t, first) != digest(t, second) {
			t.Fatalf("%s: load → Marshal → load changed the records", file)
		}
	}
}

// allFieldTypes lists every field type of the spec for a generator's
// field_types, so tests that generate each type stay complete as the
// contract grows.
func allFieldTypes() string {
	names := make([]string, len(contract.FieldTypes))
	for i, ft := range contract.FieldTypes {
		names[i] = ft.Name
	}
	return strings.Join(names, ", ")
}
