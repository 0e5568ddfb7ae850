package mockserver

import (
	"context"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

// Timing is a request's journal time and duration, for a host that stores
// the requests it answered and replays them to rebuild the same state:
// the WebAssembly module's service worker, which the browser stops and
// starts again (docs/frontend.md). With Options.RequestTiming, a request
// whose context carries a Timing (WithTiming) is journaled with the
// Timing's times when Replay is set, and its fault delays and slowed
// bodies do not wait; otherwise the Timing is filled with the times the
// request was journaled with. Only an in-process caller can set it: no
// request over HTTP carries one.
type Timing = chain.Timing

// WithTiming gives the request of ctx the Timing t.
func WithTiming(ctx context.Context, t *Timing) context.Context { return chain.WithTiming(ctx, t) }
