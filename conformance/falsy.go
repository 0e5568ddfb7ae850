package conformance

import "fmt"

// Falsy strings. A value that names nothing is not a value that is
// absent: docs/contract.md reads a template, a certificate code and a
// form number character for character (§4.3, §4.5, §4.2, §C10), so a
// template nobody has is 404, a code no record has 100320, and a number
// no form has lists no form. A service that tests a parameter for
// presence with its language's truthiness takes some strings for absent:
// PHP's empty() and Perl's truth take "0"; a JavaScript or Python client
// that wrote a null, an undefined or a None into a string sends "null",
// "undefined", "None", and a service that parses such words back (or
// casts the string to a number or a boolean first) reads them as
// nothing. It then answers a missing parameter (400, 100301) for a value
// that names nothing, or drops a filter and lists every form. So where
// the run sends a value that names nothing (an unknown template, an
// unknown code, a number no form has), it sends falsy forms beside it:
// each names nothing as the contract reads it.
//
// The empty string is not one of them: for template it is a missing
// parameter (§C10: "Empty or absent: 400"), and for certificate_code and
// number the contract does not say whether "" is absent or a value that
// names nothing. Nor is white space alone, which a service that trims
// its input reads as "".

// falsyForms are the strings above, the commonest first: "0", the one a
// non-empty string PHP's and Perl's truth take for false; then the words
// a client writes for a null or a boolean.
var falsyForms = []string{"0", "false", "null", "undefined", "None", "NaN", "nil", "0.0"}

// falsyOnes are n falsy forms for site ("template", "certificate_code",
// "number"): the commonest first, then forms of the rest from one the
// seed picks for the site on, so that over seeds every form goes to
// every site; a form that is one of ours (known) names something and
// gives way.
func falsyOnes(seed uint64, site string, known map[string]bool, n int) []string {
	var out []string
	if n <= 0 {
		return nil
	}
	if !known[falsyForms[0]] {
		out = append(out, falsyForms[0])
	}
	rest := falsyForms[1:]
	start := pick(seed, "falsy "+site, len(rest))
	for i := 0; i < len(rest) && len(out) < n; i++ {
		if f := rest[(start+i)%len(rest)]; !known[f] {
			out = append(out, f)
		}
	}
	return out
}

// falsyWhat is a falsy form in words, for a check's message.
func falsyWhat(param, v string) string {
	return fmt.Sprintf("%s %q, a string a loose reading takes for absent (it names nothing)", param, v)
}
