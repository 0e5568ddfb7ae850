package conformance

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The covering array: every pair of a key, an address and a format is
// read on some cell of the run's moves, every status in json-ld and in
// markdown and by its URL with the read key; the same seed gives the
// same cells, and over seeds the cells turn over the moves.
func TestCellsCoverEveryPair(t *testing.T) {
	var moves []moveState
	for i, st := range []string{"a", "b", "a", "c", "b", "a", "d", "c"} {
		moves = append(moves, moveState{caseName: fmt.Sprint("case", i), status: st, action: []string{"set", "next"}[i%2], settled: i%3 == 0})
	}
	roles := []string{profile.RoleRead, profile.RoleWrite, profile.RoleLimited}
	arr := cellArray(7, moves, roles)
	seen := map[string]bool{}
	for _, m := range moves {
		for _, c := range arr[moveKey(m.caseName, m.step)] {
			f := formatName(c.format)
			seen["key "+c.role+" address "+c.address] = true
			seen["key "+c.role+" format "+f] = true
			seen["address "+c.address+" format "+f] = true
			seen["status "+m.status+" format "+f] = true
			if c.role == profile.RoleRead {
				seen["status "+m.status+" address "+c.address+" read"] = true
			}
		}
	}
	var missing []string
	for _, r := range roles {
		for _, a := range cellAddresses {
			if !seen["key "+r+" address "+a] {
				missing = append(missing, r+"×"+a)
			}
		}
		for _, f := range cellFormats {
			if !seen["key "+r+" format "+formatName(f)] && (cell{r, "url", f}) != (cell{profile.RoleRead, "url", "json"}) {
				missing = append(missing, r+"×"+formatName(f))
			}
		}
	}
	for _, st := range []string{"a", "b", "c", "d"} {
		for _, want := range []string{"status " + st + " format markdown", "status " + st + " format json-ld", "status " + st + " address url read"} {
			if !seen[want] {
				missing = append(missing, want)
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("pairs no cell reads: %v", missing)
	}
	if fmt.Sprint(cellArray(7, moves, roles)) != fmt.Sprint(arr) {
		t.Error("the same seed gives other cells")
	}
	differs := false
	for seed := uint64(1); seed < 20 && !differs; seed++ {
		differs = fmt.Sprint(cellArray(seed, moves, roles)) != fmt.Sprint(arr)
	}
	if !differs {
		t.Error("no other seed gives other cells: the cells never turn over")
	}
}

// A cell of a moved record, read beside the canonical read after the
// move, is held to it: broken answers of the class (a record read
// another way or by default that is not the record read by id in json)
// are found; a key's own refusal, or a value it shows in clear that the
// read key masks, is not.
func TestCellsAgreeWithTheCanonicalRead(t *testing.T) {
	canon := recordAnswer(t, "已核验", "扫码", 1700000000)
	other := recordAnswer(t, "已核验", "扫码", 1700000099) // another submit_at
	refused := `{"code":400,"error_code":100310,"message":"not found","message_detail":"no record"}`
	for _, c := range []struct {
		name    string
		cell    cell
		settled bool
		answer  string // what the cell is answered (the canonical read gets canon)
		want    string
	}{
		{"by URL, the same record", cell{profile.RoleRead, "url", "json"}, true, canon, ""},
		{"by URL, another submission time (a replica)", cell{profile.RoleRead, "url", "json"}, true, other, "submit_at is not what"},
		{"by default, another submission time", cell{profile.RoleRead, "id", ""}, true, other, "submit_at is not what"},
		{"by URL, not found where by id it is", cell{profile.RoleRead, "url", ""}, true, refused, "code 400 error_code 100310"},
		{"by URL, the status stale", cell{profile.RoleRead, "url", "json"}, true, recordAnswer(t, "待核验", "扫码", 1700000000), "process_status is not what"},
		{"by URL, the status moved beside it by the next step", cell{profile.RoleRead, "url", "json"}, false, recordAnswer(t, "已归档", "扫码", 1700000000), ""},
		{"the write key refused: its scope", cell{profile.RoleWrite, "url", "json"}, true, refused, ""},
		{"the write key, another submission time", cell{profile.RoleWrite, "id", ""}, true, other, "with the write key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			url := start(t, &target{answer: func(w http.ResponseWriter, r *http.Request, body string) {
				w.Header().Set("Content-Type", "application/json")
				var b map[string]any
				_ = json.Unmarshal([]byte(body), &b)
				if _, byID := b["record_id"]; byID && b["format"] == "json" {
					fmt.Fprint(w, canon)
					return
				}
				fmt.Fprint(w, c.answer)
			}})
			r, err := newRunner(Options{BaseURL: url, ReadKey: "k-read-0001", WriteKey: "k-write-0001"})
			if err != nil {
				t.Fatal(err)
			}
			x := answered(contract.GetRecord, "read", `{"format":"json","record_id":100011}`, canon)
			r.memo.do(fmt.Sprintf("getRecord %v", map[string]any{"record_id": int64(100011), "format": "json"}), func() priority { return prioRead }, func() {}, func(*lift) any { return depthOf{val: x} })
			tk := &T{ctx: t.Context(), r: r, check: Check{ID: "verify.transitions"}}
			tk.rereadMoved(moveRead{id: 100011, label: "after case m's move", cells: []cell{c.cell}}, c.settled)
			var mine []string
			for _, f := range tk.failures {
				if strings.Contains(f, "with the ") {
					mine = append(mine, f)
				}
			}
			switch {
			case c.want == "" && len(mine) > 0:
				t.Fatalf("a cell that agrees: %v", mine)
			case c.want != "" && (len(mine) != 1 || !strings.Contains(mine[0], c.want)):
				t.Fatalf("failures %v, want one naming %q", mine, c.want)
			}
		})
	}
}

// A cell read by URL writes the scheme and host in capitals for about
// half of the cells, and never touches the path, whose code is exact.
func TestCellsSpellTheHostBothWays(t *testing.T) {
	const url = "https://qa.example.com/c/AbC123?x=Y"
	capitals := 0
	for i := range 40 {
		got := hostSpelt(url, fmt.Sprint(800000+i, "read", "json"))
		if rules.CanonURL(got) != url || !strings.HasSuffix(got, "/c/AbC123?x=Y") {
			t.Fatalf("hostSpelt wrote %q of %q: another URL", got, url)
		}
		if got == "HTTPS://QA.EXAMPLE.COM/c/AbC123?x=Y" {
			capitals++
		}
	}
	if capitals < 10 || capitals > 30 {
		t.Errorf("%d of 40 cells wrote the host in capitals, want about half", capitals)
	}
	if got := hostSpelt("fxr800001", "x"); got != "fxr800001" {
		t.Errorf("a code that is no URL became %q", got)
	}
}
