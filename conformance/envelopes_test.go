package conformance

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// envelopeTarget is a service with a front layer that answers for
// itself on parts of the envelope: Origin: null gets the CORS
// middleware's text/plain 403, a gzip-compressed body the framework's
// HTML 400. strict, it refuses every Content-Type but JSON with 415 and
// every query string with a parameter error, both in the endpoint's
// shape, as the contract lets it. Otherwise it reads the body (gzip
// unpacked) and answers the form list, code 0.
func envelopeTarget(strict bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		front := !strict
		switch {
		case front && r.Header.Get("Origin") == "null":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, "Invalid CORS request\n")
			return
		case front && r.Header.Get("Content-Encoding") == "gzip":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, "<html><h1>HTTP Status 400 – Bad Request</h1></html>")
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		refuse := func(status int, detail string) {
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"code":%d,"error_code":100301,"message":"Invalid request parameters","message_detail":%q}`, status, detail)
		}
		if ce := r.Header.Get("Content-Encoding"); ce == "gzip" {
			z, err := gzip.NewReader(bytes.NewReader(raw))
			if err == nil {
				raw, err = io.ReadAll(z)
			}
			if err != nil {
				refuse(http.StatusBadRequest, "the body is not gzip")
				return
			}
		}
		if ct := r.Header.Get("Content-Type"); strict && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
			refuse(http.StatusUnsupportedMediaType, "the request body must be sent as application/json")
			return
		}
		if strict && r.URL.RawQuery != "" {
			refuse(http.StatusBadRequest, "no query string is read")
			return
		}
		if !json.Valid(raw) {
			refuse(http.StatusBadRequest, "the request body is not valid JSON")
			return
		}
		io.WriteString(w, `{"code":0,"message":"","data":{"version":"v1","list":[],"page":{"total":0,"per_page":10,"current_page":1,"last_page":1}}}`)
	}
}

// TestEnvelopesThatChangeTheAnswerAreCaught: the run's requests go in
// the envelopes real clients write (each request its own, by the seed);
// a front layer that answers Origin: null or a compressed body with a
// page of its own breaks a rule over every answer on a request whose
// curl line sends that envelope; every envelope of the corpus is sent.
func TestEnvelopesThatChangeTheAnswerAreCaught(t *testing.T) {
	srv := httptest.NewServer(envelopeTarget(false))
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 5*time.Second, 0, 4, nil, "ours")
	c.seed, c.site = 20260101, siteOf(&profile.Profile{})
	env := ruleEnv(&profile.Profile{}, nil)
	broke := map[string][]string{} // statement → curl lines of requests that broke it
	sent := map[string]bool{}
	ep := contract.GetFormList
	for i := range 400 {
		x := c.quiet(context.Background(), ep, "read", "ours", map[string]any{"page": i%7 + 1, "search_key": fmt.Sprintf("巡检 %d", i)})
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		sent[x.Req.Envelope] = true
		for _, v := range judgeAnswer(env, &ep, x, nil) {
			if len(v.Problems) > 0 {
				broke[v.Statement] = append(broke[v.Statement], curlLine(srv.URL, &x.Req))
			}
		}
	}
	for _, want := range []string{"-H 'Origin: null'", "-H 'Content-Encoding: gzip'"} {
		found := false
		for _, l := range broke["C1.contentType"] {
			found = found || strings.Contains(l, want)
		}
		if !found {
			t.Errorf("no request sent with %s broke C1.contentType (%d did)", want, len(broke["C1.contentType"]))
		}
	}
	for _, e := range clientEnvelopes {
		if !sent[e.name] {
			t.Errorf("400 requests never went in the envelope %q", e.name)
		}
	}
}

// TestARefusedEnvelopeIsAskedPlain: a service may refuse a Content-Type
// other than JSON (415) or a query string (a parameter error) in the
// endpoint's shape; the request is then asked again plain, and what the
// rules judge is the plain request's success, never the refusal.
func TestARefusedEnvelopeIsAskedPlain(t *testing.T) {
	srv := httptest.NewServer(envelopeTarget(true))
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 5*time.Second, 0, 4, nil, "ours")
	c.seed, c.site = 7, siteOf(&profile.Profile{})
	ep := contract.GetFormList
	asked := 0
	for i := 1; i < len(clientEnvelopes); i++ {
		f := wireForm{envelope: i}
		x := c.quietAs(context.Background(), ep, "read", "ours", map[string]any{"page": 1}, &f)
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		if x.Status != http.StatusOK {
			t.Errorf("in the envelope of %s: status %d, body %s", clientEnvelopes[i].name, x.Status, x.Body)
		}
		if x.Req.Envelope == "" {
			asked++
			if !clientEnvelopes[i].refusable {
				t.Errorf("the envelope of %s was dropped, though a service may not refuse it", clientEnvelopes[i].name)
			}
		}
	}
	if asked == 0 {
		t.Error("no refused envelope was asked again plain")
	}
}

// TestEnvelopeLinesNameAnotherOrganization: the console's cookie names
// our organization to the other organization's key, and no
// organization to ours (the run knows no other).
func TestEnvelopeLinesNameAnotherOrganization(t *testing.T) {
	i := -1
	for j, e := range clientEnvelopes {
		if strings.Contains(strings.Join(e.lines, "\n"), "current_org=") {
			i = j
		}
	}
	if i < 0 {
		t.Fatal("no envelope carries an organization cookie")
	}
	s := clientSite{domain: "example.com", ours: 7}
	other := strings.Join(envelopeLines(i, profile.RoleOtherOrg, s), "\n")
	if !strings.Contains(other, "current_org=7") || !strings.Contains(other, sessionCookie) || !strings.Contains(other, "console.example.com") {
		t.Errorf("the other organization's lines: %s", other)
	}
	if ours := strings.Join(envelopeLines(i, profile.RoleRead, s), "\n"); strings.Contains(ours, "current_org") || strings.Contains(ours, "{") {
		t.Errorf("our lines: %s", ours)
	}
}

// TestAThrottledEnvelopeIsSentOnce: a rate limiter whose bucket for Go's
// default User-Agent is always empty answers it 429 in text/plain. The
// request in that envelope is sent once, not waited out as a slow-down
// (a run would crawl), asked again plain, and its page is what the rules
// judge, since the plain request is not throttled.
func TestAThrottledEnvelopeIsSentOnce(t *testing.T) {
	var throttled atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		if strings.HasPrefix(r.Header.Get("User-Agent"), "Go-http-client/") {
			throttled.Add(1)
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, "429 Too Many Requests\n")
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		io.WriteString(w, `{"code":0,"message":"","data":{"version":"v1","list":[],"page":{"total":0,"per_page":10,"current_page":1,"last_page":1}}}`)
	}))
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 5*time.Second, 0, 4, nil, "ours")
	c.seed = 3
	i := slices.IndexFunc(clientEnvelopes, func(e clientEnvelope) bool { return e.name == "Go's net/http" })
	f := wireForm{envelope: i}
	x := c.quietAs(context.Background(), contract.GetFormList, "read", "ours", map[string]any{"page": 1}, &f)
	if x.Status != http.StatusTooManyRequests || x.Req.Envelope == "" {
		t.Errorf("the throttled envelope's answer is not the one judged: %d %s (envelope %q)", x.Status, x.Body, x.Req.Envelope)
	}
	if n := throttled.Load(); n != 1 {
		t.Errorf("the throttled envelope was sent %d times, not once", n)
	}
}
