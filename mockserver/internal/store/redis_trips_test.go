package store_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/testkit/redistest"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// trips counts the round trips that read a status or write a journal
// entry (a request's; the background sync reads other keys): one a
// command sent alone, one a pipeline.
type trips struct{ n atomic.Int64 }

func (h *trips) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h *trips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.count([]redis.Cmder{cmd})
		return next(ctx, cmd)
	}
}

func (h *trips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		h.count(cmds)
		return next(ctx, cmds)
	}
}

func (h *trips) count(cmds []redis.Cmder) {
	for _, c := range cmds {
		if len(c.Args()) > 1 {
			if k, _ := c.Args()[1].(string); strings.HasSuffix(k, ":status") || strings.HasSuffix(k, ":journal") {
				h.n.Add(1)
				return
			}
		}
	}
}

// early is a request's offer of its entry, as chain.Call makes it
// (mockserver's store_redis_test.go holds that it does).
type early struct {
	log  journal.Log
	sent bool
}

func (e *early) Sent() { e.sent = true }

func (e *early) SuccessEntry() (journal.Log, journal.Exchange, bool) {
	return e.log, journal.Exchange{At: time.Now(), Method: "POST", Path: "/getRecord", Status: 200, Body: []byte(`{"record_id":5010}`)}, true
}

// A getRecord of a credential record costs one round trip with its
// journal entry, at the scenario's values and once a verify moved it, at
// the root and in a namespace: the entry goes with the status read.
func TestRedisCredentialReadIsOneRoundTrip(t *testing.T) {
	h := &trips{}
	srv := redistest.Start(t)
	r, err := store.NewRedis(ts.Build(), store.Options{JournalSize: 100, MaxNamespaces: 2, NamespaceIdle: time.Hour},
		store.RedisOptions{Config: redisstore.Config{Network: "unix", Addr: srv.Socket(), Hook: h}, Parse: parseFor(t), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	ns, err := r.Space("trips")
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range []*store.Space{r.Root(), ns} {
		key := sp.St.KeyBySecret(ts.ReadSecret)
		for _, moved := range []bool{false, true} {
			if moved {
				if _, err := sp.St.Verify(sp.St.KeyBySecret(ts.WriteSecret), setNext(ts.CertOK)); err != nil {
					t.Fatal(err)
				}
			}
			e := &early{log: sp.Journal}
			before := h.n.Load()
			a, err := sp.St.GetRecord(key, 5010, "", "json", e)
			if err != nil {
				t.Fatal(err)
			}
			if n := h.n.Load() - before; n != 1 || !e.sent {
				t.Errorf("space %q, moved %v: %d round trips, entry sent %v; want 1 and sent", sp.Name, moved, n, e.sent)
			}
			if got := a.View().Status.Name; moved == (got == statusName(t, sp, 5010)) {
				t.Errorf("space %q, moved %v: status %q", sp.Name, moved, got)
			}
		}
		rs, err := sp.Journal.Requests(journal.RequestFilter{Path: "getRecord"})
		if err != nil || len(rs) != 2 || rs[0].Status != 200 {
			t.Errorf("space %q: journal %+v %v, want both getRecords, 200", sp.Name, rs, err)
		}
	}
}

// statusName is the scenario's status of record id.
func statusName(t *testing.T, sp *store.Space, id int64) string {
	t.Helper()
	for _, rec := range sp.St.Scenario().Records {
		if rec.ID == id {
			return rec.Cert.Status.Name
		}
	}
	t.Fatalf("no record %d", id)
	return ""
}

func setNext(code string) state.VerifyRequest {
	return state.VerifyRequest{Code: code, HasCode: true, Action: contract.ActionNextStatus, HasAction: true}
}
