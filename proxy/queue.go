package proxy

import (
	"sync"

	"github.com/rtq-kit/rtq/conformance"
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

func (q *queue) observe(ob conformance.Observed) {
	q.jobs <- func(o *conformance.Observer) { o.Observe(ob) }
}

func (q *queue) unjudged(why string) {
	q.jobs <- func(o *conformance.Observer) { o.Unjudged(why) }
}

func (q *queue) forget(space string) {
	q.jobs <- func(o *conformance.Observer) { o.Forget(space) }
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
