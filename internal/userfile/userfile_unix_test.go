//go:build unix

package userfile

import (
	"context"
	"errors"
	"testing"

	"github.com/rtq-kit/rtq/testkit/hostilefiles"
)

// A named pipe without a writer and a link to /dev/zero are refused at
// once: the first blocked open(2) forever, the second never ends.
func TestRefusesPipesAndDevices(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		mk         func(testing.TB, string, string) string
	}{
		{"pipe", "a named pipe (FIFO)", hostilefiles.Pipe},
		{"zero", "a character device (such as /dev/zero)", hostilefiles.DevZero},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := c.mk(t, t.TempDir(), c.name)
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
