package mockserver

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/redistest"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// A request offers the Redis store its journal entry, so that a
// credential getRecord's goes with its status read: one round trip
// (mockserver/internal/store's TestRedisCredentialReadIsOneRoundTrip).
var _ interface {
	state.Early
	SuccessEntry() (journal.Log, journal.Exchange, bool)
} = (*chain.Call)(nil)

// redisMocks are n mocks of one scenario sharing the redis-server srv.
func redisMocks(t *testing.T, srv *redistest.Server, n int) []*mock {
	t.Helper()
	addr, err := ParseStoreAddr(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	sc := ts.Build()
	out := make([]*mock, n)
	for i := range out {
		out[i] = startMock(t, sc, Options{Store: addr})
	}
	return out
}

var certBody = fmt.Sprintf(`{"record_id":%d}`, 5010) // ts.CertOK's record

// certStatus is the status ts.CertOK shows through a mock at the root.
func certStatus(t *testing.T, m *mock) string { return statusText(t, m, "") }

// A verify through one replica is what the other answers at once; the
// journal of both is read through either; a reset through one undoes
// the verify for both.
func TestRedisReplicasShareStateAndJournal(t *testing.T) {
	ms := redisMocks(t, redistest.Start(t), 2)
	a, b := ms[0], ms[1]
	before := certStatus(t, b)
	wantOK(t, a.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	if got := certStatus(t, b); got == before {
		t.Fatalf("B still shows %q after a verify through A", got)
	}
	for _, m := range ms {
		if n := len(m.Requests(RequestFilter{Path: "verify"})); n != 1 {
			t.Errorf("%s: %d verifies in the journal, want the one sent through A", m.URL(), n)
		}
		if n := len(m.Requests(RequestFilter{Path: "getRecord"})); n != 2 {
			t.Errorf("%s: %d getRecords in the journal, want both replicas' 2", m.URL(), n)
		}
	}
	if status, _, body := browserish(t, b, http.MethodPost, "/__admin/reset", nil, ""); status != 200 {
		t.Fatalf("reset through B: %d %s", status, body)
	}
	if got := certStatus(t, a); got != before {
		t.Errorf("A shows %q after a reset through B, want %q", got, before)
	}
}

// A namespace is the same through every replica, and apart from the root.
func TestRedisReplicasShareNamespaces(t *testing.T) {
	ms := redisMocks(t, redistest.Start(t), 2)
	wantOK(t, nsPost(t, ms[0], "job1", contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	if in, root := statusText(t, ms[1], "job1"), statusText(t, ms[1], ""); in == root {
		t.Errorf("namespace job1 through B does not show the verify made in it through A (%s, as the root)", in)
	}
}

// While Redis is down a request that needs state is answered 503 in its
// endpoint's shape, the health says "store unreachable", and a record no
// verify can move is still served from the scenario; once Redis is back
// the same mock serves again, no restart.
func TestRedisDownIsLoudAndRecovers(t *testing.T) {
	srv := redistest.Start(t)
	m := redisMocks(t, srv, 1)[0]
	srv.Stop(t)
	wantError(t, m.post(t, contract.GetRecord, readKey, certBody), 503, contract.ErrSystem)
	wantError(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)), 503, contract.ErrSystem)
	if status, _, body := browserish(t, m, http.MethodGet, "/__admin/health", nil, ""); status != 503 || !strings.Contains(body, "store unreachable") {
		t.Errorf("health while Redis is down: %d %s", status, body)
	}
	if status, _, body := browserish(t, m, http.MethodGet, "/__admin/requests", nil, ""); status != 503 || !strings.Contains(body, "store unreachable") {
		t.Errorf("the journal while Redis is down: %d %s", status, body)
	}
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody)) // no verify moves it: not the store's
	// A namespace first used while Redis is down cannot read its fault rules: 503 too.
	wantError(t, nsPost(t, m, "fresh", contract.GetRecord, readKey, getRecordBody), 503, contract.ErrSystem)
	if status, _, body := browserish(t, m, http.MethodGet, "/s/fresh/__admin/requests", nil, ""); status != 503 || !strings.Contains(body, "store unreachable") {
		t.Errorf("a namespace's journal while Redis is down: %d %s", status, body)
	}
	srv.Restart(t)
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	if status, _, body := browserish(t, m, http.MethodGet, "/__admin/health", nil, ""); status != 200 {
		t.Errorf("health after Redis is back: %d %s", status, body)
	}
	wantOK(t, nsPost(t, m, "fresh", contract.GetRecord, readKey, getRecordBody))
}

// A scenario posted to one replica is served by the other, without a
// restart; a replica started with another scenario is refused, saying why.
func TestRedisScenarioUploadReachesEveryReplica(t *testing.T) {
	srv := redistest.Start(t)
	ms := redisMocks(t, srv, 2)
	next, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	next.Name = "uploaded"
	yaml, err := scenario.Marshal(next) // a test scenario built in Go need not load back: the embedded one does
	if err != nil {
		t.Fatal(err)
	}
	if status, _, body := browserish(t, ms[0], http.MethodPost, "/__admin/scenario", nil, string(yaml)); status != 200 {
		t.Fatalf("upload through A: %d %s", status, body)
	}
	served := func() string { return ms[1].Scenario().Name }
	for deadline := time.Now().Add(10 * time.Second); served() != "uploaded" && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
	}
	if served() != "uploaded" {
		t.Fatalf("B serves %q, not the scenario uploaded through A", served())
	}
	addr, _ := ParseStoreAddr(srv.URL())
	if _, err := New(ts.Build(), Options{Store: addr}); err == nil || !strings.Contains(err.Error(), `the store holds scenario`) ||
		!strings.Contains(err.Error(), `"uploaded"`) {
		t.Errorf("a replica of another scenario joined: %v", err)
	}
}

// A fault rule posted to one replica is in force on the other, and one
// removed through the other is gone from both.
func TestRedisReplicasShareFaultRules(t *testing.T) {
	ms := redisMocks(t, redistest.Start(t), 2)
	a, b := ms[0], ms[1]
	rule := `{"endpoint":"record/getRecord","error":{"code":503}}`
	if status, _, body := browserish(t, a, http.MethodPost, "/__admin/faults", nil, rule); status != 200 || !strings.Contains(body, `"id":"r1"`) {
		t.Fatalf("post a rule through A: %d %s", status, body)
	}
	listed := func(m *mock) bool {
		_, _, body := browserish(t, m, http.MethodGet, "/__admin/faults", nil, "")
		return strings.Contains(body, `"id":"r1"`)
	}
	for deadline := time.Now().Add(10 * time.Second); !listed(b) && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
	}
	wantError(t, b.post(t, contract.GetRecord, readKey, getRecordBody), 503, 0)
	if status, _, body := browserish(t, b, http.MethodDelete, "/__admin/faults/r1", nil, ""); status != 200 {
		t.Fatalf("delete r1 through B: %d %s", status, body)
	}
	for deadline := time.Now().Add(10 * time.Second); listed(a) && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
	}
	wantOK(t, a.post(t, contract.GetRecord, readKey, getRecordBody))
}

// A Redis restarted empty gets the scenario of the replicas still
// running back from them, so that one of another scenario is still
// refused.
func TestRedisRestartedEmptyGetsTheScenarioBack(t *testing.T) {
	srv := redistest.Start(t)
	redisMocks(t, srv, 1)
	srv.Stop(t)
	srv.Restart(t)
	rdb := srv.Client(t)
	for deadline := time.Now().Add(10 * time.Second); rdb.Exists(context.Background(), "rtq:scenario").Val() == 0 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
	}
	other, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := ParseStoreAddr(srv.URL())
	if _, err := New(other, Options{Store: addr}); err == nil || !strings.Contains(err.Error(), "the store holds scenario") {
		t.Errorf("a replica of another scenario joined a Redis restarted empty: %v", err)
	}
}

// The same verifies through the memory store and the Redis store give
// the same getRecord answers, byte for byte, in every format: past the
// cap of state changes kept too (120 moves of a cycling flow).
func TestRedisAnswersAsMemory(t *testing.T) {
	sc := ts.Build()
	cycle(sc)
	addr, err := ParseStoreAddr(redistest.Start(t).URL())
	if err != nil {
		t.Fatal(err)
	}
	mem, red := startMock(t, sc, Options{}), startMock(t, sc, Options{Store: addr})
	for i := range 120 {
		for _, m := range []*mock{mem, red} {
			if a := m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)); a.code() != 0 {
				t.Fatalf("verify %d through %s: %s", i, m.URL(), a.raw)
			}
		}
	}
	for _, f := range contract.Formats {
		body := fmt.Sprintf(`{"record_id":5010,"format":%q}`, f.Name)
		if a, b := mem.post(t, contract.GetRecord, readKey, body), red.post(t, contract.GetRecord, readKey, body); string(a.raw) != string(b.raw) {
			t.Errorf("%s: the Redis store answers\n%s\nthe memory store\n%s", f.Name, b.raw, a.raw)
		}
	}
}
