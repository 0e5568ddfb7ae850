package conformance

import "strings"

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
