package derive_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

var update = flag.Bool("update", false, "rewrite testdata/fixture-profile.json")

// TestFixtureProfileGolden pins the profile derived from the test fixture:
// people read profiles (rtq scenario profile), and a change to the
// derivation should be a reviewed diff. (The fixture, not the default
// scenario, so that editing default.yaml never breaks this test.)
func TestFixtureProfileGolden(t *testing.T) {
	got, err := profile.Marshal(derive.FromScenario(testscenario.Build()))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "fixture-profile.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./profile/derive -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the fixture's profile changed; review and run go test ./profile/derive -run Golden -update")
	}
}

// TestDerivedProfilesValidateAndRoundTrip: a derived profile passes its own
// schema and semantic rules, and load → marshal → load is a fixed point.
func TestDerivedProfilesValidateAndRoundTrip(t *testing.T) {
	def, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	for name, sc := range map[string]*scenario.Scenario{"fixture": testscenario.Build(), "default": def} {
		p := derive.FromScenario(sc)
		data, err := profile.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := profile.Parse(name+".json", data)
		if err != nil {
			t.Fatalf("%s: derived profile does not validate:\n%v", name, err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: marshal → parse changed the profile", name)
		}
	}
}
