package conformance

import "github.com/rtq-kit/rtq/contract"

// transportChecks are checks of the HTTP exchange itself that need no
// request of their own (they run last, over everything seen).
func transportChecks() []Check {
	return []Check{
		{ID: "auth.readKey.accepted", Endpoint: contract.GetFormList.Name, Section: "5", Severity: Must, run: checkReadKeyAccepted},
		{ID: "transport.method", Endpoint: "*", Section: "1.1", Severity: Should, run: checkMethod},
		{ID: "profile.findings", Endpoint: "*", Section: "4.4", Severity: Must, run: checkProfileFindings},
	}
}

// checkReadKeyAccepted comes first in every report: when the target
// refuses the read key, or is not the service at all (a wrong --base-url
// reaching some other server), most other failures follow from that.
func checkReadKeyAccepted(t *T) {
	x := t.post(contract.GetFormList, "read", map[string]any{})
	if notTheService(x) {
		if shown := wireShown(x.Req); shown != "" && !t.r.client.plain {
			// Written the usual way the same request may reach the
			// service: then the base URL is right, and something in
			// front of the service (a firewall, a gateway) refuses the
			// request as some clients write it.
			if usual := t.sendAs(contract.GetFormList, "read", map[string]any{}, &wireForm{}); !notTheService(usual) {
				t.Errorf(x, "the request written %s gets HTTP %d (%s) %q, not the service's JSON {code, message, data}; written the usual way it reaches the service: something in front of the service (a firewall, a gateway) refuses requests as some clients write them. Most other failures follow from this: if that front stays, run with --plain-requests to certify the service behind it (what its clients may send is then not tested)",
					shown, x.Status, x.ContentType, short(x.Body))
				return
			}
		}
		t.Errorf(x, "this does not look like the service: it answers HTTP %d (%s) %q, not the service's JSON {code, message, data}: check --base-url (the service's base URL, without /api/v2/rpc); most other failures follow from this",
			x.Status, x.ContentType, short(x.Body))
		return
	}
	obj := t.object(x)
	if code, _ := intOf(obj["code"]); code == 404 || x.Status == 404 {
		t.Errorf(x, "the target has no endpoint at this URL (HTTP %d, code %d): check --base-url (the service's base URL, without /api/v2/rpc); most other failures follow from this", x.Status, code)
		return
	}
	if code, _ := intOf(obj["code"]); code == 401 || code == 403 {
		t.Errorf(x, "the target refuses the read key (code %d): check --api-key; most other failures follow from this", code)
	}
}

// postChecks run after every other check, over all answers seen.
func postChecks() []Check {
	post := func(id string, kind int) Check {
		return Check{ID: id, Endpoint: "*", Section: "1.1", Severity: Must, phase: phaseLast, run: transportCheck(kind)}
	}
	return []Check{post("transport.contentType", 0), post("transport.charset", 1), post("transport.json", 2)}
}

// notTheService: an answer that came (no transport failure) and is not a
// JSON object with a code, which every answer of the service is.
func notTheService(x *Exchange) bool {
	if x.Err != nil {
		return false
	}
	obj, ok := x.Doc.(map[string]any)
	if x.DecodeErr != nil || !ok {
		return true
	}
	_, hasCode := obj["code"]
	return !hasCode
}
