package testkit

import (
	"os"
	"os/exec"
	"regexp"
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
	{"", "testkit", "testkit is test support: it may import the product, never the other way"},
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
			if !under(pkg, r.from) || (r.from == "" && under(pkg, "testkit")) {
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
// for what it guards: every package outside testkit is product.
func TestNoProductPackageImportsTestkit(t *testing.T) {
	deps := moduleDeps(t)
	for pkg, ds := range deps {
		if under(pkg, "testkit") {
			continue
		}
		for _, d := range ds {
			if under(d, "testkit") {
				t.Errorf("product package %s depends on %s: test support is imported by tests only", pkg, d)
			}
		}
	}
	if _, ok := deps[module+"/testkit/mocktest"]; !ok {
		t.Fatalf("go list did not list testkit/mocktest: the test would prove nothing")
	}
}

// moduleDeps lists each package of the module that has code with its
// dependencies inside the module (non-test: a _test.go file may import
// anything).
func moduleDeps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{if .GoFiles}}{{.ImportPath}}{{range .Deps}} {{.}}{{end}}{{"\n"}}{{end}}`, module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue // a folder of tests alone (e2e): no code to place
		}
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

// floorsDoc is the page whose floors table this file holds the imports to.
const floorsDoc = "../docs/architecture.md"

// floorRow is one package path of the floors table: rel is the path below
// the module ("cmd/..." covers the folder and everything below it), rank
// the floor's place counted from the ground.
type floorRow struct {
	rel   string
	floor string
	rank  int
}

// floorsTable reads the floors table of docs/architecture.md: its rows
// "| floor | `path` | job |", the floors ranked in the order they first
// appear, from the ground up.
func floorsTable(t *testing.T) []floorRow {
	t.Helper()
	doc, err := os.ReadFile(floorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| ([a-z]+) \\| (`[^|]+) \\| ")
	path := regexp.MustCompile("`([a-z0-9/.]+)`")
	ranks := map[string]int{}
	var rows []floorRow
	for _, line := range strings.Split(string(doc), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if _, ok := ranks[m[1]]; !ok {
			ranks[m[1]] = len(ranks)
		}
		for _, p := range path.FindAllStringSubmatch(m[2], -1) {
			rows = append(rows, floorRow{rel: strings.TrimSuffix(p[1], "/..."), floor: m[1], rank: ranks[m[1]]})
		}
	}
	if len(ranks) < 5 || len(rows) < 20 {
		t.Fatalf("%s: read %d floors and %d packages from its floors table: the tests would prove nothing", floorsDoc, len(ranks), len(rows))
	}
	return rows
}

// place finds the row of the floors table that holds pkg: the longest
// path it lies under.
func place(rows []floorRow, pkg string) (floorRow, bool) {
	best, found := floorRow{}, false
	for _, r := range rows {
		if under(pkg, r.rel) && (!found || len(r.rel) > len(best.rel)) {
			best, found = r, true
		}
	}
	return best, found
}

// TestFloorsTablePlacesEveryPackage: every package of the module that has
// code stands on a floor of docs/architecture.md, so a new package is
// placed on purpose.
func TestFloorsTablePlacesEveryPackage(t *testing.T) {
	rows := floorsTable(t)
	for pkg := range moduleDeps(t) {
		if _, ok := place(rows, pkg); !ok {
			t.Errorf("%s is on no floor: add its row to the floors table of %s", strings.TrimPrefix(pkg, module+"/"), floorsDoc)
		}
	}
}

// TestEachFolderIsOneFloor: the rows of one top-level folder name one
// floor, so drawn by folder the house shows its floors.
func TestEachFolderIsOneFloor(t *testing.T) {
	floors := map[string]floorRow{}
	for _, r := range floorsTable(t) {
		top, _, _ := strings.Cut(r.rel, "/")
		if prev, ok := floors[top]; ok && prev.floor != r.floor {
			t.Errorf("%s: folder %s/ stands on two floors, %s (%s) and %s (%s): a folder is one floor", floorsDoc, top, prev.floor, prev.rel, r.floor, r.rel)
		}
		floors[top] = r
	}
}

// TestImportsRunDownTheFloors: no package imports one on a floor above its
// own, by the floors table of docs/architecture.md.
func TestImportsRunDownTheFloors(t *testing.T) {
	rows := floorsTable(t)
	for pkg, ds := range moduleDeps(t) {
		from, ok := place(rows, pkg)
		if !ok {
			continue // TestFloorsTablePlacesEveryPackage names it
		}
		for _, d := range ds {
			if to, ok := place(rows, d); ok && to.rank > from.rank {
				t.Errorf("%s (floor %s) imports %s (floor %s, above it): by %s imports run down", strings.TrimPrefix(pkg, module+"/"), from.floor, strings.TrimPrefix(d, module+"/"), to.floor, floorsDoc)
			}
		}
	}
}
