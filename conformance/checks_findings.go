package conformance

import (
	"maps"
	"slices"
)

// findingStatements are the statements `rtq profile discover` may record
// a finding under (profile/discover): time filters, totals, cursors and
// the number filter.
var findingStatements = []string{"4.3.number", "4.3.totalFilter", "4.4.endTime", "4.4.lastToken", "4.4.startTime", "4.4.totalFilter", "4.4.window"}

// checkProfileFindings: what rtq profile discover saw break a SPEC
// statement (a time filter that changes nothing, a total that ignores the
// filter, a repeating cursor) fails here under that statement's id. The
// facts that depend on it are not in the profile, so the checks that need
// them skip: without this check the breach would pass unseen.
func checkProfileFindings(t *T) {
	ids := map[string]bool{}
	for _, f := range t.r.prof.Findings {
		t.Errorf(nil, "%s on %s: %s (seen by rtq profile discover)", f.Statement, f.Endpoint, f.What)
		ids[f.Statement] = true
	}
	if len(ids) > 0 {
		t.statements = slices.Sorted(maps.Keys(ids))
	}
}
