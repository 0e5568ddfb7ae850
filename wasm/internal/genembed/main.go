// Command genembed builds the WebAssembly module and writes it, gzipped,
// with its wasm_exec.js and Go version into wasm/embedded/, for a release
// build of rtq that embeds it (go build -tags rtq_embedwasm): such an rtq
// wasm needs no Go toolchain. Run by `go generate ./wasm` from the source
// tree; embedded/ is not in git.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rtq-kit/rtq/wasm"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "genembed:", err)
		os.Exit(1)
	}
}

// run works in the wasm package's directory, where go generate runs it.
func run() error {
	tmp, err := os.MkdirTemp("", "rtq-genembed-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := wasm.Build(context.Background(), "..", tmp); err != nil {
		return err
	}
	module, err := os.ReadFile(filepath.Join(tmp, wasm.Module))
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(module); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	runtimeJS, err := os.ReadFile(filepath.Join(tmp, wasm.GoRuntime))
	if err != nil {
		return err
	}
	version, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %w", err)
	}
	if err := os.MkdirAll("embedded", 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		"rtq.wasm.gz":  gz.Bytes(),
		"wasm_exec.js": runtimeJS,
		"go-version":   []byte(strings.TrimSpace(string(version))),
	} {
		if err := os.WriteFile(filepath.Join("embedded", name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
