package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// TestReportIsTheSameAtAnyConcurrency: one request at a time and the
// default overlap give the same report (apart from timings and the plan)
// and the same exit status, on every broken variant of the mock the
// tests use, on the independent fake's bugs and on its correct builds
// with and without a reset. Every check runs, writes included, so that
// the overlapped reads, the write rounds and the shared answers all meet
// the breaks.
//
// The correct builds run the runner in this process, under the race
// detector, where its own overlap is what is tested; the breaks and the
// bugs run it as `rtq conform` (rtqCommand), whose reports are the same
// Go values: in-process, each of those pairs of runs cost minutes of CI.
func TestReportIsTheSameAtAnyConcurrency(t *testing.T) {
	for _, bc := range allBreaks() {
		t.Run("break/"+bc.name, func(t *testing.T) {
			t.Parallel()
			sameAtAnyConcurrency(t, byCommand, func() (string, *profile.Profile) {
				sc := testscenario.Build()
				return serve(t, bc.m(newMock(t, sc).Handler())), derive.FromScenario(sc)
			}, append(bc.only(), "verify.*", "auth.otherOrg.verify", "transport.*")...)
		})
	}
	builds := map[string]foreign.Options{"correct": foreign.Defaults(), "correct-mock-like": foreign.MockLike()}
	for _, b := range foreign.BugInfos() {
		opts := foreign.Defaults()
		opts.Bug = b.Bug
		builds[string(b.Bug)] = opts
	}
	for name, opts := range builds {
		for _, reset := range []bool{true, false} {
			correct := strings.HasPrefix(name, "correct")
			if !reset && !correct {
				continue
			}
			run := byCommand
			if correct {
				run = inProcess
			}
			t.Run("foreign/"+name+map[bool]string{true: "", false: "/without-reset"}[reset], func(t *testing.T) {
				t.Parallel()
				o := opts
				if reset {
					o.ResetPath = "/_test/reset"
				}
				sameAtAnyConcurrency(t, run, func() (string, *profile.Profile) {
					svc := foreign.New(o)
					srv := httptest.NewServer(svc)
					t.Cleanup(srv.Close)
					prof, err := profile.Parse("foreign.json", svc.Profile())
					if err != nil {
						t.Fatal(err)
					}
					return srv.URL, prof
				})
			})
		}
	}
}

// conformAt runs the checks only (every check when empty), writes
// included, against url with prof at concurrency n.
type conformAt func(t *testing.T, url string, prof *profile.Profile, n int, only []string) *conformance.Report

// inProcess is conformAt in this test's process, under its race detector.
func inProcess(t *testing.T, url string, prof *profile.Profile, n int, only []string) *conformance.Report {
	return conform(t, url, prof, func(o *conformance.Options) {
		o.Concurrency, o.Timeout, o.Only = n, 30*time.Second, only
	})
}

// byCommand is conformAt through the rtq command (rtqCommand), outside
// the race detector, with the profile in a file as users give it.
func byCommand(t *testing.T, url string, prof *profile.Profile, n int, only []string) *conformance.Report {
	t.Helper()
	bin, err := rtqCommand.Path()
	if err != nil {
		t.Fatal(err)
	}
	data, err := profile.Marshal(prof)
	if err != nil {
		t.Fatal(err)
	}
	pf := filepath.Join(t.TempDir(), "profile.json")
	if err := os.WriteFile(pf, data, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"--concurrency", strconv.Itoa(n)}
	for _, o := range only {
		args = append(args, "--only", o)
	}
	rep, err := foreigntest.ConformCommand(bin, url, pf, 30*time.Second, args...)
	if err != nil {
		t.Fatal(err)
	}
	rep.Profile = ""
	return rep
}

// sameAtAnyConcurrency runs every check at --concurrency 1, then at the
// default, each against a fresh target (a staging without a reset keeps
// what a run moved), and fails on any difference of their reports.
func sameAtAnyConcurrency(t *testing.T, run conformAt, target func() (string, *profile.Profile), only ...string) {
	t.Helper()
	var reports [2]string
	var chains [2]int
	for i, n := range []int{1, conformance.DefaultConcurrency} {
		url, prof := target()
		rep := run(t, url, prof, n, only)
		if rep.Plan == nil || rep.Plan.Concurrency != n {
			t.Fatalf("concurrency %d: plan %+v", n, rep.Plan)
		}
		chains[i] = rep.Plan.LongestChain
		reports[i] = withoutTarget(withoutTimings(t, rep), url)
	}
	if reports[0] != reports[1] {
		t.Errorf("the report at --concurrency 1 and at %d differ:\n%s", conformance.DefaultConcurrency, firstDifference(reports[0], reports[1]))
	}
	if chains[0] != chains[1] || chains[0] < 2 {
		t.Errorf("longest chain %d at --concurrency 1, %d at the default; want the same, above the probe alone", chains[0], chains[1])
	}
}

// withoutTarget is the report (JSON) with the target's URL written
// TARGET, in each spelling a request body the report shows may give it:
// as it is, with "/" as "\/" (PHP's style) and every character a \u
// escape (conformance's "escaped" style). Each run serves a fresh target
// on its own port, and the runner draws a request's form with the URL as
// one word, so any request whose body names the target may go in a style
// that spells it otherwise.
func withoutTarget(report, url string) string {
	var all strings.Builder
	for _, r := range url {
		fmt.Fprintf(&all, `\u%04x`, r)
	}
	for _, s := range []string{all.String(), strings.ReplaceAll(url, "/", `\/`), url} {
		b, _ := json.Marshal(s)
		report = strings.ReplaceAll(report, string(b[1:len(b)-1]), "TARGET")
	}
	return report
}

// withoutTimings is the report as JSON, without what describes the run
// rather than the target: when and how long, and the plan.
func withoutTimings(t *testing.T, rep *conformance.Report) string {
	t.Helper()
	r := *rep
	r.StartedAt, r.DurationMS, r.Duration, r.Plan = time.Time{}, 0, 0, nil
	b, err := json.MarshalIndent(&r, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// firstDifference shows the lines around where a and b part.
func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			from := max(0, i-8)
			return "at concurrency 1:\n" + strings.Join(la[from:min(len(la), i+4)], "\n") +
				"\nat the default:\n" + strings.Join(lb[from:min(len(lb), i+4)], "\n")
		}
	}
	return "one report is longer"
}

// TestWritesNeverOverlapTheReadsOfTheirState: with the default overlap,
// no reset falls while a verify or a getRecord of a record a case moves is
// under way; once the write phase has begun (its first reset) no
// getFormList comes, and no getRecord of such a record but the write
// units' own; and every call the run makes one at a time it makes
// overlapped too (resets aside).
func TestWritesNeverOverlapTheReadsOfTheirState(t *testing.T) {
	sc := mocktest.Default(t)
	prof := derive.FromScenario(sc)
	keyName := map[string]string{}
	for role, key := range map[string]string{"read": "rtq-demo-read", "write": "rtq-demo-write", "limited": "rtq-demo-limited", "other": "rtq-other-org"} {
		keyName["Bearer "+key] = role
	}
	// Once writing, a record some case moves is read only by the write
	// units themselves: {"record_id"} after a move (verify.visible's look,
	// with every key: relation.afterWrites), and each format by id and by
	// URL with the read key (the comparisons, and the verify matrix
	// reading its record every way); other records may still be read,
	// beside the writes.
	own := map[string]bool{}
	for _, c := range prof.Cases {
		for _, rec := range prof.Records {
			if rec.ID == c.RecordID || rec.URL == c.Code {
				own[rec.URL] = true
				for _, f := range contract.Formats { // the verify matrix reads its record by URL too
					own["getRecord read "+fmt.Sprintf(`{"format":%q,"record_url":%q}`, f.Name, rec.URL)] = true
				}
			}
		}
		if c.RecordID != 0 {
			own[fmt.Sprint(c.RecordID)] = true
			own["getRecord read "+fmt.Sprintf(`{"record_id":%d}`, c.RecordID)] = true
			for _, f := range contract.Formats {
				own["getRecord read "+fmt.Sprintf(`{"format":%q,"record_id":%d}`, f.Name, c.RecordID)] = true
			}
			for _, role := range []string{"write", "limited", "other"} {
				own["getRecord "+role+" "+fmt.Sprintf(`{"record_id":%d}`, c.RecordID)] = true
			}
			// The cells of the read after a move (conformance/cells.go):
			// the unit's own record with every key, address and format.
			for _, role := range []string{"read", "write", "limited"} {
				for _, rec := range prof.Records {
					if rec.ID == c.RecordID && rec.URL != "" {
						own["getRecord "+role+" "+fmt.Sprintf(`{"record_url":%q}`, rec.URL)] = true
						for _, f := range contract.Formats {
							own["getRecord "+role+" "+fmt.Sprintf(`{"format":%q,"record_url":%q}`, f.Name, rec.URL)] = true
						}
					}
				}
				for _, f := range contract.Formats {
					own["getRecord "+role+" "+fmt.Sprintf(`{"format":%q,"record_id":%d}`, f.Name, c.RecordID)] = true
				}
			}
		}
	}
	named := requestMembers(t)
	var mu sync.Mutex
	var log []string
	inFlight := map[string]int{}
	var overlaps []string
	watch := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			raw, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(raw))
			op := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
			line := op + " " + keyName[r.Header.Get("Authorization")] + " " + string(usualStyle(named[strings.TrimPrefix(r.URL.Path, contract.PathPrefix)], raw))
			if op == "getRecord" && namesMoved(line, own) {
				op = "getRecord of a moved record"
			}
			mu.Lock()
			if op == "reset" && inFlight["verify"]+inFlight["getRecord of a moved record"] > 0 {
				overlaps = append(overlaps, fmt.Sprintf("a reset with %d verify and %d getRecord of a moved record under way", inFlight["verify"], inFlight["getRecord of a moved record"]))
			}
			inFlight[op]++
			log = append(log, line)
			mu.Unlock()
			next.ServeHTTP(w, r)
			mu.Lock()
			inFlight[op]--
			mu.Unlock()
		})
	}
	url := serve(t, watch(newMock(t, sc).Handler()))
	sent := map[int][]string{}
	for _, n := range []int{1, conformance.DefaultConcurrency} {
		mu.Lock()
		log = nil
		mu.Unlock()
		rep := conform(t, url, prof, func(o *conformance.Options) { o.Concurrency = n })
		if f := mustFailures(rep); len(f) > 0 {
			t.Fatalf("concurrency %d: must failures against the default mock: %v", n, f)
		}
		mu.Lock()
		sent[n] = append([]string(nil), log...)
		mu.Unlock()
	}
	if len(overlaps) > 0 {
		t.Errorf("resets fell while reads or writes were under way: %v", overlaps)
	}
	writing := false
	for _, line := range sent[conformance.DefaultConcurrency] {
		op := line[:strings.IndexByte(line, ' ')]
		switch {
		case op == "reset":
			writing = true
		case writing && op == "getFormList" && !afterMoveListing(line):
			t.Errorf("%s sent during the write phase", line)
		case writing && op == "getRecord" && !own[line] && namesMoved(line, own):
			t.Errorf("%s sent during the write phase: it reads a record a case moves", line)
		}
	}
	for _, n := range []int{1, conformance.DefaultConcurrency} { // resets aside: one a round, not one a case
		var calls []string
		for _, line := range sent[n] {
			if !strings.HasPrefix(line, "reset ") {
				calls = append(calls, line)
			}
		}
		sort.Strings(calls)
		sent[n] = calls
	}
	if missing := missingFrom(sent[1], sent[conformance.DefaultConcurrency]); len(missing) > 0 {
		t.Errorf("%d requests of the one-at-a-time run not sent when overlapped, e.g. %q", len(missing), missing[0])
	}
}

// afterMoveListing says whether a getFormList line is the listing a
// write unit reads right after its move (relation.afterWrites): by number
// at page_size 20, no page, which no read of the read phase sends.
func afterMoveListing(line string) bool {
	var body map[string]any
	i := strings.IndexByte(line, '{')
	if i < 0 || json.Unmarshal([]byte(line[i:]), &body) != nil || len(body) != 2 {
		return false
	}
	_, number := body["number"].(string)
	return number && body["page_size"] == float64(20)
}

// usualStyle is a JSON body as the runner's usual style writes it (Go's
// encoder: compact, members sorted), with only the members named (all,
// when nil): the runner writes a request's body in a style the seed
// picks and adds members clients add, which the contract leaves unread
// (§C1), and this test reads the body as the contract does. A body that
// is not one JSON object is as it came.
func usualStyle(named map[string]bool, raw []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v map[string]any
	if dec.Decode(&v) != nil || dec.More() || v == nil {
		return raw
	}
	for m, val := range v {
		if named != nil && !named[m] || val == nil {
			delete(v, m) // unread (§C1), or null: absent as the contract reads it
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return out
}

// requestMembers are, by operation ("record/getRecord"), the members its
// request schema names.
func requestMembers(t *testing.T) map[string]map[string]bool {
	t.Helper()
	reqs, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for _, ep := range contract.Endpoints {
		props := reqs[ep.Name].Properties
		if len(props) == 0 {
			t.Fatalf("the request schema of %s names no members", ep.Name)
		}
		out[ep.Name] = map[string]bool{}
		for m := range props {
			out[ep.Name][m] = true
		}
	}
	return out
}

// namesMoved says whether a getRecord line names a record of own (by id
// or URL).
func namesMoved(line string, own map[string]bool) bool {
	var body struct {
		ID  json.Number `json:"record_id"`
		URL string      `json:"record_url"`
	}
	i := strings.IndexByte(line, '{')
	if i < 0 || json.Unmarshal([]byte(line[i:]), &body) != nil {
		return false // a negative test's body names no record
	}
	return own[body.ID.String()] || own[body.URL]
}

// missingFrom lists what of want (sorted) got (sorted) lacks, by count.
func missingFrom(want, got []string) []string {
	var out []string
	have := map[string]int{}
	for _, g := range got {
		have[g]++
	}
	for _, w := range want {
		if have[w] == 0 {
			out = append(out, w)
			continue
		}
		have[w]--
	}
	return out
}
