package recorder

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// probeCost estimates the calls timing a listing of n items takes: about
// one per item per halving of the span below where the items part ways.
// Reading an endpoint's bounds first costs boundsCost more, once. On the
// default scenario the estimate errs high by about a sixth (17,884 calls
// made where it says 20,816).
func probeCost(n int) int { return n * (31 - bits.Len(uint(n))) }

// boundsCost is about what reading an endpoint's bounds costs.
const boundsCost = 35

// progressEvery is how often a long probe says how far it is.
const progressEvery = 10 * time.Second

// ProbeTimes recovers the creation times of the templates and sub-codes c
// holds that do not have them yet (see timeProber), and keeps them in c.
// A listing is timed whole or not at all: one that could not be (the
// budget spent, items outside the probed span) keeps placeholder times,
// and the file's header says which. ErrBudget and ctx's error stop it;
// other failures of one listing are logged and the next is probed.
// Listings are probed side by side, u.Concurrency at a time (and the
// halves of each bisection too), within u's rate and budget.
func ProbeTimes(ctx context.Context, u *Upstream, c *Capture, log io.Writer) error {
	_, err := probeTimes(ctx, u, c, log, time.Now())
	return err
}

// probeTimes is ProbeTimes that also says how many listings it did not
// begin for lack of budget: raising --max-requests would time them.
func probeTimes(ctx context.Context, u *Upstream, c *Capture, log io.Writer, now time.Time) (unfit int, err error) {
	if log == nil {
		log = io.Discard
	}
	p := newTimeProber(&walker{u: u, c: c, log: log}, now)
	tpls, subs := c.untimed()
	var done atomic.Int64
	stop := progress(log, u, &done, len(subs.order)+min(len(tpls), 1))
	defer stop()
	var todo []func(context.Context) error
	if len(tpls) > 0 {
		todo = append(todo, func(ctx context.Context) error {
			return p.probe(ctx, c, listing{ep: contract.TemplatesList, idKey: "tpl_id"}, "", tpls)
		})
	}
	for _, coding := range subs.order {
		todo = append(todo, func(ctx context.Context) error {
			l := listing{ep: contract.ListQrcodes, filter: map[string]any{"template": coding}, idKey: "id"}
			return p.probe(ctx, c, l, coding, subs.ids[coding])
		})
	}
	err = each(ctx, max(1, u.Concurrency), todo, func() { done.Add(1) })
	return p.unfitted(), err
}

// unfitted is how many listings were not begun for lack of budget.
func (p *timeProber) unfitted() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.unfit
}

// each runs the listings' probes, workers at a time, until the first
// error, which it returns; finished is told of each probe that ended well.
func each(parent context.Context, workers int, todo []func(context.Context) error, finished func()) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		once     sync.Once
		firstErr error
	)
	// Each listing counts its own chain of calls (svcclient.Chain); the
	// probe's is the longest.
	forks := make([]context.Context, len(todo))
	for i := range forks {
		forks[i] = svcclient.Fork(ctx)
	}
	defer svcclient.Join(parent, forks...)
	for range min(workers, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(todo) && ctx.Err() == nil; i = int(next.Add(1)) - 1 {
				if err := todo[i](forks[i]); err != nil {
					once.Do(func() { firstErr = err; cancel() })
					return
				}
				finished()
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = parent.Err() // ended before a listing saw it
	}
	return firstErr
}

// probe times one listing into c; coding is "" for the template list. A
// listing whose estimated cost is more than the budget has left is not
// begun: half a probe is thrown away (listings are timed whole), and the
// calls are better spent on listings that fit.
func (p *timeProber) probe(ctx context.Context, c *Capture, l listing, coding string, ids []int64) error {
	cost, ok := p.reserve(l, len(ids))
	if !ok {
		fmt.Fprintf(p.w.log, "rtq record: creation times of %s not probed: about %d calls, more than --max-requests has left\n", l, cost)
		return nil
	}
	defer p.release(cost)
	times, b, err := p.times(ctx, l, ids)
	if errors.Is(err, ErrBudget) || ctx.Err() != nil {
		if err == nil {
			err = ctx.Err()
		}
		return err
	}
	if err != nil {
		fmt.Fprintf(p.w.log, "rtq record: creation times not recovered: %v\n", err)
		return nil
	}
	c.setTimes(coding, times, b)
	return nil
}

// reserve sets aside the estimated cost of timing n items of l from the
// budget, counting what listings under way may still spend, and says
// whether it fits. Without a budget everything fits.
func (p *timeProber) reserve(l listing, n int) (int, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cost := probeCost(n)
	if _, known := p.bounds[l.ep.Name]; !known {
		cost += boundsCost
	}
	left := p.w.u.Left()
	if left >= 0 && p.reserved+cost > left {
		p.unfit++
		return cost, false
	}
	p.reserved += cost
	return cost, true
}

func (p *timeProber) release(cost int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reserved -= cost
}

// progress prints, every progressEvery until stopped, how many of n
// listings are probed and the calls made: a probe of thousands of items at
// a polite rate runs for many minutes.
func progress(log io.Writer, u *Upstream, done *atomic.Int64, n int) (stop func()) {
	quit := make(chan struct{})
	finished := make(chan struct{})
	start := u.Calls()
	go func() {
		defer close(finished)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				fmt.Fprintf(log, "rtq record: probed %d of %d listings (%d calls)\n", done.Load(), n, u.Calls()-start)
			case <-quit:
				return
			}
		}
	}()
	return func() { close(quit); <-finished }
}
