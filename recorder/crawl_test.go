package recorder_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
)

// A service that repeats itself (a cursor that never moves, a form list
// that ignores page) must not be walked until the budget is spent, or
// forever with --max-requests 0.
func TestCrawlStopsOnAServiceThatRepeatsItself(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/record/getFormList"): // always page 1, of 1,000
			fmt.Fprint(w, `{"code":0,"message":"","data":{"version":"1","list":[{"id":1,"name":"表","type":0,"type_text":"普通表单","number":"F","note":"","created_at":1,"updated_at":1,"active_at":0,"project":null}],"page":{"current_page":1,"last_page":1000,"per_page":20,"total":20000}}}`)
		default: // the same token forever
			fmt.Fprint(w, `{"code":0,"message":"","data":{"list":[{"tpl_id":1,"name":"甲","coding":"a"}],"next_page_token":"again","total":2}}`)
		}
	}))
	t.Cleanup(srv.Close)
	u := recorder.NewUpstream(srv.URL, "k", nil) // no budget: only the walk's own sense stops it
	err := recorder.Crawl(context.Background(), u, recorder.NewCapture(), recorder.CrawlOptions{})
	if err == nil || !strings.Contains(err.Error(), `repeats page_token "again"`) {
		t.Fatalf("crawl of a cursor that never moves = %v; want an error naming the repeated token", err)
	}
	// Two form pages (the second adds nothing), then two template pages.
	if n := calls.Load(); n != 4 {
		t.Errorf("the crawl made %d calls; want 4: two form pages and two template pages", n)
	}
}

// A crawl that meets the service's own rate limit waits as told and goes
// on: HTTP 429 with Retry-After, or code 429 in a body sent with HTTP 200.
func TestCrawlBacksOffOnTooManyRequests(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
	}{{"HTTP 429", http.StatusTooManyRequests}, {"code 429 with HTTP 200", http.StatusOK}} {
		t.Run(tc.name, func(t *testing.T) {
			var calls atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if calls.Add(1) <= 2 { // the first two calls are refused
					w.Header().Set("Retry-After", "0")
					w.WriteHeader(tc.status)
					fmt.Fprint(w, `{"code":429,"message":"too many requests","error_code":429,"message_detail":""}`)
					return
				}
				if strings.HasSuffix(r.URL.Path, "/record/getFormList") {
					fmt.Fprint(w, `{"code":0,"message":"","data":{"version":"1","list":[],"page":{"current_page":1,"last_page":1,"per_page":20,"total":0}}}`)
					return
				}
				fmt.Fprint(w, `{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`)
			}))
			t.Cleanup(srv.Close)
			var log strings.Builder
			u := recorder.NewUpstream(srv.URL, "k", nil)
			u.BackOff, u.Log = true, &log
			if err := recorder.Crawl(context.Background(), u, recorder.NewCapture(), recorder.CrawlOptions{}); err != nil {
				t.Fatalf("crawl through two 429s = %v; want it to wait and go on", err)
			}
			if n := strings.Count(log.String(), "answered 429"); n != 2 {
				t.Errorf("%d waits logged, want 2:\n%s", n, log.String())
			}
			// 2 refused + the form page + the template page + whether an
			// integer may be a string + the 18 error provocations of a
			// service without templates (docs/record.md); no form, no
			// search to learn from
			if u.Calls() != 23 {
				t.Errorf("%d calls counted against the budget, want 23", u.Calls())
			}
		})
	}
}

// TestCrawlIsTheSameAtAnyConcurrency: overlapping the reads changes
// nothing in the file.
func TestCrawlIsTheSameAtAnyConcurrency(t *testing.T) {
	up := rtqtest.Start(t)
	file := func(concurrency int) []byte {
		u := recorder.NewUpstream(up.URL, up.Key("demo-read"), nil)
		u.Concurrency = concurrency
		c := recorder.NewCapture()
		if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{RecordIDs: []int64{100001, 100002, 100003}}); err != nil {
			t.Fatal(err)
		}
		built := c.Build(up.URL)
		data, err := recorder.Render(built.Scenario, built.Header())
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	one, many := file(1), file(32)
	if !bytes.Equal(one, many) {
		t.Fatalf("the recording at concurrency 32 differs from the one at 1 (%d and %d bytes)", len(many), len(one))
	}
}
