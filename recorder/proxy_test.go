package recorder_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// syncBuffer is a log safe for the proxy's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type proxy struct {
	url  string
	out  string
	log  *syncBuffer
	stop func() recorder.Summary // ends the proxy as SIGINT would: it writes the file
}

// startProxy serves a recording proxy of upstream on 127.0.0.1:0.
func startProxy(t *testing.T, upstream, key string, allowWrites bool, mods ...func(*recorder.Options)) *proxy {
	t.Helper()
	p := &proxy{out: filepath.Join(t.TempDir(), "recorded.yaml"), log: &syncBuffer{}}
	o := recorder.Options{Upstream: upstream, APIKey: key, Out: p.out, AllowWrites: allowWrites, Log: p.log}
	for _, m := range mods {
		m(&o)
	}
	rec, err := recorder.NewRecording(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	type result struct {
		s   recorder.Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := rec.Serve(ctx, "127.0.0.1:0", func(url string) { ready <- url })
		done <- result{s, err}
	}()
	select {
	case p.url = <-ready:
	case r := <-done:
		t.Fatalf("proxy did not start: %v", r.err)
	}
	var once sync.Once
	var last result
	p.stop = func() recorder.Summary {
		once.Do(func() { cancel(); last = <-done })
		if last.err != nil {
			t.Fatalf("proxy: %v", last.err)
		}
		return last.s
	}
	t.Cleanup(func() { p.stop() })
	return p
}

// post sends body to the proxy with extra headers and returns the answer.
func post(t *testing.T, url, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The proxy half of the closed loop, with --probe-times: the file the
// proxy writes serves the walk its client made, and every time-filtered
// walk, byte for byte as the upstream did (page tokens aside).
func TestClosedLoopProxy(t *testing.T) {
	up := rtqtest.Start(t)
	key := up.Key("demo-read")
	p := startProxy(t, up.URL, key, false, func(o *recorder.Options) { o.ProbeTimes = true })
	// The client's own key is not one the upstream knows: every answer
	// being a success proves the proxy sent its own.
	crawl(t, p.url, "client-key-never-forwarded")
	if code, body := post(t, p.url+"/__admin/flush", "", nil); code != http.StatusOK || !strings.Contains(body, `"records":18`) {
		t.Fatalf("flush = %d %s; want 200 and 18 records", code, body)
	}
	if s := p.stop(); s.Records != len(loopRecords) {
		t.Fatalf("on exit: %v; want 18 records", s)
	}
	data, err := os.ReadFile(p.out)
	if err != nil {
		t.Fatal(err)
	}
	for where, text := range map[string]string{"the file": string(data), "the log": p.log.String()} {
		if strings.Contains(text, key) || strings.Contains(text, "client-key-never-forwarded") {
			t.Errorf("a key reached %s", where)
		}
	}
	sc, err := scenario.Parse("recorded.yaml", data)
	if err != nil {
		t.Fatalf("the recording does not validate: %v", err)
	}
	rec := rtqtest.Start(t, rtqtest.WithScenario(sc))
	_, got := crawl(t, rec.URL, recorder.ReadKeySecret)
	// The service's own answers are the truth: through the proxy, the
	// crawl's missing and wrong keys are replaced by the proxy's.
	_, want := crawl(t, up.URL, key)
	compareWalks(t, want, got)
	if n := strings.Count(p.log.String(), "probing the creation times"); n != 1 {
		t.Errorf("the probe ran %d times over a flush and the exit; once is enough, the second write had every time:\n%s", n, p.log.String())
	}
	reqs := timeFilters(sc)
	wantF := walkAll(t, up.URL, key, reqs)
	assertFilled(t, wantF)
	compareWalks(t, wantF, walkAll(t, rec.URL, recorder.ReadKeySecret, reqs))
}

const verifyPath = "/api/v2/rpc/certificates/verify"

func TestProxyRefusesWritesUnlessAllowed(t *testing.T) {
	up := rtqtest.Start(t)
	p := startProxy(t, up.URL, up.Key("demo-write"), false)
	code, body := post(t, p.url+verifyPath, `{"certificate_code":"demo-cert-a-pending-01","action_type":"set_next_certificate_status"}`, nil)
	var e map[string]any
	if err := json.Unmarshal([]byte(body), &e); err != nil || code != http.StatusForbidden || e["error_code"] == nil ||
		e["data"] == nil || !strings.Contains(body, "--allow-writes") {
		t.Errorf("verify through the proxy = %d %s; want 403 in verify's shape naming --allow-writes", code, body)
	}
	if n := up.Count(rtqtest.Filter{Path: verifyPath}); n != 0 {
		t.Errorf("the upstream saw %d verify calls; want none", n)
	}
}

func TestProxyWithWritesRecordsTheStatusSeen(t *testing.T) {
	up := rtqtest.Start(t)
	p := startProxy(t, up.URL, up.Key("demo-write"), true)
	code, body := post(t, p.url+verifyPath, `{"certificate_code":"demo-cert-a-pending-02","action_type":"set_next_certificate_status"}`, nil)
	if code != http.StatusOK || !strings.Contains(body, "已核验") {
		t.Fatalf("verify with --allow-writes = %d %s", code, body)
	}
	post(t, p.url+"/api/v2/rpc/record/getRecord", `{"record_id":110002}`, nil)
	p.stop()
	sc, err := scenario.LoadFiles([]string{p.out})
	if err != nil {
		t.Fatal(err)
	}
	r := sc.Records[0]
	if r.Cert == nil || r.Cert.Status.Name != "已核验" {
		t.Errorf("record %d: certificate %+v; want a credential record in 已核验", r.ID, r.Cert)
	}
}

func TestProxyRefusesWebPages(t *testing.T) {
	up := rtqtest.Start(t)
	p := startProxy(t, up.URL, up.Key("demo-read"), false)
	for _, h := range []map[string]string{
		{"Host": "rebound.example.com"},
		{"Origin": "https://evil.example"},
		{"Origin": "null"},
		{"Sec-Fetch-Site": "cross-site"},
	} {
		if code, body := post(t, p.url+"/api/v2/rpc/record/getFormList", `{}`, h); code != http.StatusForbidden || !strings.Contains(body, `"error_code":403`) {
			t.Errorf("%v: %d %s; want 403", h, code, body)
		}
		if code, _ := post(t, p.url+"/__admin/flush", ``, h); code != http.StatusForbidden {
			t.Errorf("flush with %v: %d; want 403", h, code)
		}
	}
	if n := up.Count(rtqtest.Filter{}); n != 0 {
		t.Errorf("the upstream saw %d calls from refused pages", n)
	}
	if code, _ := post(t, p.url+"/api/v2/rpc/record/getFormList", `{}`, map[string]string{"Origin": "http://localhost:5173", "Host": "localhost"}); code != http.StatusOK {
		t.Errorf("a loopback page: %d; want 200", code)
	}
}

// A service that answers errors with HTTP 200 is recorded as always_200,
// so the recording's error answers keep the upstream's status line.
func TestErrorStatusLineIsRecorded(t *testing.T) {
	sc, err := scenario.Parse("a200.yaml", []byte("http_status: always_200\norgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]\nkeys: [{name: r, secret: rtq-read-key}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	up := rtqtest.Start(t, rtqtest.WithScenario(sc))
	p := startProxy(t, up.URL, "rtq-read-key", false)
	if code, _ := post(t, p.url+"/api/v2/rpc/record/getRecord", `{"record_id":1}`, nil); code != http.StatusOK {
		t.Fatalf("a missing record through an always_200 upstream: HTTP %d; want 200", code)
	}
	p.stop()
	rec, err := scenario.LoadFiles([]string{p.out})
	if err != nil {
		t.Fatal(err)
	}
	if rec.HTTPStatus != scenario.StatusAlways200 {
		t.Errorf("http_status = %s; want always_200", rec.HTTPStatus)
	}
}

// The proxy asks the upstream itself how it refuses a missing and a wrong
// key, which the calls it forwards (all with its own key) never show: at
// its first write, 8 calls to the four read endpoints, none carrying its
// key and none to verify, each answer kept in the catalogue; a later
// write asks nothing again, and a proxy that forwarded nothing calls
// nothing.
func TestProxyProvokesTheKeyErrorsWithoutItsKey(t *testing.T) {
	up := rtqtest.Start(t)
	p := startProxy(t, up.URL, up.Key("demo-read"), false)
	post(t, p.url+"/api/v2/rpc/record/getFormList", `{}`, nil)
	if code, body := post(t, p.url+"/__admin/flush", ``, nil); code != http.StatusOK {
		t.Fatalf("flush: %d %s", code, body)
	}
	keyed, other := 0, 0
	for c, n := range up.Counts() {
		if c.Path == verifyPath {
			t.Errorf("the proxy called verify %d times", n)
		}
		if c.Key == "demo-read" {
			keyed += n
		} else {
			other += n
		}
	}
	if keyed != 2 || other != 8 {
		t.Errorf("calls with the proxy's key %d, without it %d; want the 1 forwarded, 1 asking whether an integer may be a string, and 8 provocations", keyed, other)
	}
	if !strings.Contains(p.log.String(), "how it refuses a missing and a wrong key: 8 calls, none with the key") {
		t.Errorf("the log should say the proxy made calls of its own:\n%s", p.log.String())
	}
	p.stop()
	if n := up.Count(rtqtest.Filter{}); n != 10 {
		t.Errorf("the exit's write made %d calls in all; want the 10 of the flush, nothing asked again", n)
	}
	sc, err := scenario.LoadFiles([]string{p.out})
	if err != nil {
		t.Fatal(err)
	}
	for _, ep := range []string{"record/getRecord", "record/getFormList", "templates/list", "templates/listQrcodes"} {
		for _, s := range []string{scenario.SituationNoKey, scenario.SituationBadKey} {
			if e, ok := sc.Service.ErrorFor(ep, s); !ok || e.Status != http.StatusUnauthorized {
				t.Errorf("catalogue %s %s: %+v %v; want the upstream's 401", ep, s, e, ok)
			}
		}
	}
	idle := rtqtest.Start(t)
	startProxy(t, idle.URL, idle.Key("demo-read"), false).stop()
	if n := idle.Count(rtqtest.Filter{}); n != 0 {
		t.Errorf("a proxy that forwarded nothing made %d calls", n)
	}
}
