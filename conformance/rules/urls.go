package rules

import (
	"net/url"
	"strings"
)

// SameURL says an answer's URL member got names the URL want: equal
// character for character but in its scheme and host, which RFC 3986
// reads without regard to case (docs/contract.md §C10, "Identifiers are
// exact": the code at the end of a URL is exact, the host is not). A
// service may write its host in capitals; a client that compares URLs
// must not fail it for that.
func SameURL(got any, want string) bool {
	s, isString := got.(string)
	if !isString {
		return false
	}
	if s == want {
		return true
	}
	a, errA := url.Parse(s)
	b, errB := url.Parse(want)
	if errA != nil || errB != nil || a.Opaque != "" || b.Opaque != "" {
		return false
	}
	if !strings.EqualFold(a.Scheme, b.Scheme) || !strings.EqualFold(a.Host, b.Host) {
		return false
	}
	a.Scheme, a.Host, b.Scheme, b.Host = "", "", "", ""
	return a.String() == b.String()
}
