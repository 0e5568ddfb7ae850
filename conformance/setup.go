package conformance

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// defaultSetupTimeout bounds a set-up call (the reset) unless Options says.
const defaultSetupTimeout = 10 * time.Second

// setupState keeps the first failure of the runner's own set-up calls: it
// is reported once, as the run's, and later calls give up at once.
type setupState struct {
	mu  sync.Mutex
	err error
}

func (s *setupState) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *setupState) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// reset POSTs the profile's reset URL, if any, within the set-up time-out.
// The first failure is the run's set-up failure; after it, reset fails at
// once without sending, so a hanging reset costs one time-out, not one per
// case.
func (r *runner) reset(ctx context.Context) error {
	if r.prof.Reset == "" {
		return nil
	}
	if err := r.setup.failed(); err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, r.opts.SetupTimeout)
	defer cancel()
	sent := time.Now()
	r.resets.Add(1)
	err := r.client.postAdmin(sctx, r.prof.Reset, r.opts.AdminToken)
	r.resets.Add(1)
	r.trace.line(sent, sent, time.Now(), "reset")
	if err != nil && ctx.Err() == nil {
		if sctx.Err() != nil {
			err = fmt.Errorf("no complete answer within the set-up time-out of %v", r.opts.SetupTimeout)
		}
		r.setup.fail(fmt.Errorf("reset %s: %w", r.prof.Reset, err))
		return r.setup.failed()
	}
	return err
}
