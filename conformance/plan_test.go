package conformance

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestSlotsServeTheCriticalPathFirst: when a slot frees, a waiting
// request of the critical path gets it before any background one,
// whatever order they came in; a waiter whose context ends leaves the
// queue, and a slot handed to it as it left goes on to the next.
func TestSlotsServeTheCriticalPathFirst(t *testing.T) {
	s := newSlots(1)
	if s.enqueue(prioRead, 0) != nil {
		t.Fatal("a free slot was not taken at once")
	}
	bg := s.enqueue(prioBackground, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.wait(ctx, s.enqueue(prioWrite, 0), new(priority)); err == nil {
		t.Fatal("a cancelled waiter got a slot")
	}
	crit := s.enqueue(prioWrite, 0)
	s.release(prioRead)
	select {
	case <-crit:
	default:
		t.Fatal("the freed slot did not go to the critical request")
	}
	select {
	case <-bg:
		t.Fatal("the background request got a slot too")
	default:
	}
	s.release(prioWrite)
	<-bg
	s.release(prioBackground)
	if s.enqueue(prioBackground, 0) != nil {
		t.Fatal("the slot was not free again after every release")
	}
}

// While writes remain the background never holds the last eighth of the
// slots: a request of a chain (a write, a read the writes wait for) gets
// one at once while the background waits, and a background request that
// gives its slot back hands it to the next background waiter. Once the
// writes are done, the background takes every slot.
func TestSlotsKeepAnEighthFromTheBackground(t *testing.T) {
	s := newSlots(16)
	ctx := context.Background()
	for i := range 14 {
		if _, err := s.acquire(ctx, prioBackground, 0, nil); err != nil {
			t.Fatalf("background request %d: %v", i, err)
		}
	}
	waiting := s.enqueue(prioBackground, 0)
	if waiting == nil {
		t.Fatal("a 15th background request of 16 slots got one: the writes would queue behind the background")
	}
	for i := range 2 {
		if ch := s.enqueue(prioWrite, 0); ch != nil {
			t.Fatalf("write %d queued while 2 slots were free", i)
		}
	}
	if ch := s.enqueue(prioRead, 0); ch == nil {
		t.Fatal("a read got a 17th slot of 16")
	}
	s.release(prioWrite) // to the read, which outranks the background
	select {
	case <-waiting:
		t.Fatal("the background waiter got the slot the read was waiting for")
	default:
	}
	s.release(prioBackground) // the background's own: to its waiter
	select {
	case <-waiting:
	default:
		t.Fatal("a slot the background gave back did not go to the background waiter")
	}
	s.release(prioWrite) // the last write: the slot stays free for the next
	if ch := s.enqueue(prioBackground, 0); ch == nil {
		t.Fatal("with a write's slot free the background took the writes' eighth")
	}
	s.writesDone()
	select {
	case <-waiting:
	default:
	}
	if free := func() int { s.mu.Lock(); defer s.mu.Unlock(); return s.free }(); free != 0 {
		t.Fatalf("%d slots free after the writes were done with a background request waiting", free)
	}
}

// Within a priority the request furthest down its chain (a walk's tenth
// page) gets the next slot before the leaf reads that came first.
func TestSlotsServeTheLongerChainFirst(t *testing.T) {
	s := newSlots(1)
	if s.enqueue(prioRead, 1) != nil {
		t.Fatal("a free slot was not taken at once")
	}
	leaf, page := s.enqueue(prioRead, 2), s.enqueue(prioRead, 10)
	s.release(prioRead)
	select {
	case <-page:
	case <-leaf:
		t.Fatal("the leaf read that came first got the slot the walk's tenth page waited for")
	}
}

// TestRoundsKeepEachRecordsOrderAndPackBesideTheLongestChain: units of
// one record keep their order, no round holds two units of one record, a
// unit that may change any record runs alone, and the rounds add up to
// the longest chain when the others fit beside it.
func TestRoundsKeepEachRecordsOrderAndPackBesideTheLongestChain(t *testing.T) {
	var ids []string
	var units []planned
	add := func(id string, cost int, keys ...string) {
		units = append(units, planned{check: len(ids), seq: len(ids) + 1, unit: writeUnit{keys: keys, cost: cost}})
		ids = append(ids, id)
	}
	add("a1", 1, "record:1")
	add("a2", 3, "record:1")
	add("b1", 2, "record:2")
	add("a3", 1, "record:1")
	add("b2", 2, "record:2")
	add("c1", 1, "record:3")
	add("a4", 2, "record:1", "code:x")
	total := 0
	var seen []string
	for _, r := range rounds(units, false) {
		longest, keys := 0, map[string]bool{}
		for _, u := range r {
			longest = max(longest, u.unit.cost)
			for _, k := range u.unit.keys {
				if keys[k] {
					t.Errorf("a round holds two units of %s", k)
				}
				keys[k] = true
			}
			seen = append(seen, ids[u.check])
		}
		total += longest
	}
	for _, pair := range [][2]string{{"a1", "a2"}, {"a2", "a3"}, {"a3", "a4"}, {"b1", "b2"}} {
		if slices.Index(seen, pair[0]) > slices.Index(seen, pair[1]) {
			t.Errorf("%s ran after %s: %v", pair[0], pair[1], seen)
		}
	}
	if total != 7 { // record 1's chain: 1+3+1+2; record 2's 2+2 fits beside it
		t.Errorf("rounds take %d requests one after the other, want 7 (record 1's chain): %v", total, seen)
	}
	add("z", 1, anyKey)
	for _, r := range rounds(units, false) {
		for _, u := range r {
			if ids[u.check] == "z" && len(r) != 1 {
				t.Errorf("a unit that may change any record shares its round with %d others", len(r)-1)
			}
		}
	}
	if seq := rounds(units, true); len(seq) != len(units) || ids[seq[2][0].check] != "b1" {
		t.Errorf("one at a time: %d rounds for %d units, not in plan order", len(seq), len(units))
	}
}

// TestRoundsTakeTheShortestPacking: the default mock's plan, its units
// in plan order with their costs (record 1's thirteen units set the pace,
// record 2's seven go beside them, nine refusals of other records fit
// anywhere): the rounds add up to the least the plan allows, 23 requests
// one after the other, where taking the chain with the most work left
// first gives more; past the search's budget, the rounds are that greedy
// packing's, every unit once, in order on each record.
func TestRoundsTakeTheShortestPacking(t *testing.T) {
	var units []planned
	add := func(cost int, keys ...string) {
		units = append(units, planned{check: len(units), seq: len(units) + 1, unit: writeUnit{keys: keys, cost: cost}})
	}
	for _, c := range []int{1, 3, 1, 1, 2, 2} {
		add(c, "record:1")
	}
	add(2, "record:2")
	add(2, "record:2")
	add(1, "record:1")
	add(3, "record:1")
	add(3, "record:2")
	add(2, "record:1")
	for i := range 9 {
		add(1, fmt.Sprintf("record:%d", 10+i))
	}
	add(1, "record:1")
	add(1, "record:2")
	for range 3 {
		add(1, "record:1")
	}
	add(5, "record:2")
	add(1, "record:2")
	add(1, "record:2")
	pace := func(rs [][]planned) int {
		total := 0
		for _, r := range rs {
			longest := 0
			for _, u := range r {
				longest = max(longest, u.unit.cost)
			}
			total += longest
		}
		return total
	}
	if got := pace(rounds(units, false)); got != 23 {
		t.Errorf("the rounds take %d requests one after the other, want 23", got)
	}
	if greedy := pace(greedyRounds(units)); greedy <= 23 {
		t.Errorf("the greedy packing takes %d: the test no longer shows why the rounds are searched", greedy)
	}
	small := newPacker(units)
	small.budget = 10
	got := small.rounds()
	n, last := 0, map[string]int{}
	for _, r := range got {
		for _, u := range r {
			n++
			k := u.unit.keys[0]
			if u.seq < last[k] {
				t.Fatalf("unit %d of %s ran after unit %d", u.seq, k, last[k])
			}
			last[k] = u.seq
		}
	}
	if n != len(units) || pace(got) != pace(greedyRounds(units)) {
		t.Errorf("past the budget the rounds hold %d units of %d, at a pace of %d, not the greedy packing's", n, len(units), pace(got))
	}
}

// TestUnitKeysNameTheRecordHoweverTheCaseNamesIt: a case by code and a case
// by the record's URL share the record's key; a URL the profile does not
// know may be any record.
func TestUnitKeysNameTheRecordHoweverTheCaseNamesIt(t *testing.T) {
	p := writeProfile()
	p.Records = []profile.Record{{ID: 7, URL: "https://x.example/r/seven"}}
	r := &runner{prof: p}
	byURL := r.keysOf("https://x.example/r/seven", 0)
	byCode := r.caseKeys(profile.Case{Code: "C-7", RecordID: 7})
	if !conflicts(byURL, byCode) {
		t.Errorf("keys %v and %v do not meet: one record", byURL, byCode)
	}
	if k := r.keysOf("https://x.example/r/unknown", 0); !slices.Contains(k, anyKey) {
		t.Errorf("an unknown URL has keys %v; want any record", k)
	}
	if conflicts(r.keysOf("C-1", 1), r.keysOf("C-2", 2)) {
		t.Error("two codes of two records meet")
	}
}

// TestReportIsTheSameOneAtATimeAndOverlapped runs the package's little
// write target at both ends, for a quick check beside e2e's.
func TestReportIsTheSameOneAtATimeAndOverlapped(t *testing.T) {
	tg := &target{answer: jsonAnswer(`{"code":0,"message":"","data":{"certificate_status":"B","record_id":1}}`)}
	url := start(t, tg)
	var got []string
	for _, n := range []int{1, DefaultConcurrency} {
		rep, err := Run(context.Background(), Options{BaseURL: url, Profile: writeProfile(), AllowWrites: true, Concurrency: n})
		if err != nil {
			t.Fatal(err)
		}
		s := ""
		for _, f := range rep.Checks {
			s += fmt.Sprintf("%s %s %s\n", f.ID, f.Status, f.Message)
		}
		got = append(got, s)
	}
	if got[0] != got[1] {
		t.Errorf("one at a time:\n%s\noverlapped:\n%s", got[0], got[1])
	}
}

// TestGateOpensWhenEveryHoldIsLetGo: the writes wait for every read that
// may see what they change; a record counts as changed by its id or its
// URL; a read of such a record after its check let go is a runner bug.
func TestGateOpensWhenEveryHoldIsLetGo(t *testing.T) {
	p := writeProfile()
	p.Records = []profile.Record{{ID: 7, URL: "https://x.example/r/seven"}, {ID: 8, URL: "https://x.example/r/eight"}}
	units := []planned{{unit: writeUnit{keys: []string{"code:https://x.example/r/seven"}}}}
	g := newReadGate(2, p, units)
	if !g.movedRecord(7) || g.movedRecord(8) {
		t.Fatalf("moved 7 %v, 8 %v; want the record named by its URL only", g.movedRecord(7), g.movedRecord(8))
	}
	a, b := &gateHold{gate: g}, &gateHold{gate: g}
	a.letGo(3)
	a.letGo(9) // once only
	select {
	case <-g.open:
		t.Fatal("the gate opened with a hold left")
	default:
	}
	b.letGo(5)
	if floor := g.wait(); floor != 5 {
		t.Fatalf("floor %d, want 5: where the last reads the writes waited for ended", floor)
	}
	for _, c := range []struct {
		body map[string]any
		sees bool
	}{
		{map[string]any{"record_id": int64(7)}, true},
		{map[string]any{"record_url": "https://x.example/r/seven", "format": "json"}, true},
		{map[string]any{"record_id": int64(8)}, false},
		{map[string]any{"record_url": "https://elsewhere.example/r/1"}, true},
	} {
		if got := g.seesMoved("record/getRecord", c.body); got != c.sees {
			t.Errorf("getRecord %v sees a moved record: %v, want %v", c.body, got, c.sees)
		}
	}
	if g.seesMoved("templates/list", nil) || !g.seesMoved("record/getFormList", nil) {
		t.Error("the template listings see no state; the form list may")
	}
	tk := &T{r: &runner{gate: g, prof: p, keys: p.Keys}, check: Check{ID: "x"}, hold: a}
	defer func() {
		if p := fmt.Sprint(recover()); !strings.Contains(p, "let the writes go") {
			t.Errorf("a read of a moved record after its check let the writes go: panic %q, want the runner bug named", p)
		}
	}()
	tk.post(contract.GetRecord, "read", map[string]any{"record_id": int64(7)})
}

// A shared read queued in the background, behind the background's
// share of the slots, is raised when a read the writes wait for comes
// to wait for it (T.once): it takes a free slot at once, at the shared
// reads' priority (a check's chain goes on from it, as from a shared read
// a read check made), and gives it back at the priority it took it.
func TestSlotsRaiseASharedReadToItsWaiters(t *testing.T) {
	s := newSlots(16)
	ctx := context.Background()
	for i := range 14 {
		if _, err := s.acquire(ctx, prioBackground, 0, nil); err != nil {
			t.Fatalf("background request %d: %v", i, err)
		}
	}
	m := newMemo()
	queued := make(chan chan struct{})
	var got priority
	go m.do("getRecord 1", func() priority { return prioBackground }, s.raise, func(l *lift) any {
		p := func() priority { return min(prioBackground, l.best()) }
		ch := s.enqueueAs("", p(), 0, p, &got)
		queued <- ch
		<-ch // its slot, however it came
		return nil
	})
	ch := <-queued
	if ch == nil {
		t.Fatal("a 15th background request of 16 slots got one")
	}
	select {
	case <-ch:
		t.Fatal("the shared read got a slot before anyone of a higher priority waited for it")
	default:
	}
	go m.do("getRecord 1", func() priority { return prioRead }, s.raise, func(*lift) any { return nil })
	<-ch // handed over by raise; a hang here is the bug
	if got != prioShared {
		t.Fatalf("the shared read took its slot at priority %d, want %d: a read a check waits for goes before the reads no one waits for", got, prioShared)
	}
	if s.background != 14 {
		t.Fatalf("the background holds %d slots, want its 14: the raised read is not the background's", s.background)
	}
}

// TestAFreeCheckTakesTheLeastLoadedCase: verify.values may send its
// values on any move case of the write key alike; it takes the ones the
// checks planned before it load least, whatever the seed, so that its
// units fit in rounds beside theirs.
func TestAFreeCheckTakesTheLeastLoadedCase(t *testing.T) {
	prof := writeProfile()
	c := prof.Cases[0]
	prof.Cases = nil
	for i, code := range []string{"C-1", "C-2", "C-3"} {
		c.Code, c.RecordID = code, int64(i+1)
		prof.Cases = append(prof.Cases, c)
	}
	for seed := range uint64(8) {
		r := &runner{prof: prof, opts: Options{Seed: seed}, writeLoad: map[string]int{"record:1": 5, "record:2": 1, "code:C-3": 2}}
		plan := planVerifyValues(&T{r: r})
		if len(plan.units) != liveCases {
			t.Fatalf("seed %d: %d units, want %d", seed, len(plan.units), liveCases)
		}
		got := []string{plan.units[0].keys[0], plan.units[1].keys[0]}
		if got[0] != "code:C-2" || got[1] != "code:C-3" {
			t.Errorf("seed %d: units on %v; want C-2 (load 1), then C-3 (load 2), never C-1 (load 5)", seed, got)
		}
	}
}
