package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"
)

// The styles of a JSON body. Clients write the same JSON object in many
// ways, and RFC 8259 gives every way one meaning: a string's characters
// written as themselves or as \u escapes (§7), white space between the
// tokens (§2), the members in any order (§4: an object is unordered).
// Go's encoder writes one way (compact, UTF-8, "<" as \u003c, members
// sorted); Python's json.dumps escapes every character outside ASCII and
// puts a space after "," and ":"; PHP's json_encode escapes "/" and every
// character outside ASCII; JavaScript's JSON.stringify(v, null, 2)
// indents and keeps the members in the order the program set them. A
// service that reads a value as it is written, rather than as JSON
// reads it, answers such a body otherwise: a status name sent as
// \u5df2\u6838\u9500 that names no status, a URL sent as https:\/\/...
// that names no record. So, like the headers (wireforms.go), each
// request the run sends that is one JSON object is written in a style
// the seed picks from the request itself, and the rules over every
// answer judge what comes back: the contract gives every style the
// answer of the usual one.

// bodyStyle is one way of writing a JSON object.
type bodyStyle struct {
	name string
	// escape says which characters of a string (member names included)
	// are written as \u escapes: "nonASCII", "all", or "" for none.
	escape string
	// slash writes "/" as "\/" (PHP).
	slash bool
	// spaced puts a space after "," and ":" (Python); indent writes one
	// member a line, indented (JSON.stringify(v, null, 2)).
	spaced, indent bool
	// reversed writes the members of every object in the reverse of the
	// usual order.
	reversed bool
}

// bodyStyles are the styles; the first is the runner's usual way.
var bodyStyles = []bodyStyle{
	{name: "go"},
	{name: "python", escape: "nonASCII", spaced: true},
	{name: "php", escape: "nonASCII", slash: true},
	{name: "javascript", indent: true, reversed: true},
	{name: "escaped", escape: "all"},
}

// restyle writes body, one JSON value of valid UTF-8, in style s; it
// returns body as it is when it is no such value (a body that is not
// JSON is sent as the check wrote it).
func restyle(body []byte, s bodyStyle) []byte {
	if s.name == "go" || !utf8.Valid(body) || len(bytes.TrimSpace(body)) == 0 || surrogate.Match(body) {
		return body
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	v, err := readOrdered(dec)
	if err != nil {
		return body
	}
	if _, err := dec.Token(); err != io.EOF {
		return body // more than one value: a body form, sent as written
	}
	var b strings.Builder
	s.write(&b, v, 0)
	return []byte(b.String())
}

// surrogate finds a \u escape of a surrogate: a lone one reads as
// U+FFFD, which another style would write as itself, another body.
var surrogate = regexp.MustCompile(`\\u[dD][89a-fA-F]`)

// member is one member of an object, in the order it was written.
type member struct {
	name  string
	value any
}

// readOrdered reads one JSON value keeping the order of members (an
// object is a []member) and numbers as written.
func readOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			out := []member{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := readOrdered(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, member{k.(string), v})
			}
			_, err := dec.Token()
			return out, err
		case '[':
			out := []any{}
			for dec.More() {
				v, err := readOrdered(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			_, err := dec.Token()
			return out, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return tok, nil
}

// write writes v in style s at depth d.
func (s bodyStyle) write(b *strings.Builder, v any, d int) {
	comma, colon := ",", ":"
	if s.spaced {
		comma, colon = ", ", ": "
	}
	if s.indent {
		comma, colon = ",", ": "
	}
	line := func(depth int) {
		if s.indent {
			b.WriteString("\n" + strings.Repeat("  ", depth))
		}
	}
	switch v := v.(type) {
	case []member:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i := range v {
			m := v[i]
			if s.reversed {
				m = v[len(v)-1-i]
			}
			if i > 0 {
				b.WriteString(comma)
			}
			line(d + 1)
			s.str(b, m.name)
			b.WriteString(colon)
			s.write(b, m.value, d+1)
		}
		line(d)
		b.WriteByte('}')
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(comma)
			}
			line(d + 1)
			s.write(b, e, d+1)
		}
		line(d)
		b.WriteByte(']')
	case string:
		s.str(b, v)
	case json.Number:
		b.WriteString(v.String())
	case bool:
		fmt.Fprint(b, v)
	case nil:
		b.WriteString("null")
	}
}

// str writes a string in style s: the escapes JSON requires always,
// the others as the style writes them.
func (s bodyStyle) str(b *strings.Builder, v string) {
	b.WriteByte('"')
	for _, r := range v {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '/' && s.slash:
			b.WriteString(`\/`)
		case r < 0x20, s.escape == "all", s.escape == "nonASCII" && r > 0x7f:
			writeEscape(b, r)
		case r == '<', r == '>', r == '&', r == '\u2028', r == '\u2029':
			// As Go's encoder writes them: a body in another style
			// differs from the usual one in the style alone.
			writeEscape(b, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// writeEscape writes r as \u escapes, a pair of surrogates outside the
// Basic Multilingual Plane (RFC 8259 §7).
func writeEscape(b *strings.Builder, r rune) {
	if r > 0xffff {
		r -= 0x10000
		fmt.Fprintf(b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		return
	}
	fmt.Fprintf(b, `\u%04x`, r)
}
