//go:build unix

package hostilefiles

import (
	"fmt"
	"io/fs"
	"os"
	"testing"
)

// Each maker makes what it says, as os.Stat sees it through links.
func TestEachKindIsWhatItSays(t *testing.T) {
	dir := t.TempDir()
	want := map[string]func(fs.FileInfo) bool{
		"named pipe":            func(i fs.FileInfo) bool { return i.Mode()&fs.ModeNamedPipe != 0 },
		"link to /dev/zero":     func(i fs.FileInfo) bool { return i.Mode()&fs.ModeCharDevice != 0 },
		"directory":             func(i fs.FileInfo) bool { return i.IsDir() },
		"sparse file of 600 MB": func(i fs.FileInfo) bool { return i.Mode().IsRegular() && i.Size() == SparseSize },
	}
	if len(Kinds) != len(want) {
		t.Fatalf("%d kinds, %d checked", len(Kinds), len(want))
	}
	for i, k := range Kinds {
		p := k.Make(t, dir, fmt.Sprint("f", i))
		info, err := os.Stat(p)
		if err != nil || want[k.Name] == nil || !want[k.Name](info) {
			t.Errorf("%s (%s): %v, %v", k.Name, p, info, err)
		}
	}
}
