package recorder_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
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
	u := recorder.NewUpstream(srv.URL, "k") // no budget: only the walk's own sense stops it
	err := recorder.Crawl(context.Background(), u, recorder.NewCapture(), recorder.CrawlOptions{})
	if err == nil || !strings.Contains(err.Error(), `repeats page_token "again"`) {
		t.Fatalf("crawl of a cursor that never moves = %v; want an error naming the repeated token", err)
	}
	// Two form pages (the second adds nothing), then two template pages.
	if n := calls.Load(); n != 4 {
		t.Errorf("the crawl made %d calls; want 4: two form pages and two template pages", n)
	}
}
