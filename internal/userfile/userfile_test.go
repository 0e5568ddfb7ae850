package userfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A regular file within its bound is read whole, and one at the bound
// exactly too.
func TestReadsARegularFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(context.Background(), p, 10)
	if err != nil || string(got) != "0123456789" {
		t.Fatalf("Read = %q, %v", got, err)
	}
}

// A file over its bound is refused by its size before it is read: a
// sparse file of 600 MB costs nothing to refuse.
func TestRefusesByItsSize(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sparse")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(600 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Read(context.Background(), p, 1<<20)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 600<<20 || tl.Max != 1<<20 {
		t.Fatalf("error %v, want a TooLargeError of 629145600 bytes", err)
	}
}

// A directory is not a file to read.
func TestRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Read(context.Background(), dir, 1<<20)
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.Kind != "a directory" {
		t.Fatalf("error %v, want a directory refused", err)
	}
}

// A context already ended gives up at once, with its cause.
func TestReadEndsWithItsContext(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("received interrupt")
	cancel(cause)
	// Either outcome is right when both are ready; what must not happen
	// is a wait. Repeat until the context's side was seen once.
	for i := 0; i < 1000; i++ {
		if _, err := Read(ctx, p, 10); errors.Is(err, cause) {
			return
		}
	}
	t.Fatal("an ended context was never reported")
}
