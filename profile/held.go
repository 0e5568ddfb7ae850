package profile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Held are values the target holds for its objects (for the mock, the
// scenario's), stated so that every answer showing one of these objects
// can be held to them: a record's submit time, number, organization and
// project, a form's project, and a masked value's length and
// fingerprint (never the value itself: a masked value leaves the target
// only masked). No request is planned from them; the runner and rtq
// proxy judge by them whatever answers show these objects.
type Held struct {
	Records []HeldRecord `json:"records,omitempty" yaml:"records,omitempty"`
	Forms   []HeldForm   `json:"forms,omitempty" yaml:"forms,omitempty"`
}

// HeldRecord is what the target holds for one record; an empty member
// is not stated.
type HeldRecord struct {
	ID int64 `json:"id" yaml:"id"`
	// SubmitAt is when the record was submitted, Unix seconds.
	SubmitAt *int64 `json:"submit_at,omitempty" yaml:"submit_at,omitempty"`
	// Number is the record's record_number.
	Number string `json:"record_number,omitempty" yaml:"record_number,omitempty"`
	// OrgID is the id of the organization owning it.
	OrgID *int64 `json:"org_id,omitempty" yaml:"org_id,omitempty"`
	// Org and Template are the record's org and record_template objects
	// as the target holds them: each member stated is held whole, so an
	// answer that shows another object's name under the right id is
	// wrong (an empty member is not stated).
	Org      *HeldObject `json:"org,omitempty" yaml:"org,omitempty"`
	Template *HeldObject `json:"record_template,omitempty" yaml:"record_template,omitempty"`
	// Project is the project it belongs to; NoProject says it belongs
	// to none.
	Project   *HeldProject `json:"project,omitempty" yaml:"project,omitempty"`
	NoProject bool         `json:"no_project,omitempty" yaml:"no_project,omitempty"`
	// Masked are the record's masked values by field.
	Masked []HeldMask `json:"masked,omitempty" yaml:"masked,omitempty"`
}

// HeldObject is a nested object as a record names it: its id and the
// text members a client shows beside it (name, code, number). An empty
// member is not stated.
type HeldObject struct {
	ID     *int64 `json:"id,omitempty" yaml:"id,omitempty"`
	Name   string `json:"name,omitempty" yaml:"name,omitempty"`
	Code   string `json:"code,omitempty" yaml:"code,omitempty"`
	Number string `json:"number,omitempty" yaml:"number,omitempty"`
}

// Members are the members o states, by their name in the answer.
func (o HeldObject) Members() map[string]any {
	out := map[string]any{}
	if o.ID != nil {
		out["id"] = *o.ID
	}
	for k, v := range map[string]string{"name": o.Name, "code": o.Code, "number": o.Number} {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// HeldForm is what the target holds for one form.
type HeldForm struct {
	ID        int64        `json:"id" yaml:"id"`
	Project   *HeldProject `json:"project,omitempty" yaml:"project,omitempty"`
	NoProject bool         `json:"no_project,omitempty" yaml:"no_project,omitempty"`
}

// HeldProject is a project as a record or form names it.
type HeldProject struct {
	ID     int64  `json:"id" yaml:"id"`
	Name   string `json:"name,omitempty" yaml:"name,omitempty"`
	Number string `json:"number,omitempty" yaml:"number,omitempty"`
}

// HeldMask is a masked value as the target holds it: its length in
// characters and its fingerprint, both of its Folded form.
type HeldMask struct {
	Field       int64  `json:"field_id" yaml:"field_id"`
	Length      int    `json:"length" yaml:"length"`
	Fingerprint string `json:"fingerprint" yaml:"fingerprint"`
}

// HeldMaskOf is the HeldMask of field's value v.
func HeldMaskOf(field int64, v string) HeldMask {
	f := Folded([]rune(v))
	return HeldMask{Field: field, Length: len(f), Fingerprint: Fingerprint(f)}
}

// DefaultMaskChars are the characters a masked value may use to hide
// parts, when the profile's masking section names none.
const DefaultMaskChars = "*＊•●×"

// Separators are what a text may put inside a value to group it for a
// reader; they are left out wherever values are compared.
const Separators = " \t\u00a0-‐‑‒–—―.·・()（）/"

// Fold is r as values are compared: full-width letters, digits and signs
// as their ASCII selves, the ideographic space as a space; keep is false
// for a separator, which comparisons leave out.
func Fold(r rune) (folded rune, keep bool) {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		r -= 0xFEE0
	case r == 0x3000:
		r = ' '
	}
	return r, !strings.ContainsRune(Separators, r)
}

// Folded is rs with every rune folded and separators left out.
func Folded(rs []rune) []rune {
	out := make([]rune, 0, len(rs))
	for _, r := range rs {
		if f, keep := Fold(r); keep {
			out = append(out, f)
		}
	}
	return out
}

// Fingerprint is the fingerprint of a folded value: "fnv1a64:" and the
// 64-bit FNV-1a hash of its UTF-8 in 16 lower-case hex digits. It finds
// the value in a text without the profile holding it.
func Fingerprint(folded []rune) string {
	return fmt.Sprintf("%s%016x", fingerprintPrefix, FingerprintSum(folded))
}

const fingerprintPrefix = "fnv1a64:"

// FingerprintSum is the hash a Fingerprint writes, computed without
// allocating: a text is searched window by window.
func FingerprintSum(folded []rune) uint64 {
	return FingerprintSumFrom(FingerprintOffset, folded)
}

// FingerprintOffset is the hash of no runes, where FingerprintSumFrom
// starts a value.
const FingerprintOffset uint64 = 14695981039346656037

// FingerprintSumFrom goes on hashing from h (FingerprintOffset, or what
// an earlier call gave for the runes before folded): a value whose
// beginning is known is hashed once up to it, and each candidate for
// the rest from there.
func FingerprintSumFrom(h uint64, folded []rune) uint64 {
	const prime = 1099511628211
	var buf [utf8.UTFMax]byte
	for _, r := range folded {
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			h ^= uint64(b)
			h *= prime
		}
	}
	return h
}

// ParseFingerprint reads a Fingerprint back to its hash.
func ParseFingerprint(s string) (uint64, bool) {
	hex, ok := strings.CutPrefix(s, fingerprintPrefix)
	if !ok || len(hex) != 16 {
		return 0, false
	}
	v, err := strconv.ParseUint(hex, 16, 64)
	return v, err == nil
}
