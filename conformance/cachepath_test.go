package conformance

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestCachePathHeadersCoverTheirSpaces: over the requests of a run, the
// seed draws every Range, If-Range, Cache-Control and If-None-Match of
// cachepath.go onto some request, reads and writes alike; an
// Idempotency-Key goes on some reads, in every header name, and on no
// write; and a read body sent by every key carries the same
// Idempotency-Key for all of them or for none (a cache keyed on it alone
// then answers one key with another's answer).
func TestCachePathHeadersCoverTheirSpaces(t *testing.T) {
	seen := map[string]bool{}
	s := clientSite{domain: "rtq.invalid"}
	var idemReads int
	roles := []string{"read", "write", "none", "bad", "other_org"}
	for i := range 3000 {
		ep := contract.Endpoints[i%len(contract.Endpoints)]
		body := fmt.Sprintf(`{"page_size":%d}`, i)
		if ep.Write {
			body = fmt.Sprintf(`{"certificate_code":"C%d","action_type":"set_next_certificate_status"}`, i)
		}
		var idems []string
		for _, role := range roles {
			r := Request{Method: http.MethodPost, Path: ep.Path(), Key: role, Body: body}
			f := wireFormOf(DefaultSeed, r, "")
			f.apply(&r, s)
			idem := ""
			for _, l := range r.ClientHeaders {
				name, v, _ := strings.Cut(l, ": ")
				seen[strings.ToLower(name)+": "+v] = true
				if ep.Write {
					seen["write "+strings.ToLower(name)] = true
				}
				if strings.Contains(strings.ToLower(name), "idempotency-key") {
					idem = l
				}
			}
			idems = append(idems, idem)
		}
		for _, idem := range idems[1:] {
			if idem != idems[0] {
				t.Fatalf("%s %s: the keys' requests carry %q, want the same for all: %q", ep.Name, body, idem, idems)
			}
		}
		if idems[0] != "" {
			if ep.Write {
				t.Fatalf("a write carries %s", idems[0])
			}
			idemReads++
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
	for _, v := range byteRanges {
		if !has("Range", v) {
			t.Errorf("no Range drawn with %s", v)
		}
	}
	for _, v := range ifRanges {
		if !has("If-Range", v) {
			t.Errorf("no If-Range drawn with %s", v)
		}
	}
	for _, lines := range cacheControls {
		if _, v, _ := strings.Cut(lines[0], ": "); !has("Cache-Control", v) {
			t.Errorf("no Cache-Control drawn with %s", v)
		}
	}
	for _, v := range noneMatches {
		if !has("If-None-Match", v) {
			t.Errorf("no If-None-Match drawn with %s", v)
		}
	}
	for _, n := range idempotencyHeaders {
		if !has(n, "") {
			t.Errorf("no %s drawn", n)
		}
	}
	for _, n := range []string{"range", "if-range", "cache-control", "if-none-match"} {
		if !seen["write "+n] {
			t.Errorf("no write carries %s", n)
		}
	}
	if reads := 3000 * 4 / 5; idemReads < reads/5 || idemReads > reads/2 {
		t.Errorf("%d of %d read bodies carry an Idempotency-Key, want about a third", idemReads, reads)
	}
}

// TestFixedFormsDrawNoCacheHeaders: a form without a gen or an idem (the
// fixed forms of transport.requestForms, the usual way) carries none of
// the cache path's headers.
func TestFixedFormsDrawNoCacheHeaders(t *testing.T) {
	r := Request{Method: http.MethodPost, Path: contract.GetFormList.Path(), Key: "read", Body: `{}`}
	(&wireForm{}).apply(&r, clientSite{domain: "rtq.invalid"})
	for _, l := range r.ClientHeaders {
		t.Errorf("the usual form carries %s", l)
	}
}
