package proxy

import (
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// queueLen bounds the exchanges waiting for their verdict: when judging
// falls behind by that many, forwarding waits for it (back-pressure,
// never an exchange dropped unseen). With answers kept up to
// MaxJudgedBytes each, the queue holds at most queueLen of them.
const queueLen = 64

// queue feeds the observer from one goroutine, in the order exchanges
// ended: the relations see a read after the verify before it.
type queue struct {
	obs  *conformance.Observer
	jobs chan func(*conformance.Observer)
	done chan struct{}
	once sync.Once
}

func newQueue(obs *conformance.Observer) *queue {
	q := &queue{obs: obs, jobs: make(chan func(*conformance.Observer), queueLen), done: make(chan struct{})}
	go q.run()
	return q
}

func (q *queue) run() {
	defer close(q.done)
	for job := range q.jobs {
		job(q.obs)
	}
}

// sentWait bounds how long the judge waits for an answer to reach its
// client before judging it anyway: a client that stops reading holds up
// no one's verdict for longer.
const sentWait = 50 * time.Millisecond

// observe judges ob once sent is closed (the answer is the client's, see
// Proxy.stream), its body first unpacked when the service sent it coded
// (the client asked for it); one that does not unpack is judged as sent.
func (q *queue) observe(ob conformance.Observed, encoding string, sent <-chan struct{}) {
	q.jobs <- func(o *conformance.Observer) {
		t := time.NewTimer(sentWait)
		select {
		case <-sent:
		case <-t.C:
		}
		t.Stop()
		// Every name RFC 9110 gives a coding is that coding (x-gzip is
		// gzip, §8.4.1.3), as the runner reads it.
		switch c := rules.CanonicalCoding(encoding); {
		case c == "" || c == "identity":
		case slices.Contains(svcclient.ReadCodings, c):
			// A stream that does not decode to its end (cut short, or
			// another coding's bytes under the name) is what its client
			// got: bytes no decoder makes JSON of, judged as sent (so
			// C1.jsonText fails on it), as the runner judges it.
			body, err := svcclient.Decode(c, ob.Body, MaxJudgedBytes)
			switch {
			case errors.Is(err, svcclient.ErrTooLarge):
				o.Unjudged("a " + c + " answer that does not unpack within the cap")
				return
			case err == nil:
				ob.Body = body
			}
		default:
			o.Unjudged("an answer in a Content-Encoding the proxy cannot read")
			return
		}
		o.Observe(ob)
	}
}

func (q *queue) unjudged(why string) {
	q.jobs <- func(o *conformance.Observer) { o.Unjudged(why) }
}

func (q *queue) forget(space string) {
	q.jobs <- func(o *conformance.Observer) { o.Forget(space) }
}

func (q *queue) reset(space string) {
	q.jobs <- func(o *conformance.Observer) { o.Reset(space) }
}

// drain returns once every job queued before it has run.
func (q *queue) drain() {
	done := make(chan struct{})
	q.jobs <- func(*conformance.Observer) { close(done) }
	<-done
}

// close runs what is queued and stops the goroutine; nothing may be
// queued after.
func (q *queue) close() {
	q.once.Do(func() { close(q.jobs) })
	<-q.done
}
