package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"

	"github.com/rtq-kit/rtq/testkit/refused"
)

func TestHealth(t *testing.T) {
	sick := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"status":"starting"}`, http.StatusServiceUnavailable)
	}))
	t.Cleanup(sick.Close)
	gone := refused.URL
	mock := startMock(t)
	for _, tc := range []struct {
		name string
		url  string
		code int
		want string
	}{
		{"the mock", mock, 0, "ok " + mock + "/__admin/health"},
		{"the mock, health URL given whole", mock + "/__admin/health", 0, "ok "},
		{"an unhealthy answer", sick.URL, 1, "not healthy: HTTP 503"},
		{"nothing listening", gone, 1, "not reachable"},
		{"not a URL", "127.0.0.1:8080", 2, "want the mock's base URL"},
	} {
		code, out, errOut := runCLI(t, "health", tc.url)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%s: rtq health %s = %d, %q %q; want %d and %q", tc.name, tc.url, code, out, errOut, tc.code, tc.want)
		}
	}
}

// TestHealthSendsTheAdminToken: a mock started with --admin-token answers
// health only with the token, which rtq health takes from RTQ_ADMIN_TOKEN
// (the same variable the mock reads in the container).
func TestHealthSendsTheAdminToken(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{AdminToken: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv("RTQ_ADMIN_TOKEN", "")
	if code, _, _ := runCLI(t, "health", srv.URL()); code != 1 {
		t.Errorf("without the token: exit %d, want 1", code)
	}
	t.Setenv("RTQ_ADMIN_TOKEN", "s3cret")
	if code, _, errOut := runCLI(t, "health", srv.URL()); code != 0 {
		t.Errorf("with the token: exit %d (%s), want 0", code, errOut)
	}
}

// TestHealthGivesUpOnASilentServer: a server that never answers is
// reported once the deadline passes, not waited on.
func TestHealthGivesUpOnASilentServer(t *testing.T) {
	silent := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	t.Cleanup(silent.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := checkHealth(ctx, silent.URL+healthPath, "", nil)
	if err == nil || !strings.Contains(err.Error(), "no answer within") {
		t.Errorf("checkHealth on a silent server = %v; want 'no answer within'", err)
	}
}

// TestHealthFollowsNoRedirectWithTheToken: a 307 to another port of the
// same host is an unhealthy answer; the token never travels there, and
// an answer echoing it prints none of it.
func TestHealthFollowsNoRedirectWithTheToken(t *testing.T) {
	var sent atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { sent.Add(1) }))
	t.Cleanup(other.Close)
	moved := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(moved.Close)
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "\x1b[31mbad token "+r.Header.Get("Authorization"), http.StatusUnauthorized)
	}))
	t.Cleanup(echo.Close)
	t.Setenv("RTQ_ADMIN_TOKEN", "admin-token-0123")
	if code, _, errOut := runCLI(t, "health", moved.URL); code != 1 || !strings.Contains(errOut, "HTTP 307") || sent.Load() != 0 {
		t.Errorf("redirected: exit %d (%s), %d calls at the Location; want 1, HTTP 307, none", code, errOut, sent.Load())
	}
	if code, _, errOut := runCLI(t, "health", echo.URL); code != 1 || strings.Contains(errOut, "admin-token-0123") || strings.ContainsRune(errOut, 0x1b) {
		t.Errorf("echoing: exit %d (%q); want 1, no token, no raw ESC", code, errOut)
	}
}
