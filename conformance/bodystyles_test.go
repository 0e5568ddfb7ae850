package conformance

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// TestBodyStylesKeepTheValue: every style writes the same JSON value as
// the usual one (RFC 8259 reads them alike), in its own bytes, so that a
// target that reads a value as written is seen.
func TestBodyStylesKeepTheValue(t *testing.T) {
	body := []byte(`{"certificate_code":"https://r.example/r/ab","nested":{"b":[1,2.50,"x"],"a":null},"to_certificate_status":"已核销 🔥","z":"a\u003cb\u0000c\"d\\"}`)
	want, err := rules.Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	marks := map[string][]string{
		"python":     {`\u5df2\u6838\u9500`, `, "`, `": `, `\ud83d\udd25`},
		"php":        {`https:\/\/`, `\u5df2`},
		"javascript": {"\n  \"z\": ", "已核销"},
		"escaped":    {`\u0063\u0065\u0072`, `\u0000`},
	}
	for _, s := range bodyStyles[1:] {
		got := restyle(body, s)
		if string(got) == string(body) {
			t.Errorf("%s: the body is written as the usual style writes it", s.name)
		}
		doc, err := rules.Decode(got)
		if err != nil || !reflect.DeepEqual(doc, want) {
			t.Errorf("%s: %s reads as %v (%v), want %v", s.name, got, doc, err, want)
		}
		for _, m := range marks[s.name] {
			if !strings.Contains(string(got), m) {
				t.Errorf("%s: %s does not hold %q", s.name, got, m)
			}
		}
	}
	// What is not one JSON object of valid UTF-8, or holds a lone
	// surrogate (read as U+FFFD), is sent as the check wrote it.
	for _, raw := range []string{`{"a":1}{"b":2}`, "{\"a\":\"\xff\xfe\"}", `{"a":"\udc00"}`, `{'a':1}`, ``, `  `} {
		for _, s := range bodyStyles {
			if got := restyle([]byte(raw), s); string(got) != raw {
				t.Errorf("%s: %q rewritten as %q", s.name, raw, got)
			}
		}
	}
}
