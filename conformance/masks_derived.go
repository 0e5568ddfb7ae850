package conformance

import (
	"encoding/base64"
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// What a masked value gives away besides itself (§C8, C8.otherFormats).
// A text may show a masked value's hidden characters without showing
// the value: in an encoding a client decodes (a share link's query
// percent-encoded, an HTML entity, a JSON escape inside a text, base64
// that decodes to text), or derived from it (a birth date read off an
// identity number's hidden digits, a prefix longer than the mask
// shows). So every string of every answer of a record is read as it is
// and as each decoding gives it, and beside the clear value (heldClear)
// and the mask filled in (unmasked) each piece of it is tried as the
// hidden characters of a masked value the profile holds: the json
// mask's visible characters around the piece, hashed, are the held
// fingerprint when the piece is what the mask hides. A piece too short
// to tell a value from a coincidence (minHiddenWeight, minLoneWeight)
// is not tried, nor a piece inside a text json shows in public (a date
// field beside an identity number holding the same digits), nor one
// that runs on into the word around it or stands beside a mask
// character (a part of a masked form).

// minHiddenWeight is the least weight a piece must have to be taken for
// a value's hidden characters beside the mask's own visible characters
// (a prefix longer than the mask shows): a Han character weighs 2, any
// other 1, so two Han characters or four digits. A piece on its own (a
// birth date read off an identity number) must weigh minLoneWeight:
// four digits of a phone number are found in too many texts by chance.
const (
	minHiddenWeight = 4
	minLoneWeight   = 6
)

// hiddenRun is a held masked value as its json mask shows it: the
// visible characters before and after one run of hidden ones
// (normalised), how many characters the run holds (from the held
// length), and the fingerprint's state after the characters before it.
type hiddenRun struct {
	field         int64
	before, after []rune
	hidden        int
	from, sum     uint64
}

// hiddenRuns are the runs of the held values r's json masks: a mask
// whose visible characters stand before and after one run of mask
// characters (a mask that shows characters between two hidden runs is
// left to the other comparisons).
func (r *maskRef) hiddenRuns(chars string) []hiddenRun {
	var out []hiddenRun
	for _, h := range r.held {
		for _, m := range r.masked {
			if m.field != h.field {
				continue
			}
			mv := rules.Normalised(m.value, chars)
			first, last := -1, -1
			for i, c := range mv {
				if strings.ContainsRune(chars, c) {
					if first < 0 {
						first = i
					}
					last = i
				}
			}
			if first < 0 || containsVisible(mv[first:last+1], chars) {
				continue
			}
			before, after := mv[:first], mv[last+1:]
			hidden := h.length - len(before) - len(after)
			if hidden < 1 {
				continue
			}
			out = append(out, hiddenRun{field: h.field, before: before, after: after, hidden: hidden,
				from: profile.FingerprintSumFrom(profile.FingerprintOffset, before), sum: h.sum})
		}
	}
	return out
}

func containsVisible(rs []rune, chars string) bool {
	for _, r := range rs {
		if !strings.ContainsRune(chars, r) {
			return true
		}
	}
	return false
}

// revealed is a piece of text (normalised) that is exactly what run
// hides ("" when there is none): standing apart, or beside the mask's
// own visible characters, and not inside a text json shows in public.
func (r *maskRef) revealed(run hiddenRun, text []rune, chars string) string {
	if len(text) < run.hidden {
		return ""
	}
	for i := 0; i+run.hidden <= len(text); i++ {
		end := i + run.hidden
		piece := text[i:end]
		if !wordPiece(piece) || profile.FingerprintSumFrom(profile.FingerprintSumFrom(run.from, piece), run.after) != run.sum {
			continue
		}
		// The piece with the mask's visible characters a text shows
		// beside it: that span stands apart.
		from, to := i, end
		if endsWith(text[:i], run.before) {
			from -= len(run.before)
		}
		if startsWith(text[end:], run.after) {
			to += len(run.after)
		}
		if from == i && to == end && weight(piece) < minLoneWeight || !standsApart(text, from, to, chars) {
			continue
		}
		if !r.insidePublic(text, i, end, chars) {
			return string(piece)
		}
	}
	return ""
}

// standsApart says text[from:to] is a word of its own: no word goes on
// into it at either edge (wordGoesOn), and no mask character stands
// beside it (it would be part of a masked form).
func standsApart(text []rune, from, to int, chars string) bool {
	if from > 0 && (wordGoesOn(text[from-1], text[from]) || strings.ContainsRune(chars, text[from-1])) {
		return false
	}
	return to == len(text) || !wordGoesOn(text[to], text[to-1]) && !strings.ContainsRune(chars, text[to])
}

// maxGuessed is how many of a run's hidden digits revealedPart tries
// every value of, around a run of digits a text shows: a date of birth
// shows eight of the ten digits an identity number's mask of four and
// four hides.
const maxGuessed = 3

// revealedPart is a run of digits of text that is part of what run
// hides, in its place, when run hides digits (every character its mask
// shows is one): the digits around the part are tried with every value
// (at most maxGuessed of them), and the value is the held one when one
// of them hashes to its fingerprint. The part must stand on its own
// (a whole run of digits) and weigh minLoneWeight.
func (r *maskRef) revealedPart(run hiddenRun, text []rune, chars string) string {
	if !allDigits(run.before) || !allDigits(run.after) || len(run.before)+len(run.after) == 0 {
		return ""
	}
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		end := i
		for end < len(text) && isDigit(text[end]) {
			end++
		}
		start, part := i, text[i:end]
		i = end
		if len(part) < minLoneWeight || !standsApart(text, start, end, chars) || r.insidePublic(text, start, end, chars) {
			continue
		}
		// The hidden digits the run shows: after the mask's visible
		// beginning, before its visible end, or anywhere in between.
		lo, hi := 0, run.hidden
		switch {
		case startsWith(part, run.before):
			part = part[len(run.before):]
			hi = len(part)
		case endsWith(part, run.after):
			part = part[:len(part)-len(run.after)]
			lo = run.hidden - len(part)
		}
		guess := run.hidden - len(part)
		if len(part) == 0 || guess < 1 || guess > maxGuessed {
			continue
		}
		for at := lo; at+len(part) <= hi; at++ {
			if r.guessed(run, part, at, guess) {
				return string(part)
			}
		}
	}
	return ""
}

// guessed says run hides part at position at, with some digits in the
// other guess positions.
func (r *maskRef) guessed(run hiddenRun, part []rune, at, guess int) bool {
	fill := make([]rune, run.hidden)
	copy(fill[at:], part)
	var free []int
	for j := range fill {
		if j < at || j >= at+len(part) {
			free = append(free, j)
		}
	}
	for v := range pow10(guess) {
		for k, j := range free {
			fill[j] = rune('0' + v/pow10(k)%10)
		}
		if profile.FingerprintSumFrom(profile.FingerprintSumFrom(run.from, fill), run.after) == run.sum {
			return true
		}
	}
	return false
}

func pow10(k int) int {
	n := 1
	for range k {
		n *= 10
	}
	return n
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

func allDigits(rs []rune) bool {
	for _, r := range rs {
		if !isDigit(r) && r != 'X' && r != 'x' {
			return false
		}
	}
	return true
}

// wordPiece says a piece is letters and digits and weighs enough to be
// taken for a value's hidden characters.
func wordPiece(rs []rune) bool {
	for _, r := range rs {
		if !isWordRune(r) {
			return false
		}
	}
	return weight(rs) >= minHiddenWeight
}

// weight is how much a piece tells a value from a coincidence: a Han
// character weighs 2, any other 1.
func weight(rs []rune) int {
	w := 0
	for _, r := range rs {
		w++
		if unicode.Is(unicode.Han, r) {
			w++
		}
	}
	return w
}

func endsWith(rs, suffix []rune) bool {
	return len(suffix) > 0 && len(rs) >= len(suffix) && string(rs[len(rs)-len(suffix):]) == string(suffix)
}

func startsWith(rs, prefix []rune) bool {
	return len(prefix) > 0 && len(rs) >= len(prefix) && string(rs[:len(prefix)]) == string(prefix)
}

// decodings are s as each encoding a client decodes gives it, s first:
// percent-encoding (a URL's path or query), HTML character references,
// JSON's \u escapes inside a text, and each run of base64 in any of
// these that decodes to text. Each appears once; a decoding that
// changes nothing is left out.
func decodings(s string) []string {
	out := []string{s}
	add := func(d string) {
		for _, o := range out {
			if o == d {
				return
			}
		}
		out = append(out, d)
	}
	if strings.Contains(s, "%") {
		add(percentDecoded(s))
	}
	if strings.Contains(s, "&") {
		add(html.UnescapeString(s))
	}
	if strings.Contains(s, `\u`) || strings.Contains(s, `\U`) {
		add(jsonUnescaped(s))
	}
	for _, d := range append([]string(nil), out...) {
		for _, run := range base64Runs {
			for _, tok := range run.FindAllString(d, -1) {
				if t, ok := base64Text(tok); ok {
					add(t)
				}
			}
		}
		for _, m := range writtenDate.FindAllStringSubmatch(d, -1) {
			add(m[1] + pad2(m[2]) + pad2(m[3]))
		}
	}
	return out
}

// writtenDate is a date in the forms people write one (2026-01-08,
// 2026/1/8, 2026.01.08, 2026年1月8日): each is tried as the digits an
// identity number writes a date of birth in.
var writtenDate = regexp.MustCompile(`(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})`)

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// percentDecoded is s with every %XX sequence decoded and '+' in a
// query read as a space; a sequence that is not one is left as it is,
// and so is the whole when the bytes decoded are no UTF-8.
func percentDecoded(s string) string {
	var b []byte
	query := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]):
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(v))
			i += 2
			continue
		case c == '?':
			query = true
		case c == '+' && query:
			c = ' '
		}
		b = append(b, c)
	}
	if !utf8.Valid(b) {
		return s
	}
	return string(b)
}

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// jsonUnescaped is s with every \uXXXX escape (a surrogate pair as one
// character) decoded; anything else stays.
func jsonUnescaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+6 <= len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			if v, err := strconv.ParseUint(s[i+2:i+6], 16, 32); err == nil {
				r := rune(v)
				if 0xD800 <= r && r < 0xDC00 && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
					if lo, err := strconv.ParseUint(s[i+8:i+12], 16, 32); err == nil && 0xDC00 <= lo && lo < 0xE000 {
						b.WriteRune((r-0xD800)<<10 + (rune(lo) - 0xDC00) + 0x10000)
						i += 11
						continue
					}
				}
				b.WriteRune(r)
				i += 5
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// base64Runs are runs of the characters base64 writes, in its standard
// and its URL alphabet, long enough to hold a few characters of text.
var base64Runs = []*regexp.Regexp{regexp.MustCompile(`[A-Za-z0-9+/]{8,}={0,2}`), regexp.MustCompile(`[A-Za-z0-9_-]{8,}={0,2}`)}

// base64Text is tok decoded, when it decodes (in either alphabet, with
// or without padding) to text: UTF-8 without control characters.
func base64Text(tok string) (string, bool) {
	raw := strings.TrimRight(tok, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(raw)
		if err != nil || len(b) == 0 || !utf8.Valid(b) {
			continue
		}
		text := string(b)
		if strings.ContainsFunc(text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
			continue
		}
		return text, true
	}
	return "", false
}
