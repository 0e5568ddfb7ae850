package conformance

import (
	"fmt"
	"slices"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// judgeBetween judges the statements no one answer shows, between the
// answers of the whole run, once every answer is in: every verify
// success (every key, every address, every move, the matrix's and the
// cases' alike) is put beside every json read of the record its
// certificate_code names (by the record_code or record_url a read gave,
// else the record_id the success gives), and must describe it as
// getRecord does (rules.SuccessData). A success no read of the run
// concerns is not evaluated. What it finds does not depend on the order
// the answers came in: the reads are a set, each success judged alone.
func (a *answers) judgeBetween() {
	a.mu.Lock()
	defer a.mu.Unlock()
	names := map[string]int64{}
	reads := map[int64][]rules.Facts{}
	for _, x := range a.records {
		if x.Err != nil {
			continue
		}
		f, code, url, ok := rules.ReadFacts(ruleExchange(&contract.GetRecord, x))
		if !ok {
			continue
		}
		for _, name := range []string{code, url} {
			if name != "" {
				names[name] = f.ID
			}
		}
		if !slices.ContainsFunc(reads[f.ID], func(g rules.Facts) bool { return fmt.Sprint(g) == fmt.Sprint(f) }) {
			reads[f.ID] = append(reads[f.ID], f)
		}
	}
	for _, x := range a.verifies {
		if x.Err != nil {
			continue
		}
		v, certificate, ok := rules.VerifiedFacts(ruleExchange(&contract.Verify, x))
		if !ok {
			continue
		}
		named := names[certificate]
		id := named
		if id == 0 {
			id = v.ID
		}
		rs := reads[id]
		if len(rs) == 0 {
			continue
		}
		var problems []string
		for _, r := range rs {
			for _, p := range rules.DescribesRecord(v, named, r) {
				if !slices.Contains(problems, p) {
					problems = append(problems, p)
				}
			}
		}
		addTo(a.on, rules.SuccessData, x)
		addTo(a.ruled, rules.SuccessData, x)
		if len(problems) > 0 {
			if a.broken[rules.SuccessData] == nil {
				a.broken[rules.SuccessData] = map[*Exchange][]string{}
			}
			a.broken[rules.SuccessData][x] = problems
		}
	}
}
