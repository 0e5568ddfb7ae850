//go:build unix

package userfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A named pipe without a writer and a link to /dev/zero are refused at
// once: the first blocked open(2) forever, the second never ends.
func TestRefusesPipesAndDevices(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		mk         func(string) error
	}{
		{"pipe", "a named pipe (FIFO)", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"zero", "a character device (such as /dev/zero)", func(p string) error { return os.Symlink("/dev/zero", p) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), c.name)
			if err := c.mk(p); err != nil {
				t.Fatal(err)
			}
			_, err := Read(context.Background(), p, 1<<20)
			var nr *NotRegularError
			if !errors.As(err, &nr) || nr.Kind != c.kind {
				t.Fatalf("error %v, want %s refused", err, c.kind)
			}
			if err := Check(p, 1<<20); !errors.As(err, &nr) {
				t.Fatalf("Check: %v", err)
			}
		})
	}
}
