//go:build unix

package profile

import (
	"context"
	"testing"

	"github.com/rtq-kit/rtq/testkit/hostilefiles/readercheck"
)

// Load reads a profile file the way rtq reads every file a user names: a
// named pipe (which blocked open(2) for ever), a link to /dev/zero (read
// without end) and a sparse file over MaxProfileBytes (read whole) are
// refused at once, naming the file, whoever calls Load.
func TestLoadReadsOnlyARegularFileWithinItsBound(t *testing.T) {
	readercheck.CheckReader(t, "Load", MaxProfileBytes, func(p string) error {
		_, err := Load(context.Background(), p)
		return err
	})
}
