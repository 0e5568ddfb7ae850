package mockserver_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// TestMockServesTheDerivedProfile: GET /__admin/profile is derive.FromScenario of
// the loaded scenario, so --profile URL and rtq scenario profile agree.
func TestMockServesTheDerivedProfile(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{})
	served, err := profile.Load(context.Background(), m.URL+"/__admin/profile")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(served, derive.FromScenario(sc)) {
		t.Fatalf("the mock serves another profile:\n%.400s", mocktest.Do(t, "GET", m.URL+"/__admin/profile", nil, nil).Body)
	}
}
