//go:build unix

package conformance

import (
	"context"
	"testing"

	"github.com/rtq-kit/rtq/testkit/hostilefiles/readercheck"
)

// ReadBaseline reads the way rtq reads every file a user names: a named
// pipe given as --baseline blocked rtq conform in open(2), past SIGTERM;
// a link to /dev/zero was read without end, a sparse 600 MB file whole.
// Each is refused at once, naming the file.
func TestReadBaselineReadsOnlyARegularFileWithinItsBound(t *testing.T) {
	readercheck.CheckReader(t, "ReadBaseline", MaxBaselineBytes, func(p string) error {
		_, err := ReadBaseline(context.Background(), p)
		return err
	})
}
