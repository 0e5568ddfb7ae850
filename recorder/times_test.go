package recorder_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
)

// fakeTemplates is a service whose templates/list reads its time bounds
// one of four ways and lists in an order of its choosing: the probe must
// recover every creation time whatever the reading, and say when the
// mock cannot answer as the service does.
type fakeTemplates struct {
	startIncl, endIncl bool
	byIDDesc           bool // list by tpl_id descending, not by creation time
	ignoreTimes        bool // answer every time filter with the whole list
	localOnly          bool // refuse RFC 3339; read "YYYY-MM-DD HH:MM:SS" in UTC+08:00
	items              []fakeItem
	calls              atomic.Int64
}

type fakeItem struct{ id, at int64 }

func (f *fakeTemplates) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.calls.Add(1)
	var req struct {
		Start, End, Token string
		Size              int
	}
	var raw map[string]any
	_ = json.NewDecoder(r.Body).Decode(&raw)
	req.Start, _ = raw["start_time"].(string)
	req.End, _ = raw["end_time"].(string)
	req.Token, _ = raw["page_token"].(string)
	if n, ok := raw["page_size"].(float64); ok {
		req.Size = int(n)
	}
	w.Header().Set("Content-Type", "application/json")
	if !strings.HasSuffix(r.URL.Path, "/templates/list") {
		fmt.Fprint(w, `{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`)
		return
	}
	parse := func(v string) (time.Time, bool) {
		if f.localOnly {
			t, err := time.ParseInLocation("2006-01-02 15:04:05", v, time.FixedZone("", 8*3600))
			return t, err == nil
		}
		t, err := time.Parse(time.RFC3339, v)
		return t, err == nil
	}
	for _, v := range []string{req.Start, req.End} {
		if _, ok := parse(v); v != "" && !ok {
			fmt.Fprintf(w, `{"code":400,"message":"bad time %s","data":{}}`, v)
			return
		}
	}
	in := func(at int64) bool {
		if f.ignoreTimes {
			return true
		}
		if req.Start != "" {
			s, _ := parse(req.Start)
			if at < s.Unix() || !f.startIncl && at == s.Unix() {
				return false
			}
		}
		if req.End != "" {
			e, _ := parse(req.End)
			if at > e.Unix() || !f.endIncl && at == e.Unix() {
				return false
			}
		}
		return true
	}
	var hits []fakeItem
	for _, it := range f.items {
		if in(it.at) {
			hits = append(hits, it)
		}
	}
	from, _ := strconv.Atoi(req.Token)
	to := min(len(hits), from+max(req.Size, 1))
	list := []map[string]any{}
	for _, it := range hits[min(from, len(hits)):to] {
		list = append(list, map[string]any{"tpl_id": it.id, "name": "t" + strconv.FormatInt(it.id, 10), "coding": "c" + strconv.FormatInt(it.id, 10)})
	}
	var next any
	if to < len(hits) {
		next = strconv.Itoa(to)
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "", "data": map[string]any{"list": list, "next_page_token": next, "total": len(hits)}})
}

func newFake(seed uint64, n int) *fakeTemplates {
	rng := rand.New(rand.NewPCG(seed, 1))
	f := &fakeTemplates{}
	base := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC).Unix()
	for i := range n {
		at := base + rng.Int64N(2*365*86400)
		if i%7 == 3 { // some share a second with the item before
			at = f.items[i-1].at
		}
		f.items = append(f.items, fakeItem{id: int64(1000 + i), at: at})
	}
	return f
}

// crawlFake serves f and crawls it: the server, the client (whose budget
// a test may set) and what the crawl captured.
func crawlFake(t *testing.T, f *fakeTemplates) (*httptest.Server, *recorder.Upstream, *recorder.Capture) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	u := recorder.NewUpstream(srv.URL, "k", nil)
	c := recorder.NewCapture()
	if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{}); err != nil {
		t.Fatal(err)
	}
	return srv, u, c
}

// probeFake crawls and probes f and returns the times recorded, by id,
// and the file header's notes.
func probeFake(t *testing.T, f *fakeTemplates) (map[int64]int64, []string) {
	t.Helper()
	if f.byIDDesc {
		slices.SortFunc(f.items, func(a, b fakeItem) int { return int(b.id - a.id) })
	} else {
		slices.SortFunc(f.items, func(a, b fakeItem) int {
			if a.at != b.at {
				return int(a.at - b.at)
			}
			return int(a.id - b.id)
		})
	}
	srv, u, c := crawlFake(t, f)
	if err := recorder.ProbeTimes(context.Background(), u, c, tlog{t}); err != nil {
		t.Fatal(err)
	}
	built := c.Build(srv.URL)
	got := map[int64]int64{}
	for _, tp := range built.Scenario.Templates {
		got[tp.ID] = tp.CreatedAt
	}
	return got, built.Header()
}

func TestProbeTimesWhateverTheBounds(t *testing.T) {
	for _, tc := range []struct {
		name               string
		startIncl, endIncl bool
		shift              int64  // recorded minus true time
		note               string // a header note that must be there ("" none about bounds)
	}{
		{"both inclusive", true, true, 0, ""},
		{"both exclusive", false, false, 0, "start_time exclusive, end_time exclusive"},
		{"half-open", true, false, 0, "start_time inclusive, end_time exclusive"},
		// No answer tells (start, end] from [start, end): the probe reads
		// the latter, so times come out a second early, and the file says so.
		{"start exclusive, end inclusive", false, true, -1, "a second early"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(7, 40)
			f.startIncl, f.endIncl = tc.startIncl, tc.endIncl
			got, notes := probeFake(t, f)
			for _, it := range f.items {
				if got[it.id] != it.at+tc.shift {
					t.Errorf("template %d: recorded %d, created %d (shift %d)", it.id, got[it.id], it.at, tc.shift)
				}
			}
			header := strings.Join(notes, "\n")
			if tc.note == "" && strings.Contains(header, "reads the time filters") || !strings.Contains(header, tc.note) {
				t.Errorf("header notes:\n%s\nwant one saying %q", header, tc.note)
			}
			if strings.Contains(header, "placeholders") {
				t.Errorf("a fully probed listing is still called placeholders:\n%s", header)
			}
			t.Logf("%d items, %d calls", len(f.items), f.calls.Load())
		})
	}
}

// assertExact fails for every item of f whose recorded time is not its
// creation time.
func assertExact(t *testing.T, f *fakeTemplates, got map[int64]int64) {
	t.Helper()
	for _, it := range f.items {
		if got[it.id] != it.at {
			t.Errorf("template %d: recorded %d, created %d", it.id, got[it.id], it.at)
		}
	}
}

func TestProbeTimesSaysWhenTheOrderIsNotTheMocks(t *testing.T) {
	f := newFake(9, 12)
	f.startIncl, f.endIncl, f.byIDDesc = true, true, true
	got, notes := probeFake(t, f)
	assertExact(t, f, got)
	if !strings.Contains(strings.Join(notes, "\n"), "another order than creation time") {
		t.Errorf("a service listing by id descending: the header should say its pages come in another order:\n%s", strings.Join(notes, "\n"))
	}
}

func TestProbeTimesKeepsPlaceholdersOutsideTheSpan(t *testing.T) {
	f := newFake(3, 5)
	f.startIncl, f.endIncl = true, true
	f.items[2].at = time.Date(1999, 12, 31, 0, 0, 0, 0, time.UTC).Unix()
	got, notes := probeFake(t, f)
	want := int64(recorder.PlaceholderEpoch)
	for i := range f.items {
		if got[f.items[i].id] != want+int64(i) {
			t.Errorf("a listing timed in part must keep placeholders whole: template %d got %d", f.items[i].id, got[f.items[i].id])
		}
	}
	if !strings.Contains(strings.Join(notes, "\n"), "templates[].created_at are placeholders") {
		t.Errorf("header should name the placeholders:\n%s", strings.Join(notes, "\n"))
	}
}

func TestProbeTimesSpendsTheBudgetOnListingsThatFit(t *testing.T) {
	up := rtqtest.Start(t, rtqtest.WithScenarioFiles(filepath.Join("testdata", "timed.yaml")))
	u := recorder.NewUpstream(up.URL, up.Key("demo-read"), nil)
	c := recorder.NewCapture()
	if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{}); err != nil {
		t.Fatal(err)
	}
	// Enough for the 3 templates (about 120 calls) and then tpl-b's one
	// sub-code (about 65), not for tpl-a's six (about 200).
	u.MaxRequests = u.Calls() + 260
	var log strings.Builder
	if err := recorder.ProbeTimes(context.Background(), u, c, &log); err != nil {
		t.Fatalf("probe = %v; a listing that does not fit is skipped, not begun", err)
	}
	ph := c.Build(up.URL).Placeholders
	if ph.Templates || len(ph.SubCodes) != 1 || !ph.SubCodes[31] {
		t.Errorf("placeholders %+v; want only tpl-a's (template 31) sub-codes left\n%s", ph, log.String())
	}
	if !strings.Contains(log.String(), "creation times of templates/listQrcodes of tpl-a not probed") {
		t.Errorf("the log should name the listing skipped:\n%s", log.String())
	}
	if u.Calls() > u.MaxRequests {
		t.Errorf("%d calls made, over the budget of %d", u.Calls(), u.MaxRequests)
	}
}

func TestProbeTimesStopsAtTheBudget(t *testing.T) {
	f := newFake(5, 30)
	f.startIncl, f.endIncl = true, true
	srv, u, c := crawlFake(t, f)
	u.MaxRequests = u.Calls() + 50
	if err := recorder.ProbeTimes(context.Background(), u, c, nil); err != nil {
		t.Fatalf("probe with 50 calls left = %v; the listing does not fit, so it is not begun", err)
	}
	if left := u.MaxRequests - u.Calls(); left != 50 {
		t.Errorf("%d calls spent on a listing that could not fit", 50-left)
	}
	if ph := c.Build(srv.URL).Placeholders; !ph.Templates {
		t.Errorf("an unprobed listing must keep its placeholders: %+v", ph)
	}
}

// A service that ignores the time filters would have every item placed
// on the probe's first second: its listing keeps placeholders instead.
func TestProbeTimesRefusesAServiceThatIgnoresTheFilters(t *testing.T) {
	f := newFake(4, 6)
	f.ignoreTimes = true
	got, notes := probeFake(t, f)
	for i, it := range f.items {
		if got[it.id] != recorder.PlaceholderEpoch+int64(i) {
			t.Errorf("template %d: %d; want its placeholder", it.id, got[it.id])
		}
	}
	if !strings.Contains(strings.Join(notes, "\n"), "templates[].created_at are placeholders") {
		t.Errorf("header should name the placeholders:\n%s", strings.Join(notes, "\n"))
	}
}

// A service that refuses RFC 3339 and takes the local form its users
// write is probed in that form.
func TestProbeTimesWritesTheFormTheServiceTakes(t *testing.T) {
	f := newFake(6, 20)
	f.startIncl, f.endIncl, f.localOnly = true, true, true
	got, notes := probeFake(t, f)
	assertExact(t, f, got)
	if strings.Contains(strings.Join(notes, "\n"), "placeholders") {
		t.Errorf("header:\n%s", strings.Join(notes, "\n"))
	}
}
