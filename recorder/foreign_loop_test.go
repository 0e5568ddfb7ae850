package recorder_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The closed loop against a service that is not rtq's mock: the foreign
// service (testkit/foreign) makes its own choices wherever the
// specification is silent. Recorded by a crawl and through the proxy, the
// recording is served and asked every kind of question; each answer is
// compared byte for byte (page tokens aside) with the service's.

// foreignRecords are every record of the foreign service's organization.
var foreignRecords = []int64{800001, 800002, 800003, 800004, 800005, 800006, 810001, 810005, 810012, 810013}

// The modes the foreign service is recorded in.
const (
	modeCrawl       = "crawl"
	modeCrawlProbed = "crawl --probe-times"
	modeProxy       = "proxy"
	modeProxyProbed = "proxy --probe-times"
)

// unknowable are the answer kinds a recording cannot know in some modes,
// each with its reason; docs/record.md lists each of them
// (TestRecordDocListsTheUnknowables). Every other kind must be identical
// to the service's in every mode: a kind that differs fails the test.
var unknowable = []struct {
	kind  string
	modes []string
	why   string
}{
	{"templates/list window", []string{modeCrawl}, "the list answers carry no creation times and a crawl asks no time window: the placeholder times keep the order, not the times (--probe-times recovers them; the proxy keeps the windows its client asks)"},
	{"listQrcodes window", []string{modeCrawl}, "the list answers carry no creation times and a crawl asks no time window: the placeholder times keep the order, not the times (--probe-times recovers them; the proxy keeps the windows its client asks)"},
	{"generated templates/list window", []string{modeCrawl, modeProxy}, "as for templates/list window: without --probe-times the times are placeholders, and a window nobody asked was not kept"},
	{"generated listQrcodes window", []string{modeCrawl, modeProxy}, "as for templates/list window: without --probe-times the times are placeholders, and a window nobody asked was not kept"},
	{"unprovoked: the detail", allModes, "the detail of an error nobody provoked (message_detail, or what follows the message and its join) is the service's own sentence for a request never sent: the recording writes the kit's"},
	{"unprovoked: unknown template", []string{modeProxy, modeProxyProbed}, "the proxy's client never asked an unknown template, and the proxy provokes only the key errors: code 404 was never seen, so neither its message nor its status line is known, and errors of one other code (400) cannot tell a status policy (200 for all) from a status per code"},
	{"unprovoked: unknown template url", []string{modeProxy, modeProxyProbed}, "as for unprovoked: unknown template"},
}

// allModes are the modes the foreign service is recorded in.
var allModes = []string{modeCrawl, modeCrawlProbed, modeProxy, modeProxyProbed}

// unknowableIn says why kind cannot be known in mode ("" when it can).
func unknowableIn(kind, mode string) string {
	for _, u := range unknowable {
		if u.kind == kind && slices.Contains(u.modes, mode) {
			return u.why
		}
	}
	return ""
}

// namedSearches are the searches the crawl is told (--search-key): the
// loop asks them, and one it was not told.
var namedSearches = []string{"巡检", "巡检 外包", "FX 0"}

// ask is one question put to both servers.
type ask struct {
	kind, op, body string
	auth           string // "read" (the server's read key), "none" or a literal key
	cursor         bool   // follow next_page_token to the end
}

func foreignAsks() []ask {
	var out []ask
	for _, id := range foreignRecords {
		for _, f := range []string{"json", "json-ld", "markdown"} {
			out = append(out, ask{kind: "getRecord " + f, op: "record/getRecord", body: fmt.Sprintf(`{"record_id":%d,"format":%q}`, id, f), auth: "read"})
		}
	}
	out = append(out, ask{kind: "getRecord by url", op: "record/getRecord", body: `{"record_url":"https://qa.foreign.example/c/fxr800002","format":"markdown"}`, auth: "read"})
	for page := 1; page <= 3; page++ {
		out = append(out, ask{kind: "getFormList", op: "record/getFormList", body: fmt.Sprintf(`{"page":%d,"page_size":10}`, page), auth: "read"})
	}
	out = append(out,
		ask{kind: "getFormList default", op: "record/getFormList", body: `{}`, auth: "read"},
		ask{kind: "getFormList search", op: "record/getFormList", body: `{"search_key":"巡检"}`, auth: "read"},
		// Three pages at the service's page size: the first sent with page
		// 1 and without, as clients do.
		ask{kind: "getFormList search pages", op: "record/getFormList", body: `{"search_key":"FX 0"}`, auth: "read"},
		ask{kind: "getFormList search pages", op: "record/getFormList", body: `{"page":1,"search_key":"FX 0"}`, auth: "read"},
		ask{kind: "getFormList search pages", op: "record/getFormList", body: `{"page":2,"search_key":"FX 0"}`, auth: "read"},
		ask{kind: "getFormList search pages", op: "record/getFormList", body: `{"search_key":"FX 0","page":3}`, auth: "read"},
		ask{kind: "getFormList search words", op: "record/getFormList", body: `{"search_key":"巡检 外包"}`, auth: "read"},
		ask{kind: "getFormList search not named", op: "record/getFormList", body: `{"search_key":"抄表 记录"}`, auth: "read"},
		ask{kind: "getFormList number", op: "record/getFormList", body: `{"number":"FX-001"}`, auth: "read"},
		ask{kind: "getFormList both", op: "record/getFormList", body: `{"number":"FX-001","search_key":"巡检"}`, auth: "read"},
		ask{kind: "templates/list", op: "templates/list", body: `{"page_size":10}`, auth: "read", cursor: true},
		ask{kind: "templates/list window", op: "templates/list", body: `{"start_time":"2026-01-05T00:00:00+08:00","end_time":"2026-01-12 23:59:59","page_size":5}`, auth: "read", cursor: true},
		ask{kind: "listQrcodes", op: "templates/listQrcodes", body: `{"template":"fxt3100","page_size":20}`, auth: "read", cursor: true},
		ask{kind: "listQrcodes small", op: "templates/listQrcodes", body: `{"template":"fxt3107"}`, auth: "read", cursor: true},
		ask{kind: "listQrcodes window", op: "templates/listQrcodes", body: `{"template":"fxt3100","start_time":"2026-01-06","end_time":"2026-01-09T12:00:00+08:00"}`, auth: "read", cursor: true},
		// The documented safe error provocations: reads only.
		ask{kind: "error: unknown record id", op: "record/getRecord", body: `{"record_id":987654321}`, auth: "read"},
		ask{kind: "error: unknown record url", op: "record/getRecord", body: `{"record_url":"https://qa.foreign.example/c/nothing-here"}`, auth: "read"},
		ask{kind: "error: form page_size over max", op: "record/getFormList", body: `{"page_size":21}`, auth: "read"},
		ask{kind: "error: templates page_size over max", op: "templates/list", body: `{"page_size":101}`, auth: "read"},
		ask{kind: "error: end before start", op: "templates/list", body: `{"start_time":"2026-01-10","end_time":"2026-01-02"}`, auth: "read"},
		ask{kind: "error: body not JSON", op: "record/getFormList", body: `{"page":`, auth: "read"},
		ask{kind: "error: missing key", op: "record/getFormList", body: `{}`, auth: "none"},
		ask{kind: "error: wrong key", op: "templates/list", body: `{}`, auth: "not-a-key"},
	)
	return out
}

// answer is one answer to an ask.
type answer struct {
	kind, request string
	status        int
	body          []byte
}

// askAll puts every question to base, with readKey for "read".
func askAll(t *testing.T, base, readKey string, asks []ask) []answer {
	t.Helper()
	var out []answer
	for _, a := range asks {
		key := a.auth
		switch a.auth {
		case "read":
			key = readKey
		case "none":
			key = ""
		}
		body := a.body
		for page := 0; page < 50; page++ {
			status, got := postTo(t, base+"/api/v2/rpc/"+a.op, key, body)
			out = append(out, answer{a.kind, body, status, got})
			tok := nextToken(got)
			if !a.cursor || tok == "" {
				break
			}
			var m map[string]any
			_ = json.Unmarshal([]byte(a.body), &m)
			m["page_token"] = tok
			b, _ := json.Marshal(m)
			body = string(b)
		}
	}
	return out
}

func postTo(t *testing.T, url, key, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func nextToken(body []byte) string {
	var m struct {
		Data struct {
			Next *string `json:"next_page_token"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &m) != nil || m.Data.Next == nil {
		return ""
	}
	return *m.Data.Next
}

// compareKinds compares two sets of answers kind by kind: a kind that
// differs fails the test unless it is unknowable in mode. It logs how
// many kinds are identical.
func compareKinds(t *testing.T, mode string, want, got []answer) {
	t.Helper()
	byKind := func(as []answer) map[string][]answer {
		m := map[string][]answer{}
		for _, a := range as {
			m[a.kind] = append(m[a.kind], a)
		}
		return m
	}
	w, g := byKind(want), byKind(got)
	var kinds []string
	for k := range w {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	same, shown, answers, identical := 0, 0, 0, 0
	for _, k := range kinds {
		answers += len(w[k])
		why := unknowableIn(k, mode)
		differs := max(len(w[k]), len(g[k])) - min(len(w[k]), len(g[k]))
		for i := range min(len(w[k]), len(g[k])) {
			a, b := w[k][i], g[k][i]
			if a.status == b.status && bytes.Equal(withoutToken(a.body), withoutToken(b.body)) {
				identical++
				continue
			}
			differs++
			if why == "" && shown < 5 {
				shown++
				t.Errorf("%s %s:\nservice   HTTP %d %s\nrecording HTTP %d %s", k, a.request, a.status, a.body, b.status, b.body)
			}
		}
		switch {
		case differs == 0 && why != "":
			t.Errorf("%s is listed unknowable in mode %s, yet every answer is identical: drop it from the list and from docs/record.md", k, mode)
		case differs == 0:
			same++
		case why == "":
			t.Errorf("%s: %d of %d answers differ", k, differs, len(w[k]))
		default:
			t.Logf("unknowable %s: %d of %d answers differ (%s)", k, differs, len(w[k]), why)
		}
	}
	t.Logf("%s: %d of %d answer kinds identical, %d of %d answers", mode, same, len(kinds), identical, answers)
}

// unprovokedAsks are errors no recording provoked: the service's rules
// (service.error_status) must answer them. Their message_detail is the
// service's own sentence, which no recording can know for a request it
// never sent, so they are measured apart (compareUnprovoked), not held
// identical.
func unprovokedAsks() []ask {
	return []ask{
		{kind: "unprovoked: page 0", op: "record/getFormList", body: `{"page":0}`, auth: "read"},
		{kind: "unprovoked: page_size not a number", op: "record/getFormList", body: `{"page_size":"abc"}`, auth: "read"},
		{kind: "unprovoked: start_time not a time", op: "templates/list", body: `{"start_time":"yesterday"}`, auth: "read"},
		{kind: "unprovoked: bad page token", op: "templates/list", body: `{"page_token":"not-a-token"}`, auth: "read"},
		{kind: "unprovoked: missing template", op: "templates/listQrcodes", body: `{}`, auth: "read"},
		{kind: "unprovoked: unknown template", op: "templates/listQrcodes", body: `{"template":"fxt9999"}`, auth: "read"},
		{kind: "unprovoked: unknown template url", op: "templates/listQrcodes", body: `{"template":"https://qa.foreign.example/t/nothing"}`, auth: "read"},
		{kind: "unprovoked: unknown format", op: "record/getRecord", body: `{"record_id":800001,"format":"xml"}`, auth: "read"},
		{kind: "unprovoked: no record named", op: "record/getRecord", body: `{}`, auth: "read"},
	}
}

// compareUnprovoked compares the answers to errors nobody provoked but
// for their detail (unknowable in every mode): a kind that differs
// beyond it fails the test unless it is unknowable in mode. It counts
// those whose status line is the service's, and those identical but for
// the detail.
func compareUnprovoked(t *testing.T, mode string, want, got []answer) (sameStatus, sameButDetail int) {
	t.Helper()
	if unknowableIn("unprovoked: the detail", mode) == "" {
		t.Fatalf("%s: the detail of errors nobody provoked is compared apart, so it must be listed unknowable", mode)
	}
	details := 0
	for i := range min(len(want), len(got)) {
		a, b := want[i], got[i]
		if a.status == b.status {
			sameStatus++
		}
		if !bytes.Equal(a.body, b.body) {
			details++
		}
		if a.status == b.status && bytes.Equal(withoutDetail(a.body), withoutDetail(b.body)) {
			sameButDetail++
			if unknowableIn(a.kind, mode) != "" {
				t.Errorf("%s is listed unknowable in mode %s, yet answers as the service does: drop it from the list and from docs/record.md", a.kind, mode)
			}
			continue
		}
		why := unknowableIn(a.kind, mode)
		if why == "" {
			t.Errorf("%s %s %s:\nservice   HTTP %d %s\nrecording HTTP %d %s", mode, a.kind, a.request, a.status, a.body, b.status, b.body)
			continue
		}
		t.Logf("unknowable %s %s: differs (%s)", mode, a.kind, why)
	}
	if details == 0 {
		t.Errorf("%s: every error nobody provoked is identical, detail included: drop unprovoked: the detail from the list", mode)
	}
	t.Logf("%s: errors nobody provoked: %d of %d with the service's status line, %d identical but for the detail", mode, sameStatus, len(want), sameButDetail)
	return sameStatus, sameButDetail
}

// withoutDetail is an error answer with its detail blanked: the value of
// message_detail, and the message past its first colon (ASCII or
// full-width).
func withoutDetail(body []byte) []byte {
	var m map[string]any
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	if _, ok := m["message_detail"]; ok {
		m["message_detail"] = "…"
	}
	if msg, ok := m["message"].(string); ok {
		if i := strings.IndexAny(msg, ":："); i >= 0 {
			m["message"] = msg[:i] + ":…"
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// startForeign serves the foreign service with its own choices.
func startForeign(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(foreign.New(foreign.Defaults()))
	t.Cleanup(srv.Close)
	return srv.URL
}

// serveRecording validates a recording and serves it.
func serveRecording(t *testing.T, data []byte) *rtqtest.Mock {
	t.Helper()
	sc, err := scenario.Parse("recording.yaml", data)
	if err != nil {
		t.Fatalf("the recording does not validate: %v", err)
	}
	return rtqtest.Start(t, rtqtest.WithScenario(sc))
}

func TestForeignClosedLoopCrawl(t *testing.T) {
	up := startForeign(t)
	u := recorder.NewUpstream(up, foreign.ReadKey, nil)
	c := recorder.NewCapture()
	if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{RecordIDs: foreignRecords, SearchKeys: namedSearches}); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	data, sc := record(t, c, up)
	rec := serveRecording(t, data)
	asks := foreignAsks()
	compareKinds(t, modeCrawl, askAll(t, up, foreign.ReadKey, asks), askAll(t, rec.URL, recorder.ReadKeySecret, asks))
	un := unprovokedAsks()
	// A crawl provokes enough to settle every rule of the foreign
	// service's errors: only the detail differs.
	compareUnprovoked(t, modeCrawl, askAll(t, up, foreign.ReadKey, un), askAll(t, rec.URL, recorder.ReadKeySecret, un))
	askGenerated(t, modeCrawl, up, data)
	if want := `getFormList searches: 5 answers kept as the service gave them (service.replay), for search_key "巡检", "巡检 外包", "FX 0"`; !strings.Contains(header(data), want) {
		t.Errorf("the header should name the searches the crawl kept (%s):\n%s", want, header(data))
	}
	assertConforms(t, sc)
}

// proxyLoop records the foreign service through the proxy while a client
// asks every question, then compares the recording's answers with the
// service's.
func proxyLoop(t *testing.T, mode string, mods ...func(*recorder.Options)) {
	up := startForeign(t)
	p := startProxy(t, up, foreign.ReadKey, false, mods...)
	asks := foreignAsks()
	// A flush halfway: the exit's write merges into the file it wrote,
	// and must keep what it held of the service.
	askAll(t, p.url, "client-key-never-forwarded", asks[:len(asks)/2])
	if code, body := post(t, p.url+"/__admin/flush", ``, nil); code != http.StatusOK {
		t.Fatalf("flush: %d %s", code, body)
	}
	askAll(t, p.url, "client-key-never-forwarded", asks[len(asks)/2:])
	p.stop()
	// The proxy spends its own key, so the service's own answers (auth
	// errors included) are what the recording must give.
	want := askAll(t, up, foreign.ReadKey, asks)
	data, err := os.ReadFile(p.out)
	if err != nil {
		t.Fatal(err)
	}
	rec := serveRecording(t, data)
	compareKinds(t, mode, want, askAll(t, rec.URL, recorder.ReadKeySecret, asks))
	un := unprovokedAsks()
	compareUnprovoked(t, mode, askAll(t, up, foreign.ReadKey, un), askAll(t, rec.URL, recorder.ReadKeySecret, un))
	askGenerated(t, mode, up, data)
	// The proxy provokes nothing but the key errors: the rules its
	// client's errors do not settle are named, not guessed.
	if !strings.Contains(header(data), "error rule not settled: the status line of error codes never seen") {
		t.Errorf("%s: the header should name the error rules not settled:\n%s", mode, header(data))
	}
	// The header names the places kept as answered: windows only where
	// the times are placeholders.
	windows := `time windows: 4 answers kept as the service gave them (service.replay), of templates/list, templates/listQrcodes "fxt3100"`
	if strings.Contains(string(data), windows) != (mode == modeProxy) || !strings.Contains(string(data), `getFormList searches: 7 answers kept as the service gave them (service.replay), for search_key "巡检", "FX 0", "巡检 外包", "抄表 记录"`) {
		t.Errorf("%s: the header should name the searches, and the windows where times are placeholders:\n%s", mode, header(data))
	}
	sc, _ := scenario.Parse("recording.yaml", data)
	assertConforms(t, sc) // the replayed answers included
}

func TestForeignClosedLoopProxy(t *testing.T) { proxyLoop(t, modeProxy) }

func TestForeignClosedLoopProxyProbed(t *testing.T) {
	proxyLoop(t, modeProxyProbed, func(o *recorder.Options) { o.ProbeTimes = true })
}

// A crawl knows the foreign service's credential records from what the
// specification shows (state changes ending in the process status, and
// the process status of a sibling on the same form), never from a line of
// the mock's markdown; the moves seen become moves of the flow, so the
// recording serves a verify along one.
func TestForeignCredentialsAreRecognisedFromTheSpec(t *testing.T) {
	up := startForeign(t)
	c := recorder.NewCapture()
	if err := recorder.Crawl(context.Background(), recorder.NewUpstream(up, foreign.ReadKey, nil), c, recorder.CrawlOptions{RecordIDs: foreignRecords}); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	data, sc := record(t, c, up)
	certs := map[int64]string{}
	for _, r := range sc.Records {
		if r.Cert != nil {
			certs[r.ID] = r.Cert.Status.Name
		}
	}
	want := map[int64]string{810001: "待核销", 810005: "待核销", 810012: "已作废", 810013: "已核销"}
	if fmt.Sprint(certs) != fmt.Sprint(want) {
		t.Fatalf("credential records %v, want %v", certs, want)
	}
	rec := serveRecording(t, data)
	_, body := postTo(t, rec.URL+"/api/v2/rpc/certificates/verify", recorder.WriteKeySecret,
		`{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销"}`)
	if !strings.Contains(string(body), `"certificate_status":"已核销"`) {
		t.Errorf("verify along a move the service showed: %s", body)
	}
}

// crawlForeignProbed starts a foreign service and records it with a crawl
// and --probe-times; it returns the service's URL and the capture.
func crawlForeignProbed(t *testing.T) (string, *recorder.Capture) {
	t.Helper()
	up := startForeign(t)
	u := recorder.NewUpstream(up, foreign.ReadKey, nil)
	c := recorder.NewCapture()
	ctx := context.Background()
	if err := recorder.Crawl(ctx, u, c, recorder.CrawlOptions{RecordIDs: foreignRecords, SearchKeys: namedSearches}); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	if err := recorder.ProbeTimes(ctx, u, c, io.Discard); err != nil {
		t.Fatalf("probe: %v", err)
	}
	return up, c
}

// With --probe-times a crawl recovers the foreign service's creation
// times from its filters alone, so its time windows answer as the
// service's do too.
func TestForeignClosedLoopCrawlProbed(t *testing.T) {
	up, c := crawlForeignProbed(t)
	data, _ := record(t, c, up)
	rec := serveRecording(t, data)
	asks := foreignAsks()
	compareKinds(t, modeCrawlProbed, askAll(t, up, foreign.ReadKey, asks), askAll(t, rec.URL, recorder.ReadKeySecret, asks))
	un := unprovokedAsks()
	// A crawl provokes enough to settle every rule of the foreign
	// service's errors: only the detail differs.
	compareUnprovoked(t, modeCrawlProbed, askAll(t, up, foreign.ReadKey, un), askAll(t, rec.URL, recorder.ReadKeySecret, un))
	askGenerated(t, modeCrawlProbed, up, data)
}

// rtq conform passes the recording of the foreign service (reads and
// writes, with the profile derived from it): what a recording keeps of a
// service that is not the mock still makes a correct service.
func TestForeignRecordingConforms(t *testing.T) {
	up, c := crawlForeignProbed(t)
	_, sc := record(t, c, up)
	assertConforms(t, sc)
}

// assertConforms runs rtq conform (reads and writes) against the mock
// serving sc, with the profile derived from it: no must check may fail.
func assertConforms(t *testing.T, sc *scenario.Scenario) {
	t.Helper()
	rec := rtqtest.Start(t, rtqtest.WithScenario(sc))
	rep, err := conformance.Run(context.Background(), conformance.Options{BaseURL: rec.URL, Profile: derive.FromScenario(sc), AllowWrites: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail && f.Severity == conformance.Must {
			t.Errorf("%s: %s %v", f.ID, f.Message, f.Problems)
		}
	}
}

// docs/record.md lists every unknowable kind with the modes it cannot be
// known in, and lists no kind the loop does not hold unknowable: the doc
// and the test say the same.
func TestRecordDocListsTheUnknowables(t *testing.T) {
	doc, err := os.ReadFile("../docs/record.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "### What a recording cannot know\n")
	if !ok {
		t.Fatal(`docs/record.md has no "### What a recording cannot know" section`)
	}
	rows := map[string]string{} // kind → its row
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, k := range strings.Split(first, ",") {
			rows[strings.Trim(strings.TrimSpace(k), "`")] = line
		}
	}
	listed := map[string]bool{}
	for _, u := range unknowable {
		listed[u.kind] = true
		row, ok := rows[u.kind]
		if !ok {
			t.Errorf("docs/record.md does not list the unknowable kind %q (%s)", u.kind, u.why)
			continue
		}
		cols := strings.Split(row, "|")
		for _, m := range u.modes {
			if !strings.Contains(cols[2], "`"+m+"`") {
				t.Errorf("docs/record.md: kind %q is unknowable in mode %q, its row says %q", u.kind, m, cols[2])
			}
		}
	}
	for k := range rows {
		if !listed[k] {
			t.Errorf("docs/record.md lists %q as unknowable; the loop test holds it identical (drop its row)", k)
		}
	}
}

// header is the comment block a recording starts with.
func header(data []byte) string {
	h, _, _ := strings.Cut(string(data), "\n\n")
	return h
}
