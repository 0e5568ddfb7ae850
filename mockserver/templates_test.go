package mockserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

type tplPage struct {
	items []string // coding of each item
	next  any
	total int64
}

func page(t *testing.T, m *mock, ep contract.Endpoint, body string) tplPage {
	t.Helper()
	a := m.post(t, ep, readKey, body)
	wantOK(t, a)
	d := a.data()
	p := tplPage{next: d["next_page_token"], total: num(d["total"])}
	for _, it := range d["list"].([]any) {
		p.items = append(p.items, it.(map[string]any)["coding"].(string))
	}
	return p
}

// walk pages through a filter and checks the paging rules; it returns the
// codings seen and the tokens issued.
func walk(t *testing.T, m *mock, ep contract.Endpoint, filter string, size int) ([]string, []string) {
	t.Helper()
	var seen, tokens []string
	seenSet := map[string]bool{}
	var total int64 = -1
	tok := ""
	for i := 0; ; i++ {
		body := fmt.Sprintf(`{%s"page_size":%d%s}`, filter, size, tok)
		p := page(t, m, ep, body)
		if total >= 0 && p.total != total {
			t.Fatalf("%s: total changed from %d to %d", filter, total, p.total)
		}
		total = p.total
		if len(p.items) > size || len(p.items) > contract.TemplatesMaxPageSize {
			t.Fatalf("%s: %d items on a page of %d", filter, len(p.items), size)
		}
		for _, c := range p.items {
			if seenSet[c] {
				t.Fatalf("%s: %s on two pages", filter, c)
			}
			seenSet[c] = true
			seen = append(seen, c)
		}
		if p.next == nil {
			break
		}
		if len(p.items) == 0 {
			t.Fatalf("%s: empty page with a next token", filter)
		}
		tokens = append(tokens, p.next.(string))
		tok = fmt.Sprintf(`,"page_token":%q`, p.next)
	}
	if int64(len(seen)) != total {
		t.Fatalf("%s size %d: saw %d items, total %d", filter, size, len(seen), total)
	}
	return seen, tokens
}

func TestTemplatesWalkWithTimeFilters(t *testing.T) {
	m := startMock(t, nil, Options{})
	cases := []struct {
		filter string
		total  int
	}{
		{``, ts.DemoTemplates},
		{`"start_time":"","end_time":"",`, ts.DemoTemplates},
		{`"start_time":"2026-01-03",`, 39},
		{`"end_time":"2026-01-03",`, 9},
		{`"start_time":"2026-01-03 08:00:00",`, 39},
		{`"start_time":"2026-01-03 08:00:01",`, 36},
		{`"start_time":"2026-01-03T00:00:00Z",`, 39},
		{`"end_time":"2026-01-03T00:00:00Z",`, 9},
		{`"start_time":"2026-01-03T08:00:00.5+08:00",`, 36},
		{`"end_time":"2026-01-03T08:00:00.5+08:00",`, 9},
		{`"start_time":"2026-01-02","end_time":"2026-01-04",`, 9},
		{`"start_time":"2030-01-01",`, 0},
	}
	for _, c := range cases {
		for _, size := range []int{1, 4, 20, 100, 1000} {
			seen, _ := walk(t, m, contract.TemplatesList, c.filter, size)
			if len(seen) != c.total {
				t.Errorf("%s size %d: %d templates, want %d", c.filter, size, len(seen), c.total)
			}
		}
	}
	empty := page(t, m, contract.TemplatesList, `{"start_time":"2030-01-01"}`)
	if empty.next != nil || empty.total != 0 || len(empty.items) != 0 {
		t.Errorf("empty list: %+v", empty)
	}
}

func TestSubCodesWalk(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, tpl := range []string{ts.BigTemplate, ts.TemplateURL(ts.BigTemplate)} {
		for _, size := range []int{7, 20, 100} {
			seen, _ := walk(t, m, contract.ListQrcodes, fmt.Sprintf(`"template":%q,`, tpl), size)
			if len(seen) != ts.BigTemplateSubs {
				t.Errorf("%s size %d: %d sub-codes", tpl, size, len(seen))
			}
		}
	}
	// Sub-codes are created two per hour from BaseTime (08:00 +08:00).
	seen, _ := walk(t, m, contract.ListQrcodes, `"template":"tplA000","start_time":"2026-01-01 09:00:00","end_time":"2026-01-01 10:00:00",`, 3)
	if len(seen) != 4 {
		t.Errorf("two hours inclusive: %d sub-codes, want 4", len(seen))
	}
	if p := page(t, m, contract.ListQrcodes, `{"template":"tplA001"}`); p.total != 0 || p.next != nil {
		t.Errorf("template without sub-codes: %+v", p)
	}
	if p := page(t, m, contract.ListQrcodes, `{"template":"tplA000","page_size":1000}`); len(p.items) != 100 {
		t.Errorf("page_size 1000 gave %d items, want the maximum 100", len(p.items))
	}
}

func TestPageTokensAreBoundToTheirFilter(t *testing.T) {
	m := startMock(t, nil, Options{})
	_, tokens := walk(t, m, contract.TemplatesList, `"start_time":"2026-01-03",`, 10)
	tok := tokens[0]
	for _, other := range []string{
		`{"page_token":%q}`,
		`{"start_time":"2026-01-04","page_token":%q}`,
		`{"start_time":"2026-01-03","end_time":"2026-02-01","page_token":%q}`,
	} {
		a := m.post(t, contract.TemplatesList, readKey, fmt.Sprintf(other, tok))
		wantErrorShape(t, contract.TemplatesList, a, 400, 0)
		if !strings.Contains(a.doc["message_detail"].(string), "page_token") {
			t.Errorf("detail %v does not name page_token", a.doc["message_detail"])
		}
	}
	// The same filter written another way is the same filter.
	wantOK(t, m.post(t, contract.TemplatesList, readKey, fmt.Sprintf(`{"start_time":"2026-01-03 00:00:00","page_token":%q}`, tok)))
	// A templates/list token is no listQrcodes token, and a token of one template not another's.
	wantErrorShape(t, contract.ListQrcodes, m.post(t, contract.ListQrcodes, readKey,
		fmt.Sprintf(`{"template":"tplA000","start_time":"2026-01-03","page_token":%q}`, tok)), 400, 0)
	// Another organization's key cannot use the token either.
	a := m.post(t, contract.TemplatesList, ts.OtherSecret, fmt.Sprintf(`{"start_time":"2026-01-03","page_token":%q}`, tok))
	wantErrorShape(t, contract.TemplatesList, a, 400, 0)
}

func TestForgedAndTamperedTokensAre400(t *testing.T) {
	m := startMock(t, nil, Options{})
	_, tokens := walk(t, m, contract.TemplatesList, ``, 10)
	tok := tokens[0]
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := range tok {
		for _, c := range []byte{alphabet[(strings.IndexByte(alphabet, tok[i])+1)%64], alphabet[(strings.IndexByte(alphabet, tok[i])+33)%64]} {
			bad := tok[:i] + string(c) + tok[i+1:]
			a := m.post(t, contract.TemplatesList, readKey, fmt.Sprintf(`{"page_token":%q}`, bad))
			if a.code() != 400 {
				t.Fatalf("token with char %d changed (%s) accepted: %s", i, bad, a.raw)
			}
		}
	}
	for _, bad := range []string{"x", "====", tok + "A", tok[:len(tok)-1], tok + "=", "eyJvZmZzZXQiOjEwfQ", strings.Repeat("A", 40)} {
		a := m.post(t, contract.TemplatesList, readKey, fmt.Sprintf(`{"page_token":%q}`, bad))
		wantErrorShape(t, contract.TemplatesList, a, 400, 0)
	}
	wantErrorShape(t, contract.TemplatesList, m.post(t, contract.TemplatesList, readKey, `{"page_token":5}`), 400, 0)
}

// TestTokensSurviveResetAndRestartButNotAnotherScenario: a token of
// templates/list or of listQrcodes issued before a reset, or by another
// server of the same scenario, gives the same page; one of a changed
// scenario is refused.
func TestTokensSurviveResetAndRestartButNotAnotherScenario(t *testing.T) {
	for _, tc := range []struct {
		ep     contract.Endpoint
		filter string
		change func(*scenario.Scenario)
	}{
		{contract.TemplatesList, ``, func(sc *scenario.Scenario) { sc.Templates = sc.Templates[1:] }},
		{contract.ListQrcodes, `"template":"tplA000",`, func(sc *scenario.Scenario) { sc.Templates[0].SubCodes = sc.Templates[0].SubCodes[1:] }},
	} {
		t.Run(tc.ep.Name, func(t *testing.T) {
			m := startMock(t, nil, Options{})
			_, tokens := walk(t, m, tc.ep, tc.filter, 10)
			body := fmt.Sprintf(`{%s"page_size":10,"page_token":%q}`, tc.filter, tokens[2])
			before := page(t, m, tc.ep, body)
			m.Reset()
			if after := page(t, m, tc.ep, body); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("after reset: %v, before %v", after, before)
			}
			m2 := startMock(t, nil, Options{})
			if again := page(t, m2, tc.ep, body); fmt.Sprint(again) != fmt.Sprint(before) {
				t.Errorf("new server, same scenario: %v, before %v", again, before)
			}
			changed := ts.Build()
			tc.change(changed)
			m.Replace(changed)
			wantErrorShape(t, tc.ep, m.post(t, tc.ep, readKey, body), 400, 0)
		})
	}
}

func TestTemplatesParameterErrors(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, ep := range []contract.Endpoint{contract.TemplatesList, contract.ListQrcodes} {
		for body, want := range map[string]string{
			`{"start_time":"2026/01/03"}`:                         "start_time must be an ISO 8601 time",
			`{"end_time":"yesterday"}`:                            "end_time must be an ISO 8601 time",
			`{"start_time":"2026-01-03T08:00:00"}`:                "start_time must be",
			`{"start_time":12345}`:                                "start_time must be a string",
			`{"start_time":"2026-01-05","end_time":"2026-01-04"}`: "end_time must not be before start_time",
			`{"page_size":0}`:                                     "page_size must be an integer >= 1",
			`{"page_size":"20"}`:                                  `page_size must be an integer >= 1, got "20"`,
		} {
			if ep == contract.ListQrcodes {
				body = `{"template":"tplA000",` + body[1:]
			}
			a := m.post(t, ep, readKey, body)
			wantErrorShape(t, ep, a, 400, 0)
			if a.status != 400 || !strings.Contains(a.doc["message_detail"].(string), want) {
				t.Errorf("%s %s: HTTP %d detail %v, want %q", ep.Name, body, a.status, a.doc["message_detail"], want)
			}
		}
	}
	for _, body := range []string{`{}`, `{"template":""}`, `{"template":null}`} {
		a := m.post(t, contract.ListQrcodes, readKey, body)
		wantErrorShape(t, contract.ListQrcodes, a, 400, 0)
		if !strings.Contains(a.doc["message_detail"].(string), "template is required") {
			t.Errorf("%s: %s", body, a.raw)
		}
	}
	for _, tpl := range []string{"nope", "tplB000", "https://other.rtq.test/t/tplB000", "https://demo.rtq.test/t/nope", "https://other.rtq.test/t/tplA000"} {
		a := m.post(t, contract.ListQrcodes, readKey, fmt.Sprintf(`{"template":%q}`, tpl))
		if a.status != 404 || a.code() != 404 {
			t.Errorf("template %s: HTTP %d %s, want 404", tpl, a.status, a.raw)
		}
	}
}
