package scenario

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// TestInvalidScenariosAreRejected runs every document under
// testdata/invalid: each must be rejected, and the problems (file:line:col:
// path: message, all of them) must equal its .golden file.
func TestInvalidScenariosAreRejected(t *testing.T) {
	files, err := filepath.Glob("testdata/invalid/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no invalid documents found: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(filepath.Base(file), data)
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("Parse(%s) error = %v, want a *LoadError", file, err)
			}
			if name != "syntax-error" && strings.Contains(le.Error(), ": YAML: ") {
				t.Fatalf("%s is meant to test the loader, but is not even valid YAML:\n%v", file, le)
			}
			checkGolden(t, strings.TrimSuffix(file, ".yaml")+".golden", le.Error()+"\n")
		})
	}
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -update to create it): %v", err)
	}
	if got != string(want) {
		t.Errorf("problems differ from %s (run go test -update after checking them)\n--- got\n%s--- want\n%s", path, got, want)
	}
}
