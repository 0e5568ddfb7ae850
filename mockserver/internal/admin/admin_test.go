package admin

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
)

func TestAuthWantsTheAdminTokenWhenOneIsSet(t *testing.T) {
	ok := func(c *chain.Call) { c.Write(200, 0, []byte(`{"status":"ok"}`)) }
	open := New(Config{}).Auth(ok)
	if w := serve(t, open, request{method: "GET", path: "/__admin/health"}); w.Code != 200 {
		t.Errorf("no token set: %d", w.Code)
	}
	guarded := New(Config{AdminToken: "s3cret-admin"}).Auth(ok)
	for _, auth := range []string{"", "Bearer wrong", "Bearer s3cret-admin-and-more", "Basic s3cret-admin"} {
		w := serve(t, guarded, request{method: "GET", path: "/__admin/health", auth: auth})
		if msg := adminError(t, w); w.Code != 401 || msg != "the admin API needs Authorization: Bearer <admin token>" {
			t.Errorf("%q: %d %q", auth, w.Code, msg)
		}
	}
	if w := serve(t, guarded, request{method: "GET", path: "/__admin/health", auth: "bearer s3cret-admin"}); w.Code != 200 {
		t.Errorf("the right token: %d", w.Code)
	}
}

func TestUnknownNamesTheMethodOrThePath(t *testing.T) {
	api := New(Config{})
	w := serve(t, api.Unknown, request{method: "GET", path: "/__admin/reset"})
	if msg := adminError(t, w); w.Code != 405 || w.Header().Get("Allow") != "POST" || msg != "use POST /__admin/reset" {
		t.Errorf("a known path, wrong method: %d %q Allow %q", w.Code, msg, w.Header().Get("Allow"))
	}
	w = serve(t, api.Unknown, request{method: "GET", path: "/__admin/nope"})
	if msg := adminError(t, w); w.Code != 404 || !strings.Contains(msg, "no admin call at /__admin/nope") {
		t.Errorf("an unknown path: %d %q", w.Code, msg)
	}
}

// TestAStoreThatFailsIsA503OnlyWhenUnreachable: the admin API tells a
// store it cannot reach (503, the store's words) from any other failure
// (500); health is 503 whenever the store's Ping fails.
func TestAStoreThatFailsIsA503OnlyWhenUnreachable(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		msg    string
	}{
		{fail.Unreachable("redis at 10.0.0.1:6379: connection refused"), 503, "redis at 10.0.0.1:6379: connection refused"},
		{errors.New("disk full"), 500, "disk full"},
		{nil, 200, ""},
	} {
		api := New(Config{
			Reset:  func(*chain.Call) error { return tc.err },
			Health: func(context.Context) error { return tc.err },
		})
		for _, pattern := range []string{"POST /__admin/reset", "GET /__admin/health"} {
			method, path, _ := strings.Cut(pattern, " ")
			w := serve(t, route(t, api, pattern), request{method: method, path: path})
			if tc.err == nil {
				if w.Code != 200 || w.Body.String() != `{"status":"ok"}` {
					t.Errorf("%s: %d %s", pattern, w.Code, w.Body)
				}
				continue
			}
			wantStatus, wantMsg := tc.status, tc.msg
			if pattern == "GET /__admin/health" {
				wantStatus, wantMsg = 503, tc.err.Error() // the store's Ping, in its own words
			}
			if msg := adminError(t, w); w.Code != wantStatus || msg != wantMsg {
				t.Errorf("%s, %v: %d %q, want %d %q", pattern, tc.err, w.Code, msg, wantStatus, wantMsg)
			}
		}
	}
}

func TestTheJournalFilterIsCheckedByName(t *testing.T) {
	api := New(Config{Journal: func(*chain.Call) journal.Log { return journal.New(10) }})
	requests := route(t, api, "GET /__admin/requests")
	for query, want := range map[string]string{
		"colour=red":      `unknown filter "colour"`,
		"status=abc":      "filter status",
		"limit=1&limit=2": "filter limit: given 2 times",
		"path=%zz":        "not URL-encoded",
	} {
		w := serve(t, requests, request{method: "GET", path: "/__admin/requests?" + query})
		if msg := adminError(t, w); w.Code != 400 || !strings.Contains(msg, want) {
			t.Errorf("%s: %d %q, want 400 naming %q", query, w.Code, msg, want)
		}
	}
	if w := serve(t, requests, request{method: "GET", path: "/__admin/requests?status=200&limit=5"}); w.Code != 200 {
		t.Errorf("good filters: %d %s", w.Code, w.Body)
	}
}
