package conformance

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestEveryRunSendsEveryExoticClass: the search key gets every class of
// exotic strings on every run, and the other string members together
// get every class too; times get none.
func TestEveryRunSendsEveryExoticClass(t *testing.T) {
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{DefaultSeed, 5} {
		others := map[string]bool{}
		for _, ep := range contract.Endpoints {
			sch := all[ep.Name]
			for _, n := range sch.Names() {
				if !exoticMember(sch.Properties[n], n) {
					continue
				}
				cs := exoticValues(seed, ep, n, "FX-001")
				if freeText[ep.Name+" "+n] && len(cs) != len(exoticClasses)+len(columnWidths) {
					t.Errorf("%s %s: %d classes, want every one and a width of each band", ep.Name, n, len(cs))
				}
				for _, c := range cs {
					others[c.name] = others[c.name] || !freeText[ep.Name+" "+n]
				}
			}
		}
		for _, c := range exoticClasses {
			if !others["exotic."+c.name] {
				t.Errorf("seed %d: no member but the search key gets %s", seed, c.name)
			}
		}
	}
	if exoticMember(all[contract.TemplatesList.Name].Properties["start_time"], "start_time") {
		t.Error("a time takes exotic strings")
	}
}

// TestExoticStringsHoldWhatTheyName: each class holds what it is named
// for, around the held value.
func TestExoticStringsHoldWhatTheyName(t *testing.T) {
	for _, c := range exoticClasses {
		s := c.write("FX-001")
		if !strings.Contains(s, "FX-001") || !utf8.ValidString(s) {
			t.Errorf("%s: %q does not hold the held value", c.name, s)
		}
		var astral, control bool
		for _, r := range s {
			astral = astral || r > 0xFFFF
			control = control || r < 0x20
		}
		switch {
		case c.name == "astral" && !astral, c.name == "control" && !control, c.name == "long" && utf8.RuneCountInString(s) < 2000:
			t.Errorf("%s: %q is not one", c.name, s)
		}
		if c.name != "long" {
			continue
		}
		// Cut at any count of bytes past the held value, the long text is
		// cut inside a character at three counts in four.
		inside := 0
		for n := len("FX-001巡检"); n < len("FX-001巡检")+400; n++ {
			if !utf8.ValidString(s[:n]) {
				inside++
			}
		}
		if inside < 300 {
			t.Errorf("long: cut at 400 byte counts past the held value, %d cuts fall inside a character, want 300", inside)
		}
	}
}

// TestEveryRunSendsEveryWrongType: the wrong JSON types of a string
// member (numbers) and of an integer member (a word, an empty string)
// turn over the members of their type, so that each run sends each of
// them to some member; every member gets a boolean.
func TestEveryRunSendsEveryWrongType(t *testing.T) {
	all, _ := rules.RequestSchemas()
	for _, seed := range []uint64{DefaultSeed, 9} {
		sent := map[string]bool{}
		for _, ep := range contract.Endpoints {
			for _, c := range valueCases(seed, ep, all[ep.Name], &profile.Profile{}) {
				if strings.HasSuffix(c.what, "(wrongType)") {
					sent[c.what[strings.IndexByte(c.what, ' ')+1:strings.LastIndexByte(c.what, ' ')]] = true
				}
			}
		}
		for _, v := range []string{"42", "0", `"abc"`, `""`} {
			if !sent[v] {
				t.Errorf("seed %d: no member got the wrong type %s (sent %v)", seed, v, sent)
			}
		}
	}
}
