package proxy_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/proxy"
)

// lockedBuffer is a log both the proxy and the test read.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type running struct {
	URL string
	P   *proxy.Proxy
	Log *lockedBuffer
}

// start runs a proxy in front of upstream on 127.0.0.1:0; it is closed
// when the test ends.
func start(t testing.TB, upstream string, allowWrites bool, opts conformance.ObserverOptions) *running {
	t.Helper()
	opts.Target, opts.AllowWrites = upstream, allowWrites
	obs, err := conformance.NewObserver(opts)
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedBuffer{}
	p, err := proxy.New(proxy.Options{Upstream: upstream, AllowWrites: allowWrites, Observer: obs, ListenHost: "127.0.0.1", Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p)
	t.Cleanup(func() { srv.Close(); p.Close() })
	return &running{URL: srv.URL, P: p, Log: log}
}

// report is the proxy's report so far, as GET /__rtq-proxy/report gives it.
func (r *running) report(t testing.TB) *conformance.Report {
	t.Helper()
	resp, err := http.Get(r.URL + proxy.AdminPrefix + "report?format=json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rep conformance.Report
	if err := json.NewDecoder(resp.Body).Decode(&rep); err != nil {
		t.Fatal(err)
	}
	return &rep
}

// failed lists the ids of a report's failed checks.
func failed(rep *conformance.Report) []string {
	var out []string
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail {
			out = append(out, f.ID)
		}
	}
	return out
}

func post(t testing.TB, url, key, body string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// seen is what an upstream of a test received.
type seen struct {
	mu     sync.Mutex
	method string
	path   string
	query  string
	header http.Header
	body   []byte
	calls  int
}

// echoUpstream answers every call with answer (its status and headers
// set by hdr), remembering what it received.
func echoUpstream(t testing.TB, s *seen, status int, answer string, hdr map[string]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.method, s.path, s.query, s.header, s.body = r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), b
		s.calls++
		s.mu.Unlock()
		for k, v := range hdr {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The proxy forwards the request as the client sent it (method, path,
// query, headers, key, body) and gives back the answer's status, headers
// and bytes unchanged.
func TestForwardsUnchanged(t *testing.T) {
	var s seen
	answer := `{"code":0,"message":"ok","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":10,"total":0}}}`
	up := echoUpstream(t, &s, 200, answer, map[string]string{"Content-Type": "application/json; charset=utf-8", "X-Upstream": "yes"})
	r := start(t, up+"/base", false, conformance.ObserverOptions{})
	resp, body := post(t, r.URL+"/api/v2/rpc/record/getFormList?x=1", "client-key-0123456789", `{"page": 1}`, "X-Trace", "abc")
	if string(body) != answer || resp.StatusCode != 200 || resp.Header.Get("X-Upstream") != "yes" {
		t.Fatalf("answer changed on its way: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.method != "POST" || s.path != "/base/api/v2/rpc/record/getFormList" || s.query != "x=1" || string(s.body) != `{"page": 1}` ||
		s.header.Get("Authorization") != "Bearer client-key-0123456789" || s.header.Get("X-Trace") != "abc" {
		t.Fatalf("request changed on its way: %s %s?%s %q %v", s.method, s.path, s.query, s.body, s.header)
	}
}

// A verify is forwarded only with --allow-writes; without it the client
// gets a 403 in verify's own error shape that names the flag, and the
// service gets nothing.
func TestWritesNeedAllowWrites(t *testing.T) {
	var s seen
	up := echoUpstream(t, &s, 200, `{"code":0,"message":"ok","data":{}}`, map[string]string{"Content-Type": "application/json"})
	r := start(t, up, false, conformance.ObserverOptions{})
	resp, body := post(t, r.URL+"/api/v2/rpc/certificates/verify", "k", `{"certificate_code":"c","action_type":"set_next_certificate_status"}`)
	var obj map[string]any
	if err := json.Unmarshal(body, &obj); err != nil || resp.StatusCode != 403 {
		t.Fatalf("refusal: %d %s", resp.StatusCode, body)
	}
	if _, hasData := obj["data"].(map[string]any); !hasData || obj["code"] != float64(403) || !strings.Contains(obj["message_detail"].(string), "--allow-writes") {
		t.Fatalf("the refusal is not in verify's shape naming --allow-writes: %s", body)
	}
	if s.calls != 0 {
		t.Fatalf("the service got %d calls of a refused write", s.calls)
	}
	if rep := r.report(t); rep.Traffic.RefusedWrites != 1 {
		t.Fatalf("refused writes: %+v", rep.Traffic)
	}
	w := start(t, up, true, conformance.ObserverOptions{})
	if resp, _ := post(t, w.URL+"/api/v2/rpc/certificates/verify", "k", `{}`); resp.StatusCode != 200 || s.calls != 1 {
		t.Fatalf("with --allow-writes: %d, %d calls", resp.StatusCode, s.calls)
	}
}

// Keys pass through and are never stored, logged or reported: not the
// client's, which the service echoes, nor a --header's value.
func TestKeysNeverReported(t *testing.T) {
	const key, gateway = "client-secret-key-7781", "gateway-token-5512"
	var s seen
	// A broken service: text/plain, and the key echoed in the body.
	up := echoUpstream(t, &s, 500, "oops for Bearer "+key+" via "+gateway, map[string]string{"Content-Type": "text/plain"})
	r := start(t, up, false, conformance.ObserverOptions{Secrets: []string{gateway}})
	post(t, r.URL+"/api/v2/rpc/record/getRecord", key, `{"record_id":"`+key+`"}`)
	rep := r.report(t)
	if len(failed(rep)) == 0 {
		t.Fatalf("a text/plain answer failed nothing: %+v", rep.Checks)
	}
	var curl string
	for _, f := range rep.Checks {
		if f.ID == "answers.C1.contentType" {
			curl = f.Curl
		}
	}
	if !strings.Contains(curl, "$RTQ_API_KEY") {
		t.Fatalf("curl line %q does not read the key from $RTQ_API_KEY", curl)
	}
	for _, format := range report.Formats {
		var b bytes.Buffer
		if err := report.Write(&b, format, rep); err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{key, gateway} {
			if strings.Contains(b.String(), secret) {
				t.Errorf("the %s report holds a secret %q:\n%s", format, secret, b.String())
			}
		}
	}
	if strings.Contains(r.Log.String(), key) {
		t.Errorf("the log holds the key:\n%s", r.Log)
	}
}

// Hostile input: a foreign Host or a foreign page's Origin is refused
// before anything is forwarded; a body over the service's limit is
// forwarded whole but judged by no rule.
func TestHostileInput(t *testing.T) {
	var s seen
	up := echoUpstream(t, &s, 200, `{"code":0,"message":"ok","data":{}}`, map[string]string{"Content-Type": "application/json"})
	r := start(t, up, false, conformance.ObserverOptions{})
	for _, hdr := range [][]string{{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}} {
		if resp, body := post(t, r.URL+"/api/v2/rpc/record/getFormList", "k", `{}`, hdr...); resp.StatusCode != 403 || !strings.Contains(string(body), "rtq proxy") {
			t.Errorf("%v: %d %s", hdr, resp.StatusCode, body)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, r.URL+"/api/v2/rpc/record/getFormList", strings.NewReader(`{}`))
	req.Host = "rebound.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("a foreign Host: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if s.calls != 0 {
		t.Fatalf("refused requests reached the service %d times", s.calls)
	}
	big := `{"search_key":"` + strings.Repeat("x", 2<<20) + `"}`
	post(t, r.URL+"/api/v2/rpc/record/getFormList", "k", big)
	if s.calls != 1 || len(s.body) != len(big) {
		t.Fatalf("a large body reached the service as %d bytes of %d", len(s.body), len(big))
	}
	if rep := r.report(t); rep.Traffic.Judged != 0 {
		t.Fatalf("a request over the limit was judged: %+v", rep.Traffic)
	}
}

// The report is there on demand, in every format; a bad format is a 400.
func TestReportOnDemand(t *testing.T) {
	var s seen
	up := echoUpstream(t, &s, 200, `{"code":0,"message":"ok","data":{}}`, map[string]string{"Content-Type": "application/json"})
	r := start(t, up, false, conformance.ObserverOptions{})
	for format, want := range map[string]string{"json": `"traffic"`, "text": "target:", "junit": "<testsuites", "html": "<!DOCTYPE html>"} {
		resp, err := http.Get(r.URL + proxy.AdminPrefix + "report?format=" + format)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %d, no %q in\n%.300s", format, resp.StatusCode, want, b)
		}
	}
	resp, err := http.Get(r.URL + proxy.AdminPrefix + "report?format=pdf")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Fatalf("format=pdf: %d", resp.StatusCode)
	}
	if s.calls != 0 {
		t.Fatal("the proxy's own paths were forwarded")
	}
}

// An answer cut short by the service is not handed to the client as if
// whole, and is not judged.
func TestBrokenAnswerIsNotWhole(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "100")
		_, _ = io.WriteString(w, `{"code":0`)
		if hj, ok := w.(http.Hijacker); ok {
			c, _, _ := hj.Hijack()
			c.Close()
		}
	}))
	defer srv.Close()
	r := start(t, srv.URL, false, conformance.ObserverOptions{})
	req, _ := http.NewRequest(http.MethodPost, r.URL+"/api/v2/rpc/record/getFormList", strings.NewReader(`{}`))
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err == nil {
		t.Fatal("a broken answer read as whole")
	}
	// The exchange is counted before the connection is cut, so before the
	// client sees the error.
	if rep := r.report(t); rep.Traffic.NotJudged["the service's answer broke off"] != 1 || rep.Traffic.Judged != 0 {
		t.Fatalf("traffic %+v", rep.Traffic)
	}
}

// A client that accepts a coding gets the service's bytes in it
// unchanged, and the answer is unpacked to be judged: gzip, and br and
// zstd too (every browser asks for br, and CDNs answer in it); a coding
// no decoder reads (compress) and "*" are not asked for.
func TestCodedAnswersAreJudged(t *testing.T) {
	answer := `{"code":0,"message":"ok","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":10,"total":0}}}`
	writers := map[string]func(io.Writer) io.WriteCloser{
		"gzip": func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) },
		"br":   func(w io.Writer) io.WriteCloser { return brotli.NewWriter(w) },
	}
	for coding, writer := range writers {
		var packed bytes.Buffer
		zw := writer(&packed)
		_, _ = io.WriteString(zw, answer)
		_ = zw.Close()
		var asked string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked = r.Header.Get("Accept-Encoding")
			w.Header().Set("Content-Type", "text/html") // a must broken, seen only once unpacked
			w.Header().Set("Content-Encoding", coding)
			_, _ = w.Write(packed.Bytes())
		}))
		r := start(t, srv.URL, false, conformance.ObserverOptions{})
		resp, body := post(t, r.URL+"/api/v2/rpc/record/getFormList", "k", `{}`, "Accept-Encoding", "gzip, deflate, br, zstd, compress, *;q=0.1")
		if asked != "gzip, deflate, br, zstd" || resp.Header.Get("Content-Encoding") != coding || !bytes.Equal(body, packed.Bytes()) {
			t.Fatalf("%s: asked %q; answer %q, %d bytes of %d", coding, asked, resp.Header.Get("Content-Encoding"), len(body), packed.Len())
		}
		rep := r.report(t)
		if rep.Traffic.Judged != 1 || !slices.Contains(failed(rep), "answers.C1.contentType") {
			t.Fatalf("a %s answer: traffic %+v, failed %v", coding, rep.Traffic, failed(rep))
		}
		srv.Close()
	}
}

// An answer labelled with a coding the proxy reads that does not unpack
// to its end (a br stream cut short, gzip bytes labelled br) is what its
// client got: judged as the bytes sent, no JSON, not counted unjudged.
func TestCodedAnswerThatDoesNotUnpackIsJudgedAsSent(t *testing.T) {
	answer := `{"code":0,"message":"ok","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":10,"total":0}}}`
	var br, gz bytes.Buffer
	bw := brotli.NewWriter(&br)
	_, _ = io.WriteString(bw, answer)
	_ = bw.Close()
	gw := gzip.NewWriter(&gz)
	_, _ = io.WriteString(gw, answer)
	_ = gw.Close()
	for name, sent := range map[string][]byte{"a br stream cut short": br.Bytes()[:br.Len()-1], "gzip bytes labelled br": gz.Bytes()} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "br")
			_, _ = w.Write(sent)
		}))
		r := start(t, srv.URL, false, conformance.ObserverOptions{})
		post(t, r.URL+"/api/v2/rpc/record/getFormList", "k", `{}`, "Accept-Encoding", "gzip, br")
		rep := r.report(t)
		if rep.Traffic.Judged != 1 || len(rep.Traffic.NotJudged) > 0 || !slices.Contains(failed(rep), "answers.C1.jsonText") {
			t.Errorf("%s: traffic %+v, failed %v; want it judged and C1.jsonText failed", name, rep.Traffic, failed(rep))
		}
		srv.Close()
	}
}
