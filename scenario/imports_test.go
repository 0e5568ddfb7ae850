package scenario

import (
	"os/exec"
	"strings"
	"testing"
)

// TestScenarioDoesNotImportProfile: package scenario only loads and
// validates scenarios; the profile a scenario implies is made in
// profile/derive, beside profile/discover. A scenario that imported profile
// would do that second job again.
func TestScenarioDoesNotImportProfile(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/rtq-kit/rtq/scenario").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./scenario: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "github.com/rtq-kit/rtq/profile" || strings.HasPrefix(dep, "github.com/rtq-kit/rtq/profile/") {
			t.Errorf("scenario depends on %s: deriving a profile belongs in profile/derive", dep)
		}
	}
}
