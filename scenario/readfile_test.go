//go:build unix

package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// specialDir is a scenario directory with a valid file and, beside it,
// name.yaml made by mk: a link to /dev/zero, a named pipe.
func specialDir(t *testing.T, name string, mk func(string) error) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("orgs: [{id: 1, name: a, code: a, host: a.example}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := mk(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A scenario directory (a cloned repository can hold links and pipes)
// is read only as regular files: a link to /dev/zero was read without
// end (1.5 GB in 4 s), a named pipe blocked the loader until a writer
// came. Both are refused at once, naming the file, by LoadFiles and by
// the --watch watcher's look at the files.
func TestOnlyRegularScenarioFilesAreRead(t *testing.T) {
	for _, c := range []struct {
		name, want string
		mk         func(string) error
	}{
		{"zero.yaml", "character device", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"pipe.yaml", "named pipe", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := specialDir(t, c.name, c.mk)
			_, err := LoadFiles([]string{dir})
			if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, c.name)) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one naming %s as %s", err, c.name, c.want)
			}
			w := NewWatcher([]string{dir}, func() (*Scenario, error) { return LoadFiles([]string{dir}) }, func(*Scenario) {}, t.Logf, time.Millisecond)
			if got := w.Check(time.Now()); got != WatchIdle {
				t.Errorf("unchanged files: %v", got)
			}
		})
	}
}

// A regular file over MaxBytes is refused before it is read, naming it
// and the flag.
func TestScenarioFileSizeIsBounded(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(file, []byte("name: "+strings.Repeat("x", 100)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFiles([]string{file}, WithLimits(Limits{MaxBytes: 100}))
	if err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), "--max-scenario-bytes") {
		t.Fatalf("error %v, want one naming the file and --max-scenario-bytes", err)
	}
}
