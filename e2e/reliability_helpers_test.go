package e2e

// Shared helpers of the reliability_* and security_* tests (issue 7): a
// mock on 127.0.0.1:0 serving the default scenario, raw HTTP calls, and the
// objects of the default scenario each test walks.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/schemas"
)

var (
	relSchemasOnce sync.Once
	relSchemas     *schemas.Set
	relSchemasErr  error
)

// relSchemaSet compiles schemas/ once per test binary.
func relSchemaSet(t testing.TB) *schemas.Set {
	t.Helper()
	relSchemasOnce.Do(func() { relSchemas, relSchemasErr = schemas.Compile() })
	if relSchemasErr != nil {
		t.Fatalf("schemas.Compile: %v", relSchemasErr)
	}
	return relSchemas
}

// relDefault loads the embedded default scenario.
func relDefault(t testing.TB) *scenario.Scenario {
	t.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatalf("default scenario: %v", err)
	}
	return sc
}

// lockedBuffer is a log sink safe for the server's goroutines.
type relLockedBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	flush func() // the server's FlushLog: lines are batched
}

func (l *relLockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *relLockedBuffer) String() string {
	if l.flush != nil {
		l.flush()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// relMock is a started mock with its log.
type relMock struct {
	srv *mockserver.Server
	url string
	log *relLockedBuffer
}

// startRelMock starts a mock of sc on 127.0.0.1:0, closed at cleanup.
func startRelMock(t testing.TB, sc *scenario.Scenario, opts mockserver.Options) *relMock {
	t.Helper()
	log := &relLockedBuffer{}
	opts.Logger = log
	srv, err := mockserver.New(sc, opts)
	if err != nil {
		t.Fatalf("mockserver.New: %v", err)
	}
	log.flush = srv.FlushLog
	if err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return &relMock{srv: srv, url: srv.URL(), log: log}
}

// relClient is one keep-alive client for the tests' calls. At most 256
// connections per mock: a storm of 1,000 requests then needs ~512 file
// descriptors (both ends), within any CI's limit, and 256 verifies in
// flight at once still contend for one record.
var relClient = &http.Client{Timeout: 30 * time.Second,
	Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}

// rawAnswer is what came back from one call.
type relRawAnswer struct {
	status int
	header http.Header
	body   []byte
}

// doRaw sends one request; hdr values replace the defaults (an empty value
// deletes the header).
func relDoRaw(t testing.TB, method, url string, hdr map[string]string, body io.Reader) relRawAnswer {
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
	resp, err := relClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read answer: %v", method, url, err)
	}
	return relRawAnswer{status: resp.StatusCode, header: resp.Header, body: data}
}

// postJSON posts body to an endpoint path with an API key ("" for none).
func relPostJSON(t testing.TB, base, path, key, body string) relRawAnswer {
	t.Helper()
	hdr := map[string]string{}
	if key != "" {
		hdr["Authorization"] = "Bearer " + key
	}
	return relDoRaw(t, http.MethodPost, base+path, hdr, bytes.NewReader([]byte(body)))
}

// decodeObject decodes an answer as one JSON object, numbers as json.Number.
func relDecodeObject(t testing.TB, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || dec.More() {
		t.Fatalf("answer is not one JSON object (%v): %.300s", err, b)
	}
	return m
}

// num reads an integer member (0 when absent).
func relNum(m map[string]any, name string) int64 {
	n, _ := m[name].(json.Number)
	v, _ := n.Int64()
	return v
}

// keyByName finds a key of the scenario.
func relKeyByName(t testing.TB, sc *scenario.Scenario, name string) *scenario.Key {
	t.Helper()
	for _, k := range sc.Keys {
		if k.Name == name || k.Secret == "rtq-"+name { // kit-interface.md fixes the secrets
			return k
		}
	}
	t.Fatalf("scenario has no key %q", name)
	return nil
}

// firstRecord returns the first record of org matching keep.
func relFirstRecord(t testing.TB, sc *scenario.Scenario, org *scenario.Org, keep func(*scenario.Record) bool) *scenario.Record {
	t.Helper()
	for _, r := range sc.Records {
		if r.Org == org && (keep == nil || keep(r)) {
			return r
		}
	}
	t.Fatalf("scenario has no such record in org %d", org.ID)
	return nil
}

// firstTemplate returns the first template of org.
func relFirstTemplate(t testing.TB, sc *scenario.Scenario, org *scenario.Org) *scenario.Template {
	t.Helper()
	for _, tp := range sc.Templates {
		if tp.Org == org {
			return tp
		}
	}
	t.Fatalf("scenario has no template in org %d", org.ID)
	return nil
}
