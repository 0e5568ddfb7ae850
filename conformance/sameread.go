package conformance

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Reads alike, one request. Checks of the read phase often send the very
// same read: the generated values' first page of a listing is a walk's
// first page too, the read key's record read by relation.keys is
// getRecord's own. Where the service's state is the same for both, the
// second is the first's answer again, and the run sends it once: the same
// endpoint, key, body and headers, in one of two states the service is
// surely in when it answers.
//
//   - A read no write of the run changes (readGate.seesMoved false: the
//     template listings, a record no unit moves), sent by a check of the
//     read phase, before or beside the writes.
//   - Any read sent by a check the writes wait for (its gate hold): the
//     writes have not begun.
//
// Never a write, never a read of a write unit or after the writes (a
// reset and the moves lie between them), and never a check that may
// mean to send the same request twice (the phases after the writes: the
// transport's checks). Never a cursor walk's page, nor a read with a page
// token: what a token is bound to is the service's, a reset included
// (§C5), so a walk a reset crossed is walked again from a first page of
// its own, and a token sent twice is meant to be (a single-use token). Whether two reads share does not depend on the
// order they are sent in, so the run sends as many requests, and each
// check judges the same answers, at any --concurrency.
type sameReads struct {
	mu    sync.Mutex
	calls map[string]*sameRead
}

// sameRead is one read's answer, once it is in (done closed).
type sameRead struct {
	done    chan struct{}
	x       *Exchange
	waiting *lift // the priorities of those who wait for it
}

// sameReadKey is the key req shares its answer under, and whether it may
// share at all (see sameReads).
func (t *T) sameReadKey(ep contract.Endpoint, body any, req Request) (string, bool) {
	if t.r.same == nil || t.r.gate == nil || ep.Write || t.unit != 0 || t.check.phase != phaseRead || t.walking {
		return "", false
	}
	if m, ok := body.(map[string]any); ok && m["page_token"] != nil {
		return "", false
	}
	state := "before the writes"
	if !t.r.gate.seesMoved(ep.Name, body) {
		state = "unchanged by the writes"
	} else if t.hold == nil {
		return "", false
	}
	// Every field of a Request is in its JSON, which is several times
	// cheaper to write than %#v (4% of the run's CPU before).
	b, err := json.Marshal(req)
	if err != nil {
		return "", false
	}
	return state + "\x00" + ep.Name + "\x00" + string(b), true
}

// sendShared sends o once for every check that sends it (key from
// sameReadKey): the first to ask sends it, at the first served priority
// of all who wait for it, raised as each comes to wait; the others wait
// for its answer. Each caller's chain grows by one request, as if it had
// sent it itself, so the plan's longest chain does not depend on who sent
// it.
func (t *T) sendShared(key string, ep contract.Endpoint, body any, o outgoing, apiKey string) *Exchange {
	s := t.r.same
	s.mu.Lock()
	if s.calls == nil {
		s.calls = map[string]*sameRead{}
	}
	c, ok := s.calls[key]
	if !ok {
		c = &sameRead{done: make(chan struct{}), waiting: &lift{plain: true}}
		s.calls[key] = c
	}
	s.mu.Unlock()
	before := c.waiting.best()
	c.waiting.add(t.priority)
	if ok {
		queued := time.Now()
		if t.priority() < before {
			t.r.slots.raise() // the read queued lower than this waiter
		}
		<-c.done
		t.depth++
		if t.r.trace != nil {
			t.r.trace.request(t, fmt.Sprintf("%s shared req=%x", ep.Name, traceHash(o.req)), queued, queued, time.Now())
		}
		return c.x
	}
	defer close(c.done)
	m := t.branch()
	m.lift = c.waiting
	c.x = m.sendNow(ep, body, o, apiKey)
	t.depth = m.depth
	return c.x
}
