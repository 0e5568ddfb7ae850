package recorder_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// chainLine is what a recording says of a crawl's and a probe's calls.
var chainLine = regexp.MustCompile(`the (crawl|probe) made (\d+) calls, the longest chain of them that each waited for the one before (\d+)`)

// What a crawl and its probe overlap is proved by their plan, not by a
// clock: the longest chain of calls that each waited for the one before
// is the same one call at a time and at the default concurrency, and much
// shorter than the calls made (latency multiplies the chain, not the
// calls).
func TestRecordingChainIsThePlansAtAnyConcurrency(t *testing.T) {
	up := startForeign(t)
	chains := map[int]map[string][2]int{}
	for _, n := range []int{1, recorder.DefaultConcurrency} {
		var log bytes.Buffer
		rec, err := recorder.NewRecording(recorder.Options{Upstream: up, APIKey: foreign.ReadKey, Out: filepath.Join(t.TempDir(), "r.yaml"),
			RecordIDs: foreignRecords, ProbeTimes: true, Concurrency: n, Log: &log, Now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Crawl(context.Background()); err != nil {
			t.Fatal(err)
		}
		chains[n] = map[string][2]int{}
		for _, m := range chainLine.FindAllStringSubmatch(log.String(), -1) {
			calls, _ := strconv.Atoi(m[2])
			chain, _ := strconv.Atoi(m[3])
			chains[n][m[1]] = [2]int{calls, chain}
		}
		for _, what := range []string{"crawl", "probe"} {
			c, ok := chains[n][what]
			if !ok || c[1] < 1 || c[1]*3 > c[0] {
				t.Errorf("concurrency %d: the %s: %d calls, the longest chain %d (said: %v); want a chain under a third of the calls\n%s", n, what, c[0], c[1], ok, log.String())
			}
		}
	}
	if one, many := chains[1], chains[recorder.DefaultConcurrency]; one["crawl"] != many["crawl"] || one["probe"] != many["probe"] {
		t.Errorf("one at a time %v, at concurrency %d %v: the calls and chains must not change", one, recorder.DefaultConcurrency, many)
	}
}

// --max-requests is an exact cap at any concurrency: when it runs out in
// the crawl the service sees that many calls, no more, and the file is
// still written; the probe begins no listing its estimate says does not
// fit, so it stays within what is left.
func TestRecordingMaxRequestsIsAnExactCapAtAnyConcurrency(t *testing.T) {
	var seen atomic.Int64
	fs := foreign.New(foreign.Defaults())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.Add(1)
		fs.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	for _, n := range []int{1, recorder.DefaultConcurrency} {
		for _, budget := range []int{40, 400} { // in the crawl (79 calls), in the probe
			seen.Store(0)
			rec, err := recorder.NewRecording(recorder.Options{Upstream: srv.URL, APIKey: foreign.ReadKey, Out: filepath.Join(t.TempDir(), "r.yaml"),
				RecordIDs: foreignRecords, ProbeTimes: true, Concurrency: n, MaxRequests: budget})
			if err != nil {
				t.Fatal(err)
			}
			s, err := rec.Crawl(context.Background())
			if err != nil {
				t.Fatalf("concurrency %d, --max-requests %d: %v", n, budget, err)
			}
			got := seen.Load()
			if inCrawl := budget < 79; got != int64(s.Calls) || inCrawl && got != int64(budget) || got > int64(budget) || !inCrawl && got <= 79 {
				t.Errorf("concurrency %d, --max-requests %d: the service saw %d calls, the recording counted %d", n, budget, got, s.Calls)
			}
		}
	}
}
