package conformance

import (
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestSuccessCellsCoverEveryPair: whatever the seed, six cells in turn
// hold every pair of values of every two choices (a target that refuses
// a move only where two choices meet, by URL and with its own tpl_id, is
// sent that move on every run with six cells), and the same seed lays
// out the same cells.
func TestSuccessCellsCoverEveryPair(t *testing.T) {
	rows := map[[choiceCount]bool]bool{}
	for _, seed := range []uint64{1, 2, 3, 4, 5, DefaultSeed} {
		for first := range 3 {
			seen := map[string]bool{}
			for n := first; n < first+6; n++ {
				c := successCellAt(seed, n)
				if !reflect.DeepEqual(c, successCellAt(seed, n)) {
					t.Fatalf("seed %d cell %d: two layouts", seed, n)
				}
				rows[c.on] = true
				for i := range c.on {
					for j := i + 1; j < len(c.on); j++ {
						seen[fmt.Sprint(i, j, c.on[i], c.on[j])] = true
					}
				}
			}
			for i := range choiceCount {
				for j := i + 1; j < choiceCount; j++ {
					for _, v := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
						if !seen[fmt.Sprint(i, j, v[0], v[1])] {
							t.Errorf("seed %d, cells %d to %d: choices %d and %d never %v", seed, first, first+5, i, j, v)
						}
					}
				}
			}
		}
	}
	if len(rows) < 12 {
		t.Errorf("over six seeds the cells take %d layouts: the seed does not move them", len(rows))
	}
}

// TestSuccessCellsAreMovesTheContractAllows: every cell's body is a move
// a correct service makes from where the record is: its action, the
// target one move away (a terminal one too, by its id), from its current
// status, its own tpl_id and code_id, by its code or URL; a cell never
// sends set_next_certificate_status where the profile does not say where
// it goes; and over the cells every one of those forms is sent.
func TestSuccessCellsAreMovesTheContractAllows(t *testing.T) {
	sub := matrixTestSubject()
	seen := map[string]bool{}
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		for n := range 12 {
			cell := successCellAt(seed, n)
			for _, next := range []string{"C", ""} {
				cur := *sub.status("B")
				body, to, what := cell.body(sub, cur, next, sub.url, sub.codeID)
				if to != "C" {
					t.Fatalf("%s: reaches %q, want C", what, to)
				}
				switch body["action_type"] {
				case contract.ActionNextStatus:
					seen["next"] = true
					if next == "" {
						t.Errorf("%s: set_next where the profile does not say where it goes", what)
					}
					if _, ok := body["to_certificate_status"]; ok {
						t.Errorf("%s: set_next with a target", what)
					}
				case contract.ActionSetStatus:
					switch body["to_certificate_status"] {
					case "C":
						seen["target by name"] = true
					case "3":
						seen["terminal target by id"] = true
					default:
						t.Errorf("%s: target %v", what, body["to_certificate_status"])
					}
				}
				switch body["certificate_code"] {
				case sub.c.Code:
					seen["code"] = true
				case sub.url:
					seen["url"] = true
				default:
					t.Errorf("%s: certificate_code %v", what, body["certificate_code"])
				}
				if f, ok := body["from_certificate_status"]; ok {
					if f != "B" && f != "2" {
						t.Errorf("%s: from %v, not where it is", what, f)
					}
					seen["from "+f.(string)] = true
				}
				if v, ok := body["tpl_id"]; ok && v != sub.c.FormID || body["code_id"] != nil && body["code_id"] != *sub.codeID {
					t.Errorf("%s: a scope not the record's", what)
				}
				if _, ok := body["tpl_id"]; ok && body["action_type"] == contract.ActionNextStatus {
					seen["next with tpl_id"] = true
				}
			}
		}
	}
	for _, w := range []string{"next", "target by name", "terminal target by id", "code", "url", "from B", "from 2", "next with tpl_id"} {
		if !seen[w] {
			t.Errorf("no cell sends %s", w)
		}
	}
}

// TestMissingAloneRowsWantTheParameterError: each member verify requires
// is left out alone, every other member present and right, and only
// 100301 passes: a target that defaults the action (or the target) and
// moves the record fails, and so does one that answers the unknown
// action's 100325, the unknown code's 100320 or the from path's 100324.
func TestMissingAloneRowsWantTheParameterError(t *testing.T) {
	sub := matrixTestSubject()
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		rows := missingAloneRows(seed, sub, *sub.status("B"))
		missing := map[string]bool{}
		for _, r := range rows {
			var gone []string
			for _, m := range []string{"certificate_code", "action_type", "to_certificate_status", "from_certificate_status", "tpl_id", "code_id"} {
				if _, ok := r.body[m]; !ok {
					gone = append(gone, m)
				}
			}
			if len(gone) == 2 && gone[1] == "to_certificate_status" && r.body["action_type"] == contract.ActionNextStatus {
				gone = gone[:1] // set_next names no target
			}
			if len(gone) != 1 {
				t.Errorf("seed %d, %s: %v missing, want one", seed, r.what, gone)
				continue
			}
			missing[gone[0]] = true
			if f := r.body["from_certificate_status"]; f != "B" && f != strconv.Itoa(2) {
				t.Errorf("seed %d, %s: from %v, not where it is", seed, r.what, f)
			}
			for _, broken := range []int64{0, contract.ErrInvalidAction, contract.ErrInvalidCode, contract.ErrStatusForbids} {
				if r.want(answerWith(broken)) == "" {
					t.Errorf("seed %d, %s: error_code %d passes", seed, r.what, broken)
				}
			}
			if p := r.want(answerWith(contract.ErrInvalidParams)); p != "" {
				t.Errorf("seed %d, %s: 100301 fails: %s", seed, r.what, p)
			}
		}
		for _, m := range []string{"certificate_code", "action_type", "to_certificate_status"} {
			if !missing[m] {
				t.Errorf("seed %d: no row without %s alone", seed, m)
			}
		}
	}
}
