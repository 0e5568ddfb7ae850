package recorder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// Bounds is how a service reads the start_time and end_time filters: each
// bound inclusive or not. The kit reads both as inclusive (docs/contract.md
// §C5); a service may not, and a probe that assumed it would misplace
// every item by a second.
type Bounds struct {
	StartInclusive, EndInclusive bool
}

func (b Bounds) String() string {
	side := map[bool]string{true: "inclusive", false: "exclusive"}
	return "start_time " + side[b.StartInclusive] + ", end_time " + side[b.EndInclusive]
}

// errOutside says a listing holds items created outside the probed span.
var errOutside = errors.New("items created before 2000 or more than a year ahead")

// listing names one cursor listing: its endpoint, the filter every call
// carries (the template of listQrcodes), and the member that is an item's id.
type listing struct {
	ep     contract.Endpoint
	filter map[string]any
	idKey  string
}

func (l listing) String() string {
	if t, ok := l.filter["template"]; ok {
		return fmt.Sprintf("%s of %v", l.ep.Name, t)
	}
	return l.ep.Name
}

// timeProber recovers creation times, which the list answers do not
// carry, by bisecting the time filters: a listing filtered on [lo, mid]
// tells which of the items created in [lo, hi] were created by mid. About
// one call per item per halving (some 25 calls an item), so it is opt-in
// (--probe-times). Safe for concurrent use.
type timeProber struct {
	w    *walker
	from int64
	to   int64

	mu     sync.Mutex
	detect map[string]*sync.Mutex // by endpoint name: one reading of its bounds at a time, the others wait for it
	bounds map[string]*Bounds     // by endpoint name, read once
	// boundsAt is where the chain of calls stood once bounds were read
	// (svcclient.Chain): the listings that waited for them go on from there.
	boundsAt map[string]int
	layout   map[string]string // by endpoint name: how its filters are written
	// reserved is the estimated cost of the listings under way (reserve).
	reserved int
	// unfit counts listings not begun for lack of budget (probe).
	unfit int
}

// Layouts a time filter is written in, the first the service accepts:
// RFC 3339 names its zone; a service that refuses it gets the local form
// its users write, read in UTC+08:00 as the kit reads it (docs/contract.md
// §C5).
var layouts = []string{time.RFC3339, "2006-01-02 15:04:05"}

// stamp writes unix as l's endpoint reads its time filters.
func (p *timeProber) stamp(l listing, unix int64) string {
	p.mu.Lock()
	layout, ok := p.layout[l.ep.Name]
	p.mu.Unlock()
	if !ok {
		layout = layouts[0]
	}
	return time.Unix(unix, 0).In(contract.Zone).Format(layout)
}

func newTimeProber(w *walker, now time.Time) *timeProber {
	// Outside contract.SearchSpan an item is not found and its listing
	// keeps placeholders.
	from, to := contract.SearchSpan(now)
	return &timeProber{w: w, from: from, to: to, bounds: map[string]*Bounds{}, boundsAt: map[string]int{}, layout: map[string]string{}, detect: map[string]*sync.Mutex{}}
}

// times returns the creation time of each of ids (Unix seconds) in the
// listing l. ids are the items recorded; the listing may hold more.
func (p *timeProber) times(ctx context.Context, l listing, ids []int64) (map[int64]int64, Bounds, error) {
	b, err := p.boundsOf(ctx, l)
	if err != nil {
		return nil, Bounds{}, err
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	root, err := p.members(ctx, l, b, p.from, p.to, want)
	if err != nil {
		return nil, b, err
	}
	if len(root) != len(want) {
		return nil, b, fmt.Errorf("%s: %d of %d %w", l, len(want)-len(root), len(want), errOutside)
	}
	out := &placed{at: make(map[int64]int64, len(ids))}
	if err := p.split(ctx, l, b, p.from, p.to, root, out); err != nil {
		return nil, b, err
	}
	return out.at, b, nil
}

// placed is the times a split found so far; its halves fill it side by side.
type placed struct {
	mu sync.Mutex
	at map[int64]int64
}

// split places every item of s, all created in [lo, hi], on its second.
// The two halves are independent: when both hold items they are split
// side by side (the client bounds the calls in flight). Of two failures,
// the earlier half's is returned, as a split one half after the other
// would have.
func (p *timeProber) split(ctx context.Context, l listing, b Bounds, lo, hi int64, s map[int64]bool, out *placed) error {
	if len(s) == 0 {
		return nil
	}
	if lo == hi {
		out.mu.Lock()
		defer out.mu.Unlock()
		for id := range s {
			out.at[id] = lo
		}
		return nil
	}
	mid := lo + (hi-lo)/2
	left, err := p.members(ctx, l, b, lo, mid, s)
	if err != nil {
		return err
	}
	right := make(map[int64]bool, len(s)-len(left))
	for id := range s {
		if !left[id] {
			right[id] = true
		}
	}
	// Each half counts its own chain of calls (svcclient.Chain), one
	// after the other or side by side alike: the chain is the plan's.
	lctx, rctx := svcclient.Fork(ctx), svcclient.Fork(ctx)
	defer svcclient.Join(ctx, lctx, rctx)
	if len(left) == 0 || len(right) == 0 || p.w.u.Concurrency <= 1 {
		if err := p.split(lctx, l, b, lo, mid, left, out); err != nil {
			return err
		}
		return p.split(rctx, l, b, mid+1, hi, right, out)
	}
	lctx, cancelLeft := context.WithCancel(lctx)
	rctx, cancelRight := context.WithCancel(rctx)
	cancel := func() { cancelLeft(); cancelRight() }
	defer cancel()
	leftErr := make(chan error, 1)
	go func() {
		err := p.split(lctx, l, b, lo, mid, left, out)
		if err != nil {
			cancel()
		}
		leftErr <- err
	}()
	rightErr := p.split(rctx, l, b, mid+1, hi, right, out)
	if rightErr != nil {
		cancel()
	}
	err = <-leftErr
	if causedByRight := rightErr != nil && ctx.Err() == nil && errors.Is(err, context.Canceled); err != nil && !causedByRight {
		return err
	}
	return rightErr
}

// members walks the listing filtered on creation times in [lo, hi]
// (inclusive, whatever the service's own bounds are) and returns which of
// among it holds.
func (p *timeProber) members(ctx context.Context, l listing, b Bounds, lo, hi int64, among map[int64]bool) (map[int64]bool, error) {
	if !b.StartInclusive {
		lo--
	}
	if !b.EndInclusive {
		hi++
	}
	req := map[string]any{"start_time": p.stamp(l, lo), "end_time": p.stamp(l, hi)}
	for k, v := range l.filter {
		req[k] = v
	}
	got := map[int64]bool{}
	err := p.w.cursor(ctx, l.ep, req, func(body []byte) {
		var d struct {
			List []map[string]any `json:"list"`
		}
		dec := json.NewDecoder(bytes.NewReader(dataOf(body)))
		dec.UseNumber()
		if dec.Decode(&d) != nil {
			return
		}
		for _, it := range d.List {
			if n, ok := it[l.idKey].(json.Number); !ok {
				continue
			} else if id, err := n.Int64(); err == nil && among[id] {
				got[id] = true
			}
		}
	})
	return got, err
}

// boundsOf reads, once per endpoint, how the service reads its bounds,
// from counts alone. With T the first second whose end_time filter counts
// an item, the start_time count at T plus the end_time count at T is the
// whole listing plus the items of second T when both are inclusive; when
// both are exclusive, that sum a second earlier falls short of the whole.
// Otherwise exactly one is inclusive, and no answer tells which: an item
// at t under [start, end) answers every filter as an item at t+1 under
// (start, end] does. The probe then reads [start, end), the usual choice.
func (p *timeProber) boundsOf(ctx context.Context, l listing) (Bounds, error) {
	p.mu.Lock()
	detect := p.detect[l.ep.Name]
	if detect == nil {
		detect = &sync.Mutex{}
		p.detect[l.ep.Name] = detect
	}
	p.mu.Unlock()
	detect.Lock()
	defer detect.Unlock()
	p.mu.Lock()
	b, ok := p.bounds[l.ep.Name]
	depth := p.boundsAt[l.ep.Name]
	p.mu.Unlock()
	if ok {
		svcclient.Reach(ctx, depth) // read after the listing that read them
		return *b, nil
	}
	all, err := p.total(ctx, l, nil)
	if err != nil {
		return Bounds{}, err
	}
	if err := p.pickLayout(ctx, l); err != nil {
		return Bounds{}, err
	}
	first, err := p.firstSecond(ctx, l)
	if err != nil {
		return Bounds{}, err
	}
	excess := func(t int64) (int, error) {
		s, err := p.total(ctx, l, map[string]any{"start_time": p.stamp(l, t)})
		if err != nil {
			return 0, err
		}
		e, err := p.total(ctx, l, map[string]any{"end_time": p.stamp(l, t)})
		return s + e - all, err
	}
	at, err := excess(first)
	if err != nil {
		return Bounds{}, err
	}
	b = &Bounds{StartInclusive: true, EndInclusive: true}
	if at <= 0 {
		before, err := excess(first - 1)
		if err != nil {
			return Bounds{}, err
		}
		b = &Bounds{StartInclusive: at == 0 && before == 0}
	}
	p.mu.Lock()
	p.bounds[l.ep.Name] = b
	p.boundsAt[l.ep.Name] = svcclient.Depth(ctx)
	p.mu.Unlock()
	return *b, nil
}

// pickLayout finds the first of layouts whose end_time the service
// accepts for l's endpoint; when it refuses them all, the first refusal.
func (p *timeProber) pickLayout(ctx context.Context, l listing) error {
	var first error
	for _, layout := range layouts {
		p.mu.Lock()
		p.layout[l.ep.Name] = layout
		p.mu.Unlock()
		_, err := p.total(ctx, l, map[string]any{"end_time": p.stamp(l, p.to)})
		var no *refusal
		if err == nil || !errors.As(err, &no) {
			return err
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// firstSecond bisects for the first second whose end_time filter counts
// an item of the listing.
func (p *timeProber) firstSecond(ctx context.Context, l listing) (int64, error) {
	ends := func(t int64) (int, error) { return p.total(ctx, l, map[string]any{"end_time": p.stamp(l, t)}) }
	lo, hi := p.from, p.to
	if n, err := ends(hi); err != nil || n == 0 {
		if err == nil {
			err = fmt.Errorf("%s: %w", l, errOutside)
		}
		return 0, err
	}
	// Items at the span's start are as good as a service that ignores
	// end_time: every item would be placed there.
	if n, err := ends(lo); err != nil || n > 0 {
		if err == nil {
			err = fmt.Errorf("%s: end_time 2000-01-01 still lists %d of the items (%w, or end_time is ignored)", l, n, errOutside)
		}
		return 0, err
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		n, err := ends(mid)
		if err != nil {
			return 0, err
		}
		if n >= 1 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, nil
}

// total is the listing's total under the time filter f (one call).
func (p *timeProber) total(ctx context.Context, l listing, f map[string]any) (int, error) {
	req := map[string]any{"page_size": 1}
	for k, v := range l.filter {
		req[k] = v
	}
	for k, v := range f {
		req[k] = v
	}
	_, data, err := p.w.call(ctx, l.ep, req)
	if err != nil {
		return 0, err
	}
	var d struct {
		Total int `json:"total"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return 0, fmt.Errorf("upstream %s: %w", l.ep.Name, err)
	}
	return d.Total, nil
}
