package svcclient

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"F-7":                       "F-7",
		"入职登记":                      "入职登记",
		"F\x1b[31m-7\a":             `F\u001b[31m-7\u0007`,
		"abc\u202edcba\u2066x":      `abc\u202edcba\u2066x`,
		"line\nbreak\r\t\x7f\u0085": `line\u000abreak\u000d\u0009\u007f\u0085`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
