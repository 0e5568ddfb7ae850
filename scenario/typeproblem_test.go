package scenario

import "testing"

// TestTrustedLoadWordsWrongTypesAsTheSchemaDoes: the WebAssembly build
// has no schema check (schema_js.go) and loads YAML given to
// createMock as Trusted does; a member of the wrong type must still be
// refused with the words rtq mock prints, not the decoder's.
func TestTrustedLoadWordsWrongTypesAsTheSchemaDoes(t *testing.T) {
	for _, doc := range []string{
		"orgs: 3\n",
		"name: x\norgs: {id: 1}\n",
		"name: [1]\norgs: []\n",
		"seed: yes\n",
		"keys: 7\norgs: [{id: 1, name: O, code: o, host: o.example}]\n",
	} {
		_, checked := Parse("scenario.yaml", []byte(doc))
		_, trusted := Parse("scenario.yaml", []byte(doc), Trusted())
		if checked == nil || trusted == nil {
			t.Fatalf("%q: accepted (checked %v, trusted %v)", doc, checked, trusted)
		}
		if trusted.Error() != checked.Error() {
			t.Errorf("%q:\ntrusted: %v\nchecked: %v", doc, trusted, checked)
		}
	}
}
