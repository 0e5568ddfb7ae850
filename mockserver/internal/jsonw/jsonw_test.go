package jsonw

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"
)

func members(t testing.TB, body string) (map[string]string, error) {
	t.Helper()
	got := map[string]string{}
	err := Members([]byte(body), func(name, raw []byte) { got[string(name)] = string(raw) })
	return got, err
}

func TestMembersSplitsTopLevelMembersExactly(t *testing.T) {
	got, err := members(t, ` { "a" : 1 , "b":{"x":[1,"}",{"y":"]"}]}, "c\"d":"e\\\"}" ,"a":[ ] , "Ä":null}`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "[ ]", "b": `{"x":[1,"}",{"y":"]"}]}`, `c"d`: `"e\\\"}"`, "Ä": "null"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

func TestMembersRejectsWhatIsNotAnObject(t *testing.T) {
	for body, want := range map[string]error{"null": ErrNotObject, "[]": ErrNotObject, "1": ErrNotObject, `"x"`: ErrNotObject,
		"{": ErrInvalid, `{"a":}`: ErrInvalid, "{} {}": ErrInvalid, "nul": ErrInvalid} {
		if _, err := members(t, body); !errors.Is(err, want) {
			t.Errorf("%q: %v, want %v", body, err, want)
		}
	}
	for _, empty := range []string{"", " \n\t\r "} {
		if got, err := members(t, empty); err != nil || len(got) != 0 {
			t.Errorf("%q: %v %v, want the empty object", empty, got, err)
		}
	}
}

// FuzzMembersAgreesWithEncodingJSON: for any object, the members and their
// values are what encoding/json sees (last duplicate wins in both).
func FuzzMembersAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"a":{"b":[1,2,{"c":"}"}]},"d":"\u00e9\\"}`, `{"a":1,"a":2}`, `[1]`, `{"\ud83d\ude00":true}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var want map[string]json.RawMessage
		wantErr := json.Unmarshal([]byte(body), &want)
		got, err := members(t, body)
		if errors.Is(err, ErrNotUTF8) && wantErr == nil && !utf8.ValidString(body) {
			return // refused on purpose: encoding/json reads it as U+FFFD
		}
		if (err != nil) != (wantErr != nil) && len(body) > 0 && !isSpace(body) {
			t.Fatalf("%q: Members err %v, encoding/json err %v", body, err, wantErr)
		}
		if err != nil || wantErr != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d members, encoding/json %d", body, len(got), len(want))
		}
		for k, v := range want {
			if g, ok := got[k]; !ok || !json.Valid([]byte(g)) || compact(g) != compact(string(v)) {
				t.Fatalf("%q: member %q = %q, encoding/json %q", body, k, g, v)
			}
		}
	})
}

func isSpace(s string) bool {
	for _, c := range s {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

func compact(s string) string {
	var v any
	_ = json.Unmarshal([]byte(s), &v)
	b, _ := json.Marshal(v)
	return string(b)
}

// FuzzAppendStringIsValidJSON: any string becomes valid JSON that decodes
// to the same text (invalid UTF-8 as U+FFFD, as encoding/json does).
func FuzzAppendStringIsValidJSON(f *testing.F) {
	for _, s := range []string{"", "plain", "引号\"反斜杠\\", "\x00\x01\x1f\x7f", "\xff\xfe", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := AppendString(nil, s)
		var back string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q → %s: %v", s, out, err)
		}
		want := s
		if !utf8.ValidString(s) {
			want = string([]rune(s)) // invalid bytes become U+FFFD
		}
		if back != want {
			t.Fatalf("%q → %s → %q", s, out, back)
		}
	})
}

func TestInt(t *testing.T) {
	for raw, want := range map[string]int64{"0": 0, "-3": -3, "5.0": 5, "1e3": 1000, "9223372036854775807": 1<<63 - 1, "-9223372036854775808": -1 << 63} {
		if got, ok := Int([]byte(raw)); !ok || got != want {
			t.Errorf("Int(%s) = %d %v, want %d", raw, got, ok, want)
		}
	}
	for _, raw := range []string{"1.5", `"1"`, "true", "null", "9223372036854775808", "1e40", "[1]", ""} {
		if _, ok := Int([]byte(raw)); ok {
			t.Errorf("Int(%s) accepted", raw)
		}
	}
}
