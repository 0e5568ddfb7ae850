package foreign_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportsOnlyTheStandardLibrary: the service is independent of rtq only
// if none of rtq's packages (the mock, its state and wire format, the
// scenario format, the faker, even contract) is among its dependencies.
func TestImportsOnlyTheStandardLibrary(t *testing.T) {
	const self = "github.com/rtq-kit/rtq/testkit/foreign"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", self).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", self, err, out)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, std, _ := strings.Cut(line, " ")
		seen++
		if path != self && std != "true" {
			t.Errorf("foreign depends on %s: it must be written from the contract alone, with the standard library", path)
		}
	}
	if seen < 10 {
		t.Fatalf("go list -deps listed %d packages: the test would prove nothing", seen)
	}
}
