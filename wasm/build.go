package wasm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// modulePath is the rtq module's path, which go.mod of a source tree names.
const modulePath = "github.com/rtq-kit/rtq"

// ModulePackage is the package the module is built from.
const ModulePackage = "./wasm/module"

// Build compiles the module from the rtq source tree at src into
// dir/rtq.wasm with GOOS=js GOARCH=wasm, and copies the wasm_exec.js of
// the same Go toolchain beside it: the two must come from one Go version.
func Build(ctx context.Context, src, dir string) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return errors.New("building the WebAssembly module needs the Go toolchain (go on PATH), or an rtq built with the module embedded (docs/frontend.md)")
	}
	out, err := filepath.Abs(filepath.Join(dir, Module))
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", out, ModulePackage)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build of the WebAssembly module in %s: %w\n%s", src, err, strings.TrimSpace(stderr.String()))
	}
	js, err := goRuntimeJS(ctx, goBin, src)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, GoRuntime), js, 0o644)
}

// goRuntimeJS reads wasm_exec.js from the toolchain's GOROOT: lib/wasm
// since Go 1.24, misc/wasm before.
func goRuntimeJS(ctx context.Context, goBin, src string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, goBin, "env", "GOROOT")
	cmd.Dir = src
	root, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	var tried []string
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		p := filepath.Join(strings.TrimSpace(string(root)), sub, GoRuntime)
		if data, err := os.ReadFile(p); err == nil {
			return data, nil
		}
		tried = append(tried, p)
	}
	return nil, fmt.Errorf("the Go toolchain has no %s (looked at %s)", GoRuntime, strings.Join(tried, ", "))
}

// FindSource finds an rtq source tree to build the module from: the one
// this binary was built from, when it is still on disk (a build without
// -trimpath records it), else the working directory or a parent of it
// whose go.mod is rtq's.
func FindSource() (string, error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if root := filepath.Dir(filepath.Dir(file)); isSource(root) {
			return root, nil
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if isSource(d) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", fmt.Errorf("this rtq carries no WebAssembly module, and no rtq source tree was found to build one (not where this rtq was built, not in %s or above it): run rtq wasm inside a checkout of rtq with Go installed, or use an rtq built with the module embedded (docs/frontend.md)", dir)
}

// isSource reports whether dir is the root of an rtq source tree with the
// module's package in it.
func isSource(dir string) bool {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.HasPrefix(bytes.TrimSpace(mod), []byte("module "+modulePath+"\n")) {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "wasm", "module", "main.go"))
	return err == nil
}
