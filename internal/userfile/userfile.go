// Package userfile is the one way rtq reads a file a user names (a
// scenario, a profile, a baseline report, a recording read back, a
// certificate): only a regular file is read, opened without blocking and
// checked on the open descriptor, bounded in size before a byte is read,
// and a caller's context can give up on it at any point. Its errors do
// not repeat the path (the os package's own do): the caller names the
// path and the flag that gave it.
//
// Each rule closes a way a path could stall or swamp a command: a named
// pipe blocks open(2) until some writer comes, and SIGINT cannot end a
// process in that call; a link to /dev/zero never ends; a sparse file
// claims gigabytes it would take seconds to read; a directory reads as an
// error far from its cause.
package userfile

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// NotRegularError says the path names something other than a regular
// file (a symbolic link is followed to what it names).
type NotRegularError struct {
	// Kind names what it is, as a user would: "a named pipe (FIFO)".
	Kind string
}

func (e *NotRegularError) Error() string {
	return "not a regular file but " + e.Kind + ": only regular files are read"
}

// TooLargeError says the file holds more than the bound it is read
// within. Size is its size, or -1 when it grew past the bound while being
// read.
type TooLargeError struct {
	Size, Max int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("more than the %d bytes it may be (it grew while being read)", e.Max)
	}
	return fmt.Sprintf("%d bytes, more than the %d it may be", e.Size, e.Max)
}

// Open opens path for reading if it is a regular file of at most max
// bytes. It never blocks on a named pipe: the file is opened with
// O_NONBLOCK where the platform has it, and its kind and size are read
// from the open descriptor (fstat), so nothing can be swapped in between.
// The size it returns is the file's at the time of the check; read
// through a LimitReader anyway (Read does), since a file can grow.
func Open(path string, max int64) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	switch {
	case err != nil:
	case !info.Mode().IsRegular():
		err = &NotRegularError{Kind: Kind(info.Mode())}
	case info.Size() > max:
		err = &TooLargeError{Size: info.Size(), Max: max}
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// Check says whether Open would succeed, and closes what it opened: a
// command checks every path it was given before it starts work that
// takes time, so a wrong one is named at once.
func Check(path string, max int64) error {
	f, _, err := Open(path, max)
	if err != nil {
		return err
	}
	return f.Close()
}

// Read reads the regular file at path, at most max bytes (see Open).
// When ctx ends first it returns ctx's cause at once; the read it leaves
// behind is bounded by max, and ends with the process.
func Read(ctx context.Context, path string, max int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := read(path, max)
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// read is Read without the context.
func read(path string, max int64) ([]byte, error) {
	f, size, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := bytes.NewBuffer(make([]byte, 0, size+1))
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > max {
		return nil, &TooLargeError{Size: -1, Max: max}
	}
	return buf.Bytes(), nil
}

// Kind names what a file that is not regular is.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
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
