package main

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// progressLine keeps one line on a terminal up to date while checks run
// ("rtq conform: 12/71 checks"); it is only used when stderr is a terminal.
type progressLine struct {
	mu    sync.Mutex
	w     io.Writer
	shown bool
}

func (p *progressLine) show(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\rrtq conform: %d/%d checks", done, total)
	p.shown = true
}

// clear erases the line so that what follows starts on a clean line.
func (p *progressLine) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal says whether w is a character device (a terminal), without
// a dependency: files and pipes are not.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
