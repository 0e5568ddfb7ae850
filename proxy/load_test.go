package proxy_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// synthetic is an upstream that answers at once with a valid getRecord
// of the record asked for, a page of forms, or a cursor page with a fresh
// token: traffic that fills every window of the relations.
func synthetic(t testing.TB) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req map[string]any
		_ = json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		switch {
		case strings.HasSuffix(r.URL.Path, "/getRecord"):
			fmt.Fprintf(w, `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":%v,"note":%q}}}`,
				req["record_id"], strings.Repeat("x", 500))
		case strings.HasSuffix(r.URL.Path, "/getFormList"):
			fmt.Fprintf(w, `{"code":0,"message":"","data":{"version":"v1","list":[{"id":%v}],"page":{"current_page":1,"last_page":1,"per_page":10,"total":1}}}`, req["page"])
		default:
			fmt.Fprintf(w, `{"code":0,"message":"ok","data":{"list":[{"tpl_id":1,"name":"n","coding":"c"}],"next_page_token":"t%v","total":1}}`, req["page_size"])
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// A load of thousands of distinct exchanges through the proxy, in
// parallel, leaves its heap under a cap: what it keeps is bounded
// (docs/conformance.md, "Bounded memory").
func TestProxyMemoryIsBounded(t *testing.T) {
	n := 8000
	if testing.Short() {
		n = 2000
	}
	r := start(t, synthetic(t), false, conformance.ObserverOptions{})
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	work := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				ep, body := "record/getRecord", fmt.Sprintf(`{"record_id":%d}`, i)
				switch i % 3 {
				case 1:
					ep, body = "record/getFormList", fmt.Sprintf(`{"page":%d,"search_key":"k%d"}`, 1+i%5, i)
				case 2:
					ep, body = "templates/list", fmt.Sprintf(`{"page_size":%d}`, 1+i%100)
				}
				resp, err := client.Post(r.URL+"/api/v2/rpc/"+ep, "application/json", strings.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	rep := r.report(t)
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	if rep.Traffic.Judged != n {
		t.Fatalf("judged %d of %d exchanges", rep.Traffic.Judged, n)
	}
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	const heapCap = 16 << 20
	if grown > heapCap {
		t.Fatalf("after %d exchanges the heap grew by %d MiB, over %d MiB", n, grown>>20, heapCap>>20)
	}
	t.Logf("%d exchanges through the proxy; heap grew by %.1f MiB", n, float64(grown)/(1<<20))
}

// BenchmarkLatency times one call straight to the mock and through the
// proxy, and reports the p50 and p99 of each (docs/performance.md): a
// getRecord of the default scenario's richest record (judged: every
// rule, its schema, the relations), and the mock's health check
// (forwarded, judged by nothing: what forwarding alone costs). The client
// calls one at a time, at a human's pace: the judge has caught up before
// the next call (what judging costs is BenchmarkJudge's).
func BenchmarkLatency(b *testing.B) {
	m := mocktest.Start(b, mocktest.Default(b), mockserver.Options{})
	r := start(b, m.URL, false, conformance.ObserverOptions{})
	for _, call := range []struct{ name, method, path, body string }{
		{"getRecord", http.MethodPost, "/api/v2/rpc/record/getRecord", `{"record_id":100001}`},
		{"health", http.MethodGet, "/__admin/health", ""},
	} {
		for _, target := range []struct{ name, url string }{{"direct", m.URL}, {"proxy", r.URL}} {
			b.Run(call.name+"/"+target.name, func(b *testing.B) {
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
				times := make([]float64, 0, b.N)
				for range b.N {
					req, _ := http.NewRequest(call.method, target.url+call.path, strings.NewReader(call.body))
					req.Header.Set("Authorization", "Bearer rtq-demo-read")
					req.Header.Set("Content-Type", "application/json")
					start := nowMicros()
					resp, err := client.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					times = append(times, nowMicros()-start)
					r.P.Drain()
				}
				b.ReportMetric(percentile(times, 50), "p50-µs")
				b.ReportMetric(percentile(times, 99), "p99-µs")
			})
		}
	}
}

// BenchmarkJudge times the judging of one answer (every rule, the schema,
// the relations) off the forwarding path: the judge's throughput.
func BenchmarkJudge(b *testing.B) {
	m := mocktest.Start(b, mocktest.Default(b), mockserver.Options{})
	for _, c := range []struct{ name, ep, body string }{
		{"getRecord", "record/getRecord", `{"record_id":100001}`},
		{"getFormList", "record/getFormList", `{"page":1}`},
	} {
		req, _ := http.NewRequest(http.MethodPost, m.URL+"/api/v2/rpc/"+c.ep, strings.NewReader(c.body))
		req.Header.Set("Authorization", "Bearer rtq-demo-read")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		ep, _ := contract.EndpointNamed(c.ep)
		obs, err := conformance.NewObserver(conformance.ObserverOptions{Target: m.URL})
		if err != nil {
			b.Fatal(err)
		}
		ob := conformance.Observed{Endpoint: ep, Method: "POST", Path: ep.Path(), Authorization: "Bearer rtq-demo-read",
			Request: []byte(c.body), Status: 200, ContentType: resp.Header.Get("Content-Type"), Body: answer}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				obs.Observe(ob)
			}
		})
	}
}
