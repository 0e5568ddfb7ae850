// Package mocktest is what the mock's own tests share, so each test file
// does not grow its own copy: the embedded default scenario, a mock on
// 127.0.0.1:0 with its log at hand, raw HTTP calls that keep every byte of
// the answer, JSON decoding with numbers kept exact, and lookups of the
// keys, records and templates a test walks. Helpers take testing.TB and
// end the test on a broken precondition, so tests read as what they check.
//
// Tests inside package mockserver cannot import it (it imports
// mockserver); external test packages (mockserver_test, e2e) can.
package mocktest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/schemas"
)

var (
	schemasOnce sync.Once
	schemaSet   *schemas.Set
	schemasErr  error
)

// Schemas compiles schemas/ once per test binary.
func Schemas(t testing.TB) *schemas.Set {
	t.Helper()
	schemasOnce.Do(func() { schemaSet, schemasErr = schemas.Compile() })
	if schemasErr != nil {
		t.Fatalf("schemas.Compile: %v", schemasErr)
	}
	return schemaSet
}

// Default loads the embedded default scenario, the one `rtq mock` serves.
func Default(t testing.TB) *scenario.Scenario {
	t.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatalf("default scenario: %v", err)
	}
	return sc
}

// LogBuffer is a log sink safe for the server's goroutines. The mock
// writes its log in batches; String flushes first when Flush is set.
type LogBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	Flush func() // the server's FlushLog, or nil
}

func (l *LogBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything logged so far.
func (l *LogBuffer) String() string {
	if l.Flush != nil {
		l.Flush()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Mock is a started mock with its log.
type Mock struct {
	Server *mockserver.Server
	URL    string
	Log    *LogBuffer
}

// Start starts a mock of sc on 127.0.0.1:0 (rtqtest.Start) that logs into
// Mock.Log; it is closed when the test ends.
func Start(t testing.TB, sc *scenario.Scenario, opts mockserver.Options) *Mock {
	t.Helper()
	log := &LogBuffer{}
	opts.Logger = log
	m := rtqtest.Start(t, rtqtest.WithScenario(sc), rtqtest.WithOptions(opts))
	log.Flush = m.Server.FlushLog
	return &Mock{Server: m.Server, URL: m.URL, Log: log}
}

// Client is one keep-alive client for the tests' calls. At most 256
// connections per mock: a storm of 1,000 requests then needs ~512 file
// descriptors (both ends), within any CI's limit, and 256 verifies in
// flight at once still contend for one record.
var Client = &http.Client{Timeout: 30 * time.Second,
	Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}

// Answer is what came back from one call, body read whole.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Do sends one request with Content-Type application/json; hdr values
// replace the defaults (an empty value deletes the header).
func Do(t testing.TB, method, url string, hdr map[string]string, body io.Reader) Answer {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatalf("new request: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read answer: %v", method, url, err)
	}
	return Answer{Status: resp.StatusCode, Header: resp.Header, Body: data}
}

// Post posts body to base+path with the API key secret ("" for none).
func Post(t testing.TB, base, path, key, body string) Answer {
	t.Helper()
	hdr := map[string]string{}
	if key != "" {
		hdr["Authorization"] = "Bearer " + key
	}
	return Do(t, http.MethodPost, base+path, hdr, bytes.NewReader([]byte(body)))
}

// Object decodes b as one JSON object, numbers as json.Number.
func Object(t testing.TB, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || dec.More() {
		t.Fatalf("answer is not one JSON object (%v): %.300s", err, b)
	}
	return m
}

// Num reads an integer member of m (0 when absent or not an integer).
func Num(m map[string]any, name string) int64 {
	n, _ := m[name].(json.Number)
	v, _ := n.Int64()
	return v
}
