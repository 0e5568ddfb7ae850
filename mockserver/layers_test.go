package mockserver

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// floors are the rooms of mockserver by floor: a package may import only
// rooms on a lower floor, so data flows one way (doc.go) and no import
// runs back up. A new package under mockserver needs a floor here.
var floors = map[string]int{
	"mockserver/adminpage":                0,
	"mockserver/internal/jsonw":           0,
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
