package conformance

import "github.com/rtq-kit/rtq/contract"

// transportChecks are checks of the HTTP exchange itself that need no
// request of their own (they run last, over everything seen).
func transportChecks() []Check {
	return []Check{
		{ID: "auth.readKey.accepted", Endpoint: "record/getFormList", Section: "5", Severity: Must, run: checkReadKeyAccepted},
	}
}

// checkReadKeyAccepted comes first in every report: when the target
// refuses the read key, most other failures follow from that.
func checkReadKeyAccepted(t *T) {
	x := t.post(contract.GetFormList, "read", map[string]any{})
	obj := t.object(x)
	if code, _ := intOf(obj["code"]); code == 401 || code == 403 {
		t.Errorf(x, "the target refuses the read key (code %d): check --api-key; most other failures follow from this", code)
	}
}

// postChecks run after every other check, over all answers seen.
func postChecks() []Check {
	return []Check{
		{ID: "transport.contentType", Endpoint: "*", Section: "1", Severity: Must, phase: phasePost, run: checkContentTypes},
	}
}

// checkContentTypes: every answer is JSON (docs/contract.md §1: JSON responses); the
// header is application/json (charset optional).
func checkContentTypes(t *T) {
	ct := t.r.ctSeen
	ct.mu.Lock()
	defer ct.mu.Unlock()
	if ct.n == 0 {
		t.Skipf("no answers seen")
		return
	}
	for _, b := range ct.bad {
		t.Errorf(nil, "%s", b)
	}
}
