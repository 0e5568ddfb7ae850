package svcclient

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestInOrderCommitsInTheJobsOrder: jobs that finish last-first are still
// committed first-first, and a failure commits what came before it and
// itself, then stops.
func TestInOrderCommitsInTheJobsOrder(t *testing.T) {
	const n = 6
	done := make([]chan struct{}, n+1)
	for i := range done {
		done[i] = make(chan struct{})
	}
	close(done[n])
	var committed []int
	boom := errors.New("boom")
	jobs := make([]Job, n)
	for i := range jobs {
		jobs[i] = func(context.Context) (func(), error) {
			<-done[i+1] // the last job finishes first
			defer close(done[i])
			var err error
			if i == 4 {
				err = boom
			}
			return func() { committed = append(committed, i) }, err
		}
	}
	if err := InOrder(context.Background(), n, jobs); err != boom {
		t.Fatalf("err = %v, want the failing job's", err)
	}
	if want := []int{0, 1, 2, 3, 4}; !slices.Equal(committed, want) {
		t.Fatalf("committed %v, want %v: in order, up to the failure", committed, want)
	}
}
