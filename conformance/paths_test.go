package conformance

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestPathVariantsCoverEveryClass: every class of path is sent on every
// run, the base URL ending in "/" always; each path is an operation's
// path written as its class says, and a misspelt one names none.
func TestPathVariantsCoverEveryClass(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		classes := map[string]bool{}
		for _, v := range pathVariants(seed) {
			classes[v.class] = true
			seen[v.path] = true
			clean := strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(v.path, "//", "/"), "/x/..", ""), "/.", "")
			clean = strings.TrimSuffix(strings.ReplaceAll(strings.ReplaceAll(clean, "%2F", "/"), "%2f", "/"), "/")
			clean = pathParam.ReplaceAllString(clean, "")
			clean = cookieless.ReplaceAllString(clean, "")
			switch {
			case !v.names:
				if known(strings.TrimPrefix(v.path, contract.PathPrefix)) || !strings.HasPrefix(v.path, contract.PathPrefix) {
					t.Errorf("seed %d: %s names an operation", seed, v.path)
				}
			case v.class == "another case":
				if known(strings.TrimPrefix(v.path, contract.PathPrefix)) || !known(strings.TrimPrefix(strings.ToLower(v.path), strings.ToLower(contract.PathPrefix))) && !strings.EqualFold(v.path, clean) {
					t.Errorf("seed %d: %s is no operation in another case", seed, v.path)
				}
			default:
				if clean == v.path || !known(strings.TrimPrefix(clean, contract.PathPrefix)) {
					t.Errorf("seed %d: %s (%s) is not an operation's path written otherwise (%s)", seed, v.path, v.class, clean)
				}
			}
			if v.class == "a base URL ending in /" && !strings.HasPrefix(v.path, "//") {
				t.Errorf("seed %d: %s", seed, v.path)
			}
		}
		if len(classes) != 10 {
			t.Errorf("seed %d: %d classes, want 10: %v", seed, len(classes), classes)
		}
	}
	if len(seen) < 30 {
		t.Errorf("30 seeds send %d paths: the seed picks too little", len(seen))
	}
}

// pathParam is a path parameter of a segment (RFC 3986 §3.3).
var pathParam = regexp.MustCompile(`;[^/]*`)

// cookieless is ASP.NET's cookieless session segment.
var cookieless = regexp.MustCompile(`/\(S\([a-z0-5]{24}\)\)`)
