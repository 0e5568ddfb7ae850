package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/testkit/redistest"
)

func open(t testing.TB, srv *redistest.Server, mod func(*redisstore.Config)) *redisstore.Store {
	t.Helper()
	cfg := redisstore.Config{Network: "unix", Addr: srv.Socket(), JournalSize: 1000, MaxChanges: 3,
		NamespaceIdle: 10 * time.Minute, MaxFaultRules: 4}
	if mod != nil {
		mod(&cfg)
	}
	s := redisstore.Open(cfg)
	t.Cleanup(func() { s.Close() })
	return s
}

// A two-status flow: pending moves to done, done refuses.
func call(space string, n int) redisstore.VerifyCall {
	return redisstore.VerifyCall{Space: space, Code: "cert-1", Initial: "pending",
		Outcomes: map[string]redisstore.Outcome{
			"pending": {To: "done", Change: `{"from":"pending","to":"done"}`},
			"done":    {Err: "100423"},
		},
		Entry: fmt.Sprintf(`{"n":%d}`, n)}
}

// 50 verifies race one certificate through two Store values (two
// replicas): exactly one moves it, and every one is in the journal.
func TestVerifyRaceMovesOnceAndLosesNoEntry(t *testing.T) {
	srv := redistest.Start(t)
	a, b := open(t, srv, nil), open(t, srv, nil)
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	moved, refused := 0, 0
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := a
			if i%2 == 1 {
				s = b
			}
			v, err := s.Verify(ctx, call("", i))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Errorf("verify %d: %v", i, err)
			case v.Moved && v.From == "pending" && v.To == "done":
				moved++
			case !v.Moved && v.From == "done" && v.Err == "100423":
				refused++
			default:
				t.Errorf("verify %d: %+v", i, v)
			}
		}()
	}
	wg.Wait()
	if moved != 1 || refused != 49 {
		t.Errorf("moved %d, refused %d; want 1 and 49", moved, refused)
	}
	j, err := b.Journal(ctx, "", 0)
	if err != nil || len(j) != 50 {
		t.Fatalf("journal: %d entries, %v; want 50", len(j), err)
	}
	moves := 0
	for _, e := range j {
		if e.Verify == "moved" {
			moves++
		}
	}
	if moves != 1 {
		t.Errorf("journal says %d moves, want 1", moves)
	}
	st, changes, ok, err := a.Status(ctx, "", "cert-1")
	if err != nil || !ok || st != "done" || len(changes) != 1 || changes[0] != `{"from":"pending","to":"done"}` {
		t.Errorf("status %q %q %v %v", st, changes, ok, err)
	}
}

// A verify in one namespace is not seen in another or the root; a
// namespace's keys carry its idle TTL, the root's none; a reset undoes
// a space's verifies alone.
func TestNamespacesIsolatedExpireAndReset(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, func(c *redisstore.Config) { c.NamespaceIdle = time.Minute })
	ctx := context.Background()
	for _, sp := range []string{"a", ""} {
		if v, err := s.Verify(ctx, call(sp, 0)); err != nil || !v.Moved {
			t.Fatalf("verify in %q: %+v %v", sp, v, err)
		}
	}
	if _, _, ok, err := s.Status(ctx, "b", "cert-1"); ok || err != nil {
		t.Errorf("namespace b sees a's verify (%v, %v)", ok, err)
	}
	rdb := srv.Client(t)
	if ttl := rdb.PTTL(ctx, "rtq:{s:a}:status").Val(); ttl <= 0 || ttl > time.Minute {
		t.Errorf("namespace key PTTL %v, want in (0, 1m]", ttl)
	}
	if ttl := rdb.PTTL(ctx, "rtq:{root}:status").Val(); ttl != -1 {
		t.Errorf("root key PTTL %v, want none (-1)", ttl)
	}
	if err := s.Reset(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if _, _, ok, _ := s.Status(ctx, "a", "cert-1"); ok {
		t.Error("reset of a left its verify")
	}
	if _, _, ok, _ := s.Status(ctx, "", "cert-1"); !ok {
		t.Error("reset of a undid the root's verify")
	}
}

// The state changes kept are capped, the latest kept; the journal is
// capped near JournalSize (MAXLEN ~).
func TestCaps(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, func(c *redisstore.Config) { c.JournalSize = 10 })
	ctx := context.Background()
	cyc := func(n int) redisstore.VerifyCall {
		c := call("", n)
		c.Outcomes = map[string]redisstore.Outcome{
			"pending": {To: "done", Change: fmt.Sprintf(`"%d"`, n)},
			"done":    {To: "pending", Change: fmt.Sprintf(`"%d"`, n)},
		}
		return c
	}
	for i := range 500 {
		if _, err := s.Verify(ctx, cyc(i)); err != nil {
			t.Fatal(err)
		}
	}
	_, changes, _, err := s.Status(ctx, "", "cert-1")
	if err != nil || strings.Join(changes, ",") != `"497","498","499"` {
		t.Errorf("changes %q %v, want the latest 3", changes, err)
	}
	if n := srv.Client(t).XLen(ctx, "rtq:{root}:journal").Val(); n < 10 || n >= 500 {
		t.Errorf("journal holds %d entries, want it capped near 10", n)
	}
}

// go-redis falls back from EVALSHA to EVAL: a SCRIPT FLUSH is survived.
func TestScriptFlushSurvived(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, nil)
	ctx := context.Background()
	if _, err := s.Verify(ctx, call("", 0)); err != nil {
		t.Fatal(err)
	}
	if err := srv.Client(t).ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Verify(ctx, call("", 1)); err != nil || v.Err != "100423" {
		t.Errorf("verify after SCRIPT FLUSH: %+v %v", v, err)
	}
}

// Runtime fault rules: ids, the bound all or none, one removed.
func TestFaultRules(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, nil)
	ctx := context.Background()
	ids, err := s.AddFaults(ctx, "x", []string{`{"drop":true}`, `{"delay_ms":5}`, `{"error":{"code":503}}`})
	if err != nil || strings.Join(ids, ",") != "1,2,3" {
		t.Fatalf("ids %v %v", ids, err)
	}
	if _, err := s.AddFaults(ctx, "x", []string{`{"drop":true}`, `{"drop":true}`}); !errors.Is(err, redisstore.ErrTooManyRules) {
		t.Errorf("past the bound: %v, want ErrTooManyRules", err)
	}
	if ok, err := s.DeleteFault(ctx, "x", "2"); !ok || err != nil {
		t.Errorf("delete 2: %v %v", ok, err)
	}
	m, err := s.Faults(ctx, "x")
	if err != nil || len(m) != 2 || m["1"] != `{"drop":true}` {
		t.Errorf("faults %v %v", m, err)
	}
	if m, _ := s.Faults(ctx, ""); len(m) != 0 {
		t.Errorf("root has x's rules: %v", m)
	}
}

// Redis stopped: every call fails with ErrUnreachable, never an answer
// from memory; Redis back: the same Store works again, no restart.
func TestUnreachableIsLoudAndRecovers(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, nil)
	ctx := context.Background()
	srv.Stop(t)
	if err := s.Ping(ctx); !errors.Is(err, redisstore.ErrUnreachable) || !strings.Contains(err.Error(), "store unreachable") {
		t.Errorf("Ping while down: %v", err)
	}
	if _, err := s.Verify(ctx, call("", 0)); !errors.Is(err, redisstore.ErrUnreachable) {
		t.Errorf("Verify while down: %v", err)
	}
	if _, err := s.Journal(ctx, "", 0); !errors.Is(err, redisstore.ErrUnreachable) {
		t.Errorf("Journal while down: %v", err)
	}
	srv.Restart(t)
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping after restart: %v", err)
	}
	if v, err := s.Verify(ctx, call("", 0)); err != nil || !v.Moved {
		t.Errorf("Verify after restart: %+v %v", v, err)
	}
}

// Append journals a request and renews a namespace's TTL; Touch renews
// it on reads; ClearJournal empties the journal; Drop removes the space.
func TestAppendTouchClearDrop(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, func(c *redisstore.Config) { c.NamespaceIdle = time.Minute })
	rdb := srv.Client(t)
	ctx := context.Background()
	for i := range 3 {
		if err := s.Append(ctx, "n", fmt.Sprintf(`{"n":%d}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	j, err := s.Journal(ctx, "n", 2)
	if err != nil || len(j) != 2 || j[0].Req != `{"n":2}` || j[1].Req != `{"n":1}` {
		t.Fatalf("journal newest first, limit 2: %+v %v", j, err)
	}
	if ttl := rdb.PTTL(ctx, "rtq:{s:n}:journal").Val(); ttl <= 0 {
		t.Errorf("Append left the journal with PTTL %v", ttl)
	}
	rdb.Persist(ctx, "rtq:{s:n}:journal")
	if err := s.Touch(ctx, "n"); err != nil || rdb.PTTL(ctx, "rtq:{s:n}:journal").Val() <= 0 {
		t.Errorf("Touch did not renew the TTL (%v)", err)
	}
	if err := s.ClearJournal(ctx, "n"); err != nil {
		t.Fatal(err)
	}
	if j, _ := s.Journal(ctx, "n", 0); len(j) != 0 {
		t.Errorf("journal after clear: %d entries", len(j))
	}
	if _, err := s.Verify(ctx, call("n", 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Drop(ctx, "n"); err != nil {
		t.Fatal(err)
	}
	if n := rdb.Exists(ctx, "rtq:{s:n}:status", "rtq:{s:n}:changes", "rtq:{s:n}:journal").Val(); n != 0 {
		t.Errorf("%d keys left after Drop", n)
	}
}

// A namespace's journal has a cap of its own (NamespaceJournalSize); the
// root's keeps JournalSize.
func TestNamespaceJournalCap(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, func(c *redisstore.Config) { c.JournalSize, c.NamespaceJournalSize = 1000, 10 })
	ctx := context.Background()
	var batch []redisstore.Appended
	for i := range 300 {
		batch = append(batch, redisstore.Appended{Space: "n", Entry: fmt.Sprint(i)}, redisstore.Appended{Space: "", Entry: fmt.Sprint(i)})
	}
	if err := s.AppendBatch(ctx, batch); err != nil {
		t.Fatal(err)
	}
	rdb := srv.Client(t)
	if n := rdb.XLen(ctx, "rtq:{s:n}:journal").Val(); n < 10 || n >= 300 {
		t.Errorf("the namespace's journal holds %d entries, want it capped near 10", n)
	}
	if n := rdb.XLen(ctx, "rtq:{root}:journal").Val(); n != 300 {
		t.Errorf("the root's journal holds %d entries, want all 300 under its cap of 1000", n)
	}
}

// Join registers the first scenario and refuses another; Publish replaces
// it, drops the namespaces and tells every subscriber; Announce too.
func TestScenarioJoinPublishEvents(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := redisstore.Scenario{Digest: "aaaa", Name: "one", YAML: []byte("name: one\n")}
	if gen, err := s.Join(ctx, a); err != nil || gen != 1 {
		t.Fatalf("first Join: %d %v", gen, err)
	}
	if _, err := s.Join(ctx, a); err != nil {
		t.Errorf("Join of the same scenario: %v", err)
	}
	b := redisstore.Scenario{Digest: "bbbb", Name: "two", YAML: []byte("name: two\n")}
	if _, err := s.Join(ctx, b); !errors.Is(err, redisstore.ErrOtherScenario) || !strings.Contains(err.Error(), `"one"`) {
		t.Errorf("Join of another scenario: %v", err)
	}
	events, closeEvents := s.Events(ctx)
	defer closeEvents()
	if ev := next(t, events); ev != "subscribed" {
		t.Fatalf("first event %q, want subscribed", ev)
	}
	if _, err := s.Verify(ctx, call("ns", 0)); err != nil {
		t.Fatal(err)
	}
	if gen, err := s.Publish(ctx, b); err != nil || gen != 2 {
		t.Fatalf("Publish: %d %v", gen, err)
	}
	if ev := next(t, events); ev != "scenario 2" {
		t.Errorf("event %q, want scenario 2", ev)
	}
	if cur, err := s.Current(ctx); err != nil || cur.Digest != "bbbb" || string(cur.YAML) != "name: two\n" || cur.Gen != 2 {
		t.Errorf("Current after Publish: %+v %v", cur, err)
	}
	if n := srv.Client(t).Exists(ctx, "rtq:{s:ns}:status").Val(); n != 0 {
		t.Error("Publish left a namespace's keys")
	}
	if err := s.Announce(ctx, "faults x"); err != nil {
		t.Fatal(err)
	}
	if ev := next(t, events); ev != "faults x" {
		t.Errorf("event %q, want faults x", ev)
	}
}

// next is the next event, or the test fails after 10 s without one.
func next(t *testing.T, events <-chan string) string {
	t.Helper()
	select {
	case ev := <-events:
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
		return ""
	}
}
