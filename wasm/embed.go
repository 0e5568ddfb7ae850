package wasm

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A release build embeds the module so that rtq wasm needs no Go
// toolchain: `go generate ./wasm` writes embedded/ (not in git), then
// `go build -tags rtq_embedwasm ./cmd/rtq` embeds it (embed_on.go). Any
// other build has none (embed_off.go) and builds the module from source.

// writeEmbedded writes the embedded module, unzipped, and its runtime.
func writeEmbedded(dir string, wasmGz, runtimeJS []byte) error {
	zr, err := gzip.NewReader(bytes.NewReader(wasmGz))
	if err != nil {
		return fmt.Errorf("embedded module: %w", err)
	}
	f, err := os.Create(filepath.Join(dir, Module))
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if _, err := io.Copy(f, zr); err != nil {
		f.Close()
		return fmt.Errorf("embedded module: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return os.WriteFile(filepath.Join(dir, GoRuntime), runtimeJS, 0o644)
}

//go:generate go run ./internal/genembed
