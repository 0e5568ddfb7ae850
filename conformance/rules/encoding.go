package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Accept-Encoding as RFC 9110 §12.5.3 reads it. A request lists the
// content codings it accepts, each with an optional weight (";q=", the
// "q" in either case, white space around the ";", up to three decimals);
// a weight of 0 refuses the coding; "*" stands for every coding not
// listed; identity is acceptable unless refused by name or by "*;q=0"
// with no entry of its own; any other coding not listed is not
// acceptable. Coding names are case-insensitive, and x-gzip is gzip
// (§8.4.1.3). An answer in a coding the request did not accept is no JSON
// to the client that sent it (docs/contract.md §C1: every answer is one
// JSON object).

// CodingAccepted says whether the field value ae accepts coding.
func CodingAccepted(ae, coding string) bool {
	coding = CanonicalCoding(coding)
	listed, star := -1.0, -1.0
	for _, elem := range strings.Split(ae, ",") {
		parts := strings.Split(elem, ";")
		name := CanonicalCoding(parts[0])
		if name == "" {
			continue
		}
		q := 1.0
		for _, p := range parts[1:] {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch name {
		case coding:
			listed = q
		case "*":
			star = q
		}
	}
	switch {
	case listed >= 0:
		return listed > 0
	case star >= 0:
		return star > 0
	}
	return coding == "identity"
}

// CanonicalCoding is a coding's name as compared: trimmed, in lower
// case, and each name RFC 9110 makes another's (§8.4.1.1, §8.4.1.3: a
// recipient should treat x-compress as compress and x-gzip as gzip) as
// that one.
func CanonicalCoding(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if c, ok := codingAliases[s]; ok {
		return c
	}
	return s
}

// codingAliases are the names RFC 9110 §8.4.1 registers as another
// coding's.
var codingAliases = map[string]string{"x-gzip": "gzip", "x-compress": "compress"}

// refusedCoding says what is wrong with an answer's Content-Encoding for
// a request that sent Accept-Encoding ae ("" : nothing): a coding other
// than identity that ae does not accept. identity is never wrong: a
// server may disregard a refusal of identity (RFC 9110 §12.5.3: it
// SHOULD answer without a coding when none listed is one it has).
func refusedCoding(ae, contentEncoding string) string {
	if ae == "" || contentEncoding == "" {
		return ""
	}
	for _, c := range strings.Split(contentEncoding, ",") {
		if c := CanonicalCoding(c); c != "" && c != "identity" && !CodingAccepted(ae, c) {
			return fmt.Sprintf("the answer is coded %s (Content-Encoding: %s), which the request refused (Accept-Encoding: %s, RFC 9110 §12.5.3)", c, contentEncoding, ae)
		}
	}
	return ""
}
