// Package rtqtest starts the rtq mock inside a Go test, the way
// net/http/httptest starts a server: Start serves the default scenario (or
// a given one) on 127.0.0.1 at a free port and closes it when the test
// ends. The keys of the default scenario are constants, Reset puts the
// state back between cases, and the request journal answers what the code
// under test sent: Requests, Count and ExpectCount filter it by path, key
// and status, as GET /__admin/requests?path=&key=&status=&limit= does over
// HTTP.
//
//	func TestMyClient(t *testing.T) {
//		m := rtqtest.Start(t)
//		c := myclient.New(m.URL, rtqtest.WriteKey)
//		// ... exercise c ...
//		m.ExpectCount(rtqtest.Filter{Path: contract.Verify.Path(), Key: "demo-write"}, 1)
//	}
package rtqtest

import (
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// The API keys of the default scenario (README.md lists what each may do).
// Send them as "Authorization: Bearer <key>". The journal names them
// without the "rtq-" prefix: demo-read, demo-write, demo-limited,
// other-org.
const (
	ReadKey     = "rtq-demo-read"    // the demo organization, read
	WriteKey    = "rtq-demo-write"   // the demo organization, read and write
	LimitedKey  = "rtq-demo-limited" // the demo organization, write on one form only
	OtherOrgKey = "rtq-other-org"    // a second organization, read and write
)

// Filter selects journal entries; zero members match everything. Key is
// a key's name (demo-write), or mockserver.NoKey for requests without an
// accepted key.
type Filter = mockserver.RequestFilter

// Request is one journaled request, body masked as the admin API shows it.
type Request = mockserver.Request

// TB is what Start needs of a test: *testing.T, *testing.B and *testing.F
// all have it. (An interface rather than testing.TB so that runnable
// examples and other harnesses can drive the mock too.)
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Option changes what Start serves or how.
type Option func(*config)

type config struct {
	sc    *scenario.Scenario
	files []string
	opts  mockserver.Options
}

// WithScenario serves sc instead of the default scenario.
func WithScenario(sc *scenario.Scenario) Option { return func(c *config) { c.sc = sc } }

// WithScenarioFiles serves the scenario loaded from these YAML files (as
// rtq mock --scenario does); a scenario with problems ends the test.
func WithScenarioFiles(paths ...string) Option { return func(c *config) { c.files = paths } }

// WithOptions sets the server's options (a Logger to see its log, an
// AdminToken, the JournalSize, the Seed of scenarios posted to the admin
// API). The default is silent, with an open admin API.
func WithOptions(o mockserver.Options) Option { return func(c *config) { c.opts = o } }

// Mock is a running mock.
type Mock struct {
	// URL is the base URL, http://127.0.0.1:PORT without a trailing slash:
	// what the code under test takes as the service's address.
	URL string
	// Server is the mock itself, for Replace, Scenario and the rest.
	Server *mockserver.Server
	t      TB
}

// Start serves the default scenario (or the one an option gives) on
// 127.0.0.1 at a free port, closed when the test and its subtests end.
// Any failure to start ends the test.
func Start(t TB, opts ...Option) *Mock {
	t.Helper()
	cfg := config{opts: mockserver.Options{Logger: io.Discard}}
	for _, o := range opts {
		o(&cfg)
	}
	sc, err := cfg.scenario()
	if err != nil {
		t.Fatalf("rtqtest: %v", err)
	}
	srv, err := mockserver.New(sc, cfg.opts)
	if err != nil {
		t.Fatalf("rtqtest: new mock: %v", err)
	}
	if err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatalf("rtqtest: start mock: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("rtqtest: close mock: %v", err)
		}
	})
	return &Mock{URL: srv.URL(), Server: srv, t: t}
}

func (c config) scenario() (*scenario.Scenario, error) {
	switch {
	case c.sc != nil:
		return c.sc, nil
	case len(c.files) > 0:
		sc, err := scenario.LoadFiles(c.files)
		if err != nil {
			return nil, fmt.Errorf("load scenario %s: %w", strings.Join(c.files, ", "), err)
		}
		return sc, nil
	}
	sc, err := scenarios.Default()
	if err != nil {
		return nil, fmt.Errorf("load the default scenario: %w", err)
	}
	return sc, nil
}

// Key is the secret of the served scenario's key named name (demo-write),
// for scenarios other than the default; an unknown name ends the test.
func (m *Mock) Key(name string) string {
	m.t.Helper()
	for _, k := range m.Server.Scenario().Keys {
		if k.Name == name {
			return k.Secret
		}
	}
	m.t.Fatalf("rtqtest: the scenario has no key named %q", name)
	return ""
}

// Reset puts the state back to the loaded scenario (every verify undone)
// and empties the journal, so the next case starts from the same place.
func (m *Mock) Reset() {
	m.Server.Reset()
	m.Server.ClearRequests()
}

// Requests lists the journaled requests f selects, newest first. The
// journal keeps the latest mockserver.DefaultJournalSize requests unless
// WithOptions sets another size.
func (m *Mock) Requests(f Filter) []Request { return m.Server.Requests(f) }

// Count is how many journaled requests f selects.
func (m *Mock) Count(f Filter) int { return len(m.Server.Requests(f)) }

// Call is a path and a key name, the unit Counts adds up by.
type Call struct{ Path, Key string }

// Counts adds up the journaled requests by path and key name.
func (m *Mock) Counts() map[Call]int {
	out := map[Call]int{}
	for _, r := range m.Server.Requests(Filter{}) {
		out[Call{r.Path, r.Key}]++
	}
	return out
}

// ExpectCount fails the test (without stopping it) unless exactly want
// journaled requests match f; the message lists the journal so the
// mismatch can be read at once.
func (m *Mock) ExpectCount(f Filter, want int) {
	m.t.Helper()
	if got := m.Count(f); got != want {
		m.t.Errorf("rtqtest: %d requests match %s, want %d; the journal, newest first:\n%s",
			got, describe(f), want, listing(m.Requests(Filter{Limit: 20})))
	}
}

func describe(f Filter) string {
	var parts []string
	for _, p := range []struct{ name, v string }{{"path", f.Path}, {"key", f.Key}, {"status", itoaOrEmpty(f.Status)}} {
		if p.v != "" {
			parts = append(parts, p.name+"="+p.v)
		}
	}
	if len(parts) == 0 {
		return "(any request)"
	}
	return strings.Join(parts, " ")
}

func itoaOrEmpty(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

func listing(rs []Request) string {
	if len(rs) == 0 {
		return "  (empty)"
	}
	var b strings.Builder
	for _, r := range rs {
		key := r.Key
		if key == "" {
			key = mockserver.NoKey
		}
		fmt.Fprintf(&b, "  %s %s key=%s status=%d code=%d body=%s\n", r.Method, r.Path, key, r.Status, r.Code, r.Body)
	}
	return b.String()
}
