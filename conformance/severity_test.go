package conformance

import "testing"

// TestSeveritiesFollowTheContract pins the severities the contract fixes
// where they were once different: what the spec says is must, what it
// words loosely is should, a kit choice never fails a run.
func TestSeveritiesFollowTheContract(t *testing.T) {
	want := map[string]Severity{
		"transport.contentType":                         Must,   // errors included
		"verify.concurrent":                             Must,   // one winner
		"formList.defaults":                             Must,   // docs/contract.md §8 gives the defaults
		"getRecord.error.format":                        Must,   // a value out of range
		"formList.error.shape":                          Must,   // a string that is no integer
		"templates.error.shape":                         Must,   // no ISO 8601 time
		"formList.filter.combined":                      Must,   // both filters apply
		"formList.paging.lastPage":                      Should, // the contract's formula
		"formList.filter.searchKey":                     Should, // fuzzy: the kit reads substring
		"negative.getFormList.notServerError":           Should, // the status line is not the spec's
		"negative.getFormList.body.notUTF8":             Should, // decoders repair it leniently
		"negative.getFormList.page.belowMinimum":        Must,
		"negative.verify.to_certificate_status.missing": Must,
		"formList.paging.pastEnd":                       Info, // what lies past the end is the kit's
		"verify.visible":                                Info, // the kit shows moves in getRecord
	}
	got := map[string]Severity{}
	for _, c := range CheckIDs() {
		got[c.ID] = c.Severity
	}
	for id, sev := range want {
		if got[id] != sev {
			t.Errorf("%s: severity %q, want %q", id, got[id], sev)
		}
	}
}
