package jsonw

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// validCases are the corners of RFC 8259's grammar where a hand-written
// scanner is most likely to differ from encoding/json.
var validCases = []string{
	`0`, `-0`, `-`, `01`, `1.`, `.1`, `1.5e`, `1e+`, `1E-7`, `-1.25E+10`, `1e07`, `+1`, `0x10`, `NaN`, `Infinity`,
	`"a"`, `"\u00e9"`, `"\u00G9"`, `"\u12"`, `"\x"`, `"\/"`, "\"\x1f\"", "\"\x7f\"", `"\ud800"`, `"`, `"\"`,
	`true`, `tru`, `truex`, `null`, `nul`, `false`, `[]`, `[1,]`, `[,1]`, `[1 2]`, `{}`, `{,}`, `{"a"}`, `{"a":}`,
	`{"a":1,}`, `{"a":1 "b":2}`, `{1:2}`, `{"a":1}}`, ` {"a" : [ 1 , { } ] } `, "\t[\n]\r", "\f{}", `[] []`,
	"", " ", `{"a":"b"`, `[[[[]]]]`, `[[[[]]]`,
}

func TestValidateAgreesWithEncodingJSON(t *testing.T) {
	for _, c := range validCases {
		if ok, _ := validate([]byte(c)); ok != json.Valid([]byte(c)) {
			t.Errorf("%q: validate %v, encoding/json %v", c, ok, !ok)
		}
	}
}

func TestValidateNestingLimitIsEncodingJSONs(t *testing.T) {
	for _, depth := range []int{maxDepth, maxDepth + 1} {
		for _, open := range []string{"[", `{"a":`} {
			close := map[string]string{"[": "]", `{"a":`: "}"}[open]
			doc := []byte(strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth))
			ok, _ := validate(doc)
			if want := json.Valid(doc); ok != want || ok != (depth <= maxDepth) {
				t.Errorf("%s nested %d deep: validate %v, encoding/json %v", open, depth, ok, want)
			}
		}
	}
}

func TestValidateRefusesInvalidUTF8InStrings(t *testing.T) {
	for body, wantUTF8 := range map[string]bool{"\"\xff\"": false, "{\"\xc3\":1}": false, `"é"`: true, "\"\xed\xa0\x80\"": false} {
		ok, utf8OK := validate([]byte(body))
		if !ok || utf8OK != wantUTF8 {
			t.Errorf("%q: ok %v utf8 %v, want true %v", body, ok, utf8OK, wantUTF8)
		}
	}
	if _, err := members(t, "{\"record_url\":\"\xff\xfe\"}"); err != ErrNotUTF8 {
		t.Errorf("Members of invalid UTF-8: %v, want ErrNotUTF8", err)
	}
}

// FuzzValidateAgreesWithEncodingJSON: the same verdict as json.Valid on
// every input, and valid UTF-8 reported exactly when the input is.
func FuzzValidateAgreesWithEncodingJSON(f *testing.F) {
	for _, c := range validCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, body string) {
		ok, utf8OK := validate([]byte(body))
		if want := json.Valid([]byte(body)); ok != want {
			t.Fatalf("%q: validate %v, encoding/json %v", body, ok, want)
		}
		if ok && utf8OK != utf8.ValidString(body) {
			t.Fatalf("%q: utf8 %v, want %v", body, utf8OK, utf8.ValidString(body))
		}
	})
}
