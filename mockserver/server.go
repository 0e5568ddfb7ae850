package mockserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/fault"
	adminapi "github.com/rtq-kit/rtq/mockserver/internal/admin"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
	"github.com/rtq-kit/rtq/mockserver/internal/faults"
	"github.com/rtq-kit/rtq/mockserver/internal/logging"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/mockserver/internal/transport"
	"github.com/rtq-kit/rtq/scenario"
)

// Options configure a Server. The zero value is usable: no log, CORS for
// pages served from this machine, the admin API open to local tools, only
// loopback Host names served, a journal of DefaultJournalSize entries.
type Options struct {
	// Logger receives one line per request (method, path, status, duration,
	// key name, bytes) and the full cause of anything unexpected. nil: silent.
	Logger io.Writer
	// CORSOrigin lists the web origins granted CORS beyond the loopback
	// ones (a dev server on localhost, any port, is granted already): one
	// origin or a comma-separated list, echoed back with credentials
	// allowed; "*" grants the API, not the admin API, to any page.
	CORSOrigin string
	// AllowedHosts are Host names served besides localhost, *.localhost,
	// IP literals and the listen address ("*": any), so that a DNS name
	// rebound to this machine cannot reach the mock from a web page.
	AllowedHosts []string
	// AdminToken, when set, protects /__admin/* with
	// "Authorization: Bearer <AdminToken>".
	AdminToken string
	// JournalSize bounds the request journal (GET /__admin/requests).
	JournalSize int
	// Seed, when non-zero, is the seed scenarios posted to /__admin/scenario
	// are loaded with (scenario.WithSeed), as rtq mock --seed does for files.
	Seed int64
	// MaxGenerated bounds the items (records, templates, sub-codes) a
	// scenario posted to /__admin/scenario may generate, counted before
	// any is (0: DefaultMaxGenerated). Over it the answer is 413 and the
	// old scenario stays.
	MaxGenerated int64
	// MaxConns caps the connections served at once; beyond it a client is
	// answered 503 at once and closed (accept.go). 0 means DefaultMaxConns.
	MaxConns int
	// ParseScenario loads the YAML of POST /__admin/scenario. nil means
	// scenario.Parse with Seed and scenario.WithMaxGenerated(MaxGenerated);
	// one given here should pass that bound too.
	ParseScenario func(filename string, data []byte) (*scenario.Scenario, error)
	// Faults are fault rules in force from the start (rtq mock --fault),
	// after the scenario's; DELETE /__admin/faults removes them. They
	// apply to the root state only: a namespace starts from the
	// scenario's faults: list.
	Faults []fault.Rule
	// MaxFaultRules bounds the fault rules in force at once in the root
	// and in each namespace, the scenario's included (0:
	// DefaultMaxFaultRules): every request walks them.
	MaxFaultRules int
	// MaxNamespaces bounds the state namespaces (/s/{name}/) alive at
	// once (0: DefaultMaxNamespaces); beyond it a new name gets 503 until
	// one is idle.
	MaxNamespaces int
	// NamespaceIdle is how long a namespace may go unused before a new
	// one may take its place (0: DefaultNamespaceIdle).
	NamespaceIdle time.Duration
	// Store is where what changes at run time is kept (rtq mock --store):
	// the zero value is this process's memory; a Redis address makes a
	// replica of the mocks sharing that Redis (docs/mock.md, "Replicas").
	// New fails when that Redis cannot be reached or serves another
	// scenario.
	Store StoreAddr
	// RequestTiming makes the journal read each request's Timing
	// (timing.go): set by a host that replays requests, never by rtq mock.
	RequestTiming bool
}

// DefaultJournalSize is the journal's capacity when Options.JournalSize is 0.
const DefaultJournalSize = 500

// The other defaults of Options, kept by the rooms they bound.
const (
	// DefaultMaxConns is the connection cap when Options.MaxConns is 0
	// (transport.DefaultMaxConns says why it is that number).
	DefaultMaxConns = transport.DefaultMaxConns
	// DefaultMaxGenerated bounds the items a scenario posted to
	// /__admin/scenario may generate when Options.MaxGenerated is 0
	// (adminapi.DefaultMaxGenerated says why).
	DefaultMaxGenerated = adminapi.DefaultMaxGenerated
	// DefaultMaxFaultRules is Options.MaxFaultRules when it is 0
	// (fault.DefaultMaxRules says why).
	DefaultMaxFaultRules = fault.DefaultMaxRules
	// DefaultMaxNamespaces is Options.MaxNamespaces when it is 0.
	DefaultMaxNamespaces = namespace.DefaultMax
	// DefaultNamespaceIdle is Options.NamespaceIdle when it is 0.
	DefaultNamespaceIdle = namespace.DefaultIdle
)

// Server is a running (or runnable) mock. Everything that changes while it
// runs is in its store (the scenario loaded, the namespaces, and in each
// space the certificate statuses, journal and fault rules). Replace swaps
// the state it serves whole, so every request sees one consistent
// scenario; Reset puts back in place only the records verifies moved
// (state.Reset).
type Server struct {
	opts   Options
	store  store.Store
	mux    *http.ServeMux
	posts  map[string]*route // the endpoints by exact path, for POST
	root   chain.Step
	guard  *transport.Guard // host check, CORS, cross-site refusal
	faults *faults.Faults   // fault rules, as the chain applies them
	admin  *adminapi.API
	lg     *logging.Sink                    // the request log, which never blocks a request
	logfn  func(format string, args ...any) // s.logf, bound once for every call
	cov    *coverage.Book                   // the consumer coverage of every namespace (coverage.go)

	mu  sync.Mutex // guards srv and url
	srv *http.Server
	url string
}

// New builds a server for sc. It does not listen: use Start, or mount
// Handler in a test or another server.
func New(sc *scenario.Scenario, opts Options) (*Server, error) {
	if opts.JournalSize <= 0 {
		opts.JournalSize = DefaultJournalSize
	}
	if opts.MaxGenerated <= 0 {
		opts.MaxGenerated = adminapi.DefaultMaxGenerated
	}
	if opts.MaxNamespaces <= 0 {
		opts.MaxNamespaces = namespace.DefaultMax
	}
	if opts.NamespaceIdle <= 0 {
		opts.NamespaceIdle = namespace.DefaultIdle
	}
	if opts.ParseScenario == nil {
		opts.ParseScenario = adminapi.DefaultParse(opts.Seed, opts.MaxGenerated)
	}
	s := &Server{opts: opts, lg: logging.New(opts.Logger), cov: coverage.NewBook(coverageNamespaces * opts.MaxNamespaces)}
	s.logfn = s.logf
	var err error
	if s.store, err = s.openStore(sc); err != nil {
		return nil, fmt.Errorf("new mock server: %w", err)
	}
	if s.guard, err = transport.NewGuard(opts.AllowedHosts, opts.CORSOrigin, s.logfn); err != nil {
		return nil, fmt.Errorf("new mock server: %w", err)
	}
	s.faults = faults.New(s.store.Root().Faults)
	s.admin = adminapi.New(adminapi.Config{AdminToken: opts.AdminToken, ParseScenario: opts.ParseScenario,
		MaxGenerated: opts.MaxGenerated, Replace: s.load, Reset: s.resetOf, Journal: s.journalOf, Faults: s.faults.Of,
		Health: s.store.Ping, Coverage: s.Coverage, ResetCoverage: s.ResetCoverage})
	s.mux = s.routes()
	s.root = s.rootChain() // chain.go lists it in order
	return s, nil
}

// Handler is the whole server as an http.Handler, for in-process tests.
func (s *Server) Handler() http.Handler { return s }

// ServeHTTP runs one request through the chain.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c := chain.Get(w, r, s.store.Root().St, s.logfn)
	s.root(c)
	chain.Put(c)
}

// Start listens on addr (port 0 picks a free port) and serves in the
// background until Close.
func (s *Server) Start(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("start mock server: %w", err)
	}
	s.guard.SetListen(addr)
	srv := &http.Server{
		Handler: s,
		// No ReadHeaderTimeout, ReadTimeout, WriteTimeout or IdleTimeout:
		// the watchdog of conn.go keeps those limits without a timer change
		// per request.
		MaxHeaderBytes: transport.MaxHeaderBytes,
		ErrorLog:       log.New(s.lg.Writer(), "rtq mock: ", 0),
	}
	s.mu.Lock()
	s.srv, s.url = srv, "http://"+ln.Addr().String()
	s.mu.Unlock()
	watch := transport.NewWatchdog(transport.BusyLimit, transport.IdleLimit, transport.WatchTick)
	srv.RegisterOnShutdown(watch.Stop)
	srv.RegisterOnShutdown(s.faults.Stop) // no fault delay holds a shutdown up
	go func() {
		_ = srv.Serve(transport.NewListener(ln, watch, s.opts.MaxConns))
		watch.Stop()
	}()
	return nil
}

// URL is the base URL of a started server ("" before Start).
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.url
}

// Close shuts the server down gracefully: it stops accepting, lets
// requests in flight finish (up to 5 seconds), then closes.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.Shutdown(ctx)
}

// Shutdown is Close with the caller's deadline.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv == nil {
		return s.store.Close()
	}
	defer s.lg.Stop()
	defer s.store.Close() // after the requests in flight: their journal entries are written
	if err := srv.Shutdown(ctx); err != nil {
		_ = srv.Close()
		if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
			return fmt.Errorf("shut down mock server: %w", err)
		}
	}
	return nil
}

// Replace serves sc from now on, with fresh state. A nil scenario is
// ignored. Requests in flight finish on the state they started with.
func (s *Server) Replace(sc *scenario.Scenario) {
	if err := s.load(sc); err != nil {
		s.logf("rtq mock: scenario not swapped in: %v", err)
	}
}

// load serves sc from now on, or says why the store refused it.
func (s *Server) load(sc *scenario.Scenario) error {
	if sc == nil {
		return nil
	}
	return s.store.Load(sc)
}

// Reset puts the state back to the loaded scenario: every verify undone.
// It restores in place only the records verifies moved (state.Reset), so
// the indexes and every other record's cached answers survive; a reset
// under a verify load costs microseconds and allocates nothing. A Reset
// racing a Replace resets whichever state is served and never brings the
// replaced scenario back (store.Store.Reset).
func (s *Server) Reset() {
	if err := s.store.Reset(s.store.Root()); err != nil {
		s.logf("rtq mock: reset: %v", err)
	}
}

// Scenario is the scenario being served.
func (s *Server) Scenario() *scenario.Scenario { return s.store.Root().St.Scenario() }

// FlushLog writes the request lines batched so far, waiting at most a
// second for a Logger that does not take them. Lines reach the Logger
// within 100 ms on their own; a Go test that reads the log right after a
// request calls FlushLog first.
func (s *Server) FlushLog() { s.lg.Flush() }

// Logf writes one line to the mock's log, time-stamped, in order with the
// request lines: what the command around the server has to say (reloads,
// shutdown) goes the same way as the requests, never blocking.
func (s *Server) Logf(format string, args ...any) { s.lg.Logf(format, args...) }

// logf logs something unexpected, in full.
func (s *Server) logf(format string, args ...any) { s.lg.Logf(format, args...) }
