package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/browsertest"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// In a real browser (headless Chromium), next to the mock on loopback:
// pages of an "attacker" origin try every attack a web page has on a
// local mock, and fail; a "dev app" page on localhost, the frontend
// developer's, uses the API as a frontend does, and succeeds. Controls
// (an origin the mock was told to trust, a mock with the host check off)
// show each attack would have been seen to succeed: the checks have teeth.
// The same checks at the HTTP level run in mockserver's cors, hostcheck
// and crosssite tests, with or without a browser.

// browserSite is the loopback set-up: one page server answering for every
// origin, and the mocks the pages talk to.
type browserSite struct {
	b        *browsertest.Browser
	pagePort string
	mock     *mocktest.Mock
	open     *mocktest.Mock // the host check off: --allowed-host '*'
}

func (s *browserSite) origin(name string) string { return "http://" + name + s.pagePort }

// pageOf is a blank page of an origin: what a script runs in.
func (s *browserSite) pageOf(name string) string { return s.origin(name) + "/" }

func startBrowserSite(t *testing.T) *browserSite {
	b := browsertest.Start(t, browsertest.Options{MapHosts: []string{"attacker.example", "listed.example"}})
	pages := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!doctype html><title>page</title><body></body>"))
	}))
	t.Cleanup(pages.Close)
	s := &browserSite{b: b, pagePort: pages.URL[strings.LastIndex(pages.URL, ":"):]}
	sc := mocktest.Default(t)
	s.mock = mocktest.Start(t, sc, mockserver.Options{CORSOrigin: s.origin("listed.example")})
	s.open = mocktest.Start(t, mocktest.Default(t), mockserver.Options{AllowedHosts: []string{"*"}})
	return s
}

// run evaluates script on page and decodes its JSON result.
func (s *browserSite) run(t *testing.T, page, script string) map[string]any {
	t.Helper()
	var out map[string]any
	if err := s.b.Run(page, script, &out); err != nil {
		t.Fatalf("%v", err)
	}
	return out
}

// fetchJS is a script that fetches url with init (a JS object literal) and
// reports {status, body} or {error} when the browser refused the page.
func fetchJS(url, init string) string {
	return fmt.Sprintf(`(async () => {
  try {
    const r = await fetch(%q, %s);
    return {status: r.status, type: r.type, body: await r.text()};
  } catch (e) { return {error: String(e)}; }
})()`, url, init)
}

// formPostJS submits a text/plain form (no preflight, no CORS) whose body
// is body, into a hidden frame, and waits until the answer has loaded.
func formPostJS(url, body string) string {
	return fmt.Sprintf(`(async () => {
  const sink = document.createElement('iframe'); sink.name = 'sink'; document.body.appendChild(sink);
  const f = document.createElement('form'); f.method = 'POST'; f.action = %q; f.enctype = 'text/plain'; f.target = 'sink';
  const i = document.createElement('input'); i.type = 'hidden'; i.name = %q; i.value = ''; f.appendChild(i);
  document.body.appendChild(f);
  await new Promise(done => { sink.onload = done; f.submit(); });
  return {submitted: true};
})()`, url, body+"\n#")
}

func jsonInit(method, key string, extra map[string]string, body string) string {
	h := map[string]string{"Content-Type": "application/json"}
	if key != "" {
		h["Authorization"] = "Bearer " + key
	}
	for k, v := range extra {
		h[k] = v
	}
	hj, _ := json.Marshal(h)
	bj, _ := json.Marshal(body)
	return fmt.Sprintf(`{method: %q, headers: %s, body: %s}`, method, hj, bj)
}

// pwned is a valid scenario an attacker would post.
func pwned() string {
	return strings.Replace(string(scenarios.DefaultYAML()), "name: rtq 默认场景", "name: pwned", 1)
}

func refused(out map[string]any) bool { _, ok := out["error"]; return ok }

func TestBrowserAttacksFailAndTheDevAppWorks(t *testing.T) {
	s := startBrowserSite(t)
	m := s.mock
	attacker, devapp := s.pageOf("attacker.example"), s.pageOf("localhost")
	name := m.Server.Scenario().Name

	t.Run("drive-by form post replaces no scenario", func(t *testing.T) {
		s.run(t, attacker, formPostJS(m.URL+"/__admin/scenario", pwned()))
		s.run(t, attacker, formPostJS(m.URL+"/__admin/reset", "x"))
		if got := m.Server.Scenario().Name; got != name {
			t.Fatalf("scenario replaced by %q", got)
		}
		log := m.Log.String()
		if !strings.Contains(log, "POST /__admin/scenario 403") || !strings.Contains(log, "POST /__admin/reset 403") {
			t.Errorf("the form posts were not refused with 403:\n%s", log)
		}
	})
	t.Run("no-cors fetch replaces no scenario and clears no journal", func(t *testing.T) {
		mocktest.Post(t, m.URL, contract.GetFormList.Path(), "rtq-demo-read", "{}")
		s.run(t, attacker, fetchJS(m.URL+"/__admin/scenario", `{method: 'POST', mode: 'no-cors', body: `+mustJS(pwned())+`}`))
		s.run(t, attacker, fetchJS(m.URL+"/__admin/reset", `{method: 'POST', mode: 'no-cors'}`))
		out := s.run(t, attacker, fetchJS(m.URL+"/__admin/requests", `{method: 'DELETE', mode: 'no-cors'}`))
		if got := m.Server.Scenario().Name; got != name {
			t.Fatalf("scenario replaced by %q", got)
		}
		if !refused(out) || len(m.Server.Requests(mockserver.RequestFilter{})) == 0 {
			t.Errorf("DELETE of the journal: %v", out)
		}
	})
	t.Run("cross-origin reads of admin and API data are blocked", func(t *testing.T) {
		for _, tc := range []struct{ url, init string }{
			{m.URL + "/__admin/profile", `{}`},
			{m.URL + "/__admin/requests", `{}`},
			{m.URL + contract.GetRecord.Path(), jsonInit("POST", "rtq-demo-read", nil, `{"record_id": 100001}`)},
			{m.URL + contract.GetFormList.Path(), `{method: 'POST', body: '{}'}`}, // a simple request: no preflight
			{m.URL + contract.GetFormList.Path(), `{method: 'POST', body: '{}', credentials: 'include'}`},
		} {
			if out := s.run(t, attacker, fetchJS(tc.url, tc.init)); !refused(out) {
				t.Errorf("%s %s: the attacker read %.200v", tc.url, tc.init, out)
			}
		}
	})
	t.Run("a rebound name reads and resets nothing", func(t *testing.T) {
		rebound := "http://attacker.example" + m.URL[strings.LastIndex(m.URL, ":"):] + "/"
		for _, tc := range []struct{ path, init string }{
			{"/__admin/profile", `{}`},
			{"/__admin/requests", `{}`},
			{"/__admin/reset", `{method: 'POST'}`},
			{contract.GetRecord.Path(), jsonInit("POST", "rtq-demo-read", nil, `{"record_id": 100001}`)},
		} {
			out := s.run(t, rebound, fetchJS(tc.path, tc.init))
			if out["status"] != 403.0 || strings.Contains(fmt.Sprint(out["body"]), "rtq-demo-write") || !strings.Contains(fmt.Sprint(out["body"]), "--allowed-host") {
				t.Errorf("%s from the rebound origin: %.300v", tc.path, out)
			}
		}
	})

	api := func(t *testing.T, page, path, key string, extra map[string]string, body string) map[string]any {
		t.Helper()
		out := s.run(t, page, fetchJS(m.URL+path, jsonInit("POST", key, extra, body)))
		if refused(out) {
			t.Fatalf("%s: the dev app was refused: %v", path, out)
		}
		var doc map[string]any
		if err := json.Unmarshal([]byte(out["body"].(string)), &doc); err != nil {
			t.Fatalf("%s: %v: %v", path, err, out)
		}
		doc["http_status"] = out["status"]
		return doc
	}
	t.Run("dev app: getRecord, paging, verify", func(t *testing.T) {
		if doc := api(t, devapp, contract.GetRecord.Path(), "rtq-demo-read", nil, `{"record_id": 100001}`); doc["code"] != 0.0 {
			t.Errorf("getRecord: %v", doc)
		}
		doc := api(t, devapp, contract.GetFormList.Path(), "rtq-demo-read", nil, `{"page": 2, "page_size": 5}`)
		if data, _ := doc["data"].(map[string]any); doc["code"] != 0.0 || data == nil {
			t.Errorf("getFormList page 2: %v", doc)
		}
		doc = api(t, devapp, contract.Verify.Path(), "rtq-demo-write", nil, `{"certificate_code": "demo-cert-a-pending-01", "action_type": "set_next_certificate_status"}`)
		if doc["code"] != 0.0 {
			t.Errorf("verify: %v", doc)
		}
	})
	t.Run("dev app: an error is read by the page", func(t *testing.T) {
		doc := api(t, devapp, contract.GetRecord.Path(), "", nil, `{"record_id": 100001}`)
		if doc["http_status"] != 401.0 || doc["code"] != 401.0 || doc["message_detail"] == "" {
			t.Errorf("401 as the page sees it: %v", doc)
		}
	})
	t.Run("dev app: tracing headers", func(t *testing.T) {
		extra := map[string]string{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "X-Request-Id": "req-1"}
		if doc := api(t, devapp, contract.GetRecord.Path(), "rtq-demo-read", extra, `{"record_id": 100001}`); doc["code"] != 0.0 {
			t.Errorf("with traceparent: %v", doc)
		}
	})
	t.Run("dev app: credentials from localhost and from a listed origin", func(t *testing.T) {
		for _, page := range []string{devapp, s.pageOf("listed.example")} {
			out := s.run(t, page, fetchJS(m.URL+contract.GetFormList.Path(),
				strings.Replace(jsonInit("POST", "rtq-demo-read", nil, "{}"), "{method", "{credentials: 'include', method", 1)))
			if refused(out) || out["status"] != 200.0 {
				t.Errorf("%s with credentials: %v", page, out)
			}
		}
	})

	// Controls: the same attacks succeed where the user opened the door,
	// so the refusals above are the mock's, not an artefact of the set-up.
	t.Run("control: a listed origin may post the form", func(t *testing.T) {
		s.run(t, s.pageOf("listed.example"), formPostJS(m.URL+"/__admin/reset", "x"))
		if !strings.Contains(m.Log.String(), "POST /__admin/reset 200") {
			t.Errorf("the listed origin's form post was not served:\n%s", m.Log.String())
		}
	})
	t.Run("control: with --allowed-host '*' the rebound name reads the profile", func(t *testing.T) {
		rebound := "http://attacker.example" + s.open.URL[strings.LastIndex(s.open.URL, ":"):] + "/"
		out := s.run(t, rebound, fetchJS("/__admin/profile", `{}`))
		if out["status"] != 200.0 || !strings.Contains(fmt.Sprint(out["body"]), "rtq-demo-write") {
			t.Errorf("the rebinding set-up does not reach the mock: %.300v", out)
		}
	})
}

func mustJS(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
