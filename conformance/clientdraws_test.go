package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestMediaAccepted reads Accept as RFC 9110 §12.5.1 does: the most
// specific range that matches decides, a weight of 0 refuses, a Java
// client's bare * is */*, and no Accept accepts everything.
func TestMediaAccepted(t *testing.T) {
	for accept, want := range map[string]bool{
		"": true, "-": true, "application/json": true, "*/*": true, "*": true, "*; q=.2": true, "application/*": true,
		"APPLICATION/JSON; charset=utf-8": true, "application/hal+json": false, "application/problem+json": false,
		"application/xml, text/xml;q=0.9": false, "application/json;q=0": false, "application/json;q=0, */*": false,
		"*/*;q=0, application/json;q=0.1": true, "text/html, */*;q=0.8": true, "application/*;q=0, */*": false,
		"text/*": false, "application/hal+json, application/json;q=0.5": true, "application/json; q=0.5; indent=2": true,
	} {
		if got := mediaAccepted(accept, "application", "json"); got != want {
			t.Errorf("mediaAccepted(%q) = %v; want %v", accept, got, want)
		}
	}
}

// TestDrawnHeadersCoverTheirSpaces: over the requests of a run, the
// seed draws every range, language, preference and override header of
// the spaces of clientdraws.go onto some request; a write's Accept
// always lets the answer be JSON; forms without a gen draw nothing.
func TestDrawnHeadersCoverTheirSpaces(t *testing.T) {
	seen := map[string]bool{}
	var dressed int
	s := clientSite{domain: "rtq.invalid"}
	for i := range 4000 {
		ep := contract.Endpoints[i%len(contract.Endpoints)]
		body := fmt.Sprintf(`{"page_size":%d}`, i)
		if ep.Write {
			body = fmt.Sprintf(`{"certificate_code":"C%d","action_type":"set_next_certificate_status"}`, i)
		}
		r := Request{Method: http.MethodPost, Path: ep.Path(), Key: "read", Body: body}
		f := wireFormOf(DefaultSeed, r, "")
		f.apply(&r, s)
		if ep.Write && clientProfiles[f.client].accept == "" && !acceptsJSON(r) {
			t.Fatalf("a write's Accept refuses JSON: %q", r.Accept)
		}
		for _, l := range append([]string{"Accept: " + r.Accept}, r.ClientHeaders...) {
			name, v, _ := strings.Cut(l, ": ")
			seen[strings.ToLower(name)+": "+v] = true
			if strings.EqualFold(name, "Prefer") || strings.Contains(strings.ToLower(name), "method") {
				dressed++
			}
		}
	}
	has := func(name, part string) bool {
		for k := range seen {
			if strings.HasPrefix(k, strings.ToLower(name)+": ") && strings.Contains(k, part) {
				return true
			}
		}
		return false
	}
	for _, r := range append(append([]string{}, jsonRanges...), otherRanges...) {
		if !has("Accept", r) {
			t.Errorf("no Accept drawn with %s", r)
		}
	}
	for _, r := range languageRanges {
		if !has("Accept-Language", r) {
			t.Errorf("no Accept-Language drawn with %s", r)
		}
	}
	for _, p := range preferences {
		if !has("Prefer", p) {
			t.Errorf("no Prefer drawn with %s", p)
		}
	}
	for _, n := range overrideHeaders {
		for _, m := range overrideMethods {
			if !seen[strings.ToLower(n)+": "+m] {
				t.Errorf("no %s: %s drawn", n, m)
			}
		}
	}
	if dressed == 0 {
		t.Fatal("nothing drawn")
	}
	r := Request{Method: http.MethodPost, Path: contract.GetFormList.Path(), Key: "read", Body: `{}`}
	wireForm{client: 1}.apply(&r, s)
	if hasHeader(r.ClientHeaders, "Prefer") || r.Accept != clientProfiles[1].accept {
		t.Errorf("a form without a gen drew headers: %v, Accept %q", r.ClientHeaders, r.Accept)
	}
}

// TestNotAcceptableIsAskedAgainWithTheUsualAccept: a service that
// refuses an Accept with 406 is asked again with the usual one, once,
// and judged on that answer; the refusal is kept for the rules.
func TestNotAcceptableIsAskedAgainWithTheUsualAccept(t *testing.T) {
	c, refused, served := refuser(t, http.StatusNotAcceptable, func(r *http.Request) bool {
		a := r.Header.Get("Accept")
		return a != "" && a != "application/json"
	})
	form := wireForm{accept: 2}
	x := c.quietAs(context.Background(), contract.TemplatesList, "read", "r", map[string]any{"page_size": 1}, &form)
	if x.Err != nil || x.Status != http.StatusOK || x.Req.Accept != "" || x.refusedDressed == nil || x.refusedDressed.Status != http.StatusNotAcceptable {
		t.Fatalf("status %d, Accept %q, refusal kept %v; want the 200 of the request asked again with the usual Accept", x.Status, x.Req.Accept, x.refusedDressed != nil)
	}
	if *refused != 1 || *served != 1 {
		t.Fatalf("%d refused and %d served; want one of each", *refused, *served)
	}
}

// TestFrameworkMembersAreDrawn: over the dressed bodies of a run, every
// member of frameworkMembers goes on some read and some write, never
// one the endpoint names.
func TestFrameworkMembersAreDrawn(t *testing.T) {
	seen := map[string]map[bool]bool{}
	for i := range 20000 {
		ep := contract.Endpoints[i%len(contract.Endpoints)]
		body := map[string]any{"page_size": json.Number(fmt.Sprint(1 + i%20))}
		if ep.Write {
			body = map[string]any{"certificate_code": fmt.Sprintf("C%d", i), "action_type": "set_next_certificate_status"}
		}
		own := endpointMembers(ep.Path())
		for _, m := range dressOf(uint64(i)*0x9E3779B97F4A7C15|1, ep.Path(), body) {
			if _, named := own[m.name]; named && m.value != nil { // ownNull's null is the endpoint's own
				t.Fatalf("%s dressed with its own member %s", ep.Name, m.name)
			}
			if seen[m.name] == nil {
				seen[m.name] = map[bool]bool{}
			}
			seen[m.name][ep.Write] = true
		}
	}
	for _, m := range frameworkMembers {
		if !seen[m.name][false] || !seen[m.name][true] {
			t.Errorf("%s drawn on reads %v, on writes %v", m.name, seen[m.name][false], seen[m.name][true])
		}
	}
}
