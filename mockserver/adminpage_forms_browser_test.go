package mockserver

import (
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/browsertest"
)

// TestAdminPageFormsSayWhatIsWrongWhereItIs: a bad fault rule is
// reported next to its form, every bad field named (a rate out of range
// and a delay that is not a number, in one answer), never as "rule 1"
// beside a table whose rules are f1, f2...; nothing is added. A scenario
// with problems is listed once, not once in the message and again below.
func TestAdminPageFormsSayWhatIsWrongWhereItIs(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Timeout: 30 * time.Second})
	m := startMock(t, nil, Options{})
	page := m.URL() + "/__admin/"
	var got struct {
		Problems, Message string
		NearForm          bool
	}
	if err := b.Run(page, pageHelpers+`(async () => {
  await waitFor("the scenario", () => q("#scenario-name").textContent.includes("seed"));
  q("#fault-error").value = "503";
  q("#fault-rate").value = "5";
  q("#fault-delay").value = "abc";
  click("#fault-add");
  const box = await waitFor("the rule's problems", () => !q("#fault-problems").hidden && q("#fault-problems"));
  return { problems: box.textContent, message: q("#message").textContent,
    nearForm: box.closest("#faults-section") !== null };
})()`, &got); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"rate", "between 0 and 1", "delay_ms", `"abc" is not a whole number`} {
		if !strings.Contains(got.Problems, want) {
			t.Errorf("problems next to the form %q lack %q", got.Problems, want)
		}
	}
	if strings.Contains(got.Problems, "rule 1") || strings.Contains(got.Problems, "-1") {
		t.Errorf("problems %q name the rule by its place in the request or show the stand-in -1", got.Problems)
	}
	if !got.NearForm || got.Message != "" {
		t.Errorf("problems shown away from the form: near it %v, top message %q", got.NearForm, got.Message)
	}
	req, _ := newAdminRequest(m, "GET", "/__admin/faults")
	if body := doAdmin(t, req); body != `{"faults":[]}` {
		t.Errorf("a rejected rule was added: %s", body)
	}

	var shown string
	if err := b.Run(page, pageHelpers+`(async () => {
  await waitFor("the scenario", () => q("#scenario-name").textContent.includes("seed"));
  const input = q("#scenario-file");
  const dt = new DataTransfer();
  dt.items.add(new File(["orgs: [{id: 1, name: A, code: a, host: a.example}]\nkeys: [{name: k, secret: longenough1, org: b, scopes: [read]}]\n"], "bad.yaml"));
  input.files = dt.files;
  input.dispatchEvent(new Event("change"));
  await waitFor("the problems", () => !q("#problems").hidden);
  return q("#message").textContent + "\n" + q("#problems").textContent;
})()`, &shown); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(shown, "keys[0].org"); n != 1 {
		t.Errorf("the scenario's problem is shown %d times, want once:\n%s", n, shown)
	}
}
