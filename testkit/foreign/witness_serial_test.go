package foreign

import "testing"

// Every build of a witness answers one request at a time (its lock runs
// each request through them in turn), so a racing bug's slow step must
// not wait there for a request beside it: with every bug on, a verify
// went through some 1,600 builds, each waiting out its slow step, and the
// frontend examples' fake took minutes per request. The step of a serial
// server neither waits nor leaves a waiter behind.
func TestAWitnessesBuildsDoNotWaitForARequestBeside(t *testing.T) {
	opts := Defaults()
	opts.Bugs = []Bug{BugA10AnswerSharedRecord, BugA10ForkWithoutFromRaces, BugJSONLDNoURL}
	w := NewWitness(opts)
	builds := []*Server{w.bugged, w.twin}
	for _, p := range w.per {
		builds = append(builds, p.without, p.alone)
	}
	if len(builds) != 2+2*len(opts.Bugs) {
		t.Fatalf("%d builds, want %d", len(builds), 2+2*len(opts.Bugs))
	}
	for i, s := range builds {
		if !s.serial {
			t.Errorf("build %d of the witness is not serial", i)
		}
		s.a10Meet("shared")
		if n := len(s.a10.waiting); n != 0 {
			t.Errorf("build %d: %d slow steps left waiting for a request beside", i, n)
		}
	}
	if New(opts).serial {
		t.Error("a server on its own is serial: its racing bugs would never race")
	}
}
