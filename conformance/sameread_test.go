package conformance

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Reads alike go once where the service's state is surely the same for
// both (sameReads): a read no write changes, from any check of the read
// phase; any read from checks the writes wait for. A read after the
// writes, a write unit's read and a write go every time.
func TestReadsAlikeGoOnceWhereTheStateIsTheSame(t *testing.T) {
	var sent sync.Map // request body → how many times it came
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		n, _ := sent.LoadOrStore(r.URL.Path+" "+string(b), new(atomic.Int32))
		n.(*atomic.Int32).Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{}}`)
	}))
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 2*time.Second, 0, 1, nil)
	c.plain = true
	t.Cleanup(c.close)
	p := writeProfile()
	p.Records = []profile.Record{{ID: 7, URL: "https://x.example/r/seven"}, {ID: 8, URL: "https://x.example/r/eight"}}
	g := newReadGate(1, p, []planned{{unit: writeUnit{keys: []string{"record:7"}}}})
	r := &runner{gate: g, prof: p, keys: p.Keys, client: c, slots: newSlots(8), same: &sameReads{}}
	read := Check{ID: "read", phase: phaseRead}
	held := func() *T {
		return &T{ctx: context.Background(), r: r, check: read, depth: baseDepth, prio: prioRead, hold: &gateHold{gate: g}}
	}
	moved := map[string]any{"record_id": int64(7)}
	still := map[string]any{"record_id": int64(8)}

	var wg sync.WaitGroup
	depths := make([]int, 4)
	for i := range depths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tk := held()
			if i == 3 {
				tk.hold, tk.prio = nil, prioBackground // a check beside the writes
			}
			body := moved
			if i >= 2 {
				body = still
			}
			if x := tk.send(contract.GetRecord, "read", body); x.Status != http.StatusOK {
				t.Errorf("read %d: status %d, err %v", i, x.Status, x.Err)
			}
			depths[i] = tk.depth
		}()
	}
	wg.Wait()
	for i, d := range depths {
		if d != baseDepth+1 {
			t.Errorf("read %d: chain at %d, want %d: a shared read counts on every chain that waits for it", i, d, baseDepth+1)
		}
	}
	after := &T{ctx: context.Background(), r: r, check: Check{ID: "after", phase: phasePost}, depth: baseDepth, prio: prioRead}
	after.send(contract.GetRecord, "read", moved)
	unit := held()
	unit.hold, unit.unit = nil, 1
	unit.send(contract.GetRecord, "read", moved)
	for range 2 {
		held().send(contract.Verify, "write", map[string]any{"certificate_code": "x"})
	}

	count := func(ep contract.Endpoint, body string) int32 {
		n, ok := sent.Load(ep.Path() + " " + body)
		if !ok {
			return 0
		}
		return n.(*atomic.Int32).Load()
	}
	for _, c := range []struct {
		ep   contract.Endpoint
		body string
		want int32
		why  string
	}{
		{contract.GetRecord, `{"record_id":7}`, 3, "once before the writes, once after them, once in a write unit"},
		{contract.GetRecord, `{"record_id":8}`, 1, "no write changes record 8: once for the held checks and the one beside the writes"},
		{contract.Verify, `{"certificate_code":"x"}`, 2, "a write goes every time"},
	} {
		if got := count(c.ep, c.body); got != c.want {
			t.Errorf("%s %s sent %d times, want %d: %s", c.ep.Name, c.body, got, c.want, c.why)
		}
	}
}
