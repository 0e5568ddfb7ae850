package conformance

import (
	"encoding/base64"
	"net/url"
	"testing"

	"github.com/rtq-kit/rtq/profile"
)

// derivedRecord is a json Record with an identity number masked four
// and four (the kit's mask), a phone number and a name, and a date
// field json shows in public.
func derivedRecord() (*maskRef, []profile.HeldMask) {
	json := map[string]any{"record_number": "NO-9", "record_template": map[string]any{"name": "入住登记"},
		"tpl_groups": []any{map[string]any{"fields": []any{
			map[string]any{"field_id": json7(1), "field_type": "identity", "field_value": "3301**********2345", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(2), "field_type": "tel", "field_value": "139****0000", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(3), "field_type": "name", "field_value": "欧**", "options": map[string]any{"is_masked": true}},
			map[string]any{"field_id": json7(4), "field_type": "text", "field_value": "房间 0866", "options": map[string]any{"is_masked": false}},
			map[string]any{"field_id": json7(5), "field_type": "date", "field_value": "2024-05-17", "options": map[string]any{"is_masked": false}},
		}}}}
	held := []profile.HeldMask{profile.HeldMaskOf(1, "330106198511232345"), profile.HeldMaskOf(2, "13987650000"), profile.HeldMaskOf(3, "欧阳建华")}
	return maskRefOf(json, defaultMaskChars, held), held
}

// TestLeaksInEncodingsAClientDecodes: a masked value is found in clear
// inside a string in any encoding a client decodes: a share link's
// path in base64, a markdown title as HTML character references, a
// JSON document quoted in a text with \u escapes, a query
// percent-encoded; and not where the decoding shows nothing of it.
func TestLeaksInEncodingsAClientDecodes(t *testing.T) {
	ref, _ := derivedRecord()
	for _, tc := range []struct {
		text  string
		field int64
	}{
		{"[分享](https://s.example/p/" + base64.RawURLEncoding.EncodeToString([]byte("holder=欧阳建华")) + ")", 3},
		{"<h1>&#27431;&#38451;&#24314;&#21326; 的登记</h1>", 3},
		{"```json\n{\"tel\": \"\\u0031\\u0033\\u0039\\u0038\\u0037\\u0036\\u0035\\u0030\\u0030\\u0030\\u0030\"}\n```", 2},
		{"https://s.example/card?who=" + url.QueryEscape("客户 欧阳建华") + "&x=1", 3},
		{"https://s.example/card/" + url.PathEscape("欧**"), 0},
		{"[分享](https://s.example/p/" + base64.RawURLEncoding.EncodeToString([]byte("holder=欧**")) + ")", 0},
		{"token aGVsbG8gd29ybGQ", 0},
	} {
		m, leaked := ref.leak(tc.text, defaultMaskChars)
		switch {
		case tc.field == 0 && leaked:
			t.Errorf("%q: a leak of field %d found where no encoding shows a clear value", tc.text, m.field)
		case tc.field != 0 && (!leaked || m.field != tc.field):
			t.Errorf("%q: leak %v (field %d), want field %d found", tc.text, leaked, m.field, tc.field)
		}
	}
}

// TestLeaksOfHiddenCharactersAlone: a text that shows what a mask hides
// without the value (a date of birth read off an identity number, in
// any written form; a prefix longer than the mask shows; a name's
// hidden characters beside its first) is found by the profile's
// fingerprint; the same digits inside text json shows in public, four
// digits on their own, or another date are not.
func TestLeaksOfHiddenCharactersAlone(t *testing.T) {
	ref, _ := derivedRecord()
	for _, tc := range []struct {
		text  string
		field int64
	}{
		{"出生日期：1985年11月23日", 1},     // 8 of the 10 digits a 4+4 mask hides
		{"birthDate 1985-11-23", 1}, // the same, ISO
		{"证件 3301061985112", 1},     // a prefix longer than the mask shows, three digits short of the whole
		{"证件 33010619851123", 1},    // a prefix that shows all it hides but the last four
		{"手机 1398765", 2},           // the phone's prefix, three shown and four hidden
		{"住客 欧阳建…", 3},              // the name's hidden characters beside its first
		{"入住 2024-05-17", 0},        // the public date field
		{"房间 0866 8765", 0},         // four digits alone: a coincidence
		{"出生日期：1985年11月24日", 0},     // another day
		{"3301**********2345", 0},   // the mask itself
		{"编号 9988765000001", 0},     // the phone's hidden digits inside a longer number
		{"欧阳", 0},                   // fewer characters than the name hides
		{"编号 2139876500001", 0},     // the phone's prefix and hidden digits inside a longer number
	} {
		m, leaked := ref.leak(tc.text, defaultMaskChars)
		switch {
		case tc.field == 0 && leaked:
			t.Errorf("%q: a leak of field %d found where the text shows nothing hidden", tc.text, m.field)
		case tc.field != 0 && (!leaked || m.field != tc.field):
			t.Errorf("%q: leak %v (field %d), want field %d found", tc.text, leaked, m.field, tc.field)
		}
	}
}
