package transport

import (
	"strings"
	"testing"
)

func TestCORSOriginsAreCheckedWhenRead(t *testing.T) {
	if _, err := newCORS(" http://app.test:3000/ , *, HTTPS://UI.TEST"); err != nil {
		t.Errorf("a good list: %v", err)
	}
	_, err := newCORS("http://ok.test,app.test,http://x.test/path,ftp://y.test")
	if err == nil || !strings.Contains(err.Error(), `"app.test", "http://x.test/path", "ftp://y.test"`) ||
		!strings.Contains(err.Error(), "scheme://host[:port]") {
		t.Errorf("bad origins: %v, want each named and the form to use", err)
	}
}

// TestCORSGrants: loopback pages by default, listed origins with
// credentials, "*" without them and never for the admin API.
func TestCORSGrants(t *testing.T) {
	p, _ := newCORS("https://app.test, *")
	for _, tc := range []struct {
		origin       string
		admin        bool
		allow        string
		creds, grant bool
	}{
		{"http://localhost:5173", false, "http://localhost:5173", true, true},
		{"http://127.0.0.1:3000", true, "", false, false},
		{"https://APP.test", true, "https://APP.test", true, true},
		{"https://evil.test", false, "*", false, true},
		{"https://evil.test", true, "", false, false},
		{"null", false, "*", false, true},
	} {
		allow, creds, ok := p.grant(tc.origin, tc.admin)
		if allow != tc.allow || creds != tc.creds || ok != tc.grant {
			t.Errorf("grant(%q, admin %v) = %q %v %v, want %q %v %v", tc.origin, tc.admin, allow, creds, ok, tc.allow, tc.creds, tc.grant)
		}
	}
	def, _ := newCORS("")
	if _, _, ok := def.grant("https://evil.test", false); ok {
		t.Error("by default a remote page is granted")
	}
}

func TestCORSAnswersAPreflightForAGrantedPageOnly(t *testing.T) {
	g, _ := newGuard(t, "")
	w, reached := guarded(t, g.CORS, "OPTIONS", "/api/v2/rpc/record/getRecord", nil,
		"Origin", "http://localhost:5173", "Access-Control-Request-Method", "POST",
		"Access-Control-Request-Headers", "authorization, traceparent", "Access-Control-Request-Private-Network", "true")
	h := w.Result().Header
	if reached || w.Code != 204 || h.Get("Access-Control-Allow-Origin") != "http://localhost:5173" ||
		h.Get("Access-Control-Allow-Headers") != "authorization, traceparent" || h.Get("Access-Control-Allow-Private-Network") != "true" ||
		h.Get("Access-Control-Allow-Credentials") != "true" || h.Get("Vary") != "Origin" {
		t.Errorf("granted preflight: %d reached %v %v", w.Code, reached, h)
	}
	w, _ = guarded(t, g.CORS, "OPTIONS", "/api/v2/rpc/record/getRecord", nil,
		"Origin", "https://evil.test", "Access-Control-Request-Method", "POST")
	if w.Code != 204 || w.Result().Header.Get("Access-Control-Allow-Origin") != "" || w.Result().Header.Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("refused preflight: %d %v", w.Code, w.Result().Header)
	}
}

func TestCORSLogsARefusedOriginOnce(t *testing.T) {
	g, logged := newGuard(t, "")
	for range 3 {
		w, reached := guarded(t, g.CORS, "POST", "/api/v2/rpc/record/getRecord", nil, "Origin", "https://evil.test")
		if !reached || w.Result().Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatal("a refused origin was not served without CORS headers")
		}
	}
	if len(*logged) != 1 || !strings.Contains((*logged)[0], "--cors-origin https://evil.test") {
		t.Errorf("logged %q, want one line naming the flag", *logged)
	}
	// The mock's own page is no refusal.
	guarded(t, g.CORS, "GET", "/__admin/", nil, "Origin", "http://127.0.0.1:8080")
	for i := range maxRefusedLogged + 5 {
		guarded(t, g.CORS, "POST", "/x", nil, "Origin", "https://site"+string(rune('a'+i%26))+strings.Repeat("x", i)+".test")
	}
	if n := len(*logged); n != maxRefusedLogged+2 || !strings.Contains((*logged)[n-1], "further refusals are not logged") {
		t.Errorf("%d lines logged for %d origins, last %q", n, maxRefusedLogged+6, (*logged)[n-1])
	}
}
