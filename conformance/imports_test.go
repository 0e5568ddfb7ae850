package conformance

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRunnerDoesNotImportTheMock: the runner judges by the spec, never by
// sharing the mock's logic, so neither the mock nor the scenario format is
// among its dependencies. (The other direction is
// TestMockserverDoesNotImportTheRunner in mockserver.)
func TestRunnerDoesNotImportTheMock(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/rtq-kit/rtq/conformance/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./conformance/...: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"mockserver", "scenario", "scenarios"} {
			if dep == "github.com/rtq-kit/rtq/"+banned || strings.HasPrefix(dep, "github.com/rtq-kit/rtq/"+banned+"/") {
				t.Errorf("conformance depends on %s: the runner must judge by the spec, not share the mock's logic", dep)
			}
		}
	}
}
