package conformance

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/rtq-kit/rtq/profile"
)

// TestUnmaskedFindsClearValuesWithoutLayoutAssumptions: a masked value's
// visible characters with the hidden ones filled in are found anywhere,
// in any grouping or width, where a reader would not see a longer word
// (Chinese text has no word boundaries), unless json shows that text in
// clear anyway.
func TestUnmaskedFindsClearValuesWithoutLayoutAssumptions(t *testing.T) {
	public := map[string]bool{"张三丰": true, "记录人 王五": true}
	for _, tc := range []struct {
		masked, text string
		leak         bool
	}{
		{"138****5678", "- **电话**: 13812345678\n", true},
		{"138****5678", "电话：138\\*\\*\\*\\*5678", false}, // escaped mask characters
		{"张**", "姓名: 张小明。", true},
		{"张**", "姓名: 张小明同学", true},                        // Chinese has no word boundaries
		{"陈**", "陈静怡的会员卡核销", true},                        // a name inside a title
		{"138****5678", "电话 138 1234 5678。", true},        // grouped for reading
		{"138****5678", "tel:138-1234-5678", true},        // grouped with dashes
		{"138****5678", "１３８１２３４５６７８", true},              // full-width digits
		{"138****5678", "2138123456789", false},           // part of a longer number
		{"J***", "Johnson", false},                        // part of a longer Latin word
		{"张**", "创始人张三丰", false},                          // part of a public string
		{"王*", "记录人 王五", false},                           // a public string itself
		{"***", "abc", false},                             // nothing visible to look for
		{"1101**********1234", "1101199001011234", false}, // another length
		{"1101**********1234", "x 110119900101XX1234 y", true},
	} {
		got := unmasked([]rune(tc.masked), []rune(tc.text), defaultMaskChars, public) != ""
		if got != tc.leak {
			t.Errorf("unmasked(%q in %q) = %v, want %v", tc.masked, tc.text, got, tc.leak)
		}
	}
}

// TestHeldValuesAreFoundWhateverTheMask: a masked value the profile
// holds (length and fingerprint) is found in clear in any answer of the
// record whatever its mask looks like: a name shorter than its mask, a
// value of one character, CJK text, digits regrouped; and not where the
// same characters are another word (inside a longer number or Latin
// word) or text json shows in public (a form title that holds the name,
// a status that holds the character).
func TestHeldValuesAreFoundWhateverTheMask(t *testing.T) {
	json := map[string]any{"record_number": "NO-7", "record_template": map[string]any{"name": "陈静怡的会员卡"},
		"process_status": map[string]any{"text": "已核销"},
		"tpl_groups": []any{map[string]any{"fields": []any{
			map[string]any{"field_id": json7(1), "field_type": "customer_name", "field_value": "赵**", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(2), "field_type": "text", "field_value": "*", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(3), "field_type": "tel", "field_value": "138****5678", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(4), "field_type": "text", "field_value": "乙", "options": map[string]any{"is_masked": false}},
		}}}}
	held := []profile.HeldMask{profile.HeldMaskOf(1, "赵敏"), profile.HeldMaskOf(2, "核"), profile.HeldMaskOf(3, "13812345678"), profile.HeldMaskOf(4, "乙")}
	ref := maskRefOf(json, defaultMaskChars, held)
	for _, tc := range []struct {
		text  string
		field int64
	}{
		{"客户姓名: 赵敏", 1},            // shorter than json's mask of three
		{"客户: 赵敏女士", 1},            // Chinese has no word boundaries
		{"- 电话: 138 1234 5678", 3}, // regrouped for reading
		{"电话：１３８１２３４５６７８", 3},      // full-width
		{"赵敏的会员卡", 1},              // the name in a title json does not show
		{"陈静怡的会员卡 赵敏", 1},          // beside a public title, not inside it
		{"陈静怡的会员卡", 0},             // the public title, as json shows it
		{"状态: 已核销", 0},             // the one character inside a public status
		{"编号 213812345678", 0},     // inside a longer number
		{"核", 2},                   // the one-character value alone
		{"乙", 4},                   // the profile holds field 4 masked, json shows it in clear
		{"赵**", 0},                 // the mask itself
	} {
		m, leaked := ref.leak(tc.text, defaultMaskChars)
		switch {
		case tc.field == 0 && leaked:
			t.Errorf("%q: a leak of field %d found where the text is no clear value", tc.text, m.field)
		case tc.field != 0 && (!leaked || m.field != tc.field):
			t.Errorf("%q: leak %v (field %d), want field %d found in clear", tc.text, leaked, m.field, tc.field)
		}
	}
}

func json7(n int64) json.Number { return json.Number(strconv.FormatInt(n, 10)) }
