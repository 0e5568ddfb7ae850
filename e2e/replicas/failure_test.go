package replicas_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/schemas"
)

// waitBound bounds a wait for something the test cannot cause at once (a
// key's expiry, a reconnection): generous, since a loaded machine is slow;
// the test polls the condition itself and never sleeps for it.
const waitBound = 30 * time.Second

// poll calls ok every 20 ms until it is true, failing the test past
// waitBound with what.
func poll(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitBound)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", waitBound, what)
		}
		<-tick.C
	}
}

// A namespace made through one replica is the same namespace through the
// others, and never leaks into another namespace or the root.
func TestNamespacesAreSharedAndIsolated(t *testing.T) {
	t.Parallel()
	s := start(t)
	a, b, c := s.Mocks[0].URL, s.Mocks[1].URL, s.Mocks[2].URL
	if v := verifyFrom(a + "/s/job-a"); v.code() != 0 {
		t.Fatalf("verify in job-a through A: %v", v)
	}
	for _, tc := range []struct{ base, want string }{
		{b + "/s/job-a", verified}, {c + "/s/job-a", verified},
		{b + "/s/job-b", pending}, {c, pending},
	} {
		if got := certStatus(t, tc.base); got != tc.want {
			t.Errorf("%s shows %q, want %q", tc.base, got, tc.want)
		}
	}
	for _, tc := range []struct {
		base            string
		calls, verifies int
	}{
		{a + "/s/job-a", 3, 1}, {b + "/s/job-b", 1, 0}, {c, 1, 0},
	} {
		j := journal(t, tc.base, "")
		if len(j) != tc.calls || verifies(j, 0) != tc.verifies {
			t.Errorf("journal of %s: %d entries, %d verify, want %d and %d: %+v", tc.base, len(j), verifies(j, 0), tc.calls, tc.verifies, j)
		}
	}
}

// A namespace's keys in Redis live --namespace-idle after its last use,
// the root's for ever; once they have expired, the namespace starts afresh
// from the scenario on its next request, through any replica.
func TestNamespacesExpire(t *testing.T) {
	t.Parallel()
	const idle = 4 * time.Second
	s := start(t, "--namespace-idle", idle.String())
	a, b := s.Mocks[0].URL, s.Mocks[1].URL
	if v := verifyFrom(a + "/s/job-x"); v.code() != 0 {
		t.Fatalf("verify in job-x through A: %v", v)
	}
	if v := verifyFrom(a); v.code() != 0 {
		t.Fatalf("verify at the root through A: %v", v)
	}
	rdb := s.Redis.Client(t)
	ctx := context.Background()
	spaceKeys := func(pattern string) []string {
		keys, err := rdb.Keys(ctx, pattern).Result()
		if err != nil {
			t.Fatalf("KEYS %s: %v", pattern, err)
		}
		return keys
	}
	keys := spaceKeys("*job-x*")
	if len(keys) == 0 {
		t.Fatalf("no Redis key names job-x after a verify in it (or they expired already: --namespace-idle %v)", idle)
	}
	for _, k := range keys {
		if ttl := rdb.PTTL(ctx, k).Val(); ttl <= 0 || ttl > idle {
			t.Errorf("key %s lives %v, want (0, %v]", k, ttl, idle)
		}
	}
	for _, k := range spaceKeys("*root*") {
		if ttl := rdb.PTTL(ctx, k).Val(); ttl != -1 {
			t.Errorf("root key %s expires in %v: the root must never expire", k, ttl)
		}
	}
	poll(t, "job-x's keys expire", func() bool { return len(spaceKeys("*job-x*")) == 0 })
	if got := certStatus(t, b+"/s/job-x"); got != pending {
		t.Errorf("job-x after it expired shows %q through B, want %q (afresh from the scenario)", got, pending)
	}
	if j := journal(t, b+"/s/job-x", ""); len(j) != 1 {
		t.Errorf("job-x's journal after it expired holds %d entries, want 1 (the getRecord just made): %+v", len(j), j)
	}
	if got := certStatus(t, b); got != verified {
		t.Errorf("the root shows %q after job-x expired, want %q (it never expires)", got, verified)
	}
}

// SCRIPT FLUSH empties Redis' script cache under the replicas: the next
// verify still runs (loaded again), and is seen everywhere.
func TestScriptFlushIsSurvived(t *testing.T) {
	t.Parallel()
	s := start(t)
	a, b := s.Mocks[0].URL, s.Mocks[1].URL
	next := map[string]any{"certificate_code": "demo-cert-a-pending-02", "action_type": "set_next_certificate_status"}
	if v := post(a, "/api/v2/rpc/certificates/verify", writeKey, next); v.code() != 0 {
		t.Fatalf("first verify (loads the script): %v", v)
	}
	rdb := s.Redis.Client(t)
	if err := rdb.ScriptFlush(context.Background()).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	for _, base := range []string{a, b} { // A ran the script before; B perhaps not
		if v := verifyFrom(base); v.code() != 0 && v.body["error_code"] != float64(100324) && v.body["error_code"] != float64(100326) {
			t.Fatalf("verify through %s after SCRIPT FLUSH: %v", base, v)
		}
	}
	if got := certStatus(t, s.Mocks[2].URL); got != verified {
		t.Errorf("after SCRIPT FLUSH and a verify, C shows %q, want %q", got, verified)
	}
}

// A is killed with SIGKILL while eight clients send it verifies, each in a
// namespace of its own: every verify A acknowledged is there through B and
// in C's journal; one it did not answer is either done or not, never half.
func TestKilledReplicaLosesNoAcknowledgedWrite(t *testing.T) {
	t.Parallel()
	s := start(t, "--max-namespaces", "100000")
	a, b, c := s.Mocks[0].URL, s.Mocks[1].URL, s.Mocks[2].URL
	const workers, killAfter = 8, 40
	var mu sync.Mutex
	var acked, unanswered []string
	reached := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				ns := fmt.Sprintf("kill-%d-%d", w, i)
				v := verifyFrom(a + "/s/" + ns)
				mu.Lock()
				switch {
				case v.err != nil || v.status == 0:
					unanswered = append(unanswered, ns)
				case v.code() == 0:
					acked = append(acked, ns)
				default:
					t.Errorf("verify in %s through A: %v", ns, v)
				}
				n, done := len(acked), v.err != nil || v.code() != 0
				mu.Unlock()
				if n >= killAfter {
					once.Do(func() { close(reached) })
				}
				if done {
					return
				}
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-reached:
	case <-finished:
		t.Fatalf("the clients stopped before %d verifies were acknowledged:\n%s", killAfter, s.Mocks[0].Log())
	}
	s.Mocks[0].Kill()
	<-finished
	if len(unanswered) == 0 {
		t.Fatalf("no call to A went unanswered: A was not killed mid-run")
	}
	for _, ns := range acked {
		if got := certStatus(t, b+"/s/"+ns); got != verified {
			t.Errorf("%s: A acknowledged a verify, B shows %q", ns, got)
		}
		if j := journal(t, c+"/s/"+ns, "path=certificates/verify"); verifies(j, 0) != 1 {
			t.Errorf("%s: A acknowledged a verify, C's journal holds %+v", ns, j)
		}
	}
	for _, ns := range unanswered {
		if got := certStatus(t, b+"/s/"+ns); got != verified && got != pending {
			t.Errorf("%s: a verify A never answered left %q through B, want %q or %q", ns, got, pending, verified)
		}
	}
	t.Logf("%d verifies acknowledged before the kill, %d unanswered", len(acked), len(unanswered))
}

// While Redis is down, calls that need state answer 503 in their
// endpoint's own error shape and health says "store unreachable" (over
// HTTP and rtq health); no replica answers from memory. When Redis is back
// the same processes serve again, from the scenario (Redis kept nothing).
func TestRedisOutageIs503ThenRecovers(t *testing.T) {
	t.Parallel()
	s := start(t)
	a, b, c := s.Mocks[0].URL, s.Mocks[1].URL, s.Mocks[2].URL
	if v := verifyFrom(a); v.code() != 0 {
		t.Fatalf("verify before the outage: %v", v)
	}
	set, err := schemas.CompileFiles("certificates/verify.error.json", "record/getRecord.error.json")
	if err != nil {
		t.Fatal(err)
	}
	s.Redis.Stop(t)
	for _, tc := range []struct {
		name, schema string
		a            answer
	}{
		{"verify through A", "certificates/verify.error.json", verifyFrom(a)},
		{"getRecord of a credential record through B", "record/getRecord.error.json",
			post(b, "/api/v2/rpc/record/getRecord", readKey, map[string]any{"record_id": certRecord})},
	} {
		if tc.a.status != http.StatusServiceUnavailable || tc.a.code() == 0 {
			t.Errorf("%s with Redis down: %v, want HTTP 503 and an error", tc.name, tc.a)
			continue
		}
		var doc any
		if err := json.Unmarshal(tc.a.raw, &doc); err != nil {
			t.Errorf("%s with Redis down: not JSON: %v", tc.name, tc.a)
		} else if err := set.Validate(tc.schema, doc); err != nil {
			t.Errorf("%s with Redis down: not in the endpoint's error shape (%s): %v\n%s", tc.name, tc.schema, err, tc.a.raw)
		}
	}
	if h := get(c, "/__admin/health"); h.status == http.StatusOK || !strings.Contains(string(h.raw), "store unreachable") {
		t.Errorf("/__admin/health with Redis down: %v, want a failure saying store unreachable", h)
	}
	if out, code := runRTQ(t, "health", c); code != 1 || !strings.Contains(out, "store unreachable") {
		t.Errorf("rtq health with Redis down: exit %d, want 1 saying store unreachable:\n%s", code, out)
	}
	s.Redis.Restart(t)
	for i, m := range s.Mocks {
		poll(t, fmt.Sprintf("replica %d healthy again after Redis came back", i), func() bool {
			return get(m.URL, "/__admin/health").status == http.StatusOK
		})
	}
	if got := certStatus(t, b); got != pending {
		t.Errorf("after Redis came back empty, B shows %q, want the scenario's %q", got, pending)
	}
	if v := verifyFrom(a); v.code() != 0 {
		t.Errorf("verify through A after the outage: %v", v)
	}
	if got := certStatus(t, c); got != verified {
		t.Errorf("after the outage and a verify through A, C shows %q, want %q", got, verified)
	}
	for i, m := range s.Mocks {
		if !m.Running() {
			t.Errorf("replica %d exited during the outage: %s", i, m.Log())
		}
	}
}
