package testkit

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/rtq-kit/rtq"

// importRules are the arrows the house forbids, by package: a package
// matching from (itself or below it) must not depend on anything at or
// below to, outside its own tests. The mock/runner rule has its own tests
// in both packages too (TestRunnerDoesNotImportTheMock,
// TestMockserverDoesNotImportTheRunner); here every rule is in one table.
var importRules = []struct {
	from, to, why string
}{
	{"", "internal/testkit", "testkit is the top floor: test support may import the product, never the other way"},
	{"scenario", "profile", "scenario only loads and validates; a scenario's profile is made in profile/derive"},
	{"conformance", "mockserver", "the runner judges by the contract, never by sharing the mock's logic"},
	{"conformance", "scenario", "the runner judges by the contract, never by the mock's scenario format"},
	{"mockserver", "conformance", "the mock does not ask the runner what is right"},
	{"contract", "", "contract is the ground floor: the other packages read it, it reads none of them"},
}

// TestImportRules checks every rule of importRules against go list -deps
// (the non-test dependencies of each package of the module).
func TestImportRules(t *testing.T) {
	deps := moduleDeps(t)
	for _, r := range importRules {
		for pkg, ds := range deps {
			if !under(pkg, r.from) || (r.from == "" && under(pkg, "internal/testkit")) {
				continue
			}
			for _, d := range ds {
				if under(d, r.to) && d != pkg {
					t.Errorf("%s imports %s: %s", pkg, d, r.why)
				}
			}
		}
	}
}

// TestNoProductPackageImportsTestkit is the first rule on its own, named
// for what it guards: every package outside internal/testkit is product.
func TestNoProductPackageImportsTestkit(t *testing.T) {
	deps := moduleDeps(t)
	for pkg, ds := range deps {
		if under(pkg, "internal/testkit") {
			continue
		}
		for _, d := range ds {
			if under(d, "internal/testkit") {
				t.Errorf("product package %s depends on %s: test support is imported by tests only", pkg, d)
			}
		}
	}
	if _, ok := deps[module+"/internal/testkit/mocktest"]; !ok {
		t.Fatalf("go list did not list internal/testkit/mocktest: the test would prove nothing")
	}
}

// moduleDeps lists each package of the module with its dependencies inside
// the module (non-test: a _test.go file may import anything).
func moduleDeps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		var own []string
		for _, d := range fields[1:] {
			if under(d, "") {
				own = append(own, d)
			}
		}
		deps[fields[0]] = own
	}
	if len(deps) < 20 {
		t.Fatalf("go list listed %d packages of the module: the test would prove nothing", len(deps))
	}
	return deps
}

// under reports whether pkg is the module's package rel or below it ("" is
// the whole module).
func under(pkg, rel string) bool {
	p := module
	if rel != "" {
		p += "/" + rel
	}
	return pkg == p || strings.HasPrefix(pkg, p+"/")
}
