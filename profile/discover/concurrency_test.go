package discover_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/discover"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// written runs Discover with opts at a fixed time and returns the profile
// as written and what rtq profile discover prints of its findings.
func written(t *testing.T, opts discover.Options) (file, printed string, requests int) {
	file, printed, requests, _ = writtenWithChain(t, opts)
	return file, printed, requests
}

// writtenWithChain is written that also says the longest chain of
// dependent requests.
func writtenWithChain(t *testing.T, opts discover.Options) (file, printed string, requests, chain int) {
	t.Helper()
	opts.Now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	res, err := discover.Discover(context.Background(), opts)
	if err != nil {
		t.Fatalf("concurrency %d: %v", opts.Concurrency, err)
	}
	var b bytes.Buffer
	if err := discover.Write(&b, res); err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Profile.Findings {
		printed += fmt.Sprintf("%s %s %s\n", f.Statement, f.Endpoint, f.What)
	}
	return b.String(), printed, res.Requests, res.Chain
}

// sameAtAnyConcurrency discovers the target one request at a time and at
// the default concurrency: the profile, its findings in their order and
// the number of requests must not change.
func sameAtAnyConcurrency(t *testing.T, opts discover.Options) (file, printed string) {
	t.Helper()
	opts.Concurrency = 1
	one, onePrinted, oneReqs := written(t, opts)
	opts.Concurrency = discover.DefaultConcurrency
	many, manyPrinted, manyReqs := written(t, opts)
	if one != many {
		t.Errorf("the profile differs:\n--- one at a time\n%s\n--- concurrency %d\n%s", one, opts.Concurrency, many)
	}
	if onePrinted != manyPrinted {
		t.Errorf("the findings differ:\n--- one at a time\n%s--- concurrency %d\n%s", onePrinted, opts.Concurrency, manyPrinted)
	}
	if oneReqs != manyReqs {
		t.Errorf("%d requests one at a time, %d at concurrency %d", oneReqs, manyReqs, opts.Concurrency)
	}
	if _, err := profile.Parse("discovered.yaml", []byte(many)); err != nil {
		t.Fatalf("the profile does not load: %v\n%s", err, many)
	}
	return many, manyPrinted
}

// recordIDs are the records a target's own profile names.
func recordIDs(t *testing.T, p *profile.Profile) []int64 {
	t.Helper()
	var ids []int64
	for _, r := range p.Records {
		ids = append(ids, r.ID)
	}
	if len(ids) == 0 {
		t.Fatal("the target's profile names no record")
	}
	return ids
}

func TestDiscoverOfTheMockIsTheSameAtAnyConcurrency(t *testing.T) {
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{})
	own, err := profile.Load(context.Background(), m.URL+"/__admin/profile")
	if err != nil {
		t.Fatal(err)
	}
	file, _ := sameAtAnyConcurrency(t, discover.Options{BaseURL: m.URL, ReadKey: "rtq-demo-read", WriteKey: "rtq-demo-write",
		AllowWrites: true, RecordIDs: recordIDs(t, own), Timeout: 30 * time.Second})
	for _, want := range []string{"window:", "the write key may verify it", "findings: none"} {
		if !strings.Contains(file, want) {
			t.Errorf("the profile does not hold %q, so the test proves less than it says:\n%s", want, file)
		}
	}
}

// The independent fake, correct and with each bug discover sees: the
// profile and the findings do not depend on the concurrency.
func TestDiscoverOfTheForeignServiceIsTheSameAtAnyConcurrency(t *testing.T) {
	finds := map[foreign.Bug]bool{foreign.BugTemplatesIgnoreEndTime: true, foreign.BugTemplatesTotalIgnoresTime: true,
		foreign.BugStartTimeIgnored: true, foreign.BugNumberPrefix: true, foreign.BugNumberCaseless: true}
	for _, bug := range []foreign.Bug{"", foreign.BugTemplatesIgnoreEndTime, foreign.BugTemplatesTotalIgnoresTime,
		foreign.BugStartTimeIgnored, foreign.BugNumberPrefix, foreign.BugNumberCaseless, foreign.BugLastTokenNotNull,
		foreign.BugTotalOfRemaining, foreign.BugFormPagesOverlap} {
		t.Run(string(bug), func(t *testing.T) {
			opts := foreign.Defaults()
			opts.Bug = bug
			fs := foreign.New(opts)
			srv := httptest.NewServer(fs)
			t.Cleanup(srv.Close)
			own, err := profile.Parse("foreign.yaml", fs.Profile())
			if err != nil {
				t.Fatal(err)
			}
			_, printed := sameAtAnyConcurrency(t, discover.Options{BaseURL: srv.URL, ReadKey: foreign.ReadKey, WriteKey: foreign.WriteKey,
				AllowWrites: true, RecordIDs: recordIDs(t, own), Timeout: 30 * time.Second})
			if finds[bug] && printed == "" {
				t.Errorf("no finding for %s: the test proves less than it says", bug)
			}
		})
	}
}

// broken is a service whose filters are broken in every listing discover
// reads, so that its steps each make findings: the form number filter
// matches prefixes, and no listing reads its time filter. Its answers come
// after a random pause of up to 2 ms, so that at any concurrency the
// requests finish in shuffled orders; whatever the order, the findings
// must come out in the plan's.
type broken struct {
	calls atomic.Int64
	mu    sync.Mutex
	rnd   *rand.Rand
}

func newBroken() *broken { return &broken{rnd: rand.New(rand.NewPCG(1, 2))} }

func (b *broken) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.calls.Add(1)
	b.mu.Lock()
	pause := time.Duration(b.rnd.IntN(2000)) * time.Microsecond
	b.mu.Unlock()
	time.Sleep(pause) // a shuffle of the finishing order, not a synchronisation
	var req map[string]any
	_ = json.NewDecoder(r.Body).Decode(&req)
	w.Header().Set("Content-Type", "application/json")
	data := b.answer(strings.TrimPrefix(r.URL.Path, "/api/v2/rpc/"), req)
	if data == nil {
		io.WriteString(w, `{"code":400,"error_code":100324,"message":"状态不符","message_detail":""}`)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok", "data": data})
}

func (b *broken) answer(op string, req map[string]any) map[string]any {
	num := func(k string) int { f, _ := req[k].(float64); return int(f) }
	switch op {
	case "record/getFormList":
		var forms []any
		for i := 1; i <= 25; i++ {
			n := fmt.Sprintf("N-%d", i)
			if want, ok := req["number"].(string); !ok || strings.HasPrefix(n, want) {
				forms = append(forms, map[string]any{"id": i, "name": fmt.Sprintf("表%02d", i), "note": "", "number": n})
			}
		}
		size, page := max(num("page_size"), 1), max(num("page"), 1)
		from, to := min((page-1)*size, len(forms)), min(page*size, len(forms))
		return map[string]any{"list": forms[from:to], "page": map[string]any{"current_page": page,
			"last_page": max(1, (len(forms)+size-1)/size), "per_page": size, "total": len(forms)}}
	case "templates/list":
		return cursor(req, 7, func(i int) map[string]any { return map[string]any{"tpl_id": i, "coding": fmt.Sprintf("T-%d", i)} })
	case "templates/listQrcodes":
		k, _ := strconv.Atoi(strings.TrimPrefix(fmt.Sprint(req["template"]), "T-"))
		return cursor(req, k+2, func(i int) map[string]any {
			return map[string]any{"id": 100*k + i, "coding": fmt.Sprintf("S-%d-%d", k, i)}
		})
	case "record/getRecord":
		id := num("record_id")
		return map[string]any{"format": "json", "data": map[string]any{"record_id": id, "record_code": fmt.Sprintf("C-%d", id),
			"record_url":      fmt.Sprintf("https://broken.example/r/%d", id),
			"record_template": map[string]any{"id": 1}, "tpl_groups": []any{}}}
	}
	return nil
}

// cursor pages n items by page_size; the token is the offset.
func cursor(req map[string]any, n int, item func(int) map[string]any) map[string]any {
	size, _ := req["page_size"].(float64)
	from, _ := strconv.Atoi(fmt.Sprint(req["page_token"]))
	to := min(n, from+max(int(size), 1))
	var list []any
	for i := from; i < to; i++ {
		list = append(list, item(i+1))
	}
	var next any
	if to < n {
		next = strconv.Itoa(to)
	}
	return map[string]any{"list": list, "next_page_token": next, "total": n}
}

func TestDiscoverKeepsItsFindingsInThePlansOrderAtAnyConcurrency(t *testing.T) {
	srv := httptest.NewServer(newBroken())
	t.Cleanup(srv.Close)
	_, printed := sameAtAnyConcurrency(t, discover.Options{BaseURL: srv.URL, ReadKey: "r", WriteKey: "w", AllowWrites: true,
		RecordIDs: []int64{3, 1, 2, 1}})
	// The form list's step first (each number in the order sent), then the
	// template list's window, then each template's in the list's order.
	want := []string{
		`4.3.number record/getFormList number "N-1" lists form 10`,
		`4.3.number record/getFormList number "N-2" lists form 20`,
		`4.3.number record/getFormList number "N-" lists form 1`,
		`4.4.window templates/list `,
		`4.4.window templates/listQrcodes `, // T-1: 3 sub-codes
		`4.4.window templates/listQrcodes `,
		`4.4.window templates/listQrcodes `,
		`4.4.window templates/listQrcodes `,
		`4.4.window templates/listQrcodes `, // T-5: 7 sub-codes
	}
	lines := strings.Split(strings.TrimSuffix(printed, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("findings:\n%s\nwant %d", printed, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("finding %d is %q, want it to begin %q", i+1, lines[i], w)
		}
	}
	for i, n := range []int{7, 3, 4, 5, 6, 7} {
		if !strings.Contains(lines[3+i], fmt.Sprintf("give all %d items", n)) {
			t.Errorf("finding %d is %q: want the listing of %d items there", 4+i, lines[3+i], n)
		}
	}
}

// --max-requests is an exact cap whatever the concurrency: the target sees
// that many requests, no more, and the error names no request (which one
// ran out depends on timing). A budget of exactly what a run needs is
// enough.
func TestDiscoverMaxRequestsIsAnExactCapAtAnyConcurrency(t *testing.T) {
	b := newBroken()
	srv := httptest.NewServer(b)
	t.Cleanup(srv.Close)
	opts := discover.Options{BaseURL: srv.URL, ReadKey: "r", RecordIDs: []int64{1, 2, 3}}
	_, _, needs := written(t, opts)
	var msgs []string
	for _, n := range []int{1, discover.DefaultConcurrency} {
		opts.Concurrency = n
		for _, budget := range []int{1, 9, needs - 1} {
			opts.MaxRequests = budget
			b.calls.Store(0)
			_, err := discover.Discover(context.Background(), opts)
			if !errors.Is(err, discover.ErrBudget) {
				t.Fatalf("concurrency %d, --max-requests %d of %d needed: err = %v, want ErrBudget", n, budget, needs, err)
			}
			if got := b.calls.Load(); got != int64(budget) {
				t.Errorf("concurrency %d, --max-requests %d: the target saw %d requests", n, budget, got)
			}
			msgs = append(msgs, err.Error())
		}
		opts.MaxRequests = needs
		b.calls.Store(0)
		if _, _, reqs := written(t, opts); reqs != needs || b.calls.Load() != int64(needs) {
			t.Errorf("concurrency %d, --max-requests %d: %d requests made, %d seen", n, needs, reqs, b.calls.Load())
		}
	}
	if half := len(msgs) / 2; !slices.Equal(msgs[:half], msgs[half:]) {
		t.Errorf("the errors differ with the concurrency:\n%q\n%q", msgs[:half], msgs[half:])
	}
}

// What overlaps is proved by the plan, not by a clock: the longest chain of
// requests that each waited for the one before is the same at any
// concurrency, and is the chain the plan says. On the broken service: the
// form list's two pages then the numbers (3), beside the template list's
// one page then each template's walk and time-filter counts (3), beside
// the records (1); then the three guarded verifies, one after the other.
func TestDiscoverChainIsThePlansLongestAtAnyConcurrency(t *testing.T) {
	srv := httptest.NewServer(newBroken())
	t.Cleanup(srv.Close)
	opts := discover.Options{BaseURL: srv.URL, ReadKey: "r", WriteKey: "w", AllowWrites: true, RecordIDs: []int64{3, 1, 2, 1}}
	for _, n := range []int{1, discover.DefaultConcurrency} {
		opts.Concurrency = n
		_, _, requests, chain := writtenWithChain(t, opts)
		if requests != 33 || chain != 6 {
			t.Errorf("concurrency %d: %d requests, the longest chain %d; want 33 and 6", n, requests, chain)
		}
	}
}
