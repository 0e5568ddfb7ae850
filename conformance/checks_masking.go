package conformance

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// Masking (docs/contract.md §2.1: a masked value "is returned in desensitized form"):
// in json the value of a field with is_masked shows a mask character, and
// no other format may give the value away. The other formats' layouts are
// the target's choice, so the check assumes none: it looks, anywhere in the
// json-ld payload's strings and the markdown text, for the json form's
// visible characters with each hidden one filled in by a letter or digit.

// maskedValue is a masked string as json shows it.
type maskedValue struct {
	field int64
	value []rune
	// ftype is the field's type as json gives it ("" where unknown): what
	// share of the value a mask may show (rules.MaskShare).
	ftype string
}

func checkRecordMasked(t *T) {
	chars := maskChars(t.r.prof)
	var seen atomic.Int64 // branches count side by side
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		var masked []maskedValue
		public := map[string]bool{}
		for _, f := range rules.Fields(payload) {
			opts, _ := f["options"].(map[string]any)
			s, isString := f["field_value"].(string)
			if opts["is_masked"] != true || !isString || s == "" {
				continue
			}
			seen.Add(1)
			id, _ := intOf(f["field_id"])
			if !strings.ContainsAny(s, chars) {
				t.Errorf(x, "record %d field %d (%v): is_masked but the value shows no mask character (%s)", rec.ID, id, f["field_type"], chars)
				continue
			}
			ft, _ := f["field_type"].(string)
			masked = append(masked, maskedValue{id, []rune(s), ft})
		}
		if len(masked) == 0 {
			return
		}
		collectPublic(payload, public, masked)
		t.maskedElsewhere(rec, masked, public, chars)
	})
	if seen.Load() == 0 && !t.failed() && t.skip == "" {
		t.Notef("no masked string values seen")
	}
}

// maskedElsewhere fails when json-ld or markdown shows a masked value in clear.
func (t *T) maskedElsewhere(rec profile.Record, masked []maskedValue, public map[string]bool, chars string) {
	for _, format := range []string{"json-ld", "markdown"} {
		x := t.getRecord(map[string]any{"record_id": rec.ID, "format": format})
		obj, _ := x.Doc.(map[string]any)
		data, _ := obj["data"].(map[string]any)
		var texts []string
		collectStrings(data["data"], &texts)
		pub := publicTexts(public, chars)
		for _, m := range masked {
			mv := rules.Normalised(m.value, chars)
			for _, s := range texts {
				if clear := unmaskedIn(mv, rules.Normalised([]rune(s), chars), chars, pub); clear != "" {
					t.Errorf(x, "record %d field %d: masked in json (%s) but %s shows it in clear", rec.ID, m.field, string(m.value), format)
					break
				}
			}
		}
	}
}

// collectPublic gathers every string of the json payload that is not a
// masked value: text the target shows in clear anyway (titles, names), which
// a match in another format may legitimately be part of.
func collectPublic(payload map[string]any, public map[string]bool, masked []maskedValue) {
	skip := map[string]bool{}
	for _, m := range masked {
		skip[string(m.value)] = true
	}
	var all []string
	collectStrings(payload, &all)
	for _, s := range all {
		if !skip[s] {
			public[s] = true
		}
	}
}

// collectStrings appends every string in a decoded JSON value.
func collectStrings(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case map[string]any:
		for _, e := range v {
			collectStrings(e, out)
		}
	case []any:
		for _, e := range v {
			collectStrings(e, out)
		}
	}
}

// unmasked returns a piece of text that is the masked value with every
// mask character replaced by a letter or digit, not part of any public
// string; "" when there is none. Both are compared in one form
// (normalised): full-width letters, digits and signs as their ASCII
// selves, and the separators a text may group a value with (spaces,
// dashes, dots, brackets) taken out, so that 138 1234 5678 and
// １３８-１２３４-５６７８ are 13812345678. The piece must stand apart
// from what is around it only where a reader would see a word go on: a
// digit beside a digit, a Latin letter beside a Latin letter; Chinese
// text has no word boundaries, so a name inside a sentence (陈静怡的卡)
// is found.
func unmasked(masked, text []rune, chars string, public map[string]bool) string {
	return unmaskedIn(rules.Normalised(masked, chars), rules.Normalised(text, chars), chars, publicTexts(public, chars))
}

// unmaskedIn is unmasked on a masked value and a text already
// normalised, against the public strings as publicTexts gives them: a
// run holds every text to every masked value, so each is normalised
// once, not once a pair.
func unmaskedIn(masked, text []rune, chars string, public []string) string {
	visible := false
	for _, r := range masked {
		visible = visible || !strings.ContainsRune(chars, r)
	}
	if !visible || len(text) < len(masked) {
		return ""
	}
	for i := 0; i+len(masked) <= len(text); i++ {
		if !fills(masked, text[i:i+len(masked)], chars) {
			continue
		}
		end := i + len(masked)
		if i > 0 && wordGoesOn(text[i-1], text[i]) || end < len(text) && wordGoesOn(text[end], text[end-1]) {
			continue
		}
		cand := string(text[i:end])
		if !partOfPublic(cand, public) {
			return cand
		}
	}
	return ""
}

// wordGoesOn says a reader sees the word at edge go on into next: both
// digits, or both Latin letters. Han characters make no words of their
// own.
func wordGoesOn(next, edge rune) bool {
	class := func(r rune) int {
		switch {
		case unicode.IsDigit(r):
			return 1
		case unicode.Is(unicode.Han, r) || !unicode.IsLetter(r):
			return 0
		}
		return 2
	}
	return class(next) != 0 && class(next) == class(edge)
}

// fills says whether got is masked with each mask character filled in.
func fills(masked, got []rune, chars string) bool {
	hidden := false
	for j, r := range masked {
		if strings.ContainsRune(chars, r) {
			if !isWordRune(got[j]) || strings.ContainsRune(chars, got[j]) {
				return false
			}
			hidden = true
		} else if got[j] != r {
			return false
		}
	}
	return hidden
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func partOfPublic(s string, public []string) bool {
	for _, p := range public {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// publicTexts are the public strings normalised, as unmasked compares
// a piece with them.
func publicTexts(public map[string]bool, chars string) []string {
	out := make([]string, 0, len(public))
	for p := range public {
		out = append(out, string(rules.Normalised([]rune(p), chars)))
	}
	return out
}

// maskRef is what a record's json answer masks, and the strings it
// shows in public: what every other answer of the record is held to
// (relation.masked in a run, relation.live.masked on live traffic).
// held are the masked values the profile holds for the record (length
// and fingerprint, profile.Held): their clear form is looked for
// whatever the mask looks like, so a value of any length, one character
// or a name shorter than its mask (赵敏 masked 赵**), is found.
type maskRef struct {
	masked []maskedValue
	public map[string]bool
	held   []heldValue
	// plain and unescaped are the public strings normalised as unmasked
	// and insidePublic compare them (the second without Markdown's
	// escapes), made once: every piece of every text is held to them.
	plain, unescaped []string
}

// heldValue is a masked value the profile holds: its field, its folded
// length and its fingerprint's hash.
type heldValue struct {
	field  int64
	length int
	sum    uint64
}

// maskRefOf reads a json answer's payload; held are the record's masked
// values the profile holds (none: only what json masks is looked for).
// The public strings are the payload's strings but the values of masked
// fields, whether json masks them or the profile says they are masked
// (a json answer that shows one in clear makes it no public text).
func maskRefOf(payload map[string]any, chars string, held []profile.HeldMask) *maskRef {
	r := &maskRef{public: map[string]bool{}}
	heldField := map[int64]bool{}
	for _, h := range held {
		if sum, ok := profile.ParseFingerprint(h.Fingerprint); ok && h.Length > 0 {
			r.held = append(r.held, heldValue{h.Field, h.Length, sum})
			heldField[h.Field] = true
		}
	}
	var private []maskedValue
	for _, f := range rules.Fields(payload) {
		opts, _ := f["options"].(map[string]any)
		s, isString := f["field_value"].(string)
		fid, _ := intOf(f["field_id"])
		ft, _ := f["field_type"].(string)
		if opts["is_masked"] == true && isString && strings.ContainsAny(s, chars) {
			r.masked = append(r.masked, maskedValue{fid, []rune(s), ft})
		}
		if isString && (opts["is_masked"] == true || heldField[fid]) {
			private = append(private, maskedValue{fid, []rune(s), ft})
		}
	}
	collectPublic(payload, r.public, private)
	r.plain = publicTexts(r.public, chars)
	for p := range r.public {
		r.unescaped = append(r.unescaped, string(rules.Normalised(unescaped([]rune(p)), chars)))
	}
	return r
}

// empty says r has nothing to look for.
func (r *maskRef) empty() bool { return len(r.masked) == 0 && len(r.held) == 0 }

// leak is the first value r masks that an answer's payload (any format)
// shows in clear.
//
// Every string is read as it is and as each encoding a client decodes
// gives it (decodings), and a masked value the profile holds is found
// by the hidden characters alone too (masks_derived.go).
func (r *maskRef) leak(payload any, chars string) (maskedValue, bool) {
	var raw []string
	collectStrings(payload, &raw)
	// Each text decoded and normalised once, both ways the comparisons
	// below read it: as written (unmasked) and without Markdown's
	// escapes (the held values).
	var plain, unesc [][]rune
	for _, s := range raw {
		for _, d := range decodings(s) {
			rs := []rune(d)
			plain = append(plain, rules.Normalised(rs, chars))
			unesc = append(unesc, rules.Normalised(unescaped(rs), chars))
		}
	}
	for _, m := range r.masked {
		mv := rules.Normalised(m.value, chars)
		for _, text := range plain {
			if clear := unmaskedIn(mv, text, chars, r.plain); clear != "" {
				return m, true
			}
		}
	}
	for _, h := range r.held {
		for _, text := range unesc {
			if clear := r.heldClear(h, text, chars); clear != "" {
				return maskedValue{field: h.field, value: []rune(fmt.Sprintf("%d characters the profile holds", h.length))}, true
			}
		}
	}
	runs := r.hiddenRuns(chars)
	for _, run := range runs {
		for _, text := range unesc {
			if piece := cmp.Or(r.revealed(run, text, chars), r.revealedPart(run, text, chars)); piece != "" {
				return maskedValue{field: run.field, value: []rune(fmt.Sprintf("the %d characters its mask hides, found by the profile's fingerprint in a string of this answer, as written or decoded",
					run.hidden))}, true
			}
		}
	}
	return maskedValue{}, false
}

// heldClear is a piece of text (normalised, Markdown's escapes taken
// out) whose fingerprint is the
// held value's, standing apart as unmasked asks and not part of a
// public string ("" when there is none): the value in clear. A short
// value is found only where it stands as itself: inside a longer run
// of digits or Latin letters it is another word, and inside text json
// shows in public (a form title that holds a name, a status that holds
// a character) it is that text, not the value.
func (r *maskRef) heldClear(h heldValue, text []rune, chars string) string {
	for i := 0; i+h.length <= len(text); i++ {
		end := i + h.length
		if profile.FingerprintSum(text[i:end]) != h.sum || containsAnyRune(text[i:end], chars) {
			continue // not the value, or a mask: a piece that shows a mask character hides something
		}
		if i > 0 && wordGoesOn(text[i-1], text[i]) || end < len(text) && wordGoesOn(text[end], text[end-1]) {
			continue
		}
		if !r.insidePublic(text, i, end, chars) {
			return string(text[i:end])
		}
	}
	return ""
}

// insidePublic says text[i:end] lies inside an occurrence, in text, of
// a string json shows in public: it is that text (a title holding a
// name, a status holding a character), not the value on its own.
func (r *maskRef) insidePublic(text []rune, i, end int, chars string) bool {
	s := string(text)
	lo, hi := len(string(text[:i])), len(string(text[:end]))
	for _, np := range r.unescaped {
		if len(np) < hi-lo {
			continue
		}
		for from := max(0, hi-len(np)); from <= lo; {
			j := strings.Index(s[from:], np)
			if j < 0 || from+j > lo {
				break
			}
			if from+j+len(np) >= hi {
				return true
			}
			from += j + 1
		}
	}
	return false
}

// unescaped is a text without the backslashes Markdown puts before ASCII
// punctuation, so that an escaped title reads as json shows it.
func unescaped(rs []rune) []rune {
	out := make([]rune, 0, len(rs))
	for i, r := range rs {
		if r == '\\' && i+1 < len(rs) && rs[i+1] < 0x80 && unicode.IsPunct(rs[i+1]) || r == '\\' && i+1 < len(rs) && rs[i+1] < 0x80 && unicode.IsSymbol(rs[i+1]) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// relMasked (relation.masked): every getRecord answer the run read, in
// every format, by id and by URL, before and after the writes, shows no
// value in clear that the record's json masks. The masked values and the
// public strings are taken from the json answers of the same record;
// the record an answer is of, from its request (record_id, or a
// record_url a json answer gave).
func relMasked(t *T) {
	chars := maskChars(t.r.prof)
	xs := t.r.answers.recordAnswers()
	// In the order of their requests, not of their arrival: what the
	// finding names first must not depend on --concurrency.
	sortByExample(xs, nil)
	refs, ids := map[int64]*maskRef{}, map[string]int64{}
	jsons, byRecord := map[int64]*Exchange{}, map[int64][]*Exchange{}
	for _, x := range xs {
		payload, _ := payloadOf(x).(map[string]any)
		if payload == nil || !isJSONAnswer(x) {
			continue
		}
		id, ok := intOf(payload["record_id"])
		if !ok {
			continue
		}
		if u, _ := payload["record_url"].(string); u != "" {
			ids[u] = id
		}
		if refs[id] != nil {
			continue
		}
		refs[id], jsons[id] = maskRefOf(payload, chars, t.r.answers.env.HeldRecords[id].Masked), x
	}
	n := 0
	// A leak is a function of the record's reference and the answer's
	// body: the same body read again (by another key, another dress, in
	// another check) is searched once.
	type leakOf struct {
		m      maskedValue
		leaked bool
	}
	seen := map[string]leakOf{}
	for _, x := range xs {
		// Our keys' answers, and the other organization's key's (its own
		// records are records like ours: relation.keys reads them).
		if !ourRoles[x.Req.Key] && x.Req.Key != profile.RoleOtherOrg {
			continue
		}
		id, ok := recordOf(x, ids)
		r := refs[id]
		if !ok || r == nil || r.empty() {
			continue
		}
		n++
		t.r.answers.examined([]string{"2.1.masked", "C8.otherFormats"}, x)
		k := strconv.FormatInt(id, 10) + "\x00" + string(x.Body)
		l, done := seen[k]
		if !done {
			l.m, l.leaked = r.leak(payloadOf(x), chars)
			seen[k] = l
		}
		if m, leaked := l.m, l.leaked; leaked {
			t.Errorf(x, "record %d field %d: json masks it (%s), this answer shows it in clear", id, m.field, string(m.value))
		}
		byRecord[id] = append(byRecord[id], x)
	}
	// Across formats: what a record's answers show of a masked value
	// together (masks_union.go).
	for _, id := range slices.Sorted(maps.Keys(byRecord)) {
		texts := maskedTexts(byRecord[id], chars) // read once for both
		t.maskUnions(id, refs[id], jsons[id], byRecord[id], texts, chars)
		t.maskShares(id, refs[id], jsons[id], byRecord[id], texts, chars)
	}
	if n == 0 {
		t.Skipf("no getRecord answer of a record with a masked value")
	}
}

// ourRoles are the keys of the caller's own organization.
var ourRoles = map[string]bool{"read": true, "write": true, "limited": true}

// isJSONAnswer says a getRecord answer is in json (asked for, or by default).
func isJSONAnswer(x *Exchange) bool {
	body := x.Params()
	f, _ := body["format"].(string)
	return f == "" || f == "json"
}

// recordOf is the record a getRecord request names: its record_id, or the
// record a json answer gave its record_url.
func recordOf(x *Exchange, ids map[string]int64) (int64, bool) {
	body := x.Params()
	if id, ok := intOf(body["record_id"]); ok {
		return id, true
	}
	u, _ := body["record_url"].(string)
	id, ok := ids[u]
	return id, ok
}

func containsAnyRune(rs []rune, chars string) bool {
	for _, r := range rs {
		if strings.ContainsRune(chars, r) {
			return true
		}
	}
	return false
}
