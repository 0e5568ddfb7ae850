package scenario

import (
	"os"
	"path/filepath"
	"testing"
)

// A trusted load skips the schema, not the loader's judgement: a valid
// file loads the same, a broken one is still refused with a problem.
func TestTrustedSkipsOnlyTheSchema(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "valid", "minimal.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	checked, err := Parse("minimal.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	trusted, err := Parse("minimal.yaml", data, Trusted())
	if err != nil {
		t.Fatalf("trusted load of a valid file: %v", err)
	}
	a, _ := Marshal(checked)
	b, _ := Marshal(trusted)
	if string(a) != string(b) {
		t.Error("the trusted load differs from the checked one")
	}
	for _, bad := range []string{"orgs: 7\n", "keys: [{name: 1}]\norgs: {x: 1}\n", "- a list\n"} {
		if _, err := Parse("bad.yaml", []byte(bad), Trusted()); err == nil {
			t.Errorf("trusted load of %q: no error", bad)
		}
	}
}
