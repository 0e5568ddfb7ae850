package conformance

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/profile"
)

// The write checks change state, so they are planned before they run: a
// write check is a list of units, each the requests of one case or one
// flow (a reset, then verifies in order, then the reads that compare
// before and after), with the keys of what it may change: the
// certificate code and the record. Units that share a key form a chain
// and run in the order of the check table; units with no key in common
// run side by side (--concurrency above 1).
//
// A reset restores every record at once, so it must never fall while a
// unit is under way: the units run in rounds, a reset before each round,
// so that each unit starts from the profile's state, as it did when each
// case began with its own reset. At --concurrency 1 every unit is a
// round of its own and resets exactly as before.

// writePlan is what a write check does, as units the run can schedule.
type writePlan struct {
	units []writeUnit
	// done, when set, runs on the check's T after its units, with their
	// findings merged in order and whether each ran.
	done func(t *T, ran []bool)
}

// writeUnit is one chain of a write check.
type writeUnit struct {
	keys []string
	// reads is the record the unit reads after a move (0: none): the
	// first unit to read a record the profile does not list waits one
	// request more (the reads of the profile's records are shared).
	reads int64
	// cost is how many requests one after the other the unit sends: what
	// the planner packs rounds by.
	cost int
	// endsMoved says the unit's last request is a move of a record it
	// names, or a refusal of one that must leave it as it was: the
	// planner gives it a read of the record after that request
	// (rereadMoved) where the read lengthens no chain beyond the plan's
	// longest (planWrites).
	endsMoved bool
	// run sends the unit's requests on t; prior are the check's earlier
	// units, finished. It says whether the unit ran (a case can skip).
	run func(t *T, prior []*T) bool
}

// anyKey is the key of a unit that may change any record: it runs alone.
const anyKey = "*"

// keysOf names what a verify of code may change: the code, and the
// record when the case or the profile says which (a record's URL is a
// code too). A URL the profile does not know may be any record's.
func (r *runner) keysOf(code string, recordID int64) []string {
	keys := []string{"code:" + code}
	if recordID == 0 {
		for _, rec := range r.prof.Records {
			if rec.URL == code {
				recordID = rec.ID
			}
		}
	}
	switch {
	case recordID != 0:
		keys = append(keys, "record:"+strconv.FormatInt(recordID, 10))
	case strings.Contains(code, "://"):
		keys = append(keys, anyKey)
	}
	return keys
}

// caseKeys are the keys of a profile case.
func (r *runner) caseKeys(c profile.Case) []string {
	keys := r.keysOf(c.Code, c.RecordID)
	if url := r.recordURLOf(c.RecordID); url != "" && url != c.Code {
		keys = append(keys, "code:"+url)
	}
	return keys
}

// recordURLOf is the profile's record_url of a record ("" when unknown).
func (r *runner) recordURLOf(id int64) string {
	for _, rec := range r.prof.Records {
		if rec.ID == id && id != 0 {
			return rec.URL
		}
	}
	return ""
}

// caseLoad is how many requests one after the other the write units
// planned so far send on what a verify of c may change (the most of its
// keys): a check that may take any of several cases alike takes the
// least loaded, so that its units fit beside the others' in a round
// rather than after them (rounds), and the run's writes take fewer rounds.
func (r *runner) caseLoad(c profile.Case) int {
	n := 0
	for _, k := range r.caseKeys(c) {
		n = max(n, r.writeLoad[k])
	}
	return n
}

// caseCost is how many requests of a case follow one another.
func caseCost(c profile.Case) int { return max(1, len(c.Steps)) }

// movesRecord is the record a case reads after a move (0: none).
func movesRecord(c profile.Case) int64 {
	for _, s := range c.Steps {
		if s.Expect.Status != "" {
			return c.RecordID
		}
	}
	return 0
}

// planned is one unit of the run's write plan.
type planned struct {
	check, index int // the check (in table order) and the unit within it
	seq          int // the unit's place in the whole plan, from 1
	unit         writeUnit
}

// conflicts says whether two units may change the same thing.
func conflicts(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y || x == anyKey || y == anyKey {
				return true
			}
		}
	}
	return false
}

// rounds packs the units into rounds: no two units of a round share a
// key, units that share one keep their order, and the rounds take as
// little time as the plan allows: a round lasts as long as its costliest
// unit (its pace), so the packing whose paces add up least is taken, the
// fewest rounds on a tie (each begins with a reset). A round holds every
// ready unit no costlier than its pace (one held back to a later round
// shortens nothing), so a packing is a choice of pace for each round: the
// search over those, memoized by the units left, is small for a profile's
// plan; past packBudget states it takes the greedy packing (greedyRounds).
// One at a time (sequential) each unit is a round of its own, in order.
func rounds(units []planned, sequential bool) [][]planned {
	if sequential {
		out := make([][]planned, len(units))
		for i, u := range units {
			out[i] = []planned{u}
		}
		return out
	}
	return newPacker(units).rounds()
}

// packBudget bounds the packings the search weighs before it settles for
// the greedy one.
const packBudget = 20000

// packer searches the packings of units (rounds).
type packer struct {
	units  []planned
	before [][]int // the earlier units each unit conflicts with
	memo   map[string]packing
	budget int // the most states weighed (packBudget)
}

// packing is the best packing of what is left: its total pace, its
// number of rounds, and the first round's pace.
type packing struct {
	pace, rounds, first int
}

func newPacker(units []planned) *packer {
	p := &packer{units: units, before: make([][]int, len(units)), memo: map[string]packing{}, budget: packBudget}
	for i, u := range units {
		for j, e := range units[:i] {
			if conflicts(e.unit.keys, u.unit.keys) {
				p.before[i] = append(p.before[i], j)
			}
		}
	}
	return p
}

// rounds is the best packing, or the greedy one past the budget.
func (p *packer) rounds() [][]planned {
	done := make([]byte, len(p.units))
	if _, ok := p.best(done); !ok {
		return greedyRounds(p.units)
	}
	var out [][]planned
	for left := len(p.units); left > 0; {
		round := p.take(done, p.memo[string(done)].first)
		for _, i := range round {
			done[i] = 1
		}
		left -= len(round)
		r := make([]planned, len(round))
		for k, i := range round {
			r[k] = p.units[i]
		}
		out = append(out, r)
	}
	return out
}

// ready are the units left whose earlier conflicting units are all done.
func (p *packer) ready(done []byte) []int {
	var out []int
	for i := range p.units {
		if done[i] != 0 {
			continue
		}
		ok := true
		for _, j := range p.before[i] {
			ok = ok && done[j] != 0
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// take is the round at pace: every ready unit no costlier.
func (p *packer) take(done []byte, pace int) []int {
	var out []int
	for _, i := range p.ready(done) {
		if p.units[i].unit.cost <= pace {
			out = append(out, i)
		}
	}
	return out
}

// best is the best packing of the units done leaves (done is restored).
func (p *packer) best(done []byte) (packing, bool) {
	key := string(done)
	if b, ok := p.memo[key]; ok {
		return b, true
	}
	if len(p.memo) >= p.budget {
		return packing{}, false
	}
	ready := p.ready(done)
	if len(ready) == 0 {
		p.memo[key] = packing{}
		return packing{}, true
	}
	var paces []int
	for _, i := range ready {
		if c := p.units[i].unit.cost; !slices.Contains(paces, c) {
			paces = append(paces, c)
		}
	}
	slices.Sort(paces)
	var best packing
	for n, pace := range paces {
		round := p.take(done, pace)
		for _, i := range round {
			done[i] = 1
		}
		rest, ok := p.best(done)
		for _, i := range round {
			done[i] = 0
		}
		if !ok {
			return packing{}, false
		}
		c := packing{pace: pace + rest.pace, rounds: 1 + rest.rounds, first: pace}
		if n == 0 || c.pace < best.pace || c.pace == best.pace && c.rounds < best.rounds {
			best = c
		}
	}
	p.memo[key] = best
	return best, true
}

// greedyRounds packs rounds without search: each round holds the next
// unit of the chain with the most work left, and beside it every other
// unit that is ready and no costlier.
func greedyRounds(units []planned) [][]planned {
	var out [][]planned
	left := append([]planned(nil), units...)
	for len(left) > 0 {
		tail := tails(left)
		ready := readyUnits(left)
		crit := ready[0]
		for _, i := range ready[1:] {
			if tail[i] > tail[crit] {
				crit = i
			}
		}
		pace := left[crit].unit.cost
		var round []planned
		taken := map[int]bool{}
		for _, i := range ready {
			if i == crit || left[i].unit.cost <= pace {
				round = append(round, left[i])
				taken[i] = true
			}
		}
		out = append(out, round)
		var rest []planned
		for i, u := range left {
			if !taken[i] {
				rest = append(rest, u)
			}
		}
		left = rest
	}
	return out
}

// readyUnits are the indexes of units no earlier unit conflicts with.
func readyUnits(left []planned) []int {
	var ready []int
	for i, u := range left {
		ok := true
		for _, e := range left[:i] {
			if conflicts(e.unit.keys, u.unit.keys) {
				ok = false
				break
			}
		}
		if ok {
			ready = append(ready, i)
		}
	}
	return ready
}

// tails are, for each unit, the requests of the longest chain from it to
// the end of the plan (itself included).
func tails(left []planned) []int {
	tail := make([]int, len(left))
	for i := len(left) - 1; i >= 0; i-- {
		next := 0
		for j := i + 1; j < len(left); j++ {
			if conflicts(left[i].unit.keys, left[j].unit.keys) {
				next = max(next, tail[j])
			}
		}
		tail[i] = left[i].unit.cost + next
	}
	return tail
}

// chains keeps where each key's chain ends (in requests from the start of
// the run), to tell the longest chain of the plan whatever the rounds.
type chains struct {
	floor int // where writes start: after every read they wait for
	end   map[string]int
	all   int // the end of the latest unit that may change anything
}

func newChains(floor int) *chains { return &chains{floor: floor, end: map[string]int{}, all: floor} }

// start is where a unit with keys begins: after every earlier unit it
// conflicts with.
func (c *chains) start(keys []string) int {
	d := max(c.floor, c.all)
	for _, k := range keys {
		if k == anyKey {
			for _, e := range c.end {
				d = max(d, e)
			}
		}
		d = max(d, c.end[k])
	}
	return d
}

// finish records that a unit with keys ended at depth d.
func (c *chains) finish(keys []string, d int) {
	for _, k := range keys {
		if k == anyKey {
			c.all = max(c.all, d)
			continue
		}
		c.end[k] = max(c.end[k], d)
	}
}
