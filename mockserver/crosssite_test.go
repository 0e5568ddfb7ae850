package mockserver

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// A state change a page on another site could send without a preflight
// (a form post, a no-cors fetch) is refused before its body is read; the
// same calls from curl (no Origin) or the mock's own page pass.
func TestCrossSiteWritesRefused(t *testing.T) {
	m := startMock(t, nil, Options{CORSOrigin: "https://listed.example"})
	self := m.URL()
	scenarioBody := "name: replaced\n"
	cases := []struct {
		name, method, path string
		hdr                map[string]string
		want               int
	}{
		{"curl reset", "POST", "/__admin/reset", nil, 200},
		{"own page reset", "POST", "/__admin/reset", map[string]string{"Origin": self, "Sec-Fetch-Site": "same-origin"}, 200},
		{"listed origin reset", "POST", "/__admin/reset", map[string]string{"Origin": "https://listed.example", "Sec-Fetch-Site": "cross-site"}, 200},
		{"form reset", "POST", "/__admin/reset", map[string]string{"Origin": "https://evil.example", "Content-Type": "text/plain"}, 403},
		{"loopback dev app reset", "POST", "/__admin/reset", map[string]string{"Origin": "http://localhost:5173"}, 403},
		{"sandboxed reset", "POST", "/__admin/reset", map[string]string{"Origin": "null"}, 403},
		{"no Origin but cross-site", "POST", "/__admin/reset", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"form clear journal", "DELETE", "/__admin/requests", map[string]string{"Origin": "https://evil.example"}, 403},
		{"no-cors scenario", "POST", "/__admin/scenario", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Mode": "no-cors"}, 403},
		{"unknown admin write", "PUT", "/__admin/whatever", map[string]string{"Origin": "https://evil.example"}, 403},
		{"cross-site read is not a write", "GET", "/__admin/health", map[string]string{"Origin": "https://evil.example"}, 200},
	}
	for _, tc := range cases {
		status, h, body := browserish(t, m, tc.method, tc.path, tc.hdr, scenarioBody)
		if status != tc.want {
			t.Errorf("%s: %d, want %d: %s", tc.name, status, tc.want, body)
		}
		if tc.want == 403 && (!strings.Contains(body, "may not change the mock's state") || h.Get("Access-Control-Allow-Origin") != "") {
			t.Errorf("%s: %v %s", tc.name, h, body)
		}
	}
	if got := m.Scenario().Name; got == "replaced" {
		t.Error("a cross-site post replaced the scenario")
	}
}

func TestCrossSiteVerifyRefused(t *testing.T) {
	m := startMock(t, nil, Options{})
	body := mustJSON(map[string]any{"certificate_code": testscenario.CertUnapproved, "action_type": "set_next_certificate_status"})
	status, _, raw := browserish(t, m, http.MethodPost, contract.Verify.Path(), map[string]string{
		"Origin": "https://evil.example", "Authorization": "Bearer " + testscenario.WriteSecret, "Content-Type": "application/json"}, body)
	a := checkAnswer(t, contract.Verify.Path(), status, http.Header{"Content-Type": chain.ContentTypeJSON}, []byte(raw))
	wantError(t, a, 403, 0)
	// A read from another site is answered (CORS keeps it from the page).
	status, h, _ := browserish(t, m, http.MethodPost, contract.GetFormList.Path(), map[string]string{
		"Origin": "https://evil.example", "Authorization": "Bearer " + readKey}, "{}")
	if status != 200 || h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("cross-site read: %d %v", status, h)
	}
	// The dev app on a loopback origin verifies.
	status, _, raw = browserish(t, m, http.MethodPost, contract.Verify.Path(), map[string]string{
		"Origin": "http://localhost:5173", "Sec-Fetch-Site": "cross-site", "Authorization": "Bearer " + testscenario.WriteSecret}, body)
	if status == 403 && strings.Contains(raw, "may not change") {
		t.Errorf("dev app verify refused: %s", raw)
	}
}
