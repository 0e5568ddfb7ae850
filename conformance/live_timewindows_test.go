package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// windowPage is a page of ep asked by key with req, listing codings, of
// total.
func windowPage(ep contract.Endpoint, key, req string, total int, codings ...string) Observed {
	var items []string
	for i, c := range codings {
		items = append(items, fmt.Sprintf(`{"tpl_id":%d,"id":%d,"name":"n","coding":%q}`, i+1, i+1, c))
	}
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"list":[%s],"next_page_token":null,"total":%d}}`, strings.Join(items, ","), total)
	return Observed{Endpoint: ep, Method: "POST", Path: ep.Path(), Authorization: "Bearer " + key,
		Request: []byte(req), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

// A page asked by the read key with exactly a window of the profile says
// its total and lists only the items created inside it; another window,
// or another key, is not judged.
func TestLiveWindows(t *testing.T) {
	prof := &profile.Profile{Version: profile.Version, Keys: profile.Keys{Read: "k-read-1234", OtherOrg: "k-other-1234"},
		Templates: profile.Templates{
			Window: &profile.Window{Start: "2026-01-02", End: "2026-01-05", Total: 2, Codings: []string{"t1", "t2"}},
			Items:  []profile.Template{{TplID: 1, Coding: "t1", Window: &profile.Window{Start: "2026-01-03", End: "2026-01-04", Total: 1, Codings: []string{"s1"}}}},
		}}
	const window = `{"start_time":"2026-01-02","end_time":"2026-01-05"}`
	const subWindow = `{"template":"t1","start_time":"2026-01-03","end_time":"2026-01-04"}`
	cases := []struct {
		name string
		ob   Observed
		want Status // "" when not judged
		says string
	}{
		{"the window's items", windowPage(contract.TemplatesList, "k-read-1234", window, 2, "t1", "t2"), Pass, ""},
		{"an item from outside", windowPage(contract.TemplatesList, "k-read-1234", window, 2, "t1", "t9"), Fail, `"t9" was created outside the window`},
		{"another total", windowPage(contract.TemplatesList, "k-read-1234", window, 3, "t1", "t2"), Fail, "total is 3, the profile says 2"},
		{"a template's window", windowPage(contract.ListQrcodes, "k-read-1234", subWindow, 2, "s1", "s2"), Fail, "total is 2, the profile says 1"},
		{"another window", windowPage(contract.TemplatesList, "k-read-1234", `{"start_time":"2026-01-02"}`, 9, "t9"), "", ""},
		{"another organization's key", windowPage(contract.TemplatesList, "k-other-1234", window, 9, "t9"), "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := NewObserver(ObserverOptions{Target: "http://svc", Profile: prof})
			if err != nil {
				t.Fatal(err)
			}
			o.Observe(c.ob)
			want := c.want
			if want == "" {
				want = unjudged
			}
			wantVerdict(t, o, relWindowsLive, want, c.says)
		})
	}
}
