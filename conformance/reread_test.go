package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// recordAnswer is a getRecord json success (testdata/record.json, the
// mock's) with its status text, submission method and time set.
func recordAnswer(t *testing.T, status, method string, submit int) string {
	return recordJSON(t, func(rec map[string]any) {
		rec["submit_method"], rec["submit_at"] = method, submit
		rec["process_status"] = map[string]any{"enabled": true, "text": status, "color": nil}
	})
}

// recordJSON is a getRecord json success (testdata/record.json, the
// mock's) with its record edited (nil: as it is).
func recordJSON(t *testing.T, edit func(rec map[string]any)) string {
	t.Helper()
	raw, err := os.ReadFile("testdata/record.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(doc["data"].(map[string]any)["data"].(map[string]any))
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

// The read after a move: only what a verify changes may read otherwise
// than before the writes; a move that rewrote another field of the
// record (whichever key made it) is seen, and named with the move.
func TestReadAfterAMove(t *testing.T) {
	before := recordAnswer(t, "待核验", "扫码", 1700000000)
	for _, c := range []struct {
		name, after, want string
	}{
		{"only the status", recordAnswer(t, "已核验", "扫码", 1700000000), ""},
		{"a submission method rewritten", recordAnswer(t, "已核验", "核销", 1700000000), "submit_method changed"},
		{"a submission time stamped", recordAnswer(t, "已核验", "扫码", 1700009999), "submit_at changed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			url := start(t, &target{answer: jsonAnswer(c.after)})
			r, err := newRunner(Options{BaseURL: url, ReadKey: "k-read-0001"})
			if err != nil {
				t.Fatal(err)
			}
			x := answered(contract.GetRecord, "read", `{"format":"json","record_id":100011}`, before)
			r.memo.do(fmt.Sprintf("getRecord %v", map[string]any{"record_id": int64(100011), "format": "json"}), func() priority { return prioRead }, func() {}, func(*lift) any { return depthOf{val: x} })
			tk := &T{ctx: t.Context(), r: r, check: Check{ID: "verify.transitions"}}
			tk.rereadMoved(moveRead{id: 100011, label: "the read after case m's move to 已核验 by the limited key"}, true)
			switch {
			case c.want == "" && len(tk.failures) > 0:
				t.Fatalf("a read that differs in the status only: %v", tk.failures)
			case c.want != "" && (len(tk.failures) != 1 || !strings.Contains(tk.failures[0], c.want) || !strings.Contains(tk.failures[0], "limited key")):
				t.Fatalf("failures %v, want one naming %q and the move", tk.failures, c.want)
			}
		})
	}
}

// The planner gives a unit that ends with a move its read after it only
// where no chain grows beyond the plan's longest: the record whose units
// make the longest chain reads after its moves beside their next
// requests only, the others after each unit's last move too.
func TestRereadsLengthenNoChain(t *testing.T) {
	units := []planned{
		{unit: writeUnit{keys: []string{"record:1"}, cost: 3, endsMoved: true}},
		{unit: writeUnit{keys: []string{"record:1"}, cost: 2}},
		{unit: writeUnit{keys: []string{"record:2"}, cost: 1, endsMoved: true}},
		{unit: writeUnit{keys: []string{"record:2"}, cost: 2, endsMoved: true}},
		{unit: writeUnit{keys: []string{"record:2"}, cost: 1, endsMoved: true}},
		{unit: writeUnit{keys: []string{"code:x", anyKey}, cost: 1, endsMoved: true}},
	}
	grantRereads(units)
	var got []bool
	chain := map[string]int{}
	for _, u := range units {
		got = append(got, u.unit.endsMoved)
		for _, k := range u.unit.keys {
			chain[k] += u.unit.cost
		}
	}
	if want := []bool{false, false, true, false, false, false}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("granted %v, want %v", got, want)
	}
	if chain["record:1"] != 5 || chain["record:2"] != 5 {
		t.Errorf("chains %v, want both 5 (the longest, unchanged)", chain)
	}
}

// The read after a refused verify must read as before the writes, its
// status too, but only a read made before any write can say what that
// was: under --only the run's json read of the record may be a verify
// check's own, made after moves, and is then not compared.
func TestReadAfterARefusalNeedsAReadBeforeTheWrites(t *testing.T) {
	for _, beforeWrites := range []bool{true, false} {
		t.Run(fmt.Sprint("before the writes: ", beforeWrites), func(t *testing.T) {
			url := start(t, &target{answer: jsonAnswer(recordAnswer(t, "已核验", "扫码", 1700000000))})
			r, err := newRunner(Options{BaseURL: url, ReadKey: "k-read-0001"})
			if err != nil {
				t.Fatal(err)
			}
			x := answered(contract.GetRecord, "read", `{"format":"json","record_id":100011}`, recordAnswer(t, "待核验", "扫码", 1700000000))
			x.beforeWrites = beforeWrites
			r.memo.do(fmt.Sprintf("getRecord %v", map[string]any{"record_id": int64(100011), "format": "json"}), func() priority { return prioRead }, func() {}, func(*lift) any { return depthOf{val: x} })
			tk := &T{ctx: t.Context(), r: r, check: Check{ID: "verify.errorCodes"}}
			tk.rereadMoved(refusedRead(100011, nil), true)
			switch {
			case beforeWrites && (len(tk.failures) != 1 || !strings.Contains(tk.failures[0], "process_status changed")):
				t.Errorf("the status moved after a refusal, read before the writes: failures %v", tk.failures)
			case !beforeWrites && len(tk.failures) > 0:
				t.Errorf("compared with a read made after the writes began: %v", tk.failures)
			}
		})
	}
}
