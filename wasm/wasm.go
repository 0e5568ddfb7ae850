// Package wasm writes what `rtq wasm --out DIR` gives a web app: the mock
// compiled to WebAssembly (rtq.wasm), Go's wasm_exec.js of the Go version
// that compiled it, the scenario resolved at build time
// (rtq-scenario.json), the ES module rtq-mock.mjs (createMock,
// startWorker), the service worker rtq-sw.js and a package.json, so that
// frontend tests and pages run the stateful mock with no process.
//
// The module itself is package wasm/module; this package builds it with
// the Go toolchain from the rtq source, or takes the one a release build
// embedded (embed.go). docs/frontend.md says which is used when.
package wasm

import (
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rtq-kit/rtq/wasm/pagemock"
)

// assets are the JS files and package.json written as they are.
//
//go:embed assets/*
var assets embed.FS

// Module and GoRuntime are the names of the module and of Go's JS runtime
// in the output directory; rtq-mock.mjs loads them by these names.
const (
	Module    = "rtq.wasm"
	GoRuntime = "wasm_exec.js"
)

// Options are rtq wasm's flags.
type Options struct {
	Out       string   // the directory written (created when missing)
	Scenarios []string // scenario files or directories; none: the default scenario
	Seed      *int64   // --seed, when given
	// Source is the root of the rtq source tree to build the module from;
	// "" looks for it (FindSource). Used when no module is embedded.
	Source string
	// Log receives one line on how the module was obtained; nil is silent.
	Log io.Writer
}

// Write resolves the scenario, obtains the module and writes every file
// into o.Out. A scenario with problems fails before anything is written.
func Write(ctx context.Context, o Options) error {
	snap, err := pagemock.Encode(o.Scenarios, o.Seed)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if err := writeAssets(o.Out); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(o.Out, pagemock.SnapshotFile), snap, 0o644); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return writeModule(ctx, o)
}

// writeAssets copies the embedded JS files and package.json into dir.
func writeAssets(dir string) error {
	return fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := assets.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, d.Name()), data, 0o644); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		return nil
	})
}

// writeModule writes rtq.wasm and wasm_exec.js: the embedded pair when
// this binary carries one, else built from the source with Go.
func writeModule(ctx context.Context, o Options) error {
	if wasmGz, runtimeJS := embedded(); wasmGz != nil {
		logf(o.Log, "rtq wasm: the module embedded in this rtq (%s)", embeddedGo)
		return writeEmbedded(o.Out, wasmGz, runtimeJS)
	}
	src := o.Source
	if src == "" {
		var err error
		if src, err = FindSource(); err != nil {
			return err
		}
	}
	logf(o.Log, "rtq wasm: building the module from %s with the Go toolchain", src)
	return Build(ctx, src, o.Out)
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}
