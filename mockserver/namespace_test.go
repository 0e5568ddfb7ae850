package mockserver

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// nsPost posts to an endpoint under /s/{name} ("" for the root) and checks
// the answer against the endpoint's schemas, as send does.
func nsPost(t *testing.T, m *mock, name string, ep contract.Endpoint, key, body string) answer {
	t.Helper()
	prefix := ""
	if name != "" {
		prefix = "/s/" + name
	}
	req, err := http.NewRequest(http.MethodPost, m.URL()+prefix+ep.Path(), strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return checkAnswer(t, ep.Path(), resp.StatusCode, resp.Header, raw)
}

// statusText is the process status text of record 5010 (CertOK) as the
// namespace name sees it.
func statusText(t *testing.T, m *mock, name string) string {
	t.Helper()
	rec := nsPost(t, m, name, contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`).data()["data"].(map[string]any)
	return rec["process_status"].(map[string]any)["text"].(string)
}

// journalPaths lists the paths of a journal (prefix "" for the root's).
func journalPaths(t *testing.T, m *mock, prefix string) []string {
	t.Helper()
	status, _, body := browserish(t, m, http.MethodGet, prefix+"/__admin/requests", nil, "")
	var j struct {
		Requests []struct{ Path string } `json:"requests"`
	}
	if err := json.Unmarshal([]byte(body), &j); status != 200 || err != nil {
		t.Fatalf("journal %s: %d %v %s", prefix, status, err, body)
	}
	var out []string
	for _, r := range j.Requests {
		out = append(out, r.Path)
	}
	return out
}

func TestNamespacesKeepVerifiesResetsAndJournalsApart(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, nsPost(t, m, "one", contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
	if got := statusText(t, m, "one"); got != "已核验" {
		t.Fatalf("one does not see its own verify: %s", got)
	}
	for _, other := range []string{"two", ""} {
		if got := statusText(t, m, other); got != "未核验" {
			t.Errorf("namespace %q sees one's verify: %s", other, got)
		}
	}
	// The same verify is not repeated in two: its state is its own.
	wantOK(t, nsPost(t, m, "two", contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
	if status, _, body := browserish(t, m, http.MethodPost, "/s/one/__admin/reset", nil, ""); status != 200 {
		t.Fatalf("reset one: %d %s", status, body)
	}
	if statusText(t, m, "one") != "未核验" || statusText(t, m, "two") != "已核验" {
		t.Error("a reset of one did not undo one's verify only")
	}

	for _, prefix := range []string{"/s/one", "/s/two"} {
		paths := strings.Join(journalPaths(t, m, prefix), " ")
		if strings.Contains(paths, "/s/") { // paths read as at the root, so ?path= filters do too
			t.Errorf("journal of %s keeps the prefix: %s", prefix, paths)
		}
		if strings.Count(paths, contract.Verify.Path()) != 1 {
			t.Errorf("journal of %s holds another namespace's verify: %s", prefix, paths)
		}
	}
	if _, _, body := browserish(t, m, http.MethodGet, "/s/one/__admin/requests?path="+contract.Verify.Path(), nil, ""); !strings.Contains(body, contract.Verify.Path()) {
		t.Errorf("a path filter under a namespace finds nothing: %s", body)
	}
	for _, p := range journalPaths(t, m, "") {
		if p == contract.Verify.Path() {
			t.Errorf("the root journal holds a namespaced request: %s", p)
		}
	}
	if status, _, _ := browserish(t, m, http.MethodDelete, "/s/one/__admin/requests", nil, ""); status != 200 {
		t.Fatal("clear one's journal")
	}
	if len(journalPaths(t, m, "/s/one")) != 0 || len(journalPaths(t, m, "/s/two")) == 0 || len(journalPaths(t, m, "")) == 0 {
		t.Error("clearing one's journal cleared another")
	}
	// A root reset leaves namespaces alone.
	m.Reset()
	if statusText(t, m, "two") != "已核验" {
		t.Error("a root reset undid a namespace's verify")
	}
}

func TestNamespacesAreDroppedWhenTheScenarioIsReplaced(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, nsPost(t, m, "one", contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
	if spacesOf(m.Server).Count() != 1 {
		t.Fatalf("%d namespaces, want 1", spacesOf(m.Server).Count())
	}
	m.Replace(ts.Build())
	if spacesOf(m.Server).Count() != 0 {
		t.Errorf("%d namespaces after Replace, want 0", spacesOf(m.Server).Count())
	}
	if got := statusText(t, m, "one"); got != "未核验" {
		t.Errorf("one kept its verify across a new scenario: %s", got)
	}
}

func TestNamespacesAreBoundedAndEvictedWhenIdle(t *testing.T) {
	m := startMock(t, nil, Options{MaxNamespaces: 2, NamespaceIdle: time.Minute})
	var clock atomic.Int64
	spacesOf(m.Server).Now = func() time.Time { return time.Unix(0, clock.Load()) }
	wantOK(t, nsPost(t, m, "a", contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
	wantOK(t, nsPost(t, m, "b", contract.GetFormList, ts.ReadSecret, `{}`))
	full := nsPost(t, m, "c", contract.GetFormList, ts.ReadSecret, `{}`)
	wantError(t, full, 503, 0)
	if !strings.Contains(string(full.raw), "--max-namespaces") {
		t.Errorf("a full table does not name the flag: %s", full.raw)
	}
	status, _, body := browserish(t, m, http.MethodPost, "/s/c/__admin/reset", nil, "")
	if status != 503 || !strings.Contains(body, `"error"`) {
		t.Errorf("admin call on a full table: %d %s", status, body)
	}

	clock.Add(int64(2 * time.Minute))
	wantOK(t, nsPost(t, m, "b", contract.GetFormList, ts.ReadSecret, `{}`)) // b is used again, a stays idle
	wantOK(t, nsPost(t, m, "c", contract.GetFormList, ts.ReadSecret, `{}`))
	if spacesOf(m.Server).Count() != 2 {
		t.Fatalf("%d namespaces, want 2", spacesOf(m.Server).Count())
	}
	hasA, hasB := spacesOf(m.Server).Has("a"), spacesOf(m.Server).Has("b")
	if hasA || !hasB {
		t.Errorf("evicted the wrong one: a kept %v, b kept %v", hasA, hasB)
	}
}

func TestNamespaceBadNamesAndPathsAreJSONErrors(t *testing.T) {
	m := startMock(t, nil, Options{})
	long := strings.Repeat("n", 65)
	for _, name := range []string{"bad!name", long, "..", "a%20b"} {
		a := nsPost(t, m, name, contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`)
		wantError(t, a, 404, 0)
		if !strings.Contains(fmt.Sprint(a.doc["message_detail"]), "1 to 64 letters") && name != "a%20b" {
			t.Errorf("%q: the answer does not name the rule: %s", name, a.raw)
		}
	}
	ok := nsPost(t, m, strings.Repeat("n", 64), contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`)
	wantOK(t, ok)
	wantOK(t, nsPost(t, m, "A-z_0.9", contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`))
	for path, want := range map[string]string{
		"/s/bad!/__admin/reset":     "1 to 64 letters",
		"/s/x/__admin/scenario":     "the scenario is replaced at the root",
		"/s/x/elsewhere":            "endpoints live under",
		"/s/x/__admin/nothing/here": "a namespace answers",
	} {
		status, h, body := browserish(t, m, http.MethodPost, path, nil, "")
		if status != 404 || !strings.Contains(body, want) || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %s, want 404 saying %q", path, status, body, want)
		}
	}
	if spacesOf(m.Server).Count() != 2 {
		t.Errorf("%d namespaces, want the 2 good names only", spacesOf(m.Server).Count())
	}
}

func TestNamespaceFaultRulesStayInTheirNamespace(t *testing.T) {
	m := startMock(t, nil, Options{})
	rule := `{"endpoint":"record/getRecord","error":{"code":429,"error_code":100429,"message":"Too many requests","http_status":429}}`
	if status, _, body := browserish(t, m, http.MethodPost, "/s/slow/__admin/faults", nil, rule); status != 200 {
		t.Fatalf("add rule: %d %s", status, body)
	}
	wantError(t, nsPost(t, m, "slow", contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`), 429, 0)
	wantOK(t, nsPost(t, m, "fast", contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`))
	wantOK(t, nsPost(t, m, "", contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`))
	if _, _, body := browserish(t, m, http.MethodGet, "/__admin/faults", nil, ""); strings.Contains(body, "100429") {
		t.Errorf("the root lists a namespace's rule: %s", body)
	}
	if status, _, _ := browserish(t, m, http.MethodDelete, "/s/slow/__admin/faults", nil, ""); status != 200 {
		t.Fatal("clear rules")
	}
	wantOK(t, nsPost(t, m, "slow", contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`))
}

// The guards of the outer chain and of the admin chain answer a namespaced
// path exactly as its root path: same status, same CORS grant.
func TestNamespaceGuardsAsAtRoot(t *testing.T) {
	m := startMock(t, nil, Options{CORSOrigin: "*", AdminToken: "tok"})
	port := m.URL()[strings.LastIndex(m.URL(), ":"):]
	admin := "Bearer tok"
	cases := []struct {
		name, method, path string
		hdr                map[string]string
	}{
		{"rebound Host, API", "POST", contract.GetFormList.Path(), map[string]string{"Host": "attacker.example" + port, "Authorization": "Bearer " + readKey}},
		{"rebound Host, admin", "GET", "/__admin/requests", map[string]string{"Host": "attacker.example" + port, "Authorization": admin}},
		{"form reset", "POST", "/__admin/reset", map[string]string{"Origin": "https://evil.example", "Content-Type": "text/plain", "Authorization": admin}},
		{"cross-site verify", "POST", contract.Verify.Path(), map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain", "Authorization": "Bearer " + ts.WriteSecret}},
		{"admin without token", "POST", "/__admin/reset", nil},
		{"admin CORS from any page", "GET", "/__admin/profile", map[string]string{"Origin": "https://evil.example", "Authorization": admin}},
		{"API CORS from any page", "POST", contract.GetFormList.Path(), map[string]string{"Origin": "https://any.example", "Authorization": "Bearer " + readKey}},
		{"admin preflight", "OPTIONS", "/__admin/reset", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}},
		{"API preflight", "OPTIONS", contract.GetRecord.Path(), map[string]string{"Origin": "https://any.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}},
	}
	for _, tc := range cases {
		rs, rh, rb := browserish(t, m, tc.method, tc.path, tc.hdr, "{}")
		ns, nh, nb := browserish(t, m, tc.method, "/s/guarded"+tc.path, tc.hdr, "{}")
		if rs != ns || rh.Get("Access-Control-Allow-Origin") != nh.Get("Access-Control-Allow-Origin") {
			t.Errorf("%s: root %d %q %s, namespaced %d %q %s", tc.name, rs, rh.Get("Access-Control-Allow-Origin"), rb,
				ns, nh.Get("Access-Control-Allow-Origin"), nb)
		}
	}
}

// TestNamespaceBuildHoldsUpNoOtherRequestAndRunsOnce holds the build of
// one new namespace open: the root, a namespace that exists and another
// new one are served meanwhile, and a second first use of the held name
// waits for the first's build instead of making its own.
func TestNamespaceBuildHoldsUpNoOtherRequestAndRunsOnce(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, nsPost(t, m, "old", contract.GetFormList, ts.ReadSecret, `{}`))
	building, release, waiting := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var builds atomic.Int32
	build := spacesOf(m.Server).Build
	spacesOf(m.Server).Build = func(name string, base *state.State) (*namespace.Namespace, error) {
		if name == "held" {
			builds.Add(1)
			building <- struct{}{}
			<-release
		}
		return build(name, base)
	}
	spacesOf(m.Server).Wait = func(name string) {
		if name == "held" {
			waiting <- struct{}{}
		}
	}
	// Upper bound only: a request held up by the build fails instead of hanging.
	client := &http.Client{Timeout: time.Minute}
	post := func(prefix string) error {
		req, err := http.NewRequest(http.MethodPost, m.URL()+prefix+contract.GetFormList.Path(), strings.NewReader(`{}`))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+ts.ReadSecret)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err = io.Copy(io.Discard, resp.Body); err == nil && resp.StatusCode != 200 {
			err = fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		return err
	}
	results := make(chan error, 2)
	first := func() { results <- post("/s/held") }
	go first()
	<-building
	t.Cleanup(func() { // a failure below must not leave the build held
		if !chanClosed(release) {
			close(release)
		}
	})
	for _, prefix := range []string{"", "/s/old", "/s/new"} {
		if err := post(prefix); err != nil {
			t.Fatalf("%s while a build is held: %v", prefix+contract.GetFormList.Path(), err)
		}
	}
	go first()
	<-waiting
	close(release)
	for range 2 {
		if err := <-results; err != nil {
			t.Errorf("a first use of the held name: %v", err)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("the held name was built %d times, want once", n)
	}
	if n := spacesOf(m.Server).Count(); n != 3 {
		t.Errorf("%d namespaces, want old, new and held", n)
	}
}

// A build that fails (or panics) tells its waiters and gives its place
// up, so the next request builds the name afresh.
func TestNamespaceFailedBuildGivesItsPlaceUp(t *testing.T) {
	m := startMock(t, nil, Options{MaxNamespaces: 1})
	build := spacesOf(m.Server).Build
	var calls atomic.Int32
	spacesOf(m.Server).Build = func(name string, base *state.State) (*namespace.Namespace, error) {
		switch calls.Add(1) {
		case 1:
			return nil, fmt.Errorf("out of luck")
		case 2:
			panic("worse luck")
		}
		return build(name, base)
	}
	base := m.store.Root().St
	if _, err := spacesOf(m.Server).Get("x", base); err == nil || !strings.Contains(err.Error(), "out of luck") {
		t.Fatalf("a failed build answered %v", err)
	}
	func() {
		defer func() { _ = recover() }()
		_, _ = spacesOf(m.Server).Get("x", base)
		t.Error("the build's panic did not reach its caller")
	}()
	if ns, err := spacesOf(m.Server).Get("x", base); err != nil || ns == nil || spacesOf(m.Server).Count() != 1 {
		t.Fatalf("after two failed builds: %v, %d namespaces", err, spacesOf(m.Server).Count())
	}
}

// chanClosed tells whether ch is closed, without waiting.
func chanClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// spacesOf is the namespace table of a server's memory store, whose clock
// and builds the tests drive.
func spacesOf(s *Server) *namespace.Table { return s.store.(*store.Memory).Table() }
