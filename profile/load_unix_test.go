//go:build unix

package profile

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/rtq-kit/rtq/testkit/hostilefiles"
)

// Load reads a profile file the way rtq reads every file a user names: a
// named pipe (which blocked open(2) for ever), a link to /dev/zero (read
// without end) and a sparse file over MaxProfileBytes (read whole) are
// refused at once, naming the file, whoever calls Load.
func TestLoadReadsOnlyARegularFileWithinItsBound(t *testing.T) {
	dir := t.TempDir()
	pipe, zero, sparse := hostilefiles.Pipe(t, dir, "pipe.json"), hostilefiles.DevZero(t, dir, "zero.json"), hostilefiles.Sparse(t, dir, "sparse.json")
	for _, p := range []string{pipe, zero} {
		_, err := Load(context.Background(), p)
		var nr *userfile.NotRegularError
		if !errors.As(err, &nr) || !strings.Contains(err.Error(), p) {
			t.Errorf("Load(%s) = %v; want it refused as not a regular file, naming it", p, err)
		}
	}
	_, err := Load(context.Background(), sparse)
	var tl *userfile.TooLargeError
	if !errors.As(err, &tl) || tl.Max != MaxProfileBytes || !strings.Contains(err.Error(), sparse) {
		t.Errorf("Load(sparse 600 MB) = %v; want it refused by its size", err)
	}
}
