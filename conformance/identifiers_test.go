package conformance

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"

	"github.com/rtq-kit/rtq/profile"
)

// TestOtherKindsNameNothingOfTheirParameter: each parameter is sent the
// identifiers of the other kinds of our objects the run knows (a
// template's tpl_id as a string, a credential's code as template; a
// template's coding and tpl_id as certificate_code), never one of its
// own kind, which a correct target would find.
func TestOtherKindsNameNothingOfTheirParameter(t *testing.T) {
	none := 0
	prof := &profile.Profile{
		Templates: profile.Templates{Items: []profile.Template{{TplID: 9101, Coding: "tpl-a", URL: "https://h/t/tpl-a", SubCodes: &none}}},
		Cases:     []profile.Case{{Name: "move", Code: "c-1"}, {Name: "other", Code: "9101"}},
	}
	tt := &T{r: &runner{prof: prof}}
	got := func(param string) map[string]bool {
		out := map[string]bool{}
		for _, id := range tt.otherKindsFrom(param, profileKinds()) {
			out[id.v] = true
		}
		return out
	}
	tpl := got("template")
	if !tpl["9101"] || !tpl["c-1"] || tpl["tpl-a"] || tpl["https://h/t/tpl-a"] {
		t.Errorf("as template: %v; want the tpl_id and a certificate code, never a template's coding or URL", tpl)
	}
	code := got("certificate_code")
	if !code["tpl-a"] || code["9101"] || code["c-1"] {
		t.Errorf("as certificate_code: %v; want the template's coding, never a case's code (9101 is one)", code)
	}
}

// profileKinds are the kinds of idKinds whose values the profile holds
// (no request reads them).
func profileKinds() []idKind {
	var out []idKind
	for _, k := range idKinds {
		if !k.read {
			out = append(out, k)
		}
	}
	return out
}

// TestOtherKindsCoverEverySlot: the kinds sampled for each parameter are
// never of the kind it takes (nor, for tpl_id, an integer, which may be
// a form), and over seeds every kind the profile holds goes in every
// parameter that does not take it: the pairs are covered.
func TestOtherKindsCoverEverySlot(t *testing.T) {
	formID, none := int64(2001), 0
	prof := &profile.Profile{
		Records: []profile.Record{{ID: 100001, URL: "https://h/r/rec-a", FormID: &formID}},
		Forms:   profile.Forms{IDs: []int64{2001}, Numbers: []string{"FX-001"}},
		Templates: profile.Templates{Items: []profile.Template{
			{TplID: 9101, Coding: "tpl-a", URL: "https://h/t/tpl-a", SubCodes: &none}}},
		Flows:   []profile.Flow{{FormID: 2001, Statuses: []profile.Status{{ID: 1, Name: "待核验"}}}},
		Cases:   []profile.Case{{Name: "move", Code: "c-1", RecordID: 100001}},
		Foreign: profile.Foreign{RecordIDs: []int64{190001}, FormIDs: []int64{2101}, Codings: []string{"other-tpl"}},
		Held: &profile.Held{Records: []profile.HeldRecord{{ID: 100001, Number: "R100001",
			Template: &profile.HeldObject{Name: "设备巡检记录表", Number: "FX-001"}}}},
	}
	kinds := profileKinds()
	for _, param := range []string{"template", "certificate_code", "record_url", "number", "tpl_id"} {
		seen := map[string]bool{}
		for seed := uint64(1); seed <= 400; seed++ {
			tt := &T{r: &runner{prof: prof, opts: Options{Seed: seed}}}
			taken := tt.takenBy(param)
			for _, id := range tt.otherKindsFrom(param, kinds) {
				if taken[id.v] {
					t.Fatalf("seed %d: %s gets %q (%s), which it takes", seed, param, id.v, id.what)
				}
				if param == "tpl_id" && isInteger(id.v) {
					t.Fatalf("seed %d: tpl_id gets the integer %q (%s)", seed, id.v, id.what)
				}
				seen[id.kind] = true
			}
		}
		for _, k := range kinds {
			if k.takenBy[param] {
				continue
			}
			found := seen[k.name]
			integer := true
			for _, v := range k.values(&T{r: &runner{prof: prof}}) {
				integer = integer && isInteger(v)
			}
			if !found && !(param == "tpl_id" && integer) && !(param == "number" && k.name == "form number") {
				t.Errorf("%s: no seed of 400 sends a %s", param, k.name)
			}
		}
	}
}

// TestURLRespellingsNameNothing: every class of urlClasses respells a
// URL (never to itself), keeps its code, and over seeds each site gets
// every class.
func TestURLRespellingsNameNothing(t *testing.T) {
	u := "https://demo.rtq.example/r/demo-all-types"
	for i, c := range urlClasses {
		for alt := 0; alt < 6; alt++ {
			f := c.form(u, alt)
			if f == "" || f == u || !strings.HasSuffix(f, "/demo-all-types") {
				t.Errorf("%s (%d): %q", c.name, alt, f)
			}
		}
		if i == 0 && urlClasses[i].form("not a url", 0) != "" {
			t.Errorf("%s respells what is no URL", c.name)
		}
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 50; seed++ {
		for _, f := range urlRespellings(seed, "record url", u, nil, urlPerSite) {
			seen[f] = true
		}
		// One run's sites together send every class.
		classes := map[string]bool{}
		for _, site := range urlSites {
			for _, f := range urlRespellings(seed, site, u, nil, urlPerSite) {
				for _, c := range urlClasses {
					for alt := 0; alt < 12; alt++ {
						if c.form(u, alt) == f {
							classes[c.name] = true
						}
					}
				}
			}
		}
		if len(classes) != len(urlClasses) {
			t.Errorf("seed %d: the sites send the classes %v, not all %d", seed, classes, len(urlClasses))
		}
	}
	for _, want := range []string{"http://demo.rtq.example/r/demo-all-types", "https://demo.rtq.example/R/demo-all-types",
		"https://www.demo.rtq.example/r/demo-all-types", "https://demo.rtq.example:8443/r/demo-all-types",
		"demo.rtq.example/r/demo-all-types", "//demo.rtq.example/r/demo-all-types",
		"https://someone@demo.rtq.example/r/demo-all-types", "https://@demo.rtq.example/r/demo-all-types"} {
		if !seen[want] {
			t.Errorf("no seed of 50 respells %s as %s", u, want)
		}
	}
}

// TestMarkClasses: the marks of a value differ from it and keep it
// whole between them; the first variant is a full stop after it and
// every lookalike letter.
func TestMarkClasses(t *testing.T) {
	if got := markClasses[0].form("FX-001", 0, nil); got != "FX-001." {
		t.Errorf("punctuated, variant 0: %q", got)
	}
	if got := markClasses[1].form("FX-001", 0, nil); got != "ҒХ-001" && got != "FХ-001" {
		t.Errorf("lookalike, variant 0: %q", got)
	}
	if got := markClasses[1].form("2001", 0, nil); got != "" {
		t.Errorf("lookalike of a value without letters: %q, want none", got)
	}
	for alt := 0; alt < 40; alt++ {
		if got := markClasses[0].form("FX-001", alt, nil); got == "FX-001" || !strings.Contains(got, "FX-001") {
			t.Errorf("punctuated, variant %d: %q", alt, got)
		}
	}
	if got := markedOne(1, "coding", "2001", nil); len(got) != 1 || got[0] == "2001" {
		t.Errorf("markedOne of a value without letters: %q, want a punctuated one", got)
	}
}

// TestOtherKindsOfTheObjectEveryRun: at every seed each parameter gets
// every other identifier of the object it names (a credential's record
// number and id as certificate_code, a form's id and name as number, a
// template's name as template, a form's number as tpl_id): those pairs
// are no sample.
func TestOtherKindsOfTheObjectEveryRun(t *testing.T) {
	formID := int64(2001)
	prof := &profile.Profile{
		Records: []profile.Record{{ID: 100001, URL: "https://h/r/rec-a", FormID: &formID}, {ID: 100002, URL: "https://h/r/rec-b"}},
		Forms:   profile.Forms{IDs: []int64{2001}, Numbers: []string{"FX-001"}},
		Cases:   []profile.Case{{Name: "move", Code: "c-1", RecordID: 100001}},
		Held: &profile.Held{Records: []profile.HeldRecord{
			{ID: 100002, Number: "R100002"},
			{ID: 100001, Number: "R100001", Template: &profile.HeldObject{Name: "设备巡检记录表", Number: "FX-001"}}}},
	}
	want := map[string][]string{
		"certificate_code": {"100001", "R100001"},
		"record_url":       {"100001|100002", "R100001|R100002", "rec-a|rec-b"},
		"number":           {"2001", "设备巡检记录表"},
		"tpl_id":           {"FX-001", "设备巡检记录表"},
	}
	for seed := uint64(1); seed <= 50; seed++ {
		tt := &T{r: &runner{prof: prof, opts: Options{Seed: seed}}}
		for param, vs := range want {
			got := map[string]bool{}
			for _, id := range tt.otherKindsFrom(param, profileKinds()) {
				got[id.v] = true
			}
			for _, alts := range vs {
				found := false
				for _, v := range strings.Split(alts, "|") {
					found = found || got[v]
				}
				if !found {
					t.Errorf("seed %d: %s gets none of %s: %v", seed, param, alts, got)
				}
			}
		}
	}
}

// TestStrangerTargetsNameNoStatusOfTheFlow: the matrix's target from
// the wrong set is a status of another flow under a name and an id the
// record's flow has neither of, the only member of the move beside the
// code and the action, by name and by id on every run; over seeds every
// stranger is sent, and a profile with one flow sends none.
func TestStrangerTargetsNameNoStatusOfTheFlow(t *testing.T) {
	sub := matrixTestSubject()
	flows := []profile.Flow{*sub.flow, {FormID: 8, Statuses: []profile.Status{
		{ID: 2, Name: "B"}, {ID: 11, Name: "X"}, {ID: 12, Name: "Y"}, {ID: 3, Name: "Z"}}}}
	seen := map[string]bool{}
	for seed := range uint64(64) {
		rows := strangerTargets(seed, sub, flows)
		if len(rows) != 2 {
			t.Fatalf("seed %d: %d rows", seed, len(rows))
		}
		for _, r := range rows {
			b := r.body
			to := b["to_certificate_status"].(string)
			if to != "X" && to != "Y" && to != "11" && to != "12" {
				t.Fatalf("seed %d: target %q names a status of the flow, or none of the other", seed, to)
			}
			if len(b) != 3 || b["action_type"] != contract.ActionSetStatus {
				t.Fatalf("seed %d: %v is not a move with the target alone", seed, b)
			}
			seen[to] = true
		}
	}
	if len(seen) != 4 {
		t.Errorf("over seeds the targets were %v, want X, Y, 11 and 12", seen)
	}
	if rows := strangerTargets(1, sub, flows[:1]); len(rows) != 0 {
		t.Errorf("one flow: %d rows", len(rows))
	}
}

// TestTenancyLinesNameTheOtherOrganization: a quarter of the keyed reads
// carry an Origin and a Referer that name the organization the key is
// not of, never ours for our keys nor theirs for theirs, and no write
// or keyless request carries one.
func TestTenancyLinesNameTheOtherOrganization(t *testing.T) {
	s := clientSite{domain: "svc.example", ours: 100, theirs: 200,
		orgs: orgNames{ourCode: "ours", ourHost: "o.svc.example", theirCode: "theirs", theirHost: "t.svc.example"}}
	n, forms := 0, map[string]bool{}
	for gen := uint64(1); gen < 4000; gen += 2 {
		for _, role := range []string{profile.RoleRead, profile.RoleOtherOrg, "none"} {
			lines := tenancyLines(gen*0x9E3779B97F4A7C15|1, contract.GetFormList.Path(), role, s)
			if w := tenancyLines(gen*0x9E3779B97F4A7C15|1, contract.Verify.Path(), role, s); len(w) > 0 {
				t.Fatalf("a write carries %v", w)
			}
			if len(lines) == 0 {
				continue
			}
			if role == "none" || len(lines) != 2 {
				t.Fatalf("%s: %v", role, lines)
			}
			all := strings.Join(lines, " ")
			names := strings.Contains(all, "theirs") || strings.Contains(all, "200") || strings.Contains(all, "t.svc.example")
			if role == profile.RoleOtherOrg {
				names = strings.Contains(all, "ours") || strings.Contains(all, "100") || strings.Contains(all, "o.svc.example")
			}
			if !names || !strings.HasPrefix(lines[0], "Origin: https://") || !strings.HasPrefix(lines[1], "Referer: https://") {
				t.Fatalf("%s: %v names no other organization", role, lines)
			}
			if role == profile.RoleRead {
				n++
				forms[lines[1]] = true
			}
		}
	}
	if n < 300 || n > 700 {
		t.Errorf("%d of 2000 reads carry a tenancy origin, want about a quarter", n)
	}
	if len(forms) != 6 {
		t.Errorf("%d forms of Referer, want 6: %v", len(forms), forms)
	}
}
