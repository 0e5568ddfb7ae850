package jsonw

import "unicode/utf8"

// maxDepth is encoding/json's nesting limit: a body nested deeper is
// refused by both, so the two never disagree about what is JSON.
const maxDepth = 10000

// validate reports whether b is one JSON value (RFC 8259) with optional
// white space around it, and whether its strings are valid UTF-8. It
// accepts what encoding/json.Valid accepts, except invalid UTF-8, which
// RFC 8259 8.1 forbids and encoding/json would silently turn into U+FFFD
// (a mock that changes the bytes a client sent hides the client's bug).
//
// It exists because encoding/json's scanner, one indirect call per byte,
// was a measurable share of a getRecord request (docs/performance.md);
// this is a plain recursive descent with no allocation.
func validate(b []byte) (ok, utf8OK bool) {
	v := validator{b: b, utf8OK: true}
	i, ok := v.value(skipWS(b, 0), 0)
	return ok && skipWS(b, i) == len(b), v.utf8OK
}

type validator struct {
	b      []byte
	utf8OK bool // false once a string held invalid UTF-8
}

func (v *validator) value(i, depth int) (int, bool) {
	b := v.b
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '{':
		return v.object(i, depth+1)
	case c == '[':
		return v.array(i, depth+1)
	case c == '"':
		return v.str(i)
	case c == '-' || c >= '0' && c <= '9':
		return number(b, i)
	case c == 't':
		return literal(b, i, "true")
	case c == 'f':
		return literal(b, i, "false")
	case c == 'n':
		return literal(b, i, "null")
	}
	return i, false
}

func (v *validator) object(i, depth int) (int, bool) {
	b := v.b
	if depth > maxDepth {
		return i, false
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		var ok bool
		if i, ok = v.str(i); !ok {
			return i, false
		}
		if i = skipWS(b, i); i >= len(b) || b[i] != ':' {
			return i, false
		}
		if i, ok = v.value(skipWS(b, i+1), depth); !ok {
			return i, false
		}
		if i = skipWS(b, i); i >= len(b) {
			return i, false
		}
		switch b[i] {
		case '}':
			return i + 1, true
		case ',':
			i = skipWS(b, i+1)
		default:
			return i, false
		}
	}
}

func (v *validator) array(i, depth int) (int, bool) {
	b := v.b
	if depth > maxDepth {
		return i, false
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = v.value(i, depth); !ok {
			return i, false
		}
		if i = skipWS(b, i); i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ']':
			return i + 1, true
		case ',':
			i = skipWS(b, i+1)
		default:
			return i, false
		}
	}
}

// str checks the string starting at b[i] == '"': no raw control
// characters, only the escapes of RFC 8259 7, and (noted, not failed)
// valid UTF-8.
func (v *validator) str(i int) (int, bool) {
	b := v.b
	for i++; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			n := escapeLen(b, i)
			if n == 0 {
				return i, false
			}
			i += n
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				v.utf8OK = false
			}
			i += size
		}
	}
	return i, false
}

// escapeLen is the length of the escape at b[i] == '\\', 0 if invalid.
func escapeLen(b []byte, i int) int {
	if i+1 >= len(b) {
		return 0
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if i+6 > len(b) {
			return 0
		}
		for _, h := range b[i+2 : i+6] {
			if !isHex(h) {
				return 0
			}
		}
		return 6
	}
	return 0
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at b[i].
func number(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

func literal(b []byte, i int, word string) (int, bool) {
	if len(b)-i >= len(word) && string(b[i:i+len(word)]) == word {
		return i + len(word), true
	}
	return i, false
}
