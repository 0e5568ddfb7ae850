//go:build unix

package hostilefiles

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Kind is one kind of path a test gives where rtq wants a regular file.
type Kind struct {
	// Name says what it is, for a subtest's name.
	Name string
	// Make creates it in dir, named name, and returns its path.
	Make func(t testing.TB, dir, name string) string
}

// Kinds are every kind, in a fixed order.
var Kinds = []Kind{
	{"named pipe", Pipe},
	{"link to /dev/zero", DevZero},
	{"directory", Dir},
	{"sparse file of 600 MB", Sparse},
}

// Pipe makes a named pipe. A reader a failing test leaves blocked in
// open(2) is let go when the test ends.
func Pipe(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return p
}

// DevZero makes a symbolic link to /dev/zero, a file without end.
func DevZero(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Symlink("/dev/zero", p); err != nil {
		t.Fatal(err)
	}
	return p
}

// Dir makes an empty directory.
func Dir(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Sparse makes a sparse file of SparseSize bytes, all of them a hole.
func Sparse(t testing.TB, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, SparseSize); err != nil {
		t.Fatal(err)
	}
	return p
}
