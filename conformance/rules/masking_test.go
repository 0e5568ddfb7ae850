package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// recordAnswer is a json getRecord success holding one masked field of
// type ft with value v, and a recorder named name.
func recordAnswer(ft, v, name string) string {
	return fmt.Sprintf(`{"code":0,"message":"","data":{"format":"json","content_type":"application/json; charset=utf-8","data":`+
		`{"record_id":1,"recorder":{"auth_id":1,"user_id":1,"name":%q},"tpl_groups":[{"group_id":1,"fields":[`+
		`{"field_id":7,"field_type":%q,"field_value":%q,"options":{"is_result":false,"is_highlight":false,"is_hidden":false,"is_masked":true}}]}]}}}`, name, ft, v)
}

// TestAMaskShowsNoMoreThanItsShare: hand-made masks that carry a mask
// character yet show nearly the whole value are broken, whatever the
// field type, mask character or separators; the masks correct targets
// write (the kit's, a fixed run of stars, bullets, a region code kept,
// a mask with separators) are not.
func TestAMaskShowsNoMoreThanItsShare(t *testing.T) {
	for _, tc := range []struct {
		ft, value, recorder, broken string
	}{
		{"tel", "138****5678", "张*", ""},
		{"tel", "138 **** 5678", "张*", ""},
		{"customer_mobile", "1381234567●", "张*", "shows 10 characters"},
		{"identity", "110101********1234", "张*", ""},
		{"identity", "1101**********1234", "张*", ""},
		{"identity", "11010119900307123*", "张*", "shows 17 characters"},
		{"name", "欧***", "张*", ""},
		{"customer_name", "欧阳*华", "张*", "shows 3 characters"},
		{"carnumber", "沪A***45", "张*", "shows 4 characters"},
		{"text", "d*****x", "张*", ""},
		{"date", "2026-01-**", "张*", "shows 6 characters"},
		{"name", "欧**", "欧阳娜*", "recorder.name"},
	} {
		t.Run(tc.ft+" "+tc.value, func(t *testing.T) {
			problems, applied := judged(t, contract.GetRecord, "read", `{"record_id":1}`, recordAnswer(tc.ft, tc.value, tc.recorder), "2.1.masked")
			if !applied {
				t.Fatal("2.1.masked did not apply to a json record")
			}
			got := strings.Join(problems, "; ")
			switch {
			case tc.broken == "" && got != "":
				t.Errorf("a correct mask: %q", got)
			case tc.broken != "" && !strings.Contains(got, tc.broken):
				t.Errorf("problems %q, want one holding %q", got, tc.broken)
			}
		})
	}
}

// TestAKnownLengthLeavesOneHidden: where the value's length is known, a
// mask hides at least one of its characters, so a one-character value
// shows none and a two-character name no more than one.
func TestAKnownLengthLeavesOneHidden(t *testing.T) {
	for _, tc := range []struct {
		ft, masked string
		length     int
		broken     bool
	}{
		{"text", "好*", 1, true},
		{"text", "*", 1, false},
		{"tel", "123****", 7, true},
		{"tel", "12*4567", 7, true},
		{"tel", "1*****7", 7, false},
		{"name", "赵**", 2, false},
		{"identity", "1234*6789", 9, false},
	} {
		if got := MaskProblem(tc.ft, tc.masked, DefaultMaskChars, tc.length) != ""; got != tc.broken {
			t.Errorf("%s %q of %d characters: broken %v, want %v", tc.ft, tc.masked, tc.length, got, tc.broken)
		}
	}
}
