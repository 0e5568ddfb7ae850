package svcclient

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Redacted is what a secret is replaced with: plain letters, so that it
// stays a valid JSON string, YAML plain scalar and URL part wherever the
// secret stood.
const Redacted = "REDACTED"

// MinSecretLen is the shortest secret scrubbed. A shorter one would blank
// ordinary words and numbers out of everything rtq writes, and a key that
// short is guessable anyway (docs/security.md).
const MinSecretLen = 8

// Scrubber removes secrets (API keys, write keys, admin tokens) from text
// in every spelling a service may echo one in:
//
//   - as given, which covers "Bearer <key>" and a key inside a longer word;
//   - JSON-escaped, with or without HTML escaping and with "/" as `\/`;
//   - URL-encoded, as a query value and as a path segment;
//   - base64 (standard and URL alphabets, padded or not) of the key and
//     of "Bearer <key>", when the encoding starts with it;
//   - in any mix of upper and lower case of all of these (ASCII letters).
//
// Base64 of a longer text in which the key starts at an offset not a
// multiple of three is not found: its characters depend on the bytes
// around it. The zero Scrubber and a nil one scrub nothing. It is safe for
// concurrent use.
type Scrubber struct {
	needles [][]byte // lower-case spellings, longest first
}

// NewScrubber returns the scrubber of secrets ("" and secrets shorter than
// MinSecretLen are left out).
func NewScrubber(secrets ...string) *Scrubber {
	set := map[string]bool{}
	for _, s := range secrets {
		if len(s) < MinSecretLen {
			continue
		}
		for _, sp := range spellings(s) {
			set[string(lowerASCII([]byte(sp)))] = true
		}
	}
	sc := &Scrubber{}
	for n := range set {
		sc.needles = append(sc.needles, []byte(n))
	}
	slices.SortFunc(sc.needles, func(a, b []byte) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return bytes.Compare(a, b)
	})
	return sc
}

// spellings are the forms of s a service may echo (see Scrubber).
func spellings(s string) []string {
	out := []string{s, url.QueryEscape(s), url.PathEscape(s)}
	for _, html := range []bool{true, false} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(html)
		_ = enc.Encode(s)
		j := strings.TrimSuffix(strings.TrimSpace(b.String()), `"`)[1:]
		out = append(out, j, strings.ReplaceAll(j, "/", `\/`))
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		for _, v := range []string{s, "Bearer " + s} {
			// The raw form is a prefix of the padded one; the last
			// character may hold bits of what follows, so it is left
			// out unless the length is a multiple of three.
			e := enc.EncodeToString([]byte(v))
			if len(v)%3 != 0 {
				e = e[:len(e)-1]
			}
			out = append(out, e)
		}
	}
	return out
}

// Bytes returns b with every secret replaced by Redacted; b itself when
// none is in it.
func (s *Scrubber) Bytes(b []byte) []byte {
	if s == nil || len(s.needles) == 0 || len(b) < MinSecretLen {
		return b
	}
	low := lowerASCII(bytes.Clone(b))
	var spans [][2]int
	for _, n := range s.needles {
		for i := 0; ; {
			j := bytes.Index(low[i:], n)
			if j < 0 {
				break
			}
			spans = append(spans, [2]int{i + j, i + j + len(n)})
			i += j + len(n)
		}
	}
	if len(spans) == 0 {
		return b
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	out := make([]byte, 0, len(b))
	at := 0
	for _, sp := range spans {
		if sp[1] <= at {
			continue // inside a span already replaced
		}
		if sp[0] < at {
			sp[0] = at // overlaps it: extend the replaced text
		} else {
			out = append(out, b[at:sp[0]]...)
			out = append(out, Redacted...)
		}
		at = sp[1]
	}
	return append(out, b[at:]...)
}

// String is Bytes for a string.
func (s *Scrubber) String(text string) string {
	if s == nil || len(s.needles) == 0 || len(text) < MinSecretLen {
		return text
	}
	out := s.Bytes([]byte(text))
	return string(out)
}

// Error returns err with its message scrubbed; it still unwraps to err, so
// errors.Is and errors.As see what it was (and a caller that digs the
// original out and prints it has chosen to).
func (s *Scrubber) Error(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if clean := s.String(msg); clean != msg {
		return &scrubbed{msg: clean, err: err}
	}
	return err
}

type scrubbed struct {
	msg string
	err error
}

func (e *scrubbed) Error() string { return e.msg }
func (e *scrubbed) Unwrap() error { return e.err }

// Header returns h with every value scrubbed; h itself when none holds a
// secret.
func (s *Scrubber) Header(h http.Header) http.Header {
	var out http.Header
	for k, vs := range h {
		for i, v := range vs {
			if c := s.String(v); c != v {
				if out == nil {
					out = h.Clone()
				}
				out[k][i] = c
			}
		}
	}
	if out == nil {
		return h
	}
	return out
}

// Writer returns w scrubbing each Write: a secret written across two
// writes is not found, so what goes through it should be written a line
// (or a document) at a time, as fmt.Fprintf and the report writers do.
func (s *Scrubber) Writer(w io.Writer) io.Writer {
	if s == nil || len(s.needles) == 0 {
		return w
	}
	return scrubWriter{s: s, w: w}
}

type scrubWriter struct {
	s *Scrubber
	w io.Writer
}

func (sw scrubWriter) Write(p []byte) (int, error) {
	if _, err := sw.w.Write(sw.s.Bytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// lowerASCII lower-cases the ASCII letters of b in place: the length and
// every other byte stay, so offsets found in it hold in the original.
func lowerASCII(b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return b
}
