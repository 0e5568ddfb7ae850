package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestKeyDressCarriesNoUsableKey: a request without a key never gets
// "Authorization: Bearer <an issued key>", a request with a key nobody
// issued never gets an issued one, a finding never shows a key, and over
// requests every place and edit kind the space has is met, the common
// members among them.
func TestKeyDressCarriesNoUsableKey(t *testing.T) {
	keys := profile.Keys{Read: "rtq-demo-read", Write: "rtq-demo-write", Limited: "rtq-demo-limited", OtherOrg: "rtq-other-org"}
	issued := func(k string) bool {
		return k == "" || k == keys.Read || k == keys.Write || k == keys.Limited || k == keys.OtherOrg
	}
	seen := map[string]bool{}
	for i := 0; i < 4000; i++ {
		for _, role := range []string{"none", "bad", "read"} {
			ep := contract.Endpoints[i%len(contract.Endpoints)]
			req := Request{Method: "POST", Path: ep.Path(), Key: role, Body: fmt.Sprintf(`{"n":%d}`, i)}
			w := keyDress(uint64(i/7), &req, keys.KeyFor, issued, "rtq.invalid")
			shown := req.Authorization + strings.Join(req.Headers, "") + req.Query
			for _, k := range []string{keys.Read, keys.Write, keys.Limited, keys.OtherOrg} {
				if strings.Contains(shown, k) {
					t.Fatalf("%s request shows a key: %q", role, shown)
				}
			}
			switch role {
			case "none":
				// No Authorization at all: its absence is a class of its
				// own; malformed ones are auth.malformed's (drawnAuth).
				if w.auth != "" || req.Authorization != "" {
					t.Fatalf("a request without a key carries Authorization %q", req.Authorization)
				}
				if strings.HasPrefix(w.query, "token=") || strings.Contains(w.query, "&token=") {
					seen["query token"] = true
				}
				for _, l := range w.lines {
					low := strings.ToLower(l)
					seen["x-api-key"] = seen["x-api-key"] || strings.HasPrefix(low, "x-api-key:")
					seen["proxy-authorization"] = seen["proxy-authorization"] || strings.HasPrefix(low, "proxy-authorization: bearer ")
					seen["cookie token"] = seen["cookie token"] || strings.HasPrefix(low, "cookie: token=")
					seen["referer token"] = seen["referer token"] || strings.HasPrefix(low, "referer: https://www.rtq.invalid/") && strings.Contains(low, "?token=")
				}
				for _, m := range w.members {
					seen["member "+m.name] = true
					if !issued(strings.TrimPrefix(m.real, "Bearer ")) || strings.Contains(m.shown, "rtq-") {
						t.Fatalf("member %+v", m)
					}
				}
				if w.query != "" && !strings.HasSuffix(req.Query, w.queryShown) {
					t.Fatalf("query %q does not end with the keys' %q", req.Query, w.queryShown)
				}
			case "bad":
				if w.auth == "" {
					continue
				}
				k := strings.TrimPrefix(w.auth, "Bearer ")
				if issued(k) || strings.TrimSpace(k) != k {
					t.Fatalf("a key nobody issued is %q", w.auth)
				}
				seen["suffix -test"] = seen["suffix -test"] || strings.HasSuffix(k, "-test")
				seen["one character"] = seen["one character"] || len(k) == len(keys.Read) && k != keys.Read && strings.HasPrefix(k, keys.Read[:len(keys.Read)-1])
				seen["like pattern"] = seen["like pattern"] || strings.HasSuffix(k, "%") || strings.Contains(k, "_")
			case "read":
				if w.auth != "" {
					t.Fatalf("the read key's Authorization was replaced by %q", w.auth)
				}
				if ep.Write && (len(w.lines) > 0 || w.query != "") {
					seen["read key's verify"] = true
				}
				if !ep.Write && (len(w.lines) > 0 || w.query != "") {
					t.Fatalf("the read key's read carries another key: %v %q", w.lines, w.query)
				}
			}
		}
	}
	for _, want := range []string{"query token", "x-api-key", "suffix -test", "one character", "read key's verify",
		"proxy-authorization", "cookie token", "referer token", "member api_token", "like pattern"} {
		if !seen[want] {
			t.Errorf("no request met %s", want)
		}
	}
}

// TestKeyDressFollowsTheSeed: the same request and seed dress alike.
func TestKeyDressFollowsTheSeed(t *testing.T) {
	keys := profile.Keys{Read: "r-key", Write: "w-key"}
	issued := func(k string) bool { return k == "" || k == keys.Read || k == keys.Write }
	for i := 0; i < 200; i++ {
		a := Request{Method: "POST", Path: contract.GetFormList.Path(), Key: "none", Body: fmt.Sprint(i)}
		b := a
		wa, wb := keyDress(9, &a, keys.KeyFor, issued, "rtq.invalid"), keyDress(9, &b, keys.KeyFor, issued, "rtq.invalid")
		if fmt.Sprint(wa) != fmt.Sprint(wb) || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("one request dressed two ways: %v %v", wa, wb)
		}
	}
}
