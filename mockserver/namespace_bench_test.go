package mockserver

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// largeGenerate adds 50,000 generated items to the default scenario, the
// most a scenario posted to /__admin/scenario may generate
// (DefaultMaxGenerated): 30,000 records, 10,000 credential records and
// 1,000 templates of 9 sub-codes.
const largeGenerate = `
    - {count: 30000, seed: 9, form: 2002, id_start: 200001}
    - {count: 10000, seed: 10, form: 2032, id_start: 300001, certificate: {status: 未使用}}
  templates:
    - {count: 1000, seed: 3, org: demo, id_start: 6001, created_from: "2024-11-01", created_to: "2026-11-20", sub_codes: 9}
`

// costScenarios are the scenarios the namespace benchmarks measure.
func costScenarios(b *testing.B) map[string]*scenario.Scenario {
	b.Helper()
	def, err := scenarios.Default()
	if err != nil {
		b.Fatal(err)
	}
	yml := string(scenarios.DefaultYAML())
	at := strings.Index(yml, "\n  templates:\n")
	if at < 0 {
		b.Fatal("the default scenario has no generate.templates list to extend")
	}
	large, err := scenario.Parse("large.yaml", []byte(yml[:at]+largeGenerate+yml[at+len("\n  templates:\n"):]))
	if err != nil {
		b.Fatal(err)
	}
	return map[string]*scenario.Scenario{"default": def, "items=50000": large}
}

// heapInUse is the live heap once collections stop freeing anything:
// weak pointers and cleanups (the scenario schema's cache) free theirs a
// cycle or more after they became garbage.
func heapInUse() int64 {
	var ms runtime.MemStats
	last := int64(-1)
	for range 10 {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		if int64(ms.HeapAlloc) == last {
			break
		}
		last = int64(ms.HeapAlloc)
	}
	return last
}

// BenchmarkNamespaceCost builds one namespace per iteration and keeps them
// all alive, reporting the live heap each adds (B/namespace): "built" as
// its first request leaves it, "read" after getRecord of 200 records in
// JSON, as a conformance run reads them, "read-all" after getRecord of
// every record the demo key sees, "moved-all" after a verify of every
// credential record the demo write key can move. Live-heap figures are
// noise below a few thousand namespaces: run "built" with -benchtime 10000x.
func BenchmarkNamespaceCost(b *testing.B) {
	for name, sc := range costScenarios(b) {
		read, write := keyOf(sc, readKey), keyOf(sc, ts.WriteSecret)
		reader := func(ids []int64) func(*state.State) error {
			return func(st *state.State) error {
				for _, id := range ids {
					a, err := st.GetRecord(read, id, "", "json", nil)
					if err != nil {
						return err
					}
					_ = wire.Record(a) // rendered and kept, as a request does
				}
				return nil
			}
		}
		uses := map[string]func(*state.State) error{
			"built":    func(*state.State) error { return nil },
			"read":     reader(recordIDs(sc, read, 200)),
			"read-all": reader(recordIDs(sc, read, len(sc.Records))),
			"moved-all": func(st *state.State) error {
				for _, r := range sc.Records {
					if r.Cert != nil && r.Org == write.Org {
						_, _ = st.Verify(write, state.VerifyRequest{Code: r.Code, HasCode: true,
							Action: contract.ActionNextStatus, HasAction: true})
					}
				}
				return nil
			},
		}
		for label, use := range uses {
			b.Run(name+"/"+label, func(b *testing.B) {
				s, err := New(sc, Options{Logger: io.Discard, MaxNamespaces: b.N + 1})
				if err != nil {
					b.Fatal(err)
				}
				root := s.store.Root().St
				spaces := make([]*namespace.Namespace, 0, b.N)
				b.ReportAllocs()
				before := heapInUse()
				b.ResetTimer()
				for i := range b.N {
					ns, err := spacesOf(s).Get("n"+strconv.Itoa(i), root)
					if err == nil {
						err = use(ns.St)
					}
					if err != nil {
						b.Fatal(err)
					}
					spaces = append(spaces, ns)
				}
				b.StopTimer()
				after := heapInUse()
				b.ReportMetric(float64(after-before)/float64(b.N), "B/namespace")
				runtime.KeepAlive(spaces)
			})
		}
	}
}

// recordIDs lists up to n ids of records key sees.
func recordIDs(sc *scenario.Scenario, key *scenario.Key, n int) []int64 {
	var ids []int64
	for _, r := range sc.Records {
		if len(ids) == n {
			break
		}
		if r.Org == key.Org {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// keyOf is the scenario's key with this secret.
func keyOf(sc *scenario.Scenario, secret string) *scenario.Key {
	for _, k := range sc.Keys {
		if k.Secret == secret {
			return k
		}
	}
	panic("no key " + secret)
}

// BenchmarkNamespaceGetRecordJSON is BenchmarkGetRecordJSON under
// /s/{name}/: the same answer through the namespace's route.
func BenchmarkNamespaceGetRecordJSON(b *testing.B) {
	s := benchServer(b)
	data := []byte(`{"record_id":5001}`)
	req := httptest.NewRequest(http.MethodPost, "/s/bench"+contract.GetRecord.Path(), nil)
	req.Host = "127.0.0.1"
	req.Header.Set("Authorization", "Bearer "+readKey)
	req.Header.Set("Content-Type", "application/json")
	rd := bytes.NewReader(data)
	req.Body = io.NopCloser(rd)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rd.Reset(data)
		req.ContentLength = int64(len(data))
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte(`{"code":0`)) {
			b.Fatal(fmt.Sprintf("answer %d %s", w.Code, w.Body.String()))
		}
	}
}
