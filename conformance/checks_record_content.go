package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// defaultMaskChars are the characters a masked value may use to hide parts.
const defaultMaskChars = rules.DefaultMaskChars

func checkRecordProfile(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		have := map[string]bool{}
		for _, ft := range fieldTypesOf(payload) {
			have[ft] = true
		}
		for _, ft := range rec.FieldTypes {
			if !have[ft] {
				t.Errorf(x, "record %d: the profile says it holds a %s field, the answer has none", rec.ID, ft)
			}
		}
		masked := maskedFieldIDs(payload)
		for _, id := range rec.MaskedFields {
			if !masked[id] {
				t.Errorf(x, "record %d: field %d should be masked (options.is_masked true)", rec.ID, id)
			}
		}
		// What the profile holds of the record (held.records): the rule
		// 2.1.held judges every answer of it; this check the first.
		if h, ok := t.r.answers.env.HeldRecords[rec.ID]; ok {
			for _, p := range rules.HeldRecordProblems(payload, h) {
				t.Errorf(x, "record %d: %s", rec.ID, p)
			}
		}
	})
}

func maskedFieldIDs(rec map[string]any) map[int64]bool {
	out := map[int64]bool{}
	for _, f := range rules.Fields(rec) {
		opts, _ := f["options"].(map[string]any)
		if opts["is_masked"] == true {
			id, _ := intOf(f["field_id"])
			out[id] = true
		}
	}
	return out
}

func checkRecordISO(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		for _, p := range rules.ISOMismatches("", payload) {
			t.Errorf(x, "record %d: %s", rec.ID, p)
		}
	})
}

func maskChars(p *profile.Profile) string {
	if p.Masking != nil && p.Masking.Chars != "" {
		return p.Masking.Chars
	}
	return defaultMaskChars
}

func checkRecordChinese(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		for _, p := range rules.GeneratedTexts(payload) {
			if p.Text != "" && !rules.HasCJK(p.Text) {
				t.Errorf(x, "record %d: %s %q has no Chinese characters", rec.ID, p.Where, p.Text)
			}
		}
	})
}

// checkRecordNotFound: a record nobody has, another organization's, and
// one of ours by its URL with the code spelt otherwise (another letter
// case, full width) or the URL on another host or scheme, with its
// path in the other case, without its scheme, protocol-relative or with
// user information (spellings.go), its code with a confusable in it
// (an invisible character, a look-alike or accented letter, a leading
// zero before its digits: confusable), or with a NUL after it (tails.go; identifiers
// are exact, §C10), and an
// identifier of another kind of ours (otherKindsFor: a bare record code,
// a record number, a template's URL) are no success.
func checkRecordNotFound(t *T) {
	ids := append([]int64{unknownRecordID}, t.r.prof.Foreign.RecordIDs...)
	var urls []string
	if len(t.r.prof.Records) > 0 {
		var known []string
		for _, r := range t.r.prof.Records {
			known = append(known, r.URL)
		}
		urls = urlFoldings(t.r.prof.Records[0].URL, setOf(known))
		urls = append(urls, urlNearForms(t.r.opts.Seed, "record url", t.r.prof.Records[0].URL, setOf(known), 1)...)
		urls = append(urls, pastedForms(t.r.opts.Seed, "record url", t.r.prof.Records[0].URL, setOf(known), false)...)
		urls = append(urls, urlRespellings(t.r.opts.Seed, "record url", t.r.prof.Records[0].URL, setOf(known), urlPerSite)...)
		urls = append(urls, tailStrings(t.r.opts.Seed, "record_url", t.r.prof.Records[0].URL, setOf(known), 1)...)
		// Its code respelt in a class of codeConfusables the seed picks
		// (an invisible character, a look-alike letter, an accented
		// letter, a leading zero before its digits).
		seed := t.r.opts.Seed
		if f, _ := confusable(t.r.prof.Records[0].URL, pick(seed, "record url confusable", len(codeConfusables)),
			pick(seed, "record url invisible", len(invisibles)*len(invisiblePlaces))); f != "" && !setOf(known)[f] {
			urls = append(urls, f)
		}
	}
	spelt := len(urls)
	var whats []string
	for _, id := range t.otherKindsFor("record_url") {
		urls = append(urls, id.v)
		whats = append(whats, id.what)
	}
	t.each(len(ids)+len(urls), func(t *T, i int) {
		if j := i - len(ids); j >= spelt {
			x := t.post(contract.GetRecord, "read", map[string]any{"record_url": urls[j]})
			t.errorAnswer(x, contract.GetRecord, fmt.Sprintf("record_url %q, %s (no record's URL)", urls[j], whats[j-spelt]))
			return
		}
		if i >= len(ids) {
			u := urls[i-len(ids)]
			x := t.post(contract.GetRecord, "read", map[string]any{"record_url": u})
			t.errorAnswer(x, contract.GetRecord, fmt.Sprintf("record_url %s, record %d's spelt otherwise", u, t.r.prof.Records[0].ID))
			return
		}
		x := t.post(contract.GetRecord, "read", map[string]any{"record_id": ids[i]})
		if i == 0 {
			t.errorAnswer(x, contract.GetRecord, "unknown record_id")
		} else {
			t.refused(x, contract.GetRecord, fmt.Sprintf("record %d of another organization", ids[i]))
		}
	})
}

func checkRecordParams(t *T) {
	x := t.post(contract.GetRecord, "read", map[string]any{})
	t.errorAnswer(x, contract.GetRecord, "neither record_id nor record_url")
}

// checkRecordBadFormat: a format outside the three the spec lists is a value
// out of range, which gets the endpoint's error shape (docs/contract.md §C1,
// bad request input).
func checkRecordBadFormat(t *T) {
	id := int64(unknownRecordID)
	if len(t.r.prof.Records) > 0 {
		id = t.r.prof.Records[0].ID
	}
	x := t.post(contract.GetRecord, "read", map[string]any{"record_id": id, "format": "rtq-no-such-format"})
	t.errorAnswer(x, contract.GetRecord, "format not one of json, json-ld, markdown")
}
