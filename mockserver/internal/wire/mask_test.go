package wire

import "testing"

// TestMaskingRules pins each rule of docs/contract.md §C8, and the general
// rule a value too short for its own falls back to.
func TestMaskingRules(t *testing.T) {
	for _, c := range []struct{ typ, in, want string }{
		{"name", "张三", "张*"},
		{"name", "欧阳娜娜", "欧***"},
		{"customer_name", "李", "*"}, // one character: a mask never shows all of a value
		{"tel", "13812345678", "138****5678"},
		{"customer_mobile", "13812345678", "138****5678"},
		{"identity", "110101199003071234", "1101**********1234"},
		{"text", "abcdef", "a****f"},
		{"text", "ab", "a*"},
		{"text", "a", "*"},
		{"text", "", ""},
		{"tel", "12345", "1***5"}, // too short for 3+4: the general rule
		{"identity", "12345678", "1******8"},
	} {
		if got := MaskField(c.typ, c.in); got != c.want {
			t.Errorf("mask %s %q = %q, want %q", c.typ, c.in, got, c.want)
		}
	}
}
