package scenarios

import (
	"bytes"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

func load(t *testing.T) *scenario.Scenario {
	t.Helper()
	sc, err := Default()
	if err != nil {
		t.Fatalf("the embedded default scenario does not load:\n%v", err)
	}
	return sc
}

func TestDefaultKeysAreTheDocumentedOnes(t *testing.T) {
	sc := load(t)
	want := map[string]struct {
		org          string
		read, write  bool
		limitedForms int
	}{
		"rtq-demo-read":    {"demo", true, false, 0},
		"rtq-demo-write":   {"demo", true, true, 0},
		"rtq-demo-limited": {"demo", true, true, 1},
		"rtq-other-org":    {"other", true, true, 0},
	}
	if len(sc.Keys) != len(want) {
		t.Fatalf("%d keys, want %d", len(sc.Keys), len(want))
	}
	for _, k := range sc.Keys {
		w, ok := want[k.Secret]
		if !ok || k.Org.Code != w.org || k.Read != w.read || k.Write != w.write || len(k.Forms) != w.limitedForms {
			t.Errorf("key %s (%s): org %s read %v write %v forms %v; want %+v", k.Name, k.Secret, k.Org.Code, k.Read, k.Write, k.Forms, w)
		}
	}
}

func TestDefaultRecordsCoverTheSpec(t *testing.T) {
	sc := load(t)
	types, tplTypes, audits := map[string]bool{}, map[any]bool{}, map[any]bool{}
	masked := map[string]bool{}
	var process, changes, notary, recorderMasked bool
	for _, r := range sc.Records {
		if r.Form == nil {
			tplTypes[nil] = true
		} else {
			tplTypes[r.Form.Type] = true
		}
		if r.Audit == nil {
			audits["none"] = true
		} else if r.Audit.Status != nil {
			audits[*r.Audit.Status] = true
		}
		process = process || r.Process != nil
		changes = changes || len(r.StateChanges) > 0
		notary = notary || r.Notary != nil
		recorderMasked = recorderMasked || r.Recorder.NameMasked
		for _, g := range r.Groups {
			for _, f := range g.Fields {
				types[f.Type] = true
				if f.Masked {
					masked[f.Type] = true
				}
			}
		}
	}
	for _, ft := range contract.FieldTypes {
		if !types[ft.Name] {
			t.Errorf("scenarios/default.yaml: no record has a %s field (row of contract/fields.go): add {type: %s} to record 100001, demo-all-types", ft.Name, ft.Name)
		}
	}
	for _, tt := range contract.RecordTemplateTypes {
		if !tplTypes[tt] {
			t.Errorf("no record has record_template.type %d", tt)
		}
	}
	if !tplTypes[nil] {
		t.Error("no record without a form (record_template.type null)")
	}
	for _, a := range []any{0, 1, 2, "none"} {
		if !audits[a] {
			t.Errorf("no record with audit status %v", a)
		}
	}
	for _, m := range []string{"name", "tel", "identity", "carnumber"} {
		if !masked[m] {
			t.Errorf("no masked %s field", m)
		}
	}
	if !process || !changes || !notary || !recorderMasked {
		t.Errorf("process %v, state changes %v, notary %v, masked recorder %v; want all", process, changes, notary, recorderMasked)
	}
}

func TestDefaultFormsAndTemplatesAreEnoughToPage(t *testing.T) {
	sc := load(t)
	demoForms, big := 0, 0
	var first, last int64 = 1 << 62, 0
	for _, f := range sc.Forms {
		if f.Org.Code == "demo" {
			demoForms++
		}
	}
	demoTemplates := 0
	for _, tp := range sc.Templates {
		if tp.Org.Code == "demo" {
			demoTemplates++
		}
		big = max(big, len(tp.SubCodes))
		first, last = min(first, tp.CreatedAt), max(last, tp.CreatedAt)
	}
	if demoForms < 35 || demoTemplates < 150 || big < 120 {
		t.Errorf("demo forms %d (want >= 35), demo templates %d (>= 150), largest template %d sub-codes (>= 120)", demoForms, demoTemplates, big)
	}
	if contract.ISO(first)[:7] > "2024-11" || contract.ISO(last)[:7] < "2026-11" {
		t.Errorf("templates created %s .. %s; want them spread over 2024-11 .. 2026-11", contract.ISO(first), contract.ISO(last))
	}
}

func TestTheOtherOrganizationOwnsOneOfEverything(t *testing.T) {
	sc := load(t)
	var forms, records, certs, templates int
	for _, f := range sc.Forms {
		if f.Org.Code == "other" {
			forms++
		}
	}
	for _, r := range sc.Records {
		if r.Org.Code == "other" {
			records++
			if r.Cert != nil {
				certs++
			}
		}
	}
	for _, tp := range sc.Templates {
		if tp.Org.Code == "other" {
			templates++
		}
	}
	if forms == 0 || records == 0 || certs == 0 || templates == 0 {
		t.Errorf("other org: %d forms, %d records, %d credential records, %d templates; want some of each", forms, records, certs, templates)
	}
}

func TestDefaultYAMLIsACopy(t *testing.T) {
	a := DefaultYAML()
	a[0] ^= 0xff
	if bytes.Equal(a, DefaultYAML()) {
		t.Fatal("DefaultYAML hands out the embedded bytes themselves")
	}
}

func TestEveryShippedScenarioLoads(t *testing.T) {
	entries, err := FS.ReadDir(".")
	if err != nil || len(entries) < 2 {
		t.Fatalf("embedded scenarios: %v, %d files", err, len(entries))
	}
	for _, e := range entries {
		data, err := FS.ReadFile(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := scenario.Parse(e.Name(), data); err != nil {
			t.Errorf("%s does not load:\n%v", e.Name(), err)
		}
	}
}

// Default loads the embedded file scenario.Trusted (no schema check at
// start-up); this is the check it skips, and the proof that skipping it
// changes nothing.
func TestDefaultPassesTheSchema(t *testing.T) {
	checked, err := scenario.Parse(DefaultFile, defaultYAML)
	if err != nil {
		t.Fatalf("the embedded default scenario fails the schema:\n%v", err)
	}
	a, err := scenario.Marshal(checked)
	if err != nil {
		t.Fatal(err)
	}
	b, err := scenario.Marshal(load(t))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("the trusted load of the default scenario differs from the checked one")
	}
}
