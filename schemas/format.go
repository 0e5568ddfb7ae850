package schemas

import (
	"errors"
	"net/url"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// uriFormat replaces the validator's "uri" check, which relies on net/url
// and so accepts spaces, non-ASCII letters, '|' and '\' in a URI. RFC 3986
// (and ajv, the second validator in scripts/) rejects them; a mock that
// emits such a record_url must not pass its own schemas.
var uriFormat = &jsonschema.Format{Name: "uri", Validate: validateURI}

func validateURI(v any) error {
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
