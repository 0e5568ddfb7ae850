package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Held values: per endpoint and member, a value the run holds that the
// target serves as it stands: a record's id and URL, a form number, a
// search key, a template's coding, a window's bounds from the profile;
// the member's default from the request schema; the probe's harmless
// values on verify. A wrong JSON type that wraps a held value (an array
// holding it) or a near form of it (its digits as a string, its
// separators removed) asks the question a value nobody holds cannot: a
// target that unwraps the array, or folds the form back, serves one of
// ours, and the rules over every answer see a success where the
// contract gives an error, or an answer about another object than the
// one named.

// heldValues are ep's held values (a member without one is absent).
func heldValues(p *profile.Profile, ep contract.Endpoint) map[string]any {
	out := map[string]any{}
	if b, ok := probeBodies[ep]; ok {
		for k, v := range b(p) {
			out[k] = v
		}
	}
	switch ep {
	case contract.GetRecord:
		out["format"] = "json"
		if len(p.Records) > 0 && p.Records[0].URL != "" {
			out["record_url"] = p.Records[0].URL
		}
	case contract.GetFormList:
		out["page"], out["page_size"] = int64(1), int64(contract.FormListDefaultPageSize)
		if len(p.Forms.Numbers) > 0 {
			out["number"] = p.Forms.Numbers[0]
		}
		if len(p.Forms.Searches) > 0 {
			out["search_key"] = p.Forms.Searches[0].Key
		}
	case contract.TemplatesList:
		out["page_size"] = int64(contract.TemplatesDefaultPageSize)
		if w := p.Templates.Window; w != nil {
			out["start_time"], out["end_time"] = w.Start, w.End
		}
	case contract.ListQrcodes:
		out["page_size"] = int64(contract.TemplatesDefaultPageSize)
		if items := p.Templates.Items; len(items) > 0 && items[0].Window != nil {
			out["start_time"], out["end_time"] = items[0].Window.Start, items[0].Window.End
		}
	}
	return out
}

// heldDigitForms are an integer the run holds written as strings a
// lenient reading may take for it or refuse, but never for another
// object: with a leading zero, padded with a space, and with its digits
// split by a space, which no reading of a number takes (rules.Faults:
// a string that is no number, an error).
func heldDigitForms(n int64) []any {
	s := fmt.Sprint(n)
	out := []any{"0" + s, " " + s}
	if len(s) > 1 {
		out = append(out, s[:len(s)/2]+" "+s[len(s)/2:])
	}
	return out
}
