package admin

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestThePageIsServedLockedDown(t *testing.T) {
	api := New(Config{AdminToken: "t"})
	routes := api.PageRoutes()
	if len(routes) != len(pageFiles)+1 {
		t.Fatalf("%d page routes for %d files and the redirect of /__admin", len(routes), len(pageFiles))
	}
	last := routes[len(routes)-1]
	if w := serve(t, last.Run, request{method: "GET", path: "/__admin"}); last.Pattern != "GET /__admin" || w.Code != 302 || w.Header().Get("Location") != "__admin/" {
		t.Errorf("%s: %d to %q, want a redirect to __admin/", last.Pattern, w.Code, w.Header().Get("Location"))
	}
	for i, r := range routes[:len(pageFiles)] {
		_, path, _ := strings.Cut(r.Pattern, " ")
		w := serve(t, r.Run, request{method: "GET", path: strings.TrimSuffix(path, "{$}")})
		h := w.Result().Header
		if w.Code != 200 || w.Body.Len() == 0 || h.Get("Content-Type") != pageFiles[i].ctype {
			t.Errorf("%s: %d, %d bytes, %q", r.Pattern, w.Code, w.Body.Len(), h.Get("Content-Type"))
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Cache-Control") != "no-store" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: headers %v", r.Pattern, h)
		}
	}
}

// TestTheSummaryShowsNoSecret: GET /__admin/scenario names the keys and
// their scopes, never a secret, and lists a bounded number of records.
func TestTheSummaryShowsNoSecret(t *testing.T) {
	sc := testscenario.Build()
	for len(sc.Records) <= summaryRecords {
		sc.Records = append(sc.Records, sc.Records...)
	}
	out := summarize(sc)
	b, _ := json.Marshal(out)
	for _, k := range sc.Keys {
		if strings.Contains(string(b), k.Secret) {
			t.Errorf("the summary holds the secret of %s", k.Name)
		}
	}
	if len(out.Records) != summaryRecords || out.RecordsTotal != len(sc.Records) {
		t.Errorf("%d records listed of %d (total %d), want %d", len(out.Records), len(sc.Records), out.RecordsTotal, summaryRecords)
	}
	scopes := map[string][]string{}
	for _, k := range out.Keys {
		scopes[k.Name] = k.Scopes
	}
	if !slices.Equal(scopes["demo-write"], []string{"read", "write"}) || !slices.Equal(scopes["demo-write-only"], []string{"write"}) {
		t.Errorf("scopes %v", scopes)
	}
	w := serve(t, route(t, New(Config{}), "GET /__admin/scenario"), request{method: "GET", path: "/__admin/scenario"})
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"name":"mock-tests"`) || strings.Contains(w.Body.String(), "rtq-demo-") {
		t.Errorf("GET /__admin/scenario: %d %.200s", w.Code, w.Body)
	}
}
