package conformance

import "testing"

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
