package scenario

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/rtq-kit/rtq/internal/userfile"
)

// readFile reads one scenario file of at most max bytes, the way rtq
// reads every file a user names (internal/userfile): only a regular file
// (a symbolic link to one is followed), opened without blocking, its size
// checked before a byte is read. A scenario directory (a cloned
// repository can carry links to /dev/zero and named pipes) must not stall
// rtq.
func readFile(ctx context.Context, path string, max int64) ([]byte, error) {
	data, err := userfile.Read(ctx, path, max)
	return data, scenarioFileError(path, err)
}

// openRegular opens path for reading if it is a regular file (the
// watcher's look at the files, which hashes what it reads).
func openRegular(path string, max int64) (*os.File, error) {
	f, _, err := userfile.Open(path, max)
	return f, scenarioFileError(path, err)
}

// scenarioFileError words a file that could not be read as a scenario
// file, with the flag that raises the bound when it is too large.
func scenarioFileError(path string, err error) error {
	var tl *userfile.TooLargeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tl):
		return fmt.Errorf("load scenario %s: %w: split it, or raise the bound with --max-scenario-bytes", path, err)
	}
	return fmt.Errorf("load scenario %s: %w", path, err)
}
