//go:build unix

package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/hostilefiles"
)

// badPath makes, in a fresh directory, one kind of path rtq must not read
// (testkit/hostilefiles); for a flag that takes directories of scenario
// files, the directory holds a named pipe among its *.yaml.
func badPath(t *testing.T, k hostilefiles.Kind, dirsOK bool) string {
	dir := t.TempDir()
	p := k.Make(t, dir, "bad.yaml")
	if k.Name == "directory" && dirsOK {
		hostilefiles.Pipe(t, p, "in.yaml")
	}
	return p
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
		for _, bad := range hostilefiles.Kinds {
			name := strings.Join(pt.cmd, " ") + " " + pt.flag + " " + bad.Name
			t.Run(name, func(t *testing.T) {
				p := badPath(t, bad, k.dirs)
				args := append(append([]string(nil), pt.cmd...), p)
				want := p
				if pt.flag != "" {
					args = append(append(append([]string(nil), pt.cmd...), pt.args...), "--"+pt.flag, p)
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
