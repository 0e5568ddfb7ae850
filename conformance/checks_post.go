package conformance

// transportChecks are checks of the HTTP exchange itself that need no
// request of their own (they run last, over everything seen).
func transportChecks() []Check { return nil }

// postChecks run after every other check, over all answers seen.
func postChecks() []Check {
	return []Check{
		{ID: "transport.contentType", Endpoint: "*", Section: "1", Severity: Should, phase: phasePost, run: checkContentTypes},
	}
}

// checkContentTypes: every answer is JSON (spec 1: JSON responses); the
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
