package transport

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func TestCrossSiteRefusesAnotherSitesStateChange(t *testing.T) {
	g, _ := newGuard(t, "https://app.test")
	cases := []struct {
		name, method, path string
		ep                 *contract.Endpoint
		headers            []string
		pass               bool
	}{
		{"curl verifies", "POST", "/api/v2/rpc/certificates/verify", &contract.Verify, nil, true},
		{"a page reads", "POST", "/api/v2/rpc/record/getRecord", &contract.GetRecord, []string{"Origin", "https://evil.test"}, true},
		{"a page verifies", "POST", "/api/v2/rpc/certificates/verify", &contract.Verify, []string{"Origin", "https://evil.test"}, false},
		{"a no-origin cross-site post", "POST", "/__admin/reset", nil, []string{"Sec-Fetch-Site", "cross-site"}, false},
		{"a page resets", "POST", "/__admin/reset", nil, []string{"Origin", "https://evil.test"}, false},
		{"a page reads the journal", "GET", "/__admin/requests", nil, []string{"Origin", "https://evil.test"}, true},
		{"the mock's own page", "DELETE", "/__admin/faults", nil, []string{"Origin", "http://127.0.0.1:8080"}, true},
		{"a listed page", "POST", "/s/ci/__admin/reset", nil, []string{"Origin", "https://app.test"}, true},
		{"a loopback dev server", "POST", "/api/v2/rpc/certificates/verify", &contract.Verify, []string{"Origin", "http://localhost:5173"}, true},
		{"a loopback dev server on admin", "POST", "/__admin/reset", nil, []string{"Origin", "http://localhost:5173"}, false},
	}
	for _, tc := range cases {
		w, reached := guarded(t, g.CrossSite, tc.method, tc.path, tc.ep, tc.headers...)
		if reached != tc.pass {
			t.Errorf("%s: passed %v, want %v (%d %s)", tc.name, reached, tc.pass, w.Code, w.Body)
		}
		if tc.pass {
			continue
		}
		var body map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != 403 {
			t.Errorf("%s: %d %q", tc.name, w.Code, w.Body)
		}
		_, adminShape := body["error"]
		if adminShape != strings.Contains(tc.path, "/__admin") {
			t.Errorf("%s: not the shape of its API: %s", tc.name, w.Body)
		}
	}
}

func TestCrossSiteNamesTheFlagThatAdmitsThePage(t *testing.T) {
	g, _ := newGuard(t, "")
	w, _ := guarded(t, g.CrossSite, "POST", "/__admin/scenario", nil, "Origin", "https://evil.test")
	if !strings.Contains(w.Body.String(), `--cors-origin https://evil.test`) {
		t.Errorf("the refusal does not say how to admit the page: %s", w.Body)
	}
	w, _ = guarded(t, g.CrossSite, "POST", "/__admin/scenario", nil, "Origin", "https://x.test/'; rm -rf ~")
	if !strings.Contains(w.Body.String(), `--cors-origin 'https://x.test/'\\''; rm -rf ~'`) {
		t.Errorf("an origin is not quoted for the shell: %s", w.Body)
	}
}
