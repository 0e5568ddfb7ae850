package mockserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

type formPage struct {
	ids                           []int64
	items                         []map[string]any
	current, last, perPage, total int64
}

func getForms(t *testing.T, m *mock, body string) formPage {
	t.Helper()
	a := m.post(t, contract.GetFormList, readKey, body)
	wantOK(t, a)
	d := a.data()
	if d["version"] != contract.FormListVersion {
		t.Errorf("version %v", d["version"])
	}
	p := d["page"].(map[string]any)
	fp := formPage{current: num(p["current_page"]), last: num(p["last_page"]), perPage: num(p["per_page"]), total: num(p["total"])}
	for _, it := range d["list"].([]any) {
		item := it.(map[string]any)
		fp.items = append(fp.items, item)
		fp.ids = append(fp.ids, num(item["id"]))
	}
	return fp
}

// TestFormListWalk pages through every filter: pages are disjoint, in
// ascending id, together hold total, and total and last_page never change.
func TestFormListWalk(t *testing.T) {
	m := startMock(t, nil, Options{})
	const all = ts.PlainForms + 3 // plus the three credential forms
	for _, c := range []struct {
		filter string
		total  int64
	}{
		{``, all},
		{`"search_key":"alpha",`, 5}, // note "Alpha 备注", case-insensitive
		{`"search_key":"巡检",`, ts.PlainForms}, // name
		{`"search_key":"cert-",`, 3},          // number
		{`"number":"F-007",`, 1},
		{`"number":"f-007",`, 0}, // exact and case-sensitive
		{`"number":"F-005","search_key":"ALPHA",`, 1},
		{`"number":"F-006","search_key":"alpha",`, 0},
		{`"search_key":"",`, all}, // empty counts as absent
	} {
		for _, size := range []int{1, 3, 7, 20} {
			var seen []int64
			for page := int64(1); ; page++ {
				p := getForms(t, m, fmt.Sprintf(`{%s"page":%d,"page_size":%d}`, c.filter, page, size))
				wantLast := max((c.total+int64(size)-1)/int64(size), 1)
				if p.total != c.total || p.last != wantLast || p.current != page || p.perPage != int64(size) {
					t.Fatalf("%s size %d page %d: total %d last %d current %d per %d", c.filter, size, page, p.total, p.last, p.current, p.perPage)
				}
				for _, id := range p.ids {
					if len(seen) > 0 && id <= seen[len(seen)-1] {
						t.Fatalf("%s: id %d after %d: not ascending or not disjoint", c.filter, id, seen[len(seen)-1])
					}
					seen = append(seen, id)
				}
				if p.current >= p.last {
					break
				}
			}
			if int64(len(seen)) != c.total {
				t.Errorf("%s size %d: walk saw %d forms, total %d", c.filter, size, len(seen), c.total)
			}
		}
	}
}

func TestFormListHitsContainTheKey(t *testing.T) {
	m := startMock(t, nil, Options{})
	p := getForms(t, m, `{"search_key":"ALPHA","page_size":20}`)
	for _, it := range p.items {
		hay := strings.ToLower(fmt.Sprint(it["name"], it["note"], it["number"]))
		if !strings.Contains(hay, "alpha") {
			t.Errorf("hit %v lacks the key", it)
		}
	}
}

func TestFormListPageSizeIsClampedAndPastTheEndIsEmpty(t *testing.T) {
	m := startMock(t, nil, Options{})
	p := getForms(t, m, `{"page_size":500}`)
	if p.perPage != 20 || len(p.ids) != 20 {
		t.Errorf("page_size 500: per_page %d, %d items; want 20", p.perPage, len(p.ids))
	}
	p = getForms(t, m, `{"page":99}`)
	if p.current != 99 || len(p.ids) != 0 || p.last != 3 {
		t.Errorf("page 99: current %d, %d items, last %d", p.current, len(p.ids), p.last)
	}
	p = getForms(t, m, `{"page":9223372036854775807,"page_size":20}`)
	if len(p.ids) != 0 {
		t.Errorf("huge page returned items")
	}
	p = getForms(t, m, `{"number":"none"}`)
	if p.total != 0 || p.last != 1 || len(p.items) != 0 {
		t.Errorf("empty result: %+v", p)
	}
}

func TestFormListItems(t *testing.T) {
	m := startMock(t, nil, Options{})
	p := getForms(t, m, `{"number":"F-001"}`)
	it := p.items[0]
	if num(it["active_at"]) != 0 || it["active_at_iso"] != "" || it["project"] != nil {
		t.Errorf("a never-active form without project: %v", it)
	}
	p = getForms(t, m, `{"number":"F-002"}`)
	it = p.items[0]
	if it["created_at_iso"] != contract.ISO(num(it["created_at"])) || it["project"] == nil || it["active_at_iso"] == "" {
		t.Errorf("form item %v", it)
	}
}

func TestFormListParameterErrors(t *testing.T) {
	m := startMock(t, nil, Options{})
	for body, want := range map[string]string{
		`{"page":0}`:          "page must be an integer >= 1, got 0",
		`{"page":"2"}`:        `page must be an integer >= 1, got "2"`,
		`{"page_size":"abc"}`: `page_size must be an integer >= 1, got "abc"`,
		`{"page_size":0}`:     "page_size must be an integer >= 1",
		`{"page_size":2.5}`:   "page_size must be an integer >= 1, got 2.5",
		`{"search_key":1}`:    "search_key must be a string, got 1",
		`{"number":true}`:     "number must be a string, got a boolean",
	} {
		a := m.post(t, contract.GetFormList, readKey, body)
		wantError(t, a, 400, contract.ErrInvalidParams)
		if d := a.doc["message_detail"].(string); !strings.Contains(d, want) {
			t.Errorf("%s: detail %q lacks %q", body, d, want)
		}
	}
}
