package conformance

import "github.com/rtq-kit/rtq/contract"

// transportChecks are checks of the HTTP exchange itself that need no
// request of their own (they run last, over everything seen).
func transportChecks() []Check {
	return []Check{
		{ID: "auth.readKey.accepted", Endpoint: "record/getFormList", Section: "5", Severity: Must, run: checkReadKeyAccepted},
		{ID: "transport.method", Endpoint: "record/getFormList", Section: "1.1", Severity: Should, run: checkMethod},
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
	post := func(id string, kind int) Check {
		return Check{ID: id, Endpoint: "*", Section: "1.1", Severity: Must, phase: phasePost, run: transportCheck(kind)}
	}
	return []Check{post("transport.contentType", 0), post("transport.charset", 1), post("transport.json", 2)}
}
