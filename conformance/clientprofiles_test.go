package conformance

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// clientTarget is a service whose frameworks read the headers real
// clients add: a browser that opens the URL (Sec-Fetch-Mode: navigate)
// gets the framework's HTML page, and the tenant middleware lets X-Org-ID
// choose the organization, whatever the key. Without those headers it
// answers getRecord of record 800001 to our key only.
func clientTarget(w http.ResponseWriter, r *http.Request) {
	_, _ = io.ReadAll(r.Body)
	if r.Header.Get("Sec-Fetch-Mode") == "navigate" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>记录</title>")
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	ours := r.Header.Get("Authorization") == "Bearer ours" || r.Header.Get("X-Org-ID") == "7"
	if !ours {
		io.WriteString(w, `{"code":404,"message":"not found","data":{},"error_code":100404,"message_detail":"no such record"}`)
		return
	}
	io.WriteString(w, `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json","data":{"record_id":800001,"record_url":"https://r.example/r/ab"}}}`)
}

// TestClientHeadersThatChangeTheAnswerAreCaught: the run's requests are
// written as real clients write them (each request its own client, by
// the seed); a target that answers a browser's navigation with HTML, or
// lets a tenant header widen what another organization's key sees,
// breaks a rule over every answer on a request whose curl line sends the
// client's headers; and every client is sent.
func TestClientHeadersThatChangeTheAnswerAreCaught(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(clientTarget))
	t.Cleanup(srv.Close)
	org := int64(7)
	p := &profile.Profile{Records: []profile.Record{{ID: 800001, URL: "https://r.example/r/ab"}},
		Held: &profile.Held{Records: []profile.HeldRecord{{ID: 800001, OrgID: &org}}}}
	c := newClient(srv.URL, 5*time.Second, 0, 4, nil, "ours", "theirs")
	c.seed, c.site = 20260101, siteOf(p)
	env := ruleEnv(p, nil)
	broke := map[string]string{} // statement → a curl line of a request that broke it
	sent := map[string]bool{}
	for i := range 80 {
		role, key := "read", "ours"
		if i%2 == 1 {
			role, key = "other_org", "theirs"
		}
		ep := contract.GetRecord
		x := c.quiet(context.Background(), ep, role, key, map[string]any{"record_id": 800001, "note": fmt.Sprintf("请求 %d", i)})
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		sent[x.Req.Client] = true
		for _, v := range judgeAnswer(env, &ep, x, nil) {
			if len(v.Problems) > 0 && broke[v.Statement] == "" {
				broke[v.Statement] = curlLine(srv.URL, &x.Req)
			}
		}
	}
	if !strings.Contains(broke["C1.contentType"], "-H 'Sec-Fetch-Mode: navigate'") {
		t.Errorf("no browser's navigation broke C1.contentType with a curl line that sends it (%q)", broke["C1.contentType"])
	}
	if !strings.Contains(broke["C2.tenancy"], "-H 'X-Org-ID: 7'") || !strings.Contains(broke["C2.tenancy"], "RTQ_OTHER_ORG_KEY") {
		t.Errorf("no tenant header naming our organization, sent with the other organization's key, broke C2.tenancy (%q)", broke["C2.tenancy"])
	}
	for _, cp := range clientProfiles {
		if !sent[cp.name] {
			t.Errorf("80 requests never went as %q", cp.name)
		}
	}
}

// TestClientProfilesOfWrites: a write goes without Origin, the rest of
// its client kept (br too: the runner reads every coding a browser
// names); a read keeps both; a tenant header names the organization the key is not of,
// and is left out when that is not known.
func TestClientProfilesOfWrites(t *testing.T) {
	org := int64(7)
	s := siteOf(&profile.Profile{Records: []profile.Record{{URL: "https://qa.shop.example/r/1"}},
		Held: &profile.Held{Records: []profile.HeldRecord{{OrgID: &org}}}})
	if s.domain != "shop.example" || s.ours != 7 {
		t.Fatalf("site %+v, want shop.example and organization 7", s)
	}
	for i, cp := range clientProfiles {
		w := Request{Path: contract.Verify.Path(), Key: "write"}
		applyClient(wireForm{client: i}, &w, s)
		r := Request{Path: contract.GetRecord.Path(), Key: "read"}
		applyClient(wireForm{client: i}, &r, s)
		for _, l := range w.ClientHeaders {
			if strings.HasPrefix(l, "Origin:") {
				t.Errorf("%s: a write carries %s", cp.name, l)
			}
		}
		if w.AcceptEncoding != cp.encoding || r.AcceptEncoding != cp.encoding {
			t.Errorf("%s: a write accepts %q and a read %q, not the client's %q", cp.name, w.AcceptEncoding, r.AcceptEncoding, cp.encoding)
		}
		for _, l := range r.ClientHeaders {
			if strings.HasPrefix(l, "X-Tenant-ID:") {
				t.Errorf("%s: our key names a tenant nobody knows: %s", cp.name, l)
			}
			if strings.HasPrefix(l, "Origin:") && !strings.Contains(l, "shop.example") {
				t.Errorf("%s: an origin off the service's site: %s", cp.name, l)
			}
		}
		o := Request{Path: contract.GetFormList.Path(), Key: "other_org"}
		applyClient(wireForm{client: i}, &o, s)
		for _, l := range o.ClientHeaders {
			if strings.HasPrefix(l, "X-Tenant-ID:") && l != "X-Tenant-ID: 7" {
				t.Errorf("%s: the other organization's key names %s, not ours", cp.name, l)
			}
		}
	}
}

// TestLocalisedListIsCaughtByTheRelation: a service that names its
// forms in the language the request prefers (English for en) gives
// every answer a shape no single-answer rule fails; the relation,
// which sends getFormList bare and as each client, shows the pair.
func TestLocalisedListIsCaughtByTheRelation(t *testing.T) {
	tg := &target{answer: func(w http.ResponseWriter, r *http.Request, _ string) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		name := "巡检表"
		if strings.HasPrefix(r.Header.Get("Accept-Language"), "en") {
			name = "Inspection form"
		}
		fmt.Fprintf(w, `{"code":0,"message":"ok","data":{"list":[{"id":1,"name":%q}],"total":1,"current_page":1,"per_page":10}}`, name)
	}}
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), ReadKey: "r", Only: []string{"transport.clientProfiles"},
		Profile: &profile.Profile{Version: 1, Keys: profile.Keys{Read: "r"}}})
	if err != nil {
		t.Fatal(err)
	}
	f := find(rep, "transport.clientProfiles")
	if f.Status != Fail || !strings.Contains(f.Message, "Inspection form") || !strings.Contains(f.Message, "sent as a desktop browser") {
		t.Errorf("transport.clientProfiles: %s %q, want a failure that names the English name and the header", f.Status, f.Message)
	}
}
