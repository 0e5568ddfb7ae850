package rtqtest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// answerSizes are the text values of the records of sizedScenario: their
// getRecord answers run from about 100 B (inside net/http's 4 KB write
// buffer, sent when the handler returns) to 1 MB (sent while it runs).
var answerSizes = []int{10, 900, 3900, 5000, 16 << 10, 64 << 10, 256 << 10, 1 << 20}

// sizedScenario has one record per answer size, ids 1, 2, ...
func sizedScenario(t *testing.T) *scenario.Scenario {
	t.Helper()
	var b strings.Builder
	b.WriteString("orgs: [{id: 1, name: o, code: o, host: o.example}]\n")
	b.WriteString("keys: [{name: reader, secret: rtq-sized-read, org: o, scopes: [read]}]\n")
	b.WriteString("forms: [{id: 10, org: o, name: f}]\nrecords:\n")
	for i, n := range answerSizes {
		fmt.Fprintf(&b, "  - {id: %d, org: o, form: 10, fields: [{id: 1, title: t, type: text, value: %s}]}\n", i+1, strings.Repeat("x", n))
	}
	sc, err := scenario.Parse("sized.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestJournalHoldsEveryAnsweredCall: the journal entry of a call exists
// before the last byte of its answer can reach the client, so a count
// made as soon as the answer is read never misses it, and a reset made
// then drops it for good (no entry lands after the reset). Before, the
// entry was added after the answer was written: answers over about 4 KB
// were whole at the client first, and counts missed them or found them
// after the next reset. Call then count, 10,000 times, answers from
// 100 B to 1 MB (the large ones less often, to keep the run short);
// every fourth count goes through GET /__admin/requests.
func TestJournalHoldsEveryAnsweredCall(t *testing.T) {
	m := rtqtest.Start(t, rtqtest.WithScenario(sizedScenario(t)))
	client := &http.Client{}
	path := contract.GetRecord.Path()
	for i := range 10000 {
		id := 1 + i%5 // up to 16 KB
		switch {
		case i%200 == 0:
			id = 8 // 1 MB
		case i%50 == 0:
			id = 7
		case i%10 == 0:
			id = 6
		}
		req, _ := http.NewRequest(http.MethodPost, m.URL+path, strings.NewReader(fmt.Sprintf(`{"record_id":%d}`, id)))
		req.Header.Set("Authorization", "Bearer rtq-sized-read")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || n < int64(answerSizes[id-1]) {
			t.Fatalf("call %d: HTTP %d, %d bytes", i, resp.StatusCode, n)
		}
		got := 0
		if i%4 == 3 {
			got = countOverHTTP(t, m.URL, path)
		} else {
			got = m.Count(rtqtest.Filter{Path: path})
		}
		if got != 1 {
			t.Fatalf("call %d (answer of %d bytes): %d journal entries after the answer was read, want exactly 1", i, n, got)
		}
		m.Reset()
	}
}

// countOverHTTP counts the journal entries of path as a browser test
// would, through GET /__admin/requests.
func countOverHTTP(t *testing.T, base, path string) int {
	t.Helper()
	resp, err := http.Get(base + "/__admin/requests?path=" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Requests []json.RawMessage `json:"requests"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return len(out.Requests)
}
