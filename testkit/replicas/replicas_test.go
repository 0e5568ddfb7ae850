package replicas_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/replicas"
	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// The harness itself, on processes that share nothing (--store memory):
// each start-up line gives a distinct address, the round-robin sends
// consecutive calls to each process in turn, and Kill ends one.
func TestRoundRobinSpreadsCallsAndKillEndsOne(t *testing.T) {
	bin, err := rtqbin.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := replicas.Start(t, replicas.Options{Binary: bin, Store: "memory"})
	if len(s.Mocks) != 3 || s.Redis != nil {
		t.Fatalf("%d processes, Redis %v; want 3 and none", len(s.Mocks), s.Redis)
	}
	seen := map[string]bool{}
	for _, m := range s.Mocks {
		if seen[m.URL] || !strings.HasPrefix(m.URL, "http://127.0.0.1:") {
			t.Fatalf("process address %q: want a distinct loopback URL", m.URL)
		}
		seen[m.URL] = true
	}
	c := replicas.Client()
	for range 6 {
		resp, err := c.Get(s.URL() + "/api/v2/rpc/record/getRecord")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("GET getRecord through the round-robin: HTTP %d, want 405 from the mock", resp.StatusCode)
		}
	}
	for i, m := range s.Mocks {
		if n := journalLength(t, c, m.URL); n != 2 || s.Sent(i) != 2 {
			t.Errorf("process %d journaled %d of the 6 calls, the round-robin counts %d sent; want 2 and 2", i, n, s.Sent(i))
		}
	}
	s.Mocks[0].Kill()
	if s.Mocks[0].Running() || !s.Mocks[1].Running() {
		t.Errorf("after killing process 0: running %v, %v; want false, true", s.Mocks[0].Running(), s.Mocks[1].Running())
	}
	if _, err := c.Get(s.Mocks[0].URL + "/__admin/health"); err == nil {
		t.Errorf("a killed process still answers")
	}
}

// journalLength is the number of entries in the journal of the process at
// base (its memory store's own).
func journalLength(t *testing.T, c *http.Client, base string) int {
	t.Helper()
	resp, err := c.Get(base + "/__admin/requests")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var j struct {
		Requests []json.RawMessage `json:"requests"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&j); err != nil {
		t.Fatalf("journal at %s: %v", base, err)
	}
	return len(j.Requests)
}
