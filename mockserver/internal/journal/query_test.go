package journal

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func TestPathFilterSelectsWholeSegments(t *testing.T) {
	list, qrcodes := contract.TemplatesList.Path(), contract.ListQrcodes.Path()
	for _, tc := range []struct {
		path, want string
		has        bool
	}{
		{list, list, true},
		{qrcodes, list, false}, // a whole path selects that endpoint only
		{list, qrcodes, false},
		{qrcodes, "listQrcodes", true},
		{list, "/api/v2/rpc/templates", true},
		{qrcodes, "/api/v2/rpc/templates/", true},
		{qrcodes, "templates", true},
		{list, "templ", false},
		{list, "rpc/templates/list", true},
		{list, "pc/templates", false},
		{list, "Templates", false},
		{"/s/x/__admin/requests", "requests", true},
		{list, "/", true},           // slashes only: no filter (the admin API refuses it)
		{"/a/b/a/bc", "a/bc", true}, // a later occurrence counts
		{"/ab", "/ab/c", false},
	} {
		if got := pathHas(tc.path, tc.want); got != tc.has {
			t.Errorf("pathHas(%q, %q) = %v, want %v", tc.path, tc.want, got, tc.has)
		}
	}
}

func TestParseRequestFilterTakesEveryParameter(t *testing.T) {
	q := url.Values{"path": {"/p"}, "key": {"k"}, "status": {"404"}, "limit": {"7"}}.Encode()
	f, err := ParseFilter(q)
	if err != nil || f != (RequestFilter{Path: "/p", Key: "k", Status: 404, Limit: 7}) {
		t.Errorf("ParseFilter(%s) = %+v, %v", q, f, err)
	}
}

// A namespace's journal grows as requests come; it must keep exactly
// what a journal allocated at once keeps, and never grow past its size.
func TestGrowingJournalKeepsWhatAFixedOneKeeps(t *testing.T) {
	const size = 5
	fixed, growing := New(size), NewGrowing(size)
	paths := func(j *Journal) (out []string) {
		j.Each(RequestFilter{}, func(e *entry) { out = append(out, e.path) })
		return out
	}
	for i := range 23 {
		if i == 3 || i == 17 {
			fixed.Clear()
			growing.Clear()
		}
		x := Exchange{Method: http.MethodPost, Path: fmt.Sprintf("/p%d", i), Status: 200}
		fixed.Add(x)
		growing.Add(x)
		if got, want := paths(growing), paths(fixed); !slices.Equal(got, want) {
			t.Fatalf("after %d requests the growing journal holds %v, the fixed one %v", i+1, got, want)
		}
	}
	if cap(growing.entries) != size {
		t.Errorf("the growing journal holds room for %d entries, want %d", cap(growing.entries), size)
	}
}
