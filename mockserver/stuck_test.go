package mockserver

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenarios"
)

// TestMistakesGetTheNextStep: the answers to the mistakes of the second
// newcomer trial say what to send instead, in the endpoint's error shape.
func TestMistakesGetTheNextStep(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	m := startMock(t, sc, Options{})
	for _, tc := range []struct {
		path, key, want string
	}{
		// The key's name, which the log and the journal show, sent as its secret.
		{"/api/v2/rpc/record/getRecord", "demo-read", `"demo-read" is a key's name, not its secret; send "Bearer rtq-demo-read"`},
		// The endpoint without its group.
		{"/api/v2/rpc/getRecord", "rtq-demo-read", "did you mean /api/v2/rpc/record/getRecord?"},
		{"/api/v2/rpc/templates/listQrCodes", "rtq-demo-read", "did you mean /api/v2/rpc/templates/listQrcodes?"},
		// A namespace name with a '/', such as a branch's.
		{"/s/feature/login-page/api/v2/rpc/record/getRecord", "rtq-demo-read",
			`the namespace name "feature/login-page" holds a '/'`},
		{"/s/feature/login-page/api/v2/rpc/record/getRecord", "rtq-demo-read", "such as /s/feature-login-page/api/v2/rpc/record/getRecord"},
	} {
		a := send(t, m.URL(), "POST", tc.path, tc.key, `{"record_id":100001}`)
		detail, _ := a.doc["message_detail"].(string)
		if !strings.Contains(detail, tc.want) {
			t.Errorf("POST %s with %q: detail %q, want %q", tc.path, tc.key, detail, tc.want)
		}
	}
	// A required member spelled as another language spells it.
	a := send(t, m.URL(), "POST", "/api/v2/rpc/record/getRecord", "rtq-demo-read", `{"recordId":100001}`)
	if detail, _ := a.doc["message_detail"].(string); !strings.Contains(detail, `the body's "recordId" is not a member: write record_id`) {
		t.Errorf("recordId: detail %q", detail)
	}
	// The root, opened in a browser.
	a = send(t, m.URL(), "GET", "/", "", "")
	if detail, _ := a.doc["message_detail"].(string); !strings.Contains(detail, "the admin page is at /__admin/") {
		t.Errorf("GET /: detail %q", detail)
	}
	// A secret that is not the name with rtq- before it is never hinted at.
	a = send(t, m.URL(), "POST", "/api/v2/rpc/record/getRecord", "rtq-demo", `{"record_id":100001}`)
	if detail, _ := a.doc["message_detail"].(string); strings.Contains(detail, "secret") {
		t.Errorf("a wrong key got a hint: %q", detail)
	}
}
