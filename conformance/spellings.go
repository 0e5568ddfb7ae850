package conformance

import (
	"slices"
	"strings"
)

// Identifiers are exact (docs/contract.md §C10): a record code, a
// template's coding, a form number and a record's URL name an object
// character for character. A loose reading (a case-insensitive
// collation, Unicode compatibility normalisation of user input) takes
// another spelling for one of ours, and then a code nobody issued moves
// a credential, or a filter lists a form it does not name. foldings are
// those spellings, sent wherever the run names an object by an
// identifier: each must name nothing.

// foldings are the spellings of id a loose reading folds to it and an
// exact one never does: its ASCII letters in the other case, and its
// ASCII characters in their full-width forms (U+FF01 to U+FF5E, which
// NFKC folds back). Each differs from id, and none is one of ours
// (known), which would name another object, not none.
func foldings(id string, known map[string]bool) []string {
	var out []string
	for _, s := range []string{swapCase(id), fullWidth(id)} {
		if s != id && !known[s] {
			out = append(out, s)
		}
	}
	return out
}

// fullWidth writes the printable ASCII characters of s, the space
// aside, in their full-width forms: "FX-001" is "ＦＸ－００１".
func fullWidth(s string) string {
	return strings.Map(func(r rune) rune {
		if '!' <= r && r <= '~' {
			return r - '!' + '！'
		}
		return r
	}, s)
}

// urlFoldings are the foldings of the last path segment of a URL (a
// record's code in https://<host>/r/<code>): the scheme and host are
// left as they are, which RFC 3986 reads without regard to case.
func urlFoldings(u string, known map[string]bool) []string {
	i := strings.LastIndexByte(u, '/')
	if i < 0 || i == len(u)-1 || strings.Count(u[:i], "/") < 3 {
		return nil
	}
	var out []string
	for _, seg := range foldings(u[i+1:], nil) {
		if s := u[:i+1] + seg; !known[s] {
			out = append(out, s)
		}
	}
	return out
}

// spellings are the foldings of an identifier that may be a URL (a
// certificate_code is a record code or the record's URL, §4.2): a URL's
// code is its last path segment.
func spellings(id string, known map[string]bool) []string {
	if strings.Contains(id, "://") {
		return urlFoldings(id, known)
	}
	return foldings(id, known)
}

// URLs spelt as they were not issued. A record's URL is accepted exactly
// as issued (§C10), and so names its record only on the organization's
// host, over https, with the path the service wrote; only the case of
// the scheme and host is left to the reader (RFC 3986). A router that
// takes the code from the path whatever the host (a service behind
// several domains), that matches paths without regard to case (as IIS
// does), or that treats http and https alike answers the record for a
// URL nobody issued: the code of a credential on another host moves it.
// So does a reader that adds a scheme to a URL without one, resolves a
// protocol-relative URL against its own base, or compares the host a
// URL parser keeps apart from user information (user@host): §C10's
// "only as issued" leaves none of these forms a name.
// urlClasses are those respellings; each site that names an object by
// its URL sends one of them, the classes and their variants turned by
// the seed and the site (urlRespellings), so that each run sends every
// class and over seeds every pair of class and site.

// urlClass is one class of URL respellings: the form of u with variant
// alt, "" when the class has none of u.
type urlClass struct {
	name string
	form func(u string, alt int) string
}

// otherHosts are hosts put in the place of the URL's own: a subdomain of
// it, a host of nobody's, and the host with a port it was not issued
// with.
var otherHosts = []func(host string) string{
	func(h string) string { return "www." + h },
	func(string) string { return "rtq-conform-other.example" },
	func(h string) string { return h + ":8443" },
}

// userinfos are the user information put before a URL's host: a user,
// a user and a password, an empty one, and the host itself (a link
// that reads as the host to a reader who stops at the @).
var userinfos = []string{"someone", "rtq:conform", "", "rtq-conform-other.example"}

var urlClasses = []urlClass{
	{"otherHost", func(u string, alt int) string {
		scheme, host, path, ok := splitURL(u)
		if !ok {
			return ""
		}
		return scheme + "://" + otherHosts[alt%len(otherHosts)](host) + path
	}},
	{"otherScheme", func(u string, _ int) string {
		scheme, host, path, ok := splitURL(u)
		switch {
		case !ok:
			return ""
		case strings.EqualFold(scheme, "https"):
			return "http://" + host + path
		}
		return "https://" + host + path
	}},
	// The URL without its scheme (host/r/<code>, as a user pastes it
	// from an address bar that hides https://), or protocol-relative
	// (//host/r/<code>, an href a page writes to keep the page's
	// scheme): neither is the URL as issued, which a reader that adds a
	// scheme, or resolves the URL against the service's own base, takes
	// for it.
	{"noScheme", func(u string, _ int) string {
		_, host, path, ok := splitURL(u)
		if !ok {
			return ""
		}
		return host + path
	}},
	{"protocolRelative", func(u string, _ int) string {
		_, host, path, ok := splitURL(u)
		if !ok {
			return ""
		}
		return "//" + host + path
	}},
	// The URL with user information before its host (RFC 3986 §3.2.1:
	// user@host): another URL, not the one issued, which a reader that
	// compares the host a URL parser keeps apart takes for it.
	{"userinfo", func(u string, alt int) string {
		scheme, host, path, ok := splitURL(u)
		if !ok {
			return ""
		}
		return scheme + "://" + userinfos[alt%len(userinfos)] + "@" + host + path
	}},
	// The letters of the path before its last segment in the other case
	// (/R/<code> for /r/<code>); the last segment's case is a folding of
	// the code (urlFoldings).
	{"pathCase", func(u string, _ int) string {
		scheme, host, path, ok := splitURL(u)
		i := strings.LastIndexByte(path, '/')
		if !ok || i <= 0 {
			return ""
		}
		swapped := swapCase(path[:i])
		if swapped == path[:i] {
			return ""
		}
		return scheme + "://" + host + swapped + path[i:]
	}},
}

// splitURL splits an absolute URL into its scheme, its host (with any
// port) and the rest (path, query, fragment); ok is false for anything
// else.
func splitURL(u string) (scheme, host, rest string, ok bool) {
	scheme, after, found := strings.Cut(u, "://")
	if !found || scheme == "" {
		return "", "", "", false
	}
	i := strings.IndexAny(after, "/?#")
	if i < 0 {
		i = len(after)
	}
	if i == 0 {
		return "", "", "", false
	}
	return scheme, after[:i], after[i:], true
}

// urlSites are the places the run names an object by its URL, in the
// order they take urlClasses: the seed picks the class of the first, and
// each next site takes the next urlPerSite classes, so that one run
// sends every class (urlPerSite classes at each site), and over seeds
// every class at every site.
var urlSites = []string{"record url", "certificate url", "template url"}

// urlPerSite is how many classes each site sends: with the sites
// together, every class of urlClasses in each run.
var urlPerSite = (len(urlClasses) + len(urlSites) - 1) / len(urlSites)

// urlRespellings are n respellings of the URL u at site (one of
// urlSites), of consecutive classes of urlClasses from the site's turn
// (its place among the sites, urlPerSite classes each), each in a
// variant the seed picks; a class without a form of u, or whose form is
// one of ours (known), gives way to the next.
func urlRespellings(seed uint64, site, u string, known map[string]bool, n int) []string {
	var out []string
	start := pick(seed, "url respelling", len(urlClasses)) + slices.Index(urlSites, site)*urlPerSite
	for i := 0; i < len(urlClasses) && len(out) < n; i++ {
		c := urlClasses[(start+i)%len(urlClasses)]
		f := c.form(u, pick(seed, "url respelling "+site+" "+c.name, 1<<20))
		if f != "" && f != u && !known[f] {
			out = append(out, f)
		}
	}
	return out
}
