// Package replicas_test runs rtq mock as three processes sharing one
// real Redis, behind a round-robin, and holds them to what docs/ci.md
// ("One mock or replicas") promises: one state, one journal, one winner
// of a race, namespaces isolated and expiring, no acknowledged write lost
// to a killed replica, loud failure and recovery when Redis goes away, and
// rtq conform passing through the round-robin.
package replicas_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/testkit/replicas"
	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// The default scenario's keys and the credential record the tests move.
const (
	readKey    = "rtq-demo-read"
	writeKey   = "rtq-demo-write"
	certCode   = "demo-cert-a-pending-01"
	certRecord = 110001
	pending    = "待核验"
	verified   = "已核验"
)

// built is rtq, compiled once for the whole test binary on first use.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// start builds rtq (once) and starts a Redis and three processes on it.
func start(t *testing.T, args ...string) *replicas.Set {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "rtq-replicas-"); built.err == nil {
			built.bin, built.err = rtqbin.Build(built.dir)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return replicas.Start(t, replicas.Options{Binary: built.bin, Args: args})
}

// client is shared by the tests: no keep-alive, so a killed process fails
// only the calls made to it.
var client = replicas.Client()

// answer is one HTTP answer, its body decoded when it is JSON.
type answer struct {
	status int
	raw    []byte
	body   map[string]any
	err    error // the call got no answer
}

// post sends a JSON body to base+path with key.
func post(base, path, key string, body any) answer {
	data, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(data))
	if err != nil {
		return answer{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return do(req)
}

// get sends a GET to base+path.
func get(base, path string) answer {
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		return answer{err: err}
	}
	return do(req)
}

func do(req *http.Request) answer {
	resp, err := client.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: raw, err: err}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// code is the answer's body code, -1 when it has none.
func (a answer) code() float64 {
	c, ok := a.body["code"].(float64)
	if !ok {
		return -1
	}
	return c
}

func (a answer) String() string {
	if a.err != nil {
		return "no answer: " + a.err.Error()
	}
	return fmt.Sprintf("HTTP %d %.300s", a.status, a.raw)
}

// verifyFrom asks to move certCode from pending to verified: of racing
// calls, one may win.
func verifyFrom(base string) answer {
	return post(base, "/api/v2/rpc/certificates/verify", writeKey, map[string]any{
		"certificate_code": certCode, "action_type": "set_certificate_status",
		"from_certificate_status": pending, "to_certificate_status": verified,
	})
}

// certStatus is the process status text getRecord shows for certRecord.
func certStatus(t *testing.T, base string) string {
	t.Helper()
	a := post(base, "/api/v2/rpc/record/getRecord", readKey, map[string]any{"record_id": certRecord})
	if a.err != nil || a.status != http.StatusOK || a.code() != 0 {
		t.Fatalf("getRecord %d at %s: %v", certRecord, base, a)
	}
	outer, _ := a.body["data"].(map[string]any)
	rec, _ := outer["data"].(map[string]any)
	ps, _ := rec["process_status"].(map[string]any)
	text, _ := ps["text"].(string)
	if text == "" {
		t.Fatalf("getRecord %d at %s: no process_status.text: %s", certRecord, base, a.raw)
	}
	return text
}

// entry is one request of the journal.
type entry struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Key    string `json:"key"`
	Status int    `json:"status"`
	Code   int    `json:"code"`
	Body   string `json:"body"`
}

// journal reads GET base/__admin/requests?query.
func journal(t *testing.T, base, query string) []entry {
	t.Helper()
	a := get(base, "/__admin/requests?"+query)
	if a.err != nil || a.status != http.StatusOK {
		t.Fatalf("journal at %s: %v", base, a)
	}
	var j struct {
		Requests []entry `json:"requests"`
	}
	if err := json.Unmarshal(a.raw, &j); err != nil {
		t.Fatalf("journal at %s: %v: %s", base, err, a.raw)
	}
	return j.Requests
}

// verifies counts the journal's verify entries answered with code.
func verifies(entries []entry, code int) int {
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Path, "/certificates/verify") && e.Code == code {
			n++
		}
	}
	return n
}

// runRTQ runs the built rtq with args and returns its output and exit
// status.
func runRTQ(t *testing.T, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(built.bin, args...)
	cmd.Env = append(os.Environ(), "RTQ_ADMIN_TOKEN=")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return string(out), ee.ExitCode()
	case err != nil:
		t.Fatalf("rtq %s: %v", strings.Join(args, " "), err)
	}
	return string(out), 0
}
