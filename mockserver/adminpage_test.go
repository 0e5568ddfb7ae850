package mockserver

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestAdminPageServedStrictly(t *testing.T) {
	m := startMock(t, nil, Options{AdminToken: "page-token-123"})
	for path, ctype := range map[string]string{
		"/__admin/":        "text/html; charset=utf-8",
		"/__admin/app.js":  "text/javascript; charset=utf-8",
		"/__admin/app.css": "text/css; charset=utf-8",
	} {
		resp, err := http.Get(m.URL() + path) // no token: the page asks for it
		if err != nil {
			t.Fatal(err)
		}
		body := string(readAll(t, resp))
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("Content-Type") != ctype {
			t.Errorf("%s: %d %s", path, resp.StatusCode, h.Get("Content-Type"))
		}
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "connect-src 'self'", "default-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: framing or sniffing allowed: %v", path, h)
		}
		if strings.Contains(body, "http://") || strings.Contains(body, "https://") {
			t.Errorf("%s names another origin: the page must need no network", path)
		}
		if path == "/__admin/" && (strings.Contains(body, "<script>") || strings.Contains(body, " onclick=")) {
			t.Errorf("inline script in the page")
		}
	}
	if status, _ := m.admin(t, "GET", "/__admin/scenario", ""); status != 401 {
		t.Errorf("the scenario summary without the token: %d, want 401", status)
	}
}

func TestAdminScenarioSummaryHasNoSecrets(t *testing.T) {
	m := startMock(t, nil, Options{})
	status, body := m.admin(t, "GET", "/__admin/scenario", "")
	if status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	for _, secret := range []string{testscenario.ReadSecret, testscenario.WriteSecret, testscenario.OtherSecret} {
		if strings.Contains(body, secret) {
			t.Errorf("the summary shows the secret %q", secret)
		}
	}
	for _, want := range []string{`"name":"demo-read"`, `"scopes":["read","write"]`, `"records_total":`, `"credential":true`, ": "} {
		if !strings.Contains(body, want) {
			t.Errorf("summary lacks %s", want)
		}
	}
}

func newAdminRequest(m *mock, method, path string) (*http.Request, error) {
	req, err := http.NewRequest(method, m.URL()+path, nil)
	if err == nil && m.opts.AdminToken != "" {
		req.Header.Set("Authorization", "Bearer "+m.opts.AdminToken)
	}
	return req, err
}

func doAdmin(t testing.TB, req *http.Request) string {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return string(readAll(t, resp))
}

// TestAdminAddressLeadsToThePage: rtq mock's start-up line prints
// {url}/__admin; a browser opening it lands on the page, with no token.
func TestAdminAddressLeadsToThePage(t *testing.T) {
	m := startMock(t, nil, Options{AdminToken: "page-token-123"})
	resp, err := http.Get(m.URL() + "/__admin") // the client follows the redirect
	if err != nil {
		t.Fatal(err)
	}
	body := string(readAll(t, resp))
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Request.URL.Path != "/__admin/" || !strings.Contains(body, "<html") {
		t.Errorf("GET /__admin: %d at %s, want the page at /__admin/", resp.StatusCode, resp.Request.URL.Path)
	}
}
