package main

import (
	"io"
	"os"
	"path/filepath"
)

// writeFileAtomic writes path through a temporary file in the same
// directory, synced and renamed over path: path holds either its previous
// content or the whole new one, never a part (disk full, a file size limit,
// a kill). The temporary file is removed when anything fails.
func writeFileAtomic(path string, render func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := render(tmp); err != nil {
		return err // an *os.PathError names the file
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
