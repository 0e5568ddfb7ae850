package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/schemas"
)

// The scale benchmarks: the cost of one page (and one record) as the data
// grows 100-fold. A page must cost O(page size), not O(total), so the
// ns/op at records=1000 and records=100000 should match within noise.
// bench/run.sh --scale runs them and compares; by hand:
//
//	go test -run '^$' -bench . -benchmem -count 6 ./bench/ | tee new.txt
//	go tool benchstat old.txt new.txt   # or: go run golang.org/x/perf/cmd/benchstat
var scaleSizes = []int{1000, 100000}

// scaleMock loads a generated scenario of records records and returns the
// mock's handler, everything on as in `rtq mock` (journal, request log to
// io.Discard so the benchmark measures the work, not a terminal).
func scaleMock(tb testing.TB, records int) (http.Handler, Size) {
	tb.Helper()
	size := SizeFor(records)
	sc, err := scenario.Parse(fmt.Sprintf("scale-%d.yaml", records), ScenarioYAML(size))
	if err != nil {
		tb.Fatalf("load generated scenario of %d records: %v", records, err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{Logger: io.Discard})
	if err != nil {
		tb.Fatalf("mockserver.New with %d records: %v", records, err)
	}
	tb.Cleanup(func() { srv.Close() })
	return srv.Handler(), size
}

// call sends one POST through h and fails unless the answer's code is 0.
func call(tb testing.TB, h http.Handler, path, body string) []byte {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+ReadKey)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"code":0`)) {
		tb.Fatalf("POST %s %s: HTTP %d %.300s", path, body, rec.Code, rec.Body.Bytes())
	}
	return rec.Body.Bytes()
}

// benchCalls runs b.N requests, each body chosen by bodyFor(i). Besides
// ns/op (wall clock) it reports cpu-ns/op: the CPU time of the whole
// process (every thread, the garbage collector's included) per request,
// which waiting on a busy shared machine does not inflate, split into
// user-ns/op (the mock's own work) and sys-ns/op (the kernel's, mostly
// page faults of a heap growing into fresh memory).
func benchCalls(b *testing.B, h http.Handler, path string, bodyFor func(i int) string) {
	b.Helper()
	b.ReportAllocs()
	call(b, h, path, bodyFor(0))
	runtime.GC() // loading the big scenario left garbage; do not bill its collection to the pages
	b.ResetTimer()
	user, sys := processCPU()
	for i := 0; i < b.N; i++ {
		call(b, h, path, bodyFor(i))
	}
	b.StopTimer()
	user2, sys2 := processCPU()
	b.ReportMetric(float64(user2-user+sys2-sys)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(user2-user)/float64(b.N), "user-ns/op")
	b.ReportMetric(float64(sys2-sys)/float64(b.N), "sys-ns/op")
}

// BenchmarkFormListPage asks for the last page of the form list (20 and
// 1,000 forms), 20 a page: the deepest offset, where a list that is walked
// rather than indexed costs most. One page at both sizes, so the same
// bytes stay in the CPU's caches and only the algorithm differs.
func BenchmarkFormListPage(b *testing.B) {
	for _, n := range scaleSizes {
		h, size := scaleMock(b, n)
		body := fmt.Sprintf(`{"page":%d,"page_size":20}`, (size.Forms+19)/20)
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			benchCalls(b, h, "/api/v2/rpc/record/getFormList", func(int) string { return body })
		})
	}
}

// BenchmarkTemplatesPage asks for the page in the middle of the template
// list (5,000 templates in at 100,000 records), 20 a page, by its token.
func BenchmarkTemplatesPage(b *testing.B) {
	for _, n := range scaleSizes {
		h, size := scaleMock(b, n)
		token := walkTo(b, h, size.Templates/2/20)
		body := fmt.Sprintf(`{"page_size":20,"page_token":%q}`, token)
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			benchCalls(b, h, "/api/v2/rpc/templates/list", func(int) string { return body })
		})
	}
}

// walkTo follows next_page_token pages times from the first page of the
// template list, 20 a page, and returns the token of the page it reached.
func walkTo(tb testing.TB, h http.Handler, pages int) string {
	tb.Helper()
	var token string
	for i := 0; i < max(pages, 1); i++ {
		body := `{"page_size":20}`
		if token != "" {
			body = fmt.Sprintf(`{"page_size":20,"page_token":%q}`, token)
		}
		var ans struct {
			Data struct {
				Next *string `json:"next_page_token"`
			} `json:"data"`
		}
		if err := json.Unmarshal(call(tb, h, "/api/v2/rpc/templates/list", body), &ans); err != nil || ans.Data.Next == nil {
			tb.Fatalf("templates/list page %d: no next_page_token (err %v)", i+1, err)
		}
		token = *ans.Data.Next
	}
	return token
}

// BenchmarkGetRecord reads 1,000 records spread evenly over all ids: a
// lookup must not grow with the number of records. The same 1,000 at both
// sizes, so both measure the mock's cached answers, not first renderings.
func BenchmarkGetRecord(b *testing.B) {
	for _, n := range scaleSizes {
		h, size := scaleMock(b, n)
		step := size.Records / 1000
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			benchCalls(b, h, "/api/v2/rpc/record/getRecord", func(i int) string {
				return fmt.Sprintf(`{"record_id":%d}`, (i%1000)*step+1)
			})
		})
	}
}

// BenchmarkGetRecordFirst reads each record of the 100,000 once, in
// order: every answer is a first rendering (with deferred field values,
// the values are made then), until b.N passes the number of records.
func BenchmarkGetRecordFirst(b *testing.B) {
	h, size := scaleMock(b, 100000)
	benchCalls(b, h, "/api/v2/rpc/record/getRecord", func(i int) string {
		return fmt.Sprintf(`{"record_id":%d}`, i%size.Records+1)
	})
}

// BenchmarkLoadScenario is the time to parse and expand the generated
// scenario, the in-process part of `rtq mock --scenario` start-up.
func BenchmarkLoadScenario(b *testing.B) {
	for _, n := range scaleSizes {
		data := ScenarioYAML(SizeFor(n))
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := scenario.Parse("scale.yaml", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStartScale is the in-process part of `rtq mock --scenario`
// on the 100,000-record scenario: parse and expand it, then build the
// mock's state. What exec-to-ready adds on top is the process start and
// the first answer. The heap-live-B metric is the live heap once the
// server is built (after a collection): what the scenario costs to keep.
func BenchmarkStartScale(b *testing.B) {
	data := ScenarioYAML(SizeFor(100000))
	b.ReportAllocs()
	var live uint64
	for i := 0; i < b.N; i++ {
		sc, err := scenario.Parse("scale.yaml", data)
		if err != nil {
			b.Fatal(err)
		}
		srv, err := mockserver.New(sc, mockserver.Options{Logger: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		if i == b.N-1 {
			b.StopTimer()
			live = liveHeap()
			b.StartTimer()
		}
		srv.Close()
	}
	b.ReportMetric(float64(live), "heap-live-B")
}

// liveHeap collects and returns the bytes of heap objects still reachable.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestDeferredRecordsAnswerValidly: the generated records of the scale
// scenario make their field values when first rendered; those answers,
// in every format, must be valid against the getRecord response schema.
func TestDeferredRecordsAnswerValidly(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	h, size := scaleMock(t, 1000)
	for _, id := range []int{1, 2, size.Records / 2, size.Records} {
		for _, format := range []string{"json", "json-ld", "markdown"} {
			body := fmt.Sprintf(`{"record_id":%d,"format":%q}`, id, format)
			ans := call(t, h, "/api/v2/rpc/record/getRecord", body)
			if err := set.ValidateJSON("record/getRecord.response.json", ans); err != nil {
				t.Errorf("record %d as %s: %v", id, format, err)
			}
		}
	}
}

// TestScaleScenarioServes guards the generator: the scenario it writes
// loads, and its first and last record, form page and template page serve.
func TestScaleScenarioServes(t *testing.T) {
	h, size := scaleMock(t, 1000)
	call(t, h, "/api/v2/rpc/record/getRecord", `{"record_id":1}`)
	call(t, h, "/api/v2/rpc/record/getRecord", fmt.Sprintf(`{"record_id":%d}`, size.Records))
	call(t, h, "/api/v2/rpc/record/getFormList", fmt.Sprintf(`{"page":%d,"page_size":20}`, (size.Forms+19)/20))
	last := walkTo(t, h, size.Templates/20-1)
	var ans struct {
		Data struct {
			List []json.RawMessage `json:"list"`
			Next *string           `json:"next_page_token"`
		} `json:"data"`
	}
	body := fmt.Sprintf(`{"page_size":20,"page_token":%q}`, last)
	if err := json.Unmarshal(call(t, h, "/api/v2/rpc/templates/list", body), &ans); err != nil {
		t.Fatal(err)
	}
	if len(ans.Data.List) != 20 || ans.Data.Next != nil {
		t.Errorf("last template page: %d items, next %v; want 20 items and no next token", len(ans.Data.List), ans.Data.Next)
	}
}
