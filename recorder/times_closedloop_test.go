package recorder_test

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// The closed loop with --probe-times: the recording's creation times are
// the upstream's to the second, so every time-filtered answer is the
// upstream's too, including filters whose bounds fall exactly on a
// creation time or a second beside one.
func TestClosedLoopCrawlProbedTimes(t *testing.T) {
	up := rtqtest.Start(t)
	c, want := crawl(t, up.URL, up.Key("demo-read"))
	u := recorder.NewUpstream(up.URL, up.Key("demo-read"), nil)
	if err := recorder.ProbeTimes(context.Background(), u, c, tlog{t}); err != nil {
		t.Fatalf("probe: %v", err)
	}
	t.Logf("the probe made %d calls", u.Calls())
	built := c.Build(up.URL)
	if built.Placeholders.Templates || len(built.Placeholders.SubCodes) > 0 {
		t.Fatalf("times left as placeholders after the probe: %+v", built.Placeholders)
	}
	_, sc := record(t, c, up.URL)
	for _, n := range built.Header() {
		if strings.Contains(n, "placeholders (2020") || strings.Contains(n, "another order") || strings.Contains(n, "reads the time filters") {
			t.Errorf("header note after a full probe of the mock: %s", n)
		}
	}
	rec := rtqtest.Start(t, rtqtest.WithScenario(sc))
	_, got := crawl(t, rec.URL, recorder.ReadKeySecret)
	compareWalks(t, want, got)

	reqs := timeFilters(sc)
	wantF := walkAll(t, up.URL, up.Key("demo-read"), reqs)
	gotF := walkAll(t, rec.URL, recorder.ReadKeySecret, reqs)
	assertFilled(t, wantF)
	compareWalks(t, wantF, gotF)
	t.Logf("%d time-filtered walks, %d answers compared", len(reqs), len(wantF))
}

// assertFilled fails unless every answer is a success and most list
// something: filters the service refuses, or that match nothing, would
// make two walks agree without proving a single time.
func assertFilled(t *testing.T, xs []recorder.Exchange) {
	t.Helper()
	filled := 0
	for _, x := range xs {
		var a struct {
			Code int `json:"code"`
			Data struct {
				Total int `json:"total"`
			} `json:"data"`
		}
		if json.Unmarshal(x.Body, &a) != nil || a.Code != 0 {
			t.Fatalf("%s %s: not a success, so it compares nothing: %s", x.Endpoint, x.Request, x.Body)
		}
		if a.Data.Total > 0 {
			filled++
		}
	}
	if filled*4 < len(xs)*3 {
		t.Fatalf("only %d of %d time-filtered answers list anything", filled, len(xs))
	}
}

// filtered is one time-filtered cursor walk.
type filtered struct {
	ep  contract.Endpoint
	req map[string]any
}

// timeFilters are walks whose bounds sit on recorded creation times and a
// second to either side: a time off by one second changes one of them.
func timeFilters(sc *scenario.Scenario) []filtered {
	var out []filtered
	window := func(ep contract.Endpoint, extra map[string]any, times []int64) {
		slices.Sort(times)
		if len(times) == 0 {
			return
		}
		step := max(1, len(times)/6)
		for i := 0; i < len(times); i += step {
			j := min(len(times)-1, i+step)
			for _, d := range [][2]int64{{0, 0}, {1, -1}, {-1, 1}} {
				lo, hi := times[i]+d[0], times[j]+d[1]
				if hi < lo {
					continue
				}
				req := map[string]any{"start_time": contract.Stamp(lo), "end_time": contract.Stamp(hi)}
				for k, v := range extra {
					req[k] = v
				}
				out = append(out, filtered{ep, req})
			}
		}
		out = append(out, filtered{ep, merged(extra, map[string]any{"start_time": contract.Stamp(times[0]), "end_time": contract.Stamp(times[0])})})
	}
	var tpls []int64
	for _, tp := range sc.Templates {
		tpls = append(tpls, tp.CreatedAt)
	}
	window(contract.TemplatesList, nil, tpls)
	for i, tp := range sc.Templates {
		if i%20 != 0 && tp.Coding != "demo-tpl-big" && tp.Coding != "demo-tpl-small" {
			continue
		}
		var subs []int64
		for _, s := range tp.SubCodes {
			subs = append(subs, s.CreatedAt)
		}
		window(contract.ListQrcodes, map[string]any{"template": tp.Coding}, subs)
	}
	return out
}

func merged(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	maps.Copy(out, a)
	maps.Copy(out, b)
	return out
}

// walkAll walks each filter to its last page on base.
func walkAll(t *testing.T, base, key string, fs []filtered) []recorder.Exchange {
	t.Helper()
	u := recorder.NewUpstream(base, key, nil)
	var xs []recorder.Exchange
	for _, f := range fs {
		req := merged(f.req, map[string]any{"page_size": 100})
		for page := 0; page < 10; page++ {
			body, _ := json.Marshal(req)
			x, err := u.Call(context.Background(), f.ep.Name, body)
			if err != nil {
				t.Fatal(err)
			}
			xs = append(xs, x)
			var d struct {
				Data struct {
					Next *string `json:"next_page_token"`
				} `json:"data"`
			}
			if json.Unmarshal(x.Body, &d) != nil || d.Data.Next == nil {
				break
			}
			req["page_token"] = *d.Data.Next
		}
	}
	return xs
}

// tlog writes a probe's log lines into the test's log.
type tlog struct{ t *testing.T }

func (l tlog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
