package mockserver

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// browserish sends what a browser would: a method, a path, and headers
// such as Origin, Sec-Fetch-Site or a Host a rebound name carries.
func browserish(t *testing.T, m *mock, method, path string, hdr map[string]string, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, m.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 204 && ct != "application/json; charset=utf-8" {
		t.Fatalf("%s %s: Content-Type %q: %s", method, path, ct, raw)
	}
	return resp.StatusCode, resp.Header, string(raw)
}

func preflight(t *testing.T, m *mock, path, origin, headers string) http.Header {
	t.Helper()
	status, h, _ := browserish(t, m, http.MethodOptions, path, map[string]string{
		"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": headers}, "")
	if status != 204 {
		t.Fatalf("preflight from %s: status %d", origin, status)
	}
	return h
}

func TestCORSGrantsLoopbackOriginsByDefault(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, origin := range []string{"http://localhost:5173", "https://127.0.0.1:3000", "http://[::1]:8000", "http://app.localhost:4200"} {
		h := preflight(t, m, contract.GetRecord.Path(), origin, "authorization, content-type, traceparent, x-request-id")
		if h.Get("Access-Control-Allow-Origin") != origin || h.Get("Access-Control-Allow-Credentials") != "true" ||
			h.Get("Access-Control-Allow-Headers") != "authorization, content-type, traceparent, x-request-id" ||
			h.Get("Access-Control-Allow-Methods") == "" || h.Get("Access-Control-Max-Age") == "" || h.Get("Vary") != "Origin" {
			t.Errorf("preflight from %s: %v", origin, h)
		}
		// An error answer carries them too, so the page reads the JSON error.
		status, h, _ := browserish(t, m, http.MethodPost, contract.GetFormList.Path(), map[string]string{"Origin": origin}, "{}")
		if status != 401 || h.Get("Access-Control-Allow-Origin") != origin || h.Get("Access-Control-Expose-Headers") == "" {
			t.Errorf("401 from %s: %d %v", origin, status, h)
		}
	}
}

func TestCORSRefusesOtherOriginsAndLogsEachOnce(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, origin := range []string{"https://evil.example", "http://localhost.evil.example", "null", "http://127.0.0.1.evil.example"} {
		for range 2 {
			h := preflight(t, m, contract.GetRecord.Path(), origin, "authorization")
			_, h2, _ := browserish(t, m, http.MethodPost, contract.GetFormList.Path(), map[string]string{"Origin": origin, "Authorization": "Bearer " + readKey}, "{}")
			for _, hh := range []http.Header{h, h2} {
				if hh.Get("Access-Control-Allow-Origin") != "" || hh.Get("Access-Control-Allow-Methods") != "" || hh.Get("Access-Control-Allow-Credentials") != "" {
					t.Errorf("%s got CORS headers: %v", origin, hh)
				}
			}
		}
		if n := strings.Count(m.log.String(), "refused CORS to the web page at \""+origin+"\""); n != 1 {
			t.Errorf("%s: %d log lines, want 1:\n%s", origin, n, m.log.String())
		}
	}
	if !strings.Contains(m.log.String(), "--cors-origin https://evil.example") {
		t.Errorf("the log line does not name the flag:\n%s", m.log.String())
	}
}

func TestCORSConfiguredOrigins(t *testing.T) {
	m := startMock(t, nil, Options{CORSOrigin: "http://dev.example:3000, https://app.example/"})
	h := preflight(t, m, contract.GetRecord.Path(), "https://app.example", "authorization")
	if h.Get("Access-Control-Allow-Origin") != "https://app.example" || h.Get("Access-Control-Allow-Credentials") != "true" {
		t.Errorf("listed origin: %v", h)
	}
	if h := preflight(t, m, contract.GetRecord.Path(), "http://localhost:5173", ""); h.Get("Access-Control-Allow-Origin") != "http://localhost:5173" ||
		h.Get("Access-Control-Allow-Headers") != "Authorization, Content-Type" {
		t.Errorf("loopback origins stay granted: %v", h)
	}
	if h := preflight(t, m, contract.GetRecord.Path(), "https://evil.example", "authorization"); h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("unlisted origin: %v", h)
	}
	// A listed origin reaches the admin API too; a loopback one does not.
	if _, h, _ := browserish(t, m, http.MethodGet, "/__admin/profile", map[string]string{"Origin": "http://dev.example:3000"}, ""); h.Get("Access-Control-Allow-Origin") != "http://dev.example:3000" {
		t.Errorf("listed origin on admin: %v", h)
	}
}

func TestCORSAdminGrantsNoOtherOriginByDefault(t *testing.T) {
	for _, opts := range []Options{{}, {CORSOrigin: "*"}} {
		m := startMock(t, nil, opts)
		for _, origin := range []string{"http://localhost:5173", "https://evil.example"} {
			for _, path := range []string{"/__admin/profile", "/__admin/requests"} {
				status, h, _ := browserish(t, m, http.MethodGet, path, map[string]string{"Origin": origin}, "")
				if status != 200 || h.Get("Access-Control-Allow-Origin") != "" {
					t.Errorf("%q: %s from %s: %d %v", opts.CORSOrigin, path, origin, status, h)
				}
			}
			if h := preflight(t, m, "/__admin/reset", origin, ""); h.Get("Access-Control-Allow-Origin") != "" {
				t.Errorf("%q: admin preflight from %s granted: %v", opts.CORSOrigin, origin, h)
			}
		}
	}
}

func TestCORSStarOpensTheAPIWithoutCredentials(t *testing.T) {
	m := startMock(t, nil, Options{CORSOrigin: "*"})
	h := preflight(t, m, contract.GetRecord.Path(), "https://any.example", "authorization")
	if h.Get("Access-Control-Allow-Origin") != "*" || h.Get("Access-Control-Allow-Credentials") != "" {
		t.Errorf("*: %v", h)
	}
	if h := preflight(t, m, contract.GetRecord.Path(), "http://localhost:5173", "authorization"); h.Get("Access-Control-Allow-Credentials") != "true" {
		t.Errorf("* keeps credentials for loopback origins: %v", h)
	}
}

func TestCORSPrivateNetworkPreflight(t *testing.T) {
	m := startMock(t, nil, Options{})
	_, h, _ := browserish(t, m, http.MethodOptions, contract.GetRecord.Path(), map[string]string{"Origin": "http://localhost:5173",
		"Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true"}, "")
	if h.Get("Access-Control-Allow-Private-Network") != "true" {
		t.Errorf("granted origin: %v", h)
	}
	_, h, _ = browserish(t, m, http.MethodOptions, contract.GetRecord.Path(), map[string]string{"Origin": "https://evil.example",
		"Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true"}, "")
	if h.Get("Access-Control-Allow-Private-Network") != "" {
		t.Errorf("refused origin: %v", h)
	}
}
