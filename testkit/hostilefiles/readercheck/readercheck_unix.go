//go:build unix

package readercheck

import (
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/rtq-kit/rtq/testkit/hostilefiles"
)

// CheckReader holds a loader that reads a file a user names (a profile, a
// baseline report, ...) to the reading of internal/userfile whoever calls
// it: a named pipe and a link to /dev/zero are refused as not regular
// files, and the sparse file by its size against max, each naming the
// path. what names the loader in the failure messages.
func CheckReader(t *testing.T, what string, max int64, read func(path string) error) {
	t.Helper()
	dir := t.TempDir()
	for _, p := range []string{hostilefiles.Pipe(t, dir, "pipe.json"), hostilefiles.DevZero(t, dir, "zero.json")} {
		err := read(p)
		var nr *userfile.NotRegularError
		if !errors.As(err, &nr) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s(%s) = %v; want it refused as not a regular file, naming it", what, p, err)
		}
	}
	sparse := hostilefiles.Sparse(t, dir, "sparse.json")
	err := read(sparse)
	var tl *userfile.TooLargeError
	if !errors.As(err, &tl) || tl.Max != max || !strings.Contains(err.Error(), sparse) {
		t.Errorf("%s(sparse 600 MB) = %v; want it refused by its size (%d bytes), naming it", what, err, max)
	}
}
