package jsonw

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// ErrNotObject is returned for a body that is valid JSON but not an object
// (null, an array, a number, a string).
var ErrNotObject = errors.New("the request body must be a JSON object")

// ErrInvalid is returned for a body that is not valid JSON.
var ErrInvalid = errors.New("the request body is not valid JSON")

// ErrNotUTF8 is returned for a JSON body whose strings are not valid UTF-8
// (RFC 8259 8.1); read as U+FFFD instead, the value would silently differ
// from what the client meant to send.
var ErrNotUTF8 = errors.New("the request body is not valid UTF-8 (RFC 8259 8.1 requires it)")

// Members calls fn for each top-level member of the JSON object in body,
// with the member's name (unescaped; valid until fn returns) and its raw
// value. An empty or
// all-white-space body is the empty object. Names are matched exactly by
// the caller; a later duplicate overrides an earlier one.
func Members(body []byte, fn func(name, raw []byte)) error {
	body = body[skipWS(body, 0):] // JSON white space only: "\f" is not empty
	if len(body) == 0 {
		return nil
	}
	switch ok, utf8OK := validate(body); {
	case !ok:
		return ErrInvalid
	case !utf8OK:
		return ErrNotUTF8
	}
	if body[0] != '{' {
		return ErrNotObject
	}
	i := skipWS(body, 1)
	for i < len(body) && body[i] != '}' {
		nameEnd := skipString(body, i)
		name := unquoteBytes(body[i:nameEnd])
		i = skipWS(body, nameEnd)
		i = skipWS(body, i+1) // ':'
		valEnd := skipValue(body, i)
		fn(name, body[i:valEnd])
		i = skipWS(body, valEnd)
		if i < len(body) && body[i] == ',' {
			i = skipWS(body, i+1)
		}
	}
	return nil
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the index after the (valid) value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return i
	default:
		for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
			i++
		}
		return i
	}
}

// unquoteBytes is unquote without a copy in the common case.
func unquoteBytes(raw []byte) []byte {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw[1 : len(raw)-1]
	}
	return []byte(unquote(raw))
}

// unquote turns a raw JSON string into its value; the common case of no
// escapes and valid UTF-8 costs one string conversion. Otherwise it decodes
// as encoding/json does (invalid UTF-8 becomes U+FFFD).
func unquote(raw []byte) string {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

// Kind names the JSON type of a raw value for error details.
func Kind(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// String decodes a raw JSON string value; ok is false for other types.
func String(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	return unquote(raw), true
}
