package svcclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// A chain counts the calls in sequence, and of the jobs InOrder overlaps
// only the longest: two calls, then jobs of 1, 3 and 2 calls, then one
// more make a chain of 2 + 3 + 1, whether the jobs ran one at a time or
// side by side. A forked read that another waits for (Depth, Reach)
// carries its length over.
func TestChainCountsTheLongestDependentCalls(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("{}")) }))
	defer srv.Close()
	c := New(Config{BaseURL: srv.URL})
	calls := func(ctx context.Context, n int) error {
		for range n {
			if _, err := c.Post(ctx, "/x", "", nil); err != nil {
				return err
			}
		}
		return nil
	}
	for _, workers := range []int{1, 4} {
		ctx, chain := WithChain(context.Background())
		if err := calls(ctx, 2); err != nil {
			t.Fatal(err)
		}
		var jobs []Job
		for _, n := range []int{1, 3, 2} {
			jobs = append(jobs, func(ctx context.Context) (func(), error) { return nil, calls(ctx, n) })
		}
		if err := InOrder(ctx, workers, jobs); err != nil {
			t.Fatal(err)
		}
		if err := calls(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if chain.Len() != 6 || Depth(ctx) != 6 {
			t.Errorf("workers %d: chain %d (depth %d), want 6", workers, chain.Len(), Depth(ctx))
		}
		Reach(ctx, 10)
		forked := Fork(ctx)
		_ = calls(forked, 1)
		Join(ctx, forked)
		if chain.Len() != 11 {
			t.Errorf("workers %d: after reaching 10 and a forked call: %d, want 11", workers, chain.Len())
		}
	}
	if Depth(context.Background()) != 0 || Fork(context.Background()) != context.Background() {
		t.Error("a context without a chain has a depth or forks one")
	}
}
