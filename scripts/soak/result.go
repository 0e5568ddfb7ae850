package main

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"
)

// maxShown bounds the unexpected answers printed without -v.
const maxShown = 20

// result is what a soak saw.
type result struct {
	mu         sync.Mutex
	kinds      map[string]int
	total      int
	unexpected []string
	started    time.Time
	elapsed    time.Duration

	rssStart, rssPeak, rssEnd, samples int64
}

func (r *result) count(kind string) {
	r.mu.Lock()
	r.kinds[kind]++
	r.total++
	r.mu.Unlock()
}

func (r *result) fail(format string, args ...any) {
	r.mu.Lock()
	r.unexpected = append(r.unexpected, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

func mb(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }

// print writes the summary: figures first, then what went wrong.
func (r *result) print(w io.Writer, o options) {
	secs := r.elapsed.Seconds()
	fmt.Fprintf(w, "soak: %d requests in %.1fs (%.0f req/s), %d workers, seed %d\n", r.total, secs, float64(r.total)/secs, o.workers, o.seed)
	kinds := make([]string, 0, len(r.kinds))
	for k := range r.kinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(w, "  %-16s %7d\n", k, r.kinds[k])
	}
	fmt.Fprintf(w, "soak: RSS start %s, peak %s, end %s (%d samples), bound %s\n", mb(r.rssStart), mb(r.rssPeak), mb(r.rssEnd), r.samples, mb(o.rssMax))
	verdict := "PASS"
	if r.rssPeak > o.rssMax {
		fmt.Fprintf(w, "soak: RSS peak %s is past the bound %s\n", mb(r.rssPeak), mb(o.rssMax))
		verdict = "FAIL"
	}
	if n := len(r.unexpected); n > 0 {
		verdict = "FAIL"
		fmt.Fprintf(w, "soak: %d unexpected answers\n", n)
		for i, u := range r.unexpected {
			if i == maxShown && !o.verbose {
				fmt.Fprintf(w, "  … %d more (-v shows all)\n", n-maxShown)
				break
			}
			fmt.Fprintln(w, "  "+u)
		}
	}
	fmt.Fprintln(w, "soak:", verdict)
}
