package chain

import (
	"context"
	"time"
)

// Timing is one request's journal time and duration, carried in and out
// of the chain through its context for a host that stores the requests it
// answered and replays them to rebuild its state (the WebAssembly module's
// service worker, stopped and started again by the browser). A live
// request's Timing is filled when it is journaled; a replayed one
// (Replay) is journaled with the times it had the first time, and its
// fault delays and slowed bodies do not wait.
type Timing struct {
	At     time.Time
	Dur    time.Duration
	Replay bool
}

type timingKey struct{}

// WithTiming gives the request of ctx the Timing t.
func WithTiming(ctx context.Context, t *Timing) context.Context {
	return context.WithValue(ctx, timingKey{}, t)
}

// TimingOf is the Timing of ctx, nil for a request that has none (every
// request of the native server).
func TimingOf(ctx context.Context) *Timing {
	t, _ := ctx.Value(timingKey{}).(*Timing)
	return t
}

// Journal gives the time and duration to journal for a request that took
// dur from at: a replay's own, else at and dur, which t then keeps.
func (t *Timing) Journal(at time.Time, dur time.Duration) (time.Time, time.Duration) {
	if t.Replay {
		return t.At, t.Dur
	}
	t.At, t.Dur = at, dur
	return at, dur
}

// Replaying reports whether the request of ctx is a replay: its waits
// are skipped.
func Replaying(ctx context.Context) bool {
	t := TimingOf(ctx)
	return t != nil && t.Replay
}
