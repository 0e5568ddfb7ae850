//go:build unix

package conformance

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/rtq-kit/rtq/testkit/hostilefiles"
)

// ReadBaseline reads the way rtq reads every file a user names: a named
// pipe given as --baseline blocked rtq conform in open(2), past SIGTERM;
// a link to /dev/zero was read without end, a sparse 600 MB file whole.
// Each is refused at once, naming the file.
func TestReadBaselineReadsOnlyARegularFileWithinItsBound(t *testing.T) {
	dir := t.TempDir()
	pipe, zero, sparse := hostilefiles.Pipe(t, dir, "pipe.json"), hostilefiles.DevZero(t, dir, "zero.json"), hostilefiles.Sparse(t, dir, "sparse.json")
	for _, p := range []string{pipe, zero} {
		_, err := ReadBaseline(context.Background(), p)
		var nr *userfile.NotRegularError
		if !errors.As(err, &nr) || !strings.Contains(err.Error(), p) {
			t.Errorf("ReadBaseline(%s) = %v; want it refused as not a regular file, naming it", p, err)
		}
	}
	_, err := ReadBaseline(context.Background(), sparse)
	var tl *userfile.TooLargeError
	if !errors.As(err, &tl) || tl.Max != MaxBaselineBytes {
		t.Errorf("ReadBaseline(sparse 600 MB) = %v; want it refused by its size", err)
	}
}
