package mockserver

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// Benchmarks run the whole chain in-process (log and journal ON, the log
// going to io.Discard) through Handler() and an httptest.ResponseRecorder.
// Compare runs with benchstat.

func benchServer(b *testing.B) *Server {
	b.Helper()
	sc := testscenario.Build()
	cycle(sc) // so verify can move a certificate forever
	s, err := New(sc, Options{Logger: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// cycle lets the credential flow go round: 已核验 → 未核验.
func cycle(sc *scenario.Scenario) {
	for _, f := range sc.Forms {
		if f.ID == testscenario.CredForm {
			un, ch := f.Flow.Statuses[0], f.Flow.Statuses[1]
			ch.Next = []*scenario.Status{un}
		}
	}
}

func benchEndpoint(b *testing.B, h http.Handler, ep contract.Endpoint, key, body string) {
	b.Helper()
	data := []byte(body)
	req := httptest.NewRequest(http.MethodPost, ep.Path(), nil)
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	rd := bytes.NewReader(data)
	req.Body = io.NopCloser(rd)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rd.Reset(data)
		req.ContentLength = int64(len(data))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte(`{"code":0`)) {
			b.Fatalf("answer %d %s", w.Code, w.Body.String())
		}
	}
}

func BenchmarkGetRecordJSON(b *testing.B) {
	benchEndpoint(b, benchServer(b), contract.GetRecord, readKey, `{"record_id":5001}`)
}

func BenchmarkGetRecordMarkdown(b *testing.B) {
	benchEndpoint(b, benchServer(b), contract.GetRecord, readKey, `{"record_id":5001,"format":"markdown"}`)
}

func BenchmarkGetFormList(b *testing.B) {
	benchEndpoint(b, benchServer(b), contract.GetFormList, readKey, `{"page":2,"page_size":10}`)
}

func BenchmarkGetFormListSearch(b *testing.B) {
	benchEndpoint(b, benchServer(b), contract.GetFormList, readKey, `{"search_key":"alpha"}`)
}

func BenchmarkTemplatesPage(b *testing.B) {
	s := benchServer(b)
	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, contract.ListQrcodes.Path(), strings.NewReader(`{"template":"tplA000","page_size":20}`))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Authorization", "Bearer "+readKey)
	s.ServeHTTP(w, req)
	tok := w.Body.String()
	tok = tok[strings.Index(tok, `"next_page_token":"`)+19:]
	tok = tok[:strings.IndexByte(tok, '"')]
	benchEndpoint(b, s, contract.ListQrcodes, readKey, `{"template":"tplA000","page_size":20,"page_token":"`+tok+`"}`)
}

func BenchmarkVerify(b *testing.B) {
	benchEndpoint(b, benchServer(b), contract.Verify, testscenario.WriteSecret, setNext(testscenario.CertOK))
}

// BenchmarkBareHandler is the floor: a net/http handler that writes the
// same getRecord answer with no parsing, auth, journal or log.
func BenchmarkBareHandler(b *testing.B) {
	s := benchServer(b)
	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, contract.GetRecord.Path(), strings.NewReader(`{"record_id":5001}`))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Authorization", "Bearer "+readKey)
	s.ServeHTTP(w, req)
	answer := w.Body.Bytes()
	bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(answer)
	})
	benchEndpoint(b, bare, contract.GetRecord, readKey, `{"record_id":5001}`)
}

// The same two over loopback HTTP with keep-alive: what docs/performance.md compares
// (target: the mock at >= 85% of the bare handler's throughput).
func BenchmarkHTTPGetRecordJSON(b *testing.B) {
	s := benchServer(b)
	benchHTTP(b, s)
}

func BenchmarkHTTPBareHandler(b *testing.B) {
	s := benchServer(b)
	w := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, contract.GetRecord.Path(), strings.NewReader(`{"record_id":5001}`))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Authorization", "Bearer "+readKey)
	s.ServeHTTP(w, req)
	answer := w.Body.Bytes()
	benchHTTP(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(answer)
	}))
}

func benchHTTP(b *testing.B, h http.Handler) {
	b.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	body := []byte(`{"record_id":5001}`)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+contract.GetRecord.Path(), bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+readKey)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("HTTP %d", resp.StatusCode)
		}
	}
}
