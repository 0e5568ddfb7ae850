package mockserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/testkit/browsertest"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// pageHelpers are defined in every script: waitFor polls a condition of
// the page (as a user would watch it), click presses a button.
const pageHelpers = `
const waitFor = async (what, fn, ms = 20000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting for " + what + "; message: " + document.querySelector("#message").textContent);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const q = (s) => document.querySelector(s);
const click = (s) => q(s).click();
const rows = (s) => [...document.querySelectorAll(s + " tbody tr")].map((tr) => tr.textContent);
`

// waitAdmin polls an admin call until its body satisfies ok.
// A script that ends meanwhile ends the wait with its error.
func waitAdmin(t *testing.T, m *mock, seen chan error, path string, ok func(string) bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		req, _ := newAdminRequest(m, "GET", path)
		if body := doAdmin(t, req); ok(body) {
			return
		}
		select {
		case err := <-seen:
			t.Fatalf("the page's script ended early: %v", err)
		default:
		}
	}
	t.Fatalf("GET %s never reached the state the page should have made", path)
}

// TestAdminPageInBrowser drives the page in headless Chromium as a user
// would: enter the admin token, reset, watch a request of the test appear
// in the journal without a reload, add a 503 rule, see the next request
// fail and the page show it, remove the rule.
func TestAdminPageInBrowser(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Timeout: 30 * time.Second})
	const token = "browser-admin-token"
	m := startMock(t, nil, Options{AdminToken: token})
	page := m.URL() + "/__admin/"
	wantOK(t, m.post(t, contract.GetFormList, readKey, `{}`)) // the journal is not empty

	// 1. The token, asked once; reset; the journal emptied from the page,
	// then the test's request appears in it while the page stays loaded.
	seen := make(chan error, 1)
	var row string
	go func() {
		seen <- b.Run(page, pageHelpers+fmt.Sprintf(`(async () => {
  await waitFor("the token form", () => !q("#token-form").hidden);
  q("#token").value = %q;
  click("#token-save");
  await waitFor("the scenario", () => q("#scenario-name").textContent.includes("seed"));
  click("#reset");
  await waitFor("the reset", () => q("#message").textContent.includes("reset"));
  click("#journal-clear");
  // No getRecord before the page loaded: the row can only come live.
  return await waitFor("the test's request", () => rows("#journal").find((r) => r.includes("getRecord")));
})()`, token), &row)
	}()
	waitAdmin(t, m, seen, "/__admin/requests", func(b string) bool { return b == `{"requests":[]}` })
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody))
	if err := <-seen; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "demo-read") || !strings.Contains(row, "200") {
		t.Errorf("journal row %q: want the key and the status", row)
	}

	// 2. A 503 rule added from the page; the next request fails and the
	// page shows it.
	go func() {
		seen <- b.Run(page, pageHelpers+`(async () => {
  await waitFor("the scenario", () => q("#scenario-name").textContent.includes("seed"));
  q("#fault-endpoint").value = "record/getRecord";
  q("#fault-error").value = "503";
  click("#fault-add");
  await waitFor("the rule", () => rows("#faults").find((r) => r.includes("error 503")));
  return await waitFor("the failed request", () => rows("#journal").find((r) => r.includes("getRecord") && r.includes("503")));
})()`, &row)
	}()
	waitAdmin(t, m, seen, "/__admin/faults", func(b string) bool { return strings.Contains(b, `"code":503`) })
	wantError(t, m.post(t, contract.GetRecord, readKey, getRecordBody), 503, contract.ErrSystem)
	if err := <-seen; err != nil {
		t.Fatal(err)
	}

	// 3. Removed from the page: the next request succeeds.
	if err := b.Run(page, pageHelpers+`(async () => {
  await waitFor("the rule", () => document.querySelector("#faults button.remove"));
  click("#faults button.remove");
  await waitFor("no rule", () => rows("#faults").length === 0);
  return true;
})()`, nil); err != nil {
		t.Fatal(err)
	}
	wantOK(t, m.post(t, contract.GetRecord, testscenario.ReadSecret, getRecordBody))

	// 4. The path filter takes what a user types, a segment or a start of
	// the path: getRecord keeps the getRecord rows only, /api/v2/rpc/record
	// shows getFormList too.
	wantOK(t, m.post(t, contract.GetFormList, readKey, `{}`))
	var shown struct{ Segment, Start []string }
	if err := b.Run(page, pageHelpers+`(async () => {
  const filter = (v) => { q("#filter-path").value = v; q("#filters").requestSubmit(); };
  await waitFor("the form list", () => rows("#journal").find((r) => r.includes("getFormList")));
  filter("getRecord");
  const segment = await waitFor("getRecord only", () => { const r = rows("#journal"); return r.length > 0 && r.every((x) => x.includes("getRecord")) && r; });
  filter("/api/v2/rpc/record");
  const start = await waitFor("both record endpoints", () => { const r = rows("#journal"); return r.some((x) => x.includes("getFormList")) && r.some((x) => x.includes("getRecord")) && r; });
  return { segment, start };
})()`, &shown); err != nil {
		t.Fatal(err)
	}
	if len(shown.Segment) != 3 { // the three getRecord of steps 1 to 3
		t.Errorf("filter getRecord shows %d rows, want the 3 getRecord requests: %q", len(shown.Segment), shown.Segment)
	}
	if len(shown.Start) != 4 {
		t.Errorf("filter /api/v2/rpc/record shows %d rows, want 3 getRecord and 1 getFormList: %q", len(shown.Start), shown.Start)
	}
}
