package recorder_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// loopRecords are the default scenario's records the closed loop records:
// every field type, masked values and names, review states, system forms,
// no form, a notary, and credential records of two flows.
var loopRecords = []int64{100001, 100002, 100003, 100004, 100005, 100006, 100007, 100008, 100009, 100010,
	100011, 100012, 100013, 110001, 110011, 110021, 110101, 110201}

// journal collects the exchanges of a walk.
type journal struct {
	mu sync.Mutex
	xs []recorder.Exchange
}

func (j *journal) add(x recorder.Exchange) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.xs = append(j.xs, x)
}

// crawl walks base with key and returns the capture and what it saw.
func crawl(t *testing.T, base, key string) (*recorder.Capture, []recorder.Exchange) {
	t.Helper()
	j := &journal{}
	u := recorder.NewUpstream(base, key, nil)
	u.OnExchange = j.add
	c := recorder.NewCapture()
	err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{RecordIDs: loopRecords,
		RecordURLs: []string{"https://demo.rtq.example/r/demo-all-types"}})
	if err != nil {
		t.Fatalf("crawl %s: %v", base, err)
	}
	return c, j.xs
}

// record builds, renders and loads the recording of c.
func record(t *testing.T, c *recorder.Capture, upstream string) ([]byte, *scenario.Scenario) {
	t.Helper()
	built := c.Build(upstream)
	data, err := recorder.Render(built.Scenario, built.Header())
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	loaded, err := scenario.Parse("recording.yaml", data)
	if err != nil {
		t.Fatalf("the recording does not validate: %v", err)
	}
	return data, loaded
}

// withoutToken drops next_page_token: page tokens are each server's own
// (an HMAC over its scenario, docs/contract.md §C5), a documented KIT
// choice, so the recording's differ from the upstream's.
func withoutToken(body []byte) []byte {
	var m map[string]any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if d.Decode(&m) != nil {
		return body
	}
	if data, ok := m["data"].(map[string]any); ok {
		if _, has := data["next_page_token"]; has && data["next_page_token"] != nil {
			data["next_page_token"] = "TOKEN"
		}
	}
	out, _ := json.Marshal(m)
	return out
}

func TestClosedLoopCrawl(t *testing.T) {
	up := rtqtest.Start(t)
	c, want := crawl(t, up.URL, up.Key("demo-read"))
	_, sc := record(t, c, up.URL)
	if got := len(sc.Records); got != len(loopRecords) {
		t.Fatalf("recorded %d records, want %d", got, len(loopRecords))
	}
	rec := rtqtest.Start(t, rtqtest.WithScenario(sc))
	_, got := crawl(t, rec.URL, recorder.ReadKeySecret)
	compareWalks(t, want, got)
}

// compareWalks asserts that two walks made the same calls and got the same
// bytes, page tokens aside. A crawl overlaps its independent reads, so the
// calls are compared in the order of their requests (page tokens aside),
// then of their answers, not in the order they were answered.
func compareWalks(t *testing.T, want, got []recorder.Exchange) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("the recording's walk made %d calls, the upstream's %d", len(got), len(want))
	}
	key := func(x recorder.Exchange) string {
		var m map[string]any
		_ = json.Unmarshal(x.Request, &m)
		delete(m, "page_token")
		b, _ := json.Marshal(m)
		return x.Endpoint + " " + string(b)
	}
	// Two calls of one request (the provocations without a key and with
	// a wrong one send the same body) are told apart by their answers:
	// which key got which answer is the foreign loop's question
	// (foreignAsks sends each).
	byRequest := func(a, b recorder.Exchange) int {
		return cmp.Or(strings.Compare(key(a), key(b)), bytes.Compare(withoutToken(a.Body), withoutToken(b.Body)))
	}
	want, got = slices.Clone(want), slices.Clone(got)
	slices.SortStableFunc(want, byRequest)
	slices.SortStableFunc(got, byRequest)
	diffs := 0
	for i := range want {
		w, g := want[i], got[i]
		if w.Endpoint != g.Endpoint || w.Status != g.Status || !bytes.Equal(withoutToken(w.Body), withoutToken(g.Body)) {
			diffs++
			if diffs <= 5 {
				t.Errorf("call %d %s %s: upstream HTTP %d\n%s\nrecording HTTP %d\n%s", i, w.Endpoint, w.Request, w.Status, w.Body, g.Status, g.Body)
			}
		}
	}
	if diffs > 0 {
		t.Errorf("%d of %d answers differ", diffs, len(want))
	}
}

// A service's record_url of its own shape is kept: the recording answers
// getRecord by it, with the same bytes.
func TestClosedLoopKeepsTheServicesRecordURL(t *testing.T) {
	up := rtqtest.Start(t, rtqtest.WithScenarioFiles(filepath.Join("testdata", "timed.yaml")))
	walk := func(base, key string) (*recorder.Capture, []recorder.Exchange) {
		j := &journal{}
		u := recorder.NewUpstream(base, key, nil)
		u.OnExchange = j.add
		c := recorder.NewCapture()
		if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{RecordURLs: []string{"https://app.example.com/records/one"}}); err != nil {
			t.Fatal(err)
		}
		return c, j.xs
	}
	c, want := walk(up.URL, up.Key("demo-read"))
	_, sc := record(t, c, up.URL)
	if len(sc.Records) != 1 || sc.Records[0].URL != "https://app.example.com/records/one" {
		t.Fatalf("recorded records %v; want the one with the service's record_url", sc.Records)
	}
	rec := rtqtest.Start(t, rtqtest.WithScenario(sc))
	_, got := walk(rec.URL, recorder.ReadKeySecret)
	compareWalks(t, want, got)
}
