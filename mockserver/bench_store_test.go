package mockserver

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/testkit/redistest"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// BenchmarkStore runs getRecord and verify through each store, the whole
// chain in-process as the benchmarks of bench_test.go (journal on): a
// record no verify can move (plain), a credential record (cert), and a
// verify that moves it every time (the flow cycles). The redis store is a
// local redis-server on a Unix socket; "parallel" runs as many clients as
// GOMAXPROCS, where journal entries share their round trips.
func BenchmarkStore(b *testing.B) {
	for _, kind := range []string{"memory", "redis"} {
		b.Run(kind, func(b *testing.B) {
			h, srv := storeBenchServer(b, kind)
			if srv != nil { // with -v: Redis' own time per command, where a round trip's time goes
				defer func() { b.Logf("%s", srv.Client(b).Info(context.Background(), "commandstats").Val()) }()
			}
			for _, c := range []struct {
				name, key, body string
				ep              contract.Endpoint
			}{
				{"getRecord-plain", readKey, `{"record_id":5001}`, contract.GetRecord},
				{"getRecord-cert", readKey, `{"record_id":5010}`, contract.GetRecord},
				{"verify", testscenario.WriteSecret, setNext(testscenario.CertOK), contract.Verify},
			} {
				b.Run(c.name, func(b *testing.B) { benchEndpoint(b, h, c.ep, c.key, c.body) })
				b.Run(c.name+"-parallel", func(b *testing.B) { benchParallel(b, h, c.ep, c.key, c.body) })
			}
		})
	}
}

func storeBenchServer(b *testing.B, kind string) (*Server, *redistest.Server) {
	b.Helper()
	sc := testscenario.Build()
	cycle(sc)
	opts := Options{Logger: io.Discard}
	var srv *redistest.Server
	if kind == "redis" {
		srv = redistest.Start(b)
		a, err := ParseStoreAddr(srv.URL())
		if err != nil {
			b.Fatal(err)
		}
		opts.Store = a
	}
	s, err := New(sc, opts)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s, srv
}

// benchParallel is benchEndpoint from GOMAXPROCS goroutines at once.
func benchParallel(b *testing.B, h http.Handler, ep contract.Endpoint, key, body string) {
	b.Helper()
	data := []byte(body)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		rd := bytes.NewReader(data)
		req := httptest.NewRequest(http.MethodPost, ep.Path(), nil)
		req.Host = "127.0.0.1"
		req.Header.Set("Authorization", "Bearer "+key)
		req.Body = io.NopCloser(rd)
		for pb.Next() {
			rd.Reset(data)
			req.ContentLength = int64(len(data))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != 200 {
				b.Errorf("answer %d %s", w.Code, w.Body.String())
				return
			}
		}
	})
}
