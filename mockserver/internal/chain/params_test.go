package chain

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// paramError is err as a 100301 parameter error, or a test failure.
func paramError(t *testing.T, err error) *fail.Error {
	t.Helper()
	var e *fail.Error
	if !errors.As(err, &e) || e.ErrorCode != contract.ErrInvalidParams {
		t.Fatalf("%v: want a %d parameter error", err, contract.ErrInvalidParams)
	}
	return e
}

func TestParseRefusesABodyThatIsNoObject(t *testing.T) {
	for _, body := range []string{"[1]", "{", "nope", `"s"`, `{"a":1}x`} {
		c, _, _ := newCall(t, &contract.GetRecord, body)
		_, err := c.Parse([]string{"a"})
		paramError(t, err)
	}
	c, _, _ := newCall(t, &contract.GetRecord, "")
	if _, err := c.Parse([]string{"a"}); err != nil {
		t.Errorf("an empty body is {}: %v", err)
	}
}

// TestMembersNameTheParameterTheyRefuse: each reader's error names the
// member, the rule and what the client sent.
func TestMembersNameTheParameterTheyRefuse(t *testing.T) {
	cases := []struct {
		body, want string
		read       func(b *Members) error
	}{
		{`{"format":7}`, `format must be a string, got 7`,
			func(b *Members) error { _, _, err := b.Str("format", true); return err }},
		{`{"record_id":"5"}`, `record_id must be an integer >= 1, got "5"`,
			func(b *Members) error { _, _, err := b.Int("record_id", 1); return err }},
		{`{"record_id":0}`, `record_id must be an integer >= 1, got 0`,
			func(b *Members) error { _, _, err := b.Int("record_id", 1); return err }},
		{`{"record_id":1.5}`, `record_id must be an integer >= 1, got 1.5`,
			func(b *Members) error { _, _, err := b.Int("record_id", 1); return err }},
		{`{"tpl_id":true}`, `tpl_id must be an integer, got a boolean`,
			func(b *Members) error { _, _, err := b.AnyInt("tpl_id"); return err }},
		{`{"page_size":[1]}`, `page_size must be an integer >= 1, got an array`,
			func(b *Members) error { _, err := b.PageSize(10, 100, false); return err }},
		{`{"page_size":101}`, `page_size must be at most 100, got 101`,
			func(b *Members) error { _, err := b.PageSize(10, 100, true); return err }},
		{`{"format":"` + strings.Repeat("长", 50) + `"}`, `format must be an integer >= 0, got "` + strings.Repeat("长", 40) + `"…`,
			func(b *Members) error { _, _, err := b.Int("format", 0); return err }},
		{`{"record_id":123456789012345678901234567890}`, `record_id must be an integer >= 1, got 123456789012345678901234…`,
			func(b *Members) error { _, _, err := b.Int("record_id", 1); return err }},
	}
	for _, tc := range cases {
		c, _, _ := newCall(t, &contract.GetRecord, tc.body)
		b, err := c.Parse([]string{"format", "record_id", "tpl_id", "page_size"})
		if err != nil {
			t.Fatal(err)
		}
		if e := paramError(t, tc.read(b)); e.Detail != tc.want {
			t.Errorf("%s: detail %q, want %q", tc.body, e.Detail, tc.want)
		}
	}
}

func TestMembersReadAbsentNullAndDefaults(t *testing.T) {
	c, _, _ := newCall(t, &contract.GetFormList, `{"page":null,"search_key":"","number":"","page_size":500,"other":{"x":1}}`)
	b, err := c.Parse([]string{"page", "search_key", "number", "page_size", "missing"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := b.Int("page", 1); ok || err != nil {
		t.Errorf("null is not absent: ok %v err %v", ok, err)
	}
	if _, ok, _ := b.Str("search_key", true); ok {
		t.Error(`"" is not absent where empty is absent`)
	}
	if s, ok, _ := b.Str("number", false); !ok || s != "" {
		t.Error(`"" was dropped where it is a value`)
	}
	if n, err := b.PageSize(10, 100, false); n != 100 || err != nil {
		t.Errorf("page_size 500 of at most 100: %d %v, want clamped to 100", n, err)
	}
	if _, ok, _ := b.Str("missing", false); ok {
		t.Error("an absent member is present")
	}
	if _, ok, _ := b.Str("other", false); ok {
		t.Error("a member not asked for was read")
	}
	c2, _, _ := newCall(t, &contract.GetFormList, `{}`)
	b2, _ := c2.Parse([]string{"page_size"})
	if n, err := b2.PageSize(10, 100, true); n != 10 || err != nil {
		t.Errorf("absent page_size: %d %v, want the default 10", n, err)
	}
}

func TestBearerTakesOneWellFormedHeader(t *testing.T) {
	for _, tc := range []struct {
		values []string
		tok    string
		ok     bool
	}{
		{[]string{"Bearer abc"}, "abc", true},
		{[]string{"bearer  abc "}, "abc", true},
		{[]string{"BEARER abc"}, "abc", true},
		{[]string{"Bearer "}, "", false},
		{[]string{"Bearer    "}, "", false},
		{[]string{"Basic abc"}, "", false},
		{[]string{"Bearerabc"}, "", false},
		{[]string{"Bearer a", "Bearer b"}, "", false},
		{nil, "", false},
	} {
		tok, ok := Bearer(tc.values)
		if tok != tc.tok || ok != tc.ok {
			t.Errorf("Bearer(%q) = %q %v, want %q %v", tc.values, tok, ok, tc.tok, tc.ok)
		}
	}
}

// A recorded service that reads an integer sent as a string of digits
// (service.integers_as_strings) is answered so; the kit refuses it.
func TestIntegersAsStringsWhereTheServiceReadsThem(t *testing.T) {
	for _, lenient := range []bool{false, true} {
		sc := testscenario.Build()
		sc.Service = &scenario.Service{IntegerStrings: lenient}
		st, err := state.New(sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			body string
			n    int64
			ok   bool
		}{{`{"page":"2"}`, 2, lenient}, {`{"page":"0"}`, 0, false}, {`{"page":"two"}`, 0, false}, {`{"page":2}`, 2, true}} {
			call := Get(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(c.body)), st, nil)
			call.Ep, call.Body = &contract.GetFormList, []byte(c.body)
			b, err := call.Parse([]string{"page"})
			if err != nil {
				t.Fatal(err)
			}
			n, _, err := b.Int("page", 1)
			if (err == nil) != c.ok || c.ok && n != c.n {
				t.Errorf("lenient %v, %s: %d, %v", lenient, c.body, n, err)
			}
			Put(call)
		}
	}
}
