// Package jsonw is the mock's small, allocation-free JSON toolkit for the
// request path: appending JSON strings to a byte slice, and walking the
// top-level members of a request body with exact (case-sensitive) names,
// which encoding/json's struct decoding does not give.
package jsonw

import (
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string. Control characters are escaped
// as \u00XX and invalid UTF-8 becomes U+FFFD, so the output is always valid
// JSON (strconv.AppendQuote writes Go escapes such as \x01, which are not).
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
