package mockserver

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// floors are the rooms of mockserver by floor: a package may import only
// rooms on a lower floor, so data flows one way (doc.go) and no import
// runs back up. A new package under mockserver needs a floor here.
var floors = map[string]int{
	"mockserver/adminpage":                0,
	"mockserver/internal/jsonw":           -1,
	"mockserver/internal/answer":          -1,
	"mockserver/internal/coverage":        0,
	"mockserver/internal/fail":            0,
	"mockserver/internal/state":           1,
	"mockserver/internal/wire":            2,
	"mockserver/internal/journal":         3,
	"mockserver/internal/namespace":       4,
	"mockserver/internal/store":           5,
	"mockserver/internal/store/storetest": 6,
	"mockserver/internal/chain":           5,
	"mockserver/internal/logging":         6,
	"mockserver/internal/handlers":        6,
	"mockserver/internal/transport":       6,
	"mockserver/internal/faults":          6,
	"mockserver/internal/admin":           6,
	"mockserver":                          7,
}

func TestRoomsImportOnlyDownward(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "github.com/rtq-kit/rtq/mockserver/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const module = "github.com/rtq-kit/rtq/"
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		room := strings.TrimPrefix(p.ImportPath, module)
		floor, ok := floors[room]
		if !ok {
			t.Errorf("%s has no floor: add it to floors in layers_test.go", room)
			continue
		}
		seen++
		for _, imp := range p.Imports {
			dep := strings.TrimPrefix(imp, module)
			if depFloor, mine := floors[dep]; mine && depFloor >= floor {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports go down only", room, floor, dep, depFloor)
			}
		}
	}
	if seen != len(floors) {
		t.Errorf("go list found %d of the %d rooms in floors", seen, len(floors))
	}
}

// forbidden are packages outside the mock a room must not import, its
// tests included, with why: the encoder works on the mock's own view of an
// answer (package answer), which the state makes from the scenario, so the
// bytes of an answer never depend on the file format it was loaded from.
var forbidden = map[string]map[string]string{
	"mockserver/internal/wire":   {"scenario": "the encoder reads package answer's types, made by the state (state/answer.go)"},
	"mockserver/internal/answer": {"scenario": "the mock's own view of an answer is made from the scenario by the state, not by itself"},
}

func TestRoomsKeepOffForbiddenPackages(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "github.com/rtq-kit/rtq/mockserver/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const module = "github.com/rtq-kit/rtq/"
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := map[string]bool{}
	for dec.More() {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		room := strings.TrimPrefix(p.ImportPath, module)
		rules, ok := forbidden[room]
		if !ok {
			continue
		}
		seen[room] = true
		for _, imp := range append(append(p.Imports, p.TestImports...), p.XTestImports...) {
			if why, no := rules[strings.TrimPrefix(imp, module)]; no {
				t.Errorf("%s (or its tests) imports %s: %s", room, imp, why)
			}
		}
	}
	for room := range forbidden {
		if !seen[room] {
			t.Errorf("forbidden names %s, which go list does not find", room)
		}
	}
}

// TestRoomTestsImportOnlyDownward: a room's own tests keep its floor too,
// so a room is tested by what is below it (and testkit), never
// through a room above; a room's own suite under it (store/storetest) is
// its own.
func TestRoomTestsImportOnlyDownward(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,TestImports,XTestImports", "github.com/rtq-kit/rtq/mockserver/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const module = "github.com/rtq-kit/rtq/"
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath                string
			TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		room := strings.TrimPrefix(p.ImportPath, module)
		floor, ok := floors[room]
		if !ok || room == "mockserver" {
			continue
		}
		for _, imp := range append(p.TestImports, p.XTestImports...) {
			dep := strings.TrimPrefix(imp, module)
			if depFloor, mine := floors[dep]; mine && depFloor >= floor && dep != room && !strings.HasPrefix(dep, room+"/") {
				t.Errorf("a test of %s (floor %d) imports %s (floor %d): a room is tested from its floor down", room, floor, dep, depFloor)
			}
		}
	}
}

// TestEveryRoomHasItsOwnTests: every room under mockserver/internal has
// tests beside its code (docs/architecture.md, "Inside the mock"), and
// the test files the rooms table names there exist.
func TestEveryRoomHasItsOwnTests(t *testing.T) {
	doc, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		if cells := strings.Split(line, " | "); len(cells) == 4 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[0], "| `")] = cells[3]
		}
	}
	for room := range floors {
		name, ok := strings.CutPrefix(room, "mockserver/internal/")
		if !ok || strings.Contains(name, "/") {
			continue // the mock itself, the page's files, a room's own suite
		}
		dir := filepath.Join("internal", name)
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if len(tests) == 0 {
			t.Errorf("%s has no test beside its code: add %s/<file>_test.go", room, dir)
		}
		row, listed := rows[name]
		if !listed {
			t.Errorf("docs/architecture.md: the rooms table has no row for %s", name)
		}
		for _, f := range regexp.MustCompile("`([a-z_]+_test\\.go)`").FindAllStringSubmatch(row, -1) {
			if _, err := os.Stat(filepath.Join(dir, f[1])); err != nil {
				t.Errorf("docs/architecture.md names %s/%s, which does not exist", dir, f[1])
			}
		}
	}
}
