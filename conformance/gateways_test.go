package conformance

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// gatewayTarget is a service whose framework trusts what a gateway
// says: getRecord's record_url is built from the host of RFC 7239's
// Forwarded header when there is one, and a request whose X-Original-URL
// names another operation is answered as that operation. It records
// every request as it received it.
type gatewayTarget struct {
	mu   sync.Mutex
	seen map[string]http.Header // body as received → headers
}

func (g *gatewayTarget) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	g.mu.Lock()
	g.seen[string(raw)] = r.Header.Clone()
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	path := r.URL.Path
	if o := r.Header.Get("X-Original-URL"); o != "" {
		path = o
	}
	if path != contract.GetRecord.Path() {
		io.WriteString(w, `{"code":0,"message":"ok","data":{"list":[],"next_page_token":null,"total":0}}`)
		return
	}
	host := "r.example"
	for _, part := range strings.Split(r.Header.Get("Forwarded"), ";") {
		if h, ok := strings.CutPrefix(strings.TrimSpace(part), "host="); ok {
			host = h
		}
	}
	fmt.Fprintf(w, `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json","data":{"record_id":800001,"record_url":"https://%s/r/ab"}}}`, host)
}

// TestGatewayHeadersThatChangeTheAnswerAreCaught: the run's requests
// carry a gateway's headers (each request its own, by the seed), the
// target receives them and the body exactly as the finding shows them,
// and a target that builds a URL from Forwarded, or routes by
// X-Original-URL, breaks a rule over every answer on a request whose
// curl line sends the header.
func TestGatewayHeadersThatChangeTheAnswerAreCaught(t *testing.T) {
	g := &gatewayTarget{seen: map[string]http.Header{}}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 5*time.Second, 0, 4, nil, "k")
	c.seed = 20260101
	p := &profile.Profile{Records: []profile.Record{{ID: 800001, URL: "https://r.example/r/ab"}}}
	env := ruleEnv(p, nil)
	broke := map[string]string{} // header → a curl line of a request it broke
	forms := map[string]bool{}
	for i := range 60 {
		body := map[string]any{"record_id": 800001, "format": "json", "note": fmt.Sprintf("请求 %d", i)}
		ep := contract.GetRecord
		x := c.quiet(context.Background(), ep, "read", "k", body)
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		forms[x.Req.BodyStyle] = true
		got := g.seen[x.Req.Body]
		if got == nil {
			t.Fatalf("the target never received the body the finding shows: %s", x.Req.Body)
		}
		for _, l := range x.Req.Gateway {
			name, value, _ := strings.Cut(l, ": ")
			if got.Get(name) != value {
				t.Errorf("%s: the target received %q, the finding shows %q", name, got.Get(name), value)
			}
			forms[name] = true
		}
		for _, v := range judgeAnswer(env, &ep, x, nil) {
			if v.Statement != "2.1.identity" || len(v.Problems) == 0 {
				continue
			}
			for _, l := range x.Req.Gateway {
				name, _, _ := strings.Cut(l, ":")
				broke[name] = curlLine(srv.URL, &x.Req)
			}
		}
	}
	for _, h := range []string{"Forwarded", "X-Original-URL"} {
		if !strings.Contains(broke[h], "-H '"+h+": ") {
			t.Errorf("no request with %s broke 2.1.identity with a curl line that sends it (%q)", h, broke[h])
		}
	}
	for _, f := range []string{"X-Forwarded-Host", "Via", "X-Client-IP", "python", "php", "javascript", "escaped"} {
		if !forms[f] {
			t.Errorf("60 requests never sent the form %s", f)
		}
	}
}
