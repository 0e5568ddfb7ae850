//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// badFile makes, in dir, one thing a path may name that rtq must not
// read: it returns the path to give.
type badFile struct {
	name string
	mk   func(t *testing.T, dir string, dirsOK bool) string
}

var badFiles = []badFile{
	{"named pipe", func(t *testing.T, dir string, _ bool) string {
		p := filepath.Join(dir, "pipe.yaml")
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
		// A reader left blocked in open(2) by a failing run is let go
		// when the test ends.
		t.Cleanup(func() {
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		})
		return p
	}},
	{"link to /dev/zero", func(t *testing.T, dir string, _ bool) string {
		p := filepath.Join(dir, "zero.yaml")
		if err := os.Symlink("/dev/zero", p); err != nil {
			t.Fatal(err)
		}
		return p
	}},
	{"directory", func(t *testing.T, dir string, dirsOK bool) string {
		p := filepath.Join(dir, "dir.yaml")
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if dirsOK { // a directory of scenario files: a pipe among them
			if err := syscall.Mkfifo(filepath.Join(p, "in.yaml"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}},
	{"sparse file of 600 MB", func(t *testing.T, dir string, _ bool) string {
		p := filepath.Join(dir, "sparse.yaml")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(600 << 20); err != nil {
			t.Fatal(err)
		}
		return p
	}},
}

// Every flag and argument of the command tree marked as a path it reads
// refuses a named pipe, a link to /dev/zero, a directory (for one that
// takes directories of scenario files, a pipe inside one) and a sparse
// 600 MB file: exit 2 at once, naming the flag, without reading it. A
// named pipe given as --baseline or --profile blocked rtq conform in
// open(2) for ever; a link to /dev/zero was read without bound; a
// sparse file was read whole before it was refused.
func TestPathFlagsRefuseWhatIsNotAFile(t *testing.T) {
	tried := 0
	for _, pt := range pathTargets(t) {
		k := pathKinds[pt.kind]
		if !k.read {
			continue
		}
		for _, bf := range badFiles {
			name := strings.Join(pt.cmd, " ") + " " + pt.flag + " " + bf.name
			t.Run(name, func(t *testing.T) {
				p := bf.mk(t, t.TempDir(), k.dirs)
				args := append(append([]string(nil), pt.cmd...), p)
				want := p
				if pt.flag != "" {
					args = append(append([]string(nil), pt.cmd...), "--"+pt.flag, p)
					want = "--" + pt.flag + " " + p
				}
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				type result struct {
					code   int
					stderr string
				}
				done := make(chan result, 1)
				go func() {
					var out, errOut bytes.Buffer
					code := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
					done <- result{code, errOut.String()}
				}()
				var r result
				select {
				case r = <-done:
				case <-time.After(time.Second): // a hang detector, not a pace
					t.Fatalf("rtq %s: no exit within a second", strings.Join(args, " "))
				}
				runtime.ReadMemStats(&after)
				if r.code != 2 || !strings.Contains(r.stderr, want) {
					t.Fatalf("rtq %s: exit %d, stderr %q; want exit 2 naming %q", strings.Join(args, " "), r.code, r.stderr, want)
				}
				if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
					t.Errorf("rtq %s allocated %d bytes refusing it, want under 16 MiB", strings.Join(args, " "), grew)
				}
			})
			tried++
		}
	}
	if tried < 4*7 {
		t.Fatalf("%d cases tried: fewer paths read than rtq has (scenario x3, scenario arguments x2, profile, baseline, recording)", tried)
	}
}
