package recorder

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/serialwrite"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/rtq-kit/rtq/scenario"
)

// Options are what one `rtq record` is told.
type Options struct {
	Upstream    string // base URL of the recorded service
	APIKey      string // its key: sent upstream, never written anywhere
	Out         string // scenario file written (merged into when it exists)
	Addr        string // proxy listen address
	AllowWrites bool   // forward verify (proxy)
	RecordIDs   []int64
	RecordURLs  []string
	SearchKeys  []string  // crawl: getFormList searches kept as answered
	MaxRequests int       // crawl and probes: most upstream calls (0: no bound)
	Rate        float64   // crawl and probes: most upstream calls a second (0: no bound)
	Concurrency int       // crawl and probes: most upstream calls in flight (0: DefaultConcurrency)
	Log         io.Writer // progress and skipped items (nil: discarded)
	// ProbeTimes recovers the creation times of templates and sub-codes
	// before the file is written (func ProbeTimes): opt-in, since it
	// costs about 25 calls an item.
	ProbeTimes bool
	// Abort ends the probe of the proxy's last flush, which then writes
	// without the times it did not get (a second Ctrl-C); nil: never.
	Abort context.Context
	// Access is how the upstream is reached beyond its URL (--ca-cert,
	// --client-cert, --header, --insecure); nil: plainly.
	Access *svcclient.Access
	// Now is when the probe looks from (zero: the clock's time): its
	// search span ends a year after it. Fixed, two probes of one service
	// send the same calls.
	Now time.Time
	// Forwarded, when set, is told of every call the recording proxy
	// forwarded and the answer its client got, after the client got it
	// (rtq record --judge hands them to the runner's rules).
	Forwarded func(ep contract.Endpoint, request []byte, status int, contentType string, answer []byte)
}

// Summary says what a flush wrote.
type Summary struct {
	Path                                string
	Forms, Records, Templates, SubCodes int
	Calls                               int
}

func (s Summary) String() string {
	return fmt.Sprintf("%s: %d forms, %d records, %d templates, %d sub-codes (%d upstream calls)",
		s.Path, s.Forms, s.Records, s.Templates, s.SubCodes, s.Calls)
}

// Recording ties a capture and its upstream to the file it is written to.
type Recording struct {
	o   Options
	up  *Upstream
	cap *Capture
	// probeUp makes the probes' calls: the crawl's own client, or in
	// proxy mode one of its own, bounded by --max-requests and --rate
	// while the proxy's calls go at its client's pace.
	probeUp *Upstream
	mu      sync.Mutex // one flush at a time
}

// NewRecording prepares a recording; nothing is called or written yet.
func NewRecording(o Options) (*Recording, error) {
	if o.Upstream == "" || o.APIKey == "" || o.Out == "" {
		return nil, errors.New("--upstream, --api-key and --out are required")
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if err := checkOut(o.Out); err != nil {
		return nil, err
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	up := NewUpstream(o.Upstream, o.APIKey, o.Access)
	up.Concurrency = 0 // the proxy goes at its client's pace
	// Progress and messages quote the upstream, and the probe's workers
	// write at once: scrubbed, then one write at a time, whatever writer
	// the caller gave.
	o.Log = serialwrite.Writer(up.Scrubber().Writer(o.Log))
	r := &Recording{o: o, up: up, cap: NewCapture(), probeUp: up}
	if o.ProbeTimes {
		r.probeUp = NewUpstream(o.Upstream, o.APIKey, o.Access)
		r.probeUp.MaxRequests, r.probeUp.Rate, r.probeUp.Concurrency = o.MaxRequests, o.Rate, o.Concurrency
		r.probeUp.BackOff, r.probeUp.Log = true, o.Log
	}
	return r, nil
}

// Upstream is the recording's client of the recorded service.
func (r *Recording) Upstream() *Upstream { return r.up }

// Capture is what the recording has seen so far.
func (r *Recording) Capture() *Capture { return r.cap }

// ErrInterrupted says a crawl (or its probe) was cut short by its
// context, typically Ctrl-C: the file was written with what was seen.
var ErrInterrupted = errors.New("interrupted: the file holds what was recorded before")

// Crawl walks the upstream (see Crawl) and writes the file. A spent
// request budget still writes what was seen, and says so; so does an
// interruption (ctx ending), which then returns the summary and
// ErrInterrupted: a long crawl stopped with Ctrl-C is not lost.
func (r *Recording) Crawl(ctx context.Context) (Summary, error) {
	// The proxy goes at its client's pace and passes its 429s on; a crawl
	// keeps to the flags, backs off, and has one budget with its probe.
	r.up.MaxRequests, r.up.Rate, r.up.Concurrency = r.o.MaxRequests, r.o.Rate, r.o.Concurrency
	r.up.BackOff, r.up.Log = true, r.o.Log
	r.probeUp = r.up
	cctx, chain := svcclient.WithChain(ctx)
	err := Crawl(cctx, r.up, r.cap, CrawlOptions{RecordIDs: r.o.RecordIDs, RecordURLs: r.o.RecordURLs, SearchKeys: r.o.SearchKeys, Log: r.o.Log})
	fmt.Fprintf(r.o.Log, "rtq record: the crawl made %d calls, the longest chain of them that each waited for the one before %d\n", r.up.Calls(), chain.Len())
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(r.o.Log, "rtq record: interrupted after %d calls: writing what was seen\n", r.up.Calls())
		err = nil
	case errors.Is(err, ErrBudget):
		fmt.Fprintf(r.o.Log, "rtq record: stopped after %d calls (--max-requests): writing what was seen\n", r.up.Calls())
		err = nil
	}
	if err != nil {
		if r.cap.empty() {
			return Summary{}, err
		}
		fmt.Fprintf(r.o.Log, "rtq record: stopped: %v: writing what was seen before\n", err)
		s, ferr := r.flush(ctx, false) // no probe of a failing service
		if ferr != nil {
			return s, ferr
		}
		return s, fmt.Errorf("%w: %w", ErrIncomplete, err)
	}
	s, err := r.Flush(ctx)
	if err == nil && ctx.Err() != nil {
		err = ErrInterrupted
	}
	return s, err
}

// ErrIncomplete says the upstream failed during a crawl after some of it
// was recorded: the file was written with that (merged as usual), so a
// long crawl is not lost to a late error.
var ErrIncomplete = errors.New("the crawl stopped on an upstream failure; the file holds what was recorded before it")

// probe recovers the creation times still missing, when asked to. A spent
// budget or an ended ctx leaves the rest as placeholders, and says so; it
// reports whether --max-requests stopped it, for the file's header.
func (r *Recording) probe(ctx context.Context) (budgetSpent bool) {
	if !r.o.ProbeTimes {
		return false
	}
	tpls, subs := r.cap.untimed()
	if len(tpls) == 0 && len(subs.order) == 0 {
		return false
	}
	if ctx.Err() != nil {
		fmt.Fprintf(r.o.Log, "rtq record: creation times not probed (interrupted): templates and sub-codes keep placeholder times\n")
		return false
	}
	items, calls := len(tpls), probeCost(len(tpls))+min(len(tpls), 1)*boundsCost
	for _, ids := range subs.ids {
		items, calls = items+len(ids), calls+probeCost(len(ids))
	}
	calls += min(len(subs.order), 1) * boundsCost
	eta := ""
	if r.o.Rate > 0 {
		eta = fmt.Sprintf(", some %v at --rate %g", (time.Duration(float64(calls)/r.o.Rate) * time.Second).Round(time.Minute), r.o.Rate)
	}
	fmt.Fprintf(r.o.Log, "rtq record: probing the creation times of %d items in %d listings (--probe-times): about %d calls%s\n",
		items, len(subs.order)+min(len(tpls), 1), calls, eta)
	before := r.probeUp.Calls()
	pctx, chain := svcclient.WithChain(ctx)
	now := r.o.Now
	if now.IsZero() {
		now = time.Now()
	}
	unfit, err := probeTimes(pctx, r.probeUp, r.cap, r.o.Log, now)
	switch {
	case errors.Is(err, ErrBudget):
		fmt.Fprintf(r.o.Log, "rtq record: the probe stopped at --max-requests: listings not timed keep placeholder times\n")
	case err != nil:
		fmt.Fprintf(r.o.Log, "rtq record: the probe stopped (%v): listings not timed keep placeholder times\n", err)
	}
	fmt.Fprintf(r.o.Log, "rtq record: the probe made %d calls, the longest chain of them that each waited for the one before %d\n", r.probeUp.Calls()-before, chain.Len())
	return errors.Is(err, ErrBudget) || unfit > 0
}

// Flush writes everything seen so far into the file, merged with what the
// file already holds, through a temporary file and a rename. With
// ProbeTimes it first probes the creation times still missing, until ctx
// ends.
func (r *Recording) Flush(ctx context.Context) (Summary, error) { return r.flush(ctx, true) }

func (r *Recording) flush(ctx context.Context, probe bool) (Summary, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	spent := probe && r.probe(ctx)
	built := r.cap.Build(r.o.Upstream)
	built.ProbeBudgetSpent = spent
	sc := built.Scenario
	if _, err := os.Stat(r.o.Out); !errors.Is(err, fs.ErrNotExist) {
		old, err := scenario.LoadFiles([]string{r.o.Out})
		if err != nil {
			return Summary{}, fmt.Errorf("merge into %s: %w (fix it or record into another file)", r.o.Out, err)
		}
		if data, err := userfile.Read(ctx, r.o.Out, scenario.DefaultMaxBytes); err == nil {
			built.FilePlaceholders = HeaderPlaceholders(data)
		}
		sc = Merge(old, &built)
	}
	data, _, err := renderRepaired(sc, built.Header())
	if err != nil {
		return Summary{}, err
	}
	if data, err = r.scrub(data); err != nil {
		return Summary{}, err
	}
	if err := WriteFile(r.o.Out, data); err != nil {
		return Summary{}, err
	}
	s := Summary{Path: r.o.Out, Forms: len(sc.Forms), Records: len(sc.Records), Templates: len(sc.Templates), Calls: r.up.Calls()}
	if r.probeUp != r.up {
		s.Calls += r.probeUp.Calls()
	}
	for _, t := range sc.Templates {
		s.SubCodes += len(t.SubCodes)
	}
	return s, nil
}

// scrub removes the key from the file about to be written. The client
// scrubbed every answer already, so only what the recording was told (an
// upstream URL holding the key, say) can bring it here; the result is
// loaded again, since a replaced key might have been a value of its own.
func (r *Recording) scrub(data []byte) ([]byte, error) {
	clean := r.up.Scrubber().Bytes(data)
	if bytes.Equal(clean, data) {
		return data, nil
	}
	if _, err := scenario.Parse("recording", clean); err != nil {
		return nil, fmt.Errorf("the recording holds the API key, and without it does not load: not written: %w", err)
	}
	return clean, nil
}

// checkOut fails before anything is recorded when --out could not be
// written or merged into at the end, so a proxy session is not lost then.
func checkOut(out string) error {
	if st, err := os.Stat(filepath.Dir(out)); err != nil || !st.IsDir() {
		return fmt.Errorf("--out %s: its directory does not exist", out)
	}
	if _, err := os.Stat(out); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if _, err := scenario.LoadFiles([]string{out}); err != nil {
		return fmt.Errorf("--out %s exists and does not load, so it cannot be merged into (fix it or record into another file): %w", out, err)
	}
	return nil
}
