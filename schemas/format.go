package schemas

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// The formats the schemas assert are checked by these functions, whatever
// validator runs: the one CompileFiles builds registers them, and the
// WebAssembly build's scenario check calls them, so a value is refused by
// both or by neither. Each takes a decoded JSON value; a value that is not
// a string is no business of a format.
var formats = map[string]func(any) error{
	"uri":      ValidURI,
	"hostname": ValidHostname,
}

// Format is the check of a format the schemas assert, by name; ok is
// false for a format they do not use.
func Format(name string) (check func(any) error, ok bool) {
	check, ok = formats[name]
	return check, ok
}

// ValidURI replaces the validator's "uri" check, which relies on net/url
// and so accepts spaces, non-ASCII letters, '|' and '\' in a URI. RFC 3986
// (and ajv, the second validator in scripts/) rejects them; a mock that
// emits such a record_url must not pass its own schemas.
func ValidURI(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return errors.New("bad percent-encoding")
			}
			i += 2
		case !isURIChar(c):
			return errors.New("character not allowed in a URI")
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return errors.New("not a URI")
	}
	if !u.IsAbs() {
		return errors.New("relative reference, not an absolute URI")
	}
	return nil
}

// isURIChar reports whether c may appear unencoded in a URI: the unreserved
// and reserved characters of RFC 3986.
func isURIChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '_', '~', ':', '/', '?', '#', '[', ']', '@',
		'!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// ValidHostname is the "hostname" format of RFC 1123: at most 253
// characters (a final dot aside), dot-separated labels of 1 to 63 ASCII
// letters, digits and hyphens, none starting or ending with a hyphen.
func ValidHostname(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return errors.New("more than 253 characters long")
	}
	for _, label := range strings.Split(s, ".") {
		if err := hostLabel(label); err != nil {
			return err
		}
	}
	return nil
}

// hostLabel checks one label of a hostname.
func hostLabel(label string) error {
	switch {
	case len(label) < 1 || len(label) > 63:
		return errors.New("a label must be 1 to 63 characters long")
	case strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-"):
		return errors.New("a label starts or ends with a hyphen")
	}
	for _, c := range label {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return fmt.Errorf("character %q not allowed in a hostname", c)
		}
	}
	return nil
}
