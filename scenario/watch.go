package scenario

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"strings"
	"time"
)

// Watching scenario files (rtq mock --watch). Editors and generators do not
// write a file in one step: some write it in place in several chunks, some
// truncate it first, some write a temporary file and rename it over. A
// watcher that loads whatever it finds serves a half-written file (a valid
// YAML prefix is a valid, smaller scenario). So a change is loaded only
// once the files have been stable for WatchSettle: same names, sizes,
// modification times and contents on every poll for that long, and again
// after they were read.
const (
	// WatchPoll is how often the files are looked at.
	WatchPoll = 200 * time.Millisecond
	// WatchSettle is how long the files must stay unchanged before a change
	// is loaded.
	WatchSettle = 500 * time.Millisecond
)

// WatchOutcome is what one look at the files found and did.
type WatchOutcome int

// The outcomes of Watcher.Check.
const (
	WatchIdle     WatchOutcome = iota // nothing changed since the last load
	WatchSettling                     // a change is being written; not loaded yet
	WatchReloaded                     // a changed scenario is served, with fresh state
	WatchSame                         // the files changed but the scenario did not: state kept
	WatchBroken                       // the change has problems: the last good scenario is kept
)

// Watcher reloads scenario files when they change, once a change has
// settled. It serves a reloaded scenario only when it differs from the one
// being served, so a save that changes nothing (or only comments) keeps
// the mock's state; a broken save is reported once and the last good
// scenario stays.
type Watcher struct {
	paths  []string
	load   func() (*Scenario, error)
	serve  func(*Scenario)
	logf   func(format string, args ...any)
	settle time.Duration
	seed   maphash.Seed

	served  []byte    // marshalJSON of the scenario being served
	loaded  string    // the files' signature when they were last loaded
	seen    string    // the signature at the last look
	seenAt  time.Time // when seen was first seen
	pending bool      // a change was announced and is not loaded yet
}

// NewWatcher notes the files as they are now. Call it before loading them
// the first time: a change made meanwhile is then seen. load reads the
// files (LoadFiles with the caller's options), serve puts a changed
// scenario in place, logf reports what happens; settle 0 is WatchSettle.
func NewWatcher(paths []string, load func() (*Scenario, error), serve func(*Scenario), logf func(string, ...any), settle time.Duration) *Watcher {
	if settle <= 0 {
		settle = WatchSettle
	}
	w := &Watcher{paths: paths, load: load, serve: serve, logf: logf, settle: settle, seed: maphash.MakeSeed()}
	w.loaded = w.signature()
	w.seen = w.loaded
	return w
}

// Serving tells the watcher which scenario is served now (the first load,
// or one that replaced it by other means), so a reload that gives the same
// scenario keeps the state.
func (w *Watcher) Serving(sc *Scenario) {
	w.served, _ = marshalJSON(sc)
}

// Run looks at the files every WatchPoll until ctx is done.
func (w *Watcher) Run(ctx context.Context) {
	tick := time.NewTicker(WatchPoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			w.Check(now)
		}
	}
}

// Check looks at the files once, at time now, and loads them when a
// change has settled. Tests call it with their own clock.
func (w *Watcher) Check(now time.Time) WatchOutcome {
	sig := w.signature()
	if sig != w.seen {
		w.seen, w.seenAt = sig, now
	}
	if sig == w.loaded {
		w.pending = false
		return WatchIdle
	}
	if now.Sub(w.seenAt) < w.settle {
		if !w.pending {
			w.pending = true
			w.logf("scenario files changed; loading them once unchanged for %v", w.settle)
		}
		return WatchSettling
	}
	sc, err := w.load()
	if again := w.signature(); again != sig { // written to while being read
		w.seen, w.seenAt = again, now
		return WatchSettling
	}
	w.loaded, w.pending = sig, false
	return w.apply(sc, err)
}

// apply serves a settled load's scenario, or reports its problems.
func (w *Watcher) apply(sc *Scenario, err error) WatchOutcome {
	if err != nil {
		w.logf("scenario changed but has problems; still serving the last good one:\n%s", problemLines(err))
		return WatchBroken
	}
	m, merr := marshalJSON(sc)
	if merr == nil && w.served != nil && bytes.Equal(m, w.served) {
		w.logf("scenario files saved, scenario %q unchanged: state kept", sc.Name)
		return WatchSame
	}
	w.serve(sc)
	w.served = m
	w.logf("reloaded scenario %q: state reset to the new scenario (verifies undone)", sc.Name)
	return WatchReloaded
}

// problemLines is every problem of a load error as file:line:col: path:
// message, one a line.
func problemLines(err error) string {
	var le *LoadError
	if !errors.As(err, &le) {
		return err.Error()
	}
	lines := make([]string, len(le.Problems))
	for i, p := range le.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// signature sums up the scenario files: their names, sizes, modification
// times and contents (a rewrite can keep the size and, on a coarse clock,
// the time). A file that cannot be read is part of it too, so a file
// missing during a rename is a change like any other. Only regular files
// are read, each up to the size it had when opened: a link to /dev/zero
// or a named pipe is "unreadable", not a read that never ends.
func (w *Watcher) signature() string {
	var h maphash.Hash
	h.SetSeed(w.seed)
	for _, p := range w.paths {
		files, err := expand(p)
		if err != nil {
			fmt.Fprintf(&h, "%s\x00missing\x00", p)
			continue
		}
		for _, f := range files {
			sumFile(&h, f)
		}
	}
	return fmt.Sprint(h.Sum64())
}

// maxHashed bounds what the watcher reads of one file each look.
const maxHashed = 64 << 20

// sumFile adds one file's name, size, time and contents to h.
func sumFile(h *maphash.Hash, path string) {
	f, err := openRegular(path, math.MaxInt64)
	if err != nil {
		fmt.Fprintf(h, "%s\x00unreadable\x00", path)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		fmt.Fprintf(h, "%s\x00unreadable\x00", path)
		return
	}
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00", path, info.Size(), info.ModTime().UnixNano())
	// The contents within the largest bound a scenario file is given
	// (a larger one is refused by the load anyway; its size and time
	// still tell a change).
	if _, err := io.Copy(h, io.LimitReader(f, min(info.Size(), maxHashed))); err != nil {
		fmt.Fprintf(h, "\x00unreadable\x00")
	}
}
