package svcclient

import (
	"context"
	"sync"
)

// Chain counts the longest chain of calls that depend on each other in a
// walk of a service: each call sent under a context that carries it adds
// one, and reads that overlap each count from where the walk stood when
// they began, the walk going on from the longest. Its length times the
// latency is the least time the walk can take at any concurrency: the
// lower bound docs/performance.md sets each figure beside. It counts the
// plan, not what happened: the same at every concurrency.
type Chain struct {
	mu sync.Mutex
	n  int
}

type chainKey struct{}

// WithChain returns ctx carrying a new chain, and the chain.
func WithChain(ctx context.Context) (context.Context, *Chain) {
	c := &Chain{}
	return context.WithValue(ctx, chainKey{}, c), c
}

// Len is the length of the longest chain so far.
func (c *Chain) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// reach raises the chain to at least n.
func (c *Chain) reach(n int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n = max(c.n, n)
}

func (c *Chain) add() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

func chainOf(ctx context.Context) *Chain {
	c, _ := ctx.Value(chainKey{}).(*Chain)
	return c
}

// Fork returns a context for calls that do not wait for ctx's later ones
// (a goroutine of an overlapped read): its chain starts where ctx's
// stands. Join it back when it is done. Without a chain in ctx, Fork
// returns ctx.
func Fork(ctx context.Context) context.Context {
	parent := chainOf(ctx)
	if parent == nil {
		return ctx
	}
	return context.WithValue(ctx, chainKey{}, &Chain{n: parent.Len()})
}

// Join goes on from the longest of forked's chains: ctx's next call
// waits for all of them.
func Join(ctx context.Context, forked ...context.Context) {
	parent := chainOf(ctx)
	for _, f := range forked {
		if c := chainOf(f); c != parent {
			parent.reach(c.Len())
		}
	}
}

// Depth is where ctx's chain stands (0 without one), and Reach raises it
// to at least n: a read that waits for another's result (a shared answer
// read once) goes on from where that one ended.
func Depth(ctx context.Context) int { return chainOf(ctx).Len() }

// Reach raises ctx's chain to at least n (see Depth).
func Reach(ctx context.Context, n int) { chainOf(ctx).reach(n) }
