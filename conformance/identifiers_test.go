package conformance

import (
	"testing"

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
		for _, id := range tt.otherKindsFor(param) {
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
