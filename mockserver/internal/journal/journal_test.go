package journal

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

func add(j *Journal, n int, path string) {
	for i := range n {
		j.Add(Exchange{At: time.Unix(int64(i), 0), Method: "POST", Path: path + strconv.Itoa(i), Key: "demo-read",
			Status: 200, Dur: 1500 * time.Microsecond, Body: []byte(`{"page":` + strconv.Itoa(i) + `}`)})
	}
}

func paths(t *testing.T, j *Journal, f RequestFilter) string {
	t.Helper()
	rs, err := j.Requests(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rs {
		out = append(out, r.Path)
	}
	return strings.Join(out, " ")
}

// TestTheRingKeepsTheLatestNewestFirst, for a ring allocated at once and
// one that grows, across its wrap.
func TestTheRingKeepsTheLatestNewestFirst(t *testing.T) {
	for name, j := range map[string]*Journal{"fixed": New(3), "growing": NewGrowing(3)} {
		add(j, 2, "/a")
		if got := paths(t, j, RequestFilter{}); got != "/a1 /a0" {
			t.Errorf("%s, 2 of 3: %q", name, got)
		}
		add(j, 4, "/b")
		if got := paths(t, j, RequestFilter{}); got != "/b3 /b2 /b1" {
			t.Errorf("%s, past the wrap: %q", name, got)
		}
		if got := paths(t, j, RequestFilter{Limit: 2}); got != "/b3 /b2" {
			t.Errorf("%s, limit 2: %q", name, got)
		}
		if err := j.Clear(); err != nil || paths(t, j, RequestFilter{}) != "" {
			t.Errorf("%s: Clear left %q", name, paths(t, j, RequestFilter{}))
		}
		add(j, 1, "/c")
		if got := paths(t, j, RequestFilter{}); got != "/c0" {
			t.Errorf("%s, after Clear: %q", name, got)
		}
	}
}

func TestAGrowingRingAllocatesAsRequestsCome(t *testing.T) {
	j := NewGrowing(100)
	add(j, 9, "/x")
	if c := cap(j.entries); c != 16 {
		t.Errorf("9 entries of at most 100 hold room for %d, want 16 (doubling from 8)", c)
	}
	add(j, 200, "/y")
	if c := cap(j.entries); c != 100 {
		t.Errorf("a full ring holds %d entries, want its size 100", c)
	}
}

func TestAnEntryKeepsCopiesWithinItsBounds(t *testing.T) {
	j := New(4)
	body := []byte(`{"record_id":1}`)
	long := "/" + strings.Repeat("p", 300)
	j.Add(Exchange{Method: "POST", Path: long, Body: body})
	copy(body, `{"record_id":9}`) // the caller reuses its buffer
	j.Add(Exchange{Method: "POST", Path: "/big", Body: make([]byte, journalBody+1)})
	rs, _ := j.Requests(RequestFilter{})
	if rs[0].Body != "(513 bytes, too long to keep)" {
		t.Errorf("an over-long body: %q", rs[0].Body)
	}
	if rs[1].Body != `{"record_id":1}` {
		t.Errorf("the body changed with the caller's buffer: %q", rs[1].Body)
	}
	if rs[1].Path != long[:256]+"…" {
		t.Errorf("a long path is kept as %d bytes", len(rs[1].Path))
	}
}

// TestAppendJSONIsWhatRequestsLists: the admin API's JSON and the Go
// view are the same entries, in the same order, with the same fields.
func TestAppendJSONIsWhatRequestsLists(t *testing.T) {
	j := New(5)
	add(j, 3, "/api/v2/rpc/record/getFormList?")
	out, err := j.AppendJSON(nil, RequestFilter{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Requests []struct {
			Time       time.Time `json:"time"`
			Method     string    `json:"method"`
			Path       string    `json:"path"`
			Key        string    `json:"key"`
			Status     int       `json:"status"`
			Code       int       `json:"code"`
			DurationMS float64   `json:"duration_ms"`
			Body       string    `json:"body"`
		} `json:"requests"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want, _ := j.Requests(RequestFilter{Limit: 2})
	if len(got.Requests) != 2 || len(want) != 2 {
		t.Fatalf("%d and %d entries, want 2", len(got.Requests), len(want))
	}
	for i, g := range got.Requests {
		w := want[i]
		if !g.Time.Equal(w.Time) || g.Path != w.Path || g.Key != w.Key || g.Status != w.Status ||
			g.Body != w.Body || g.DurationMS != 1.5 || g.Method != "POST" {
			t.Errorf("entry %d: JSON %+v, Requests %+v", i, g, w)
		}
	}
	if empty, _ := New(2).AppendJSON(nil, RequestFilter{}); string(empty) != `{"requests":[]}` {
		t.Errorf("an empty journal: %s", empty)
	}
}
