package conformance

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/profile"
)

// planConcurrent runs the profile's concurrent cases (identical moves),
// and pairs of moves of one credential at once (verify_overlaps.go),
// each pair a unit of its own, when the profile has concurrent cases.
func planConcurrent(t *T) writePlan {
	p := planCases(profile.KindConcurrent)(t)
	cases := len(p.units)
	var judges []*overlapJudge
	if cases > 0 {
		var units []writeUnit
		units, judges = t.overlapUnits(t.r.opts.Seed)
		p.units = append(p.units, units...)
	}
	p.done = func(t *T, ran []bool) {
		casesDone(t, profile.KindConcurrent, ran[:cases])
		overlapsDone(t, judges)
	}
	return p
}

// inAnswerOrder sorts the exchanges of requests sent at once by what was
// sent and what came back: which of them the target let win is its race,
// and a report must not depend on it.
func inAnswerOrder(xs []*Exchange) []*Exchange {
	out := slices.Clone(xs)
	key := func(x *Exchange) string {
		err := ""
		if x.Err != nil {
			err = x.Err.Error()
		}
		return fmt.Sprintf("%s\x00%d\x00%s\x00%s", x.Req.Body, x.Status, x.Body, err)
	}
	slices.SortStableFunc(out, func(a, b *Exchange) int { return strings.Compare(key(a), key(b)) })
	return out
}
