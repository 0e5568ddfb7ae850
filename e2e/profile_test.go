package e2e

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rtq-kit/rtq/internal/testscenario"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestFixtureProfileGolden pins the profile derived from the e2e fixture:
// people read profiles (rtq scenario profile), and a change to the
// derivation should be a reviewed diff. (The fixture, not the default
// scenario, so that editing default.yaml never breaks this test.)
func TestFixtureProfileGolden(t *testing.T) {
	got, err := profile.Marshal(scenario.BuildProfile(testscenario.Build()))
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
		t.Fatalf("%v (go test ./e2e -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the default scenario's profile changed; review and run go test ./e2e -run Golden -update")
	}
}

// TestDerivedProfilesValidateAndRoundTrip: a derived profile passes its own
// schema and semantic rules, and load → marshal → load is a fixed point.
func TestDerivedProfilesValidateAndRoundTrip(t *testing.T) {
	for _, setup := range setups(t) {
		p := scenario.BuildProfile(setup.build())
		data, err := profile.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := profile.Parse(setup.name+".json", data)
		if err != nil {
			t.Fatalf("%s: derived profile does not validate:\n%v", setup.name, err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: marshal → parse changed the profile", setup.name)
		}
	}
}

// TestMockServesTheDerivedProfile: GET /__admin/profile is BuildProfile of
// the loaded scenario, so --profile URL and rtq scenario profile agree.
func TestMockServesTheDerivedProfile(t *testing.T) {
	sc := defaultScenario(t)
	url := serve(t, newMock(t, sc).Handler())
	served, err := profile.Load(context.Background(), url+"/__admin/profile")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(served, scenario.BuildProfile(sc)) {
		resp, _ := http.Get(url + "/__admin/profile")
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		t.Fatalf("the mock serves another profile:\n%.400s", body)
	}
}
