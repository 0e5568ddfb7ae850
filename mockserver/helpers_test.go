package mockserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/schemas"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

var (
	schemaOnce sync.Once
	schemaSet  *schemas.Set
	schemaErr  error
)

func compiledSchemas(t testing.TB) *schemas.Set {
	t.Helper()
	schemaOnce.Do(func() { schemaSet, schemaErr = schemas.Compile() })
	if schemaErr != nil {
		t.Fatalf("compile schemas: %v", schemaErr)
	}
	return schemaSet
}

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	flush func() // the server's FlushLog: lines are batched
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	if s.flush != nil {
		s.flush()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// mock is a started server on 127.0.0.1:0 with its log.
type mock struct {
	*Server
	log *syncBuffer
}

func startMock(t testing.TB, sc *scenario.Scenario, opts Options) *mock {
	t.Helper()
	if sc == nil {
		sc = testscenario.Build()
	}
	log := &syncBuffer{}
	if opts.Logger == nil {
		opts.Logger = log
	}
	s, err := New(sc, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	log.flush = s.FlushLog
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return &mock{Server: s, log: log}
}

// answer is a response already checked for the transport rules.
type answer struct {
	status int
	header http.Header
	raw    []byte
	doc    map[string]any
}

func (a answer) code() int64      { return num(a.doc["code"]) }
func (a answer) errorCode() int64 { return num(a.doc["error_code"]) }
func (a answer) data() map[string]any {
	m, _ := a.doc["data"].(map[string]any)
	return m
}

func num(v any) int64 {
	jn, ok := v.(json.Number)
	if !ok {
		return -1
	}
	n, _ := jn.Int64()
	return n
}

// send is the one way tests talk HTTP to an endpoint of the mock. Every
// answer is checked: JSON Content-Type, a JSON object body, and the
// endpoint's response or error schema (docs/contract.md §C3), so no answer
// escapes validation. Unknown paths are checked against the full error shape.
func send(t testing.TB, url, method, path, key string, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read answer: %v", err)
	}
	return checkAnswer(t, path, resp.StatusCode, resp.Header, raw)
}

// checkAnswer validates one answer; the in-process tests use it too.
func checkAnswer(t testing.TB, path string, status int, h http.Header, raw []byte) answer {
	t.Helper()
	if ct := h.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("%s: Content-Type %q, body %s", path, ct, raw)
	}
	a := answer{status: status, header: h, raw: raw}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&a.doc); err != nil {
		t.Fatalf("%s: body is not a JSON object: %v: %s", path, err, raw)
	}
	file := schemaFile(path, a.code() == 0)
	var doc any
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	_ = dec.Decode(&doc)
	if err := compiledSchemas(t).Validate(file, doc); err != nil {
		t.Fatalf("%s: answer breaks %s:\n%v\nbody: %s", path, file, err, raw)
	}
	return a
}

func schemaFile(path string, ok bool) string {
	name := "record/getRecord" // the full error shape, also of unknown paths
	for _, ep := range contract.Endpoints {
		if path == ep.Path() {
			name = ep.Name
		}
	}
	if ok && name == "record/getRecord" && path != contract.GetRecord.Path() {
		return "unknown path answered with success"
	}
	if ok {
		return name + ".response.json"
	}
	return name + ".error.json"
}

// post is send for the endpoints.
func (m *mock) post(t testing.TB, ep contract.Endpoint, key, body string) answer {
	t.Helper()
	return send(t, m.URL(), http.MethodPost, ep.Path(), key, body)
}

// wantError asserts an error answer's codes.
func wantError(t testing.TB, a answer, code, errorCode int64) {
	t.Helper()
	if a.code() != code || (errorCode != 0 && a.errorCode() != errorCode) {
		t.Fatalf("got code %d error_code %d, want %d/%d: %s", a.code(), a.errorCode(), code, errorCode, a.raw)
	}
}

func wantOK(t testing.TB, a answer) {
	t.Helper()
	if a.code() != 0 || a.status != 200 {
		t.Fatalf("got HTTP %d code %d, want success: %s", a.status, a.code(), a.raw)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func readAll(t testing.TB, resp *http.Response) []byte {
	t.Helper()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read answer: %v", err)
	}
	return raw
}
