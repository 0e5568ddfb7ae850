package rules

import "strings"

// SameURL says an answer's URL member got names the URL want: equal
// character for character but in its scheme and host, which RFC 3986
// reads without regard to case (docs/contract.md §C10, "Identifiers are
// exact": the code at the end of a URL is exact, the host is not). A
// service may write its host in capitals; a client that compares URLs
// must not fail it for that.
func SameURL(got any, want string) bool {
	s, isString := got.(string)
	return isString && CanonURL(s) == CanonURL(want)
}

// CanonURL is the form of a URL every comparison and every map of URLs
// in the runner uses: its scheme and host in lower case (RFC 3986 reads
// them without regard to case), every other character as written, for
// the rest of a URL is exact (§C10). A string that is not an absolute
// URL (a coding, a code) is itself.
func CanonURL(u string) string { return CaseURL(u, strings.ToLower) }

// CaseURL is u with its scheme and host passed through f and every other
// character as written (a user name and a path are exact, §C10): the
// one split of a URL into the parts RFC 3986 reads without regard to
// case, for CanonURL and for a request that spells them otherwise. A
// string that is not an absolute URL is itself.
func CaseURL(u string, f func(string) string) string {
	i := strings.Index(u, "://")
	if i <= 0 || strings.ContainsAny(u[:i], "/?#") {
		return u
	}
	rest := u[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	user := ""
	if at := strings.LastIndex(host, "@"); at >= 0 {
		user, host = host[:at+1], host[at+1:]
	}
	return f(u[:i+3]) + user + f(host) + rest[end:]
}
