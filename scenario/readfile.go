package scenario

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// readFile reads one scenario file of at most max bytes. Only a regular
// file is read (a symbolic link to one is followed): a link to /dev/zero
// or a device never ends, and a named pipe blocks its reader until some
// writer comes, so a scenario directory (a cloned repository can carry
// both) must not stall rtq. The file is opened without blocking, then its
// kind is checked on the open file, so nothing can be swapped in between.
func readFile(path string, max int64) ([]byte, error) {
	f, info, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() > max {
		return nil, fmt.Errorf("load scenario %s: %d bytes, more than the %d one scenario file may be: split it, or raise the bound with --max-scenario-bytes", path, info.Size(), max)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("load scenario %s: %w", path, err)
	}
	if int64(len(data)) > max { // grew while being read
		return nil, fmt.Errorf("load scenario %s: more than the %d bytes one scenario file may be: split it, or raise the bound with --max-scenario-bytes", path, max)
	}
	return data, nil
}

// openRegular opens path for reading if it is a regular file.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("load scenario %s: %w", path, err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("not a regular file but %s: only regular files are read", fileKind(info.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("load scenario %s: %w", path, err)
	}
	return f, info, nil
}

// fileKind names what a file that is not regular is.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device (such as /dev/zero)"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}
