package e2e

import (
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// heldBreaks show a held object otherwise than the scenario holds it,
// each in a form every other rule accepts: an instant late in both of
// its members (so each *_iso is still its *_at), a project of zero
// values where the form has none, a mask that hides one character of
// the value. (A verify's submit time late is judged by the same rule,
// 4.2.successData; its break is left out here: which verify successes a
// run shows first is not yet the same at every --concurrency.)
func heldBreaks() []breakCase {
	late := func(m jsonMap) {
		at := num(m["submit_at"]) + 8*3600
		m["submit_at"] = itoa(at)
		if _, ok := m["submit_at_iso"]; ok {
			m["submit_at_iso"] = time.Unix(at, 0).In(contract.Zone).Format(contract.ISOLayout)
		}
	}
	return []breakCase{
		{"a record submitted 8 hours later than it was", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				late(rec)
			}
		}), []string{"getRecord.profile", "answers.2.1.held"}},
		{"a form without a project shows one of zero values", onAnswer("getFormList", func(_, a jsonMap) {
			for _, it := range list(a) {
				if f := it.(jsonMap); f["project"] == nil {
					f["project"] = jsonMap{"id": itoa(0), "name": "", "number": ""}
				}
			}
		}), []string{"formList.schema", "answers.2.3.project"}},
		{"a mask hides one character", onAnswer("getRecord", func(_, a jsonMap) {
			eachField(record(a), func(f jsonMap) {
				if s, ok := f["field_value"].(string); ok && strings.Count(s, "*") > 1 {
					f["field_value"] = s[:strings.Index(s, "*")+1] + strings.ReplaceAll(s[strings.Index(s, "*")+1:], "*", "x")
				}
			})
		}), []string{"answers.2.1.masked"}},
	}
}
