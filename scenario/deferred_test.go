package scenario

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
)

// allTypesYAML is a scenario with one generator of every field type, and
// another of two types with one masked.
func allTypesYAML(count int) []byte {
	var doc strings.Builder
	doc.WriteString("orgs: [{id: 1, name: a, code: a, host: a.example}]\nforms: [{id: 1, name: f}]\ngenerate:\n  records:\n")
	doc.WriteString("    - {count: " + itoa(int64(count)) + ", form: 1, field_types: [")
	for i, ft := range contract.FieldTypes {
		if i > 0 {
			doc.WriteString(", ")
		}
		doc.WriteString(ft.Name)
	}
	doc.WriteString("]}\n    - {count: 3, form: 1, field_types: [name, image], masked: [name]}\n")
	return []byte(doc.String())
}

// TestDeferredValuesAreTheEagerOnes: a generated record whose values are
// made on demand shows exactly the values (and header) an eager load
// draws for it, on every call, and keeps Deferred values in Groups.
func TestDeferredValuesAreTheEagerOnes(t *testing.T) {
	sc, err := Parse("all.yaml", allTypesYAML(30))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range sc.Records[:30] {
		if r.gen == nil {
			t.Fatalf("record %d of an unmasked generator holds its values", r.ID)
		}
		for _, f := range r.Groups[0].Fields {
			if d, ok := f.Value.(*Deferred); !ok || d.Type != f.Type {
				t.Fatalf("record %d field %s: Groups value %T, want *Deferred of its type", r.ID, f.Type, f.Value)
			}
		}
		eager := *r.gen
		eager.deferred = nil
		var want Record
		eager.fill(&want, r.genIndex, fake.New(fake.Derive(eager.seed, int64(r.genIndex))), nil)
		if want.Code != r.Code || want.SubmitAt != r.SubmitAt || want.Recorder != r.Recorder {
			t.Fatalf("record %d: header %s/%d/%v, eager %s/%d/%v", r.ID, r.Code, r.SubmitAt, r.Recorder, want.Code, want.SubmitAt, want.Recorder)
		}
		got, again, exp := mustJSON(t, r.FieldGroups()), mustJSON(t, r.FieldGroups()), mustJSON(t, want.Groups)
		if got != exp || again != got {
			t.Fatalf("record %d: deferred values differ from the eager ones:\n%s\n%s", r.ID, got, exp)
		}
	}
}

// TestMaskedGeneratorsKeepTheirValues: masking checks (the profile, the
// security tests) read masked strings straight from Groups.
func TestMaskedGeneratorsKeepTheirValues(t *testing.T) {
	sc, err := Parse("all.yaml", allTypesYAML(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range sc.Records[1:] {
		if r.gen != nil {
			t.Fatalf("record %d of a masked generator defers its values", r.ID)
		}
		if s, ok := r.Groups[0].Fields[0].Value.(string); !ok || s == "" || !r.Groups[0].Fields[0].Masked {
			t.Fatalf("record %d: masked name value %#v", r.ID, r.Groups[0].Fields[0].Value)
		}
	}
}

func TestDeferredRefusesToBeWritten(t *testing.T) {
	_, err := json.Marshal(Field{Type: "image", Value: &Deferred{Type: "image"}})
	if err == nil || !strings.Contains(err.Error(), "FieldGroups") {
		t.Fatalf("marshal of a Deferred value: %v, want an error naming FieldGroups", err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplacedGroupsWin: a copy of a generated record whose Groups were
// replaced (tests do this) shows its own groups, not the generator's.
func TestReplacedGroupsWin(t *testing.T) {
	sc, err := Parse("all.yaml", allTypesYAML(1))
	if err != nil {
		t.Fatal(err)
	}
	c := *sc.Records[0]
	c.Groups = []Group{{ID: 9, Fields: []Field{{ID: 1, Type: "text", Value: "own"}}}}
	if g := c.FieldGroups(); len(g) != 1 || g[0].ID != 9 {
		t.Fatalf("FieldGroups of a record with replaced groups: %+v", g)
	}
	if g := sc.Records[0].FieldGroups(); g[0].ID != 1 || len(g[0].Fields) != len(contract.FieldTypes) {
		t.Fatalf("the original record lost its generated groups: %d fields", len(g[0].Fields))
	}
}

// TestFieldGroupsConcurrently: the mock renders records from many
// goroutines at once; making deferred values shares nothing mutable (run
// with -race), and every goroutine sees the same values.
func TestFieldGroupsConcurrently(t *testing.T) {
	sc, err := Parse("all.yaml", allTypesYAML(8))
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, 8)
	for i, r := range sc.Records[:8] {
		want[i] = mustJSON(t, r.FieldGroups())
	}
	got := make([][]string, 4)
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, r := range sc.Records[:8] {
				b, _ := json.Marshal(r.FieldGroups())
				got[g] = append(got[g], string(b))
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for i := range want {
			if got[g][i] != want[i] {
				t.Fatalf("goroutine %d, record %d: values differ from a lone call", g, i)
			}
		}
	}
}
