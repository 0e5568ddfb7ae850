package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/internal/loopback"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/spf13/cobra"
)

// mockOptions is what `rtq mock` is told on its command line.
type mockOptions struct {
	scenarios    []string
	addr         string
	seed         int64
	hasSeed      bool
	watch        bool
	corsOrigins  []string
	allowedHosts []string
	maxGenerated int64
	adminToken   string
	maxConns     int
	faults       []string      // --fault rules, KEY=VALUE,... or JSON objects
	maxFaults    int           // --max-fault-rules
	maxSpaces    int           // --max-namespaces
	spaceIdle    time.Duration // --namespace-idle
	store        string        // --store, or RTQ_STORE
	// storeOnCommandLine: --store was given as a flag, where a password
	// is visible in the process list (RTQ_STORE is not).
	storeOnCommandLine bool
	coverageOut        string // --coverage-out: the consumer coverage written at exit
	coverageFmt        string // --coverage-format
	limits             scenario.Limits
}

func newMockCmd() *cobra.Command {
	o := &mockOptions{}
	cmd := &cobra.Command{
		Use:   "mock",
		Short: "Serve the stateful mock of the service",
		Long: `Serve the stateful mock of the Record and Template Query Service.

With no --scenario the embedded default scenario is served on 127.0.0.1:8080.
One log line per request goes to stderr. The admin API lives under /__admin
(health, profile, reset, requests, scenario); see docs/mock.md.`,
		Example: `  rtq mock
  rtq mock --scenario ./scenarios --addr 127.0.0.1:9000 --watch
  curl -s -X POST http://127.0.0.1:8080/api/v2/rpc/record/getFormList \
       -H 'Authorization: Bearer rtq-demo-read' -d '{}'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.hasSeed = cmd.Flags().Changed("seed")
			if o.adminToken == "" {
				o.adminToken = os.Getenv("RTQ_ADMIN_TOKEN")
			}
			o.storeOnCommandLine = cmd.Flags().Changed("store")
			if !o.storeOnCommandLine && os.Getenv("RTQ_STORE") != "" {
				o.store = os.Getenv("RTQ_STORE")
			}
			if len(o.allowedHosts) == 0 && os.Getenv("RTQ_ALLOWED_HOSTS") != "" {
				o.allowedHosts = []string{os.Getenv("RTQ_ALLOWED_HOSTS")}
			}
			return runMock(cmd.Context(), o, cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.scenarios, "scenario", nil, "scenario file or directory of *.yaml (repeatable; default: the embedded scenario)")
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	f.Int64Var(&o.seed, "seed", 0, "seed for generated values, overriding the scenario's")
	f.BoolVar(&o.watch, "watch", false, "reload the scenario files when they change, once a change has been stable for 500ms")
	f.StringArrayVar(&o.corsOrigins, "cors-origin", nil, `web origin granted CORS besides loopback ones (repeatable or comma-separated; "*": any page, API only)`)
	f.StringArrayVar(&o.allowedHosts, "allowed-host", nil, `Host name served besides localhost, IPs and the listen address (repeatable; "*": any; env RTQ_ALLOWED_HOSTS)`)
	f.Int64Var(&o.maxGenerated, "max-generated", mockserver.DefaultMaxGenerated, "most items (records, templates, sub-codes) a scenario posted to /__admin/scenario may generate")
	f.IntVar(&o.maxConns, "max-conns", mockserver.DefaultMaxConns, "connections served at once; beyond them a client is answered 503 at once")
	f.StringArrayVar(&o.faults, "fault", nil, "fault rule in force from the start (repeatable): KEY=VALUE,..., e.g. endpoint=record/getRecord,error=503,times=2 (a value in double quotes may hold commas: message=\"Busy, retry\"), or a JSON object as POST /__admin/faults takes; see docs/mock.md")
	f.IntVar(&o.maxFaults, "max-fault-rules", mockserver.DefaultMaxFaultRules, "fault rules in force at once (scenario, --fault and /__admin/faults together; per namespace); every request walks them")
	f.IntVar(&o.maxSpaces, "max-namespaces", mockserver.DefaultMaxNamespaces, "state namespaces (/s/{name}/) alive at once; beyond them a new name gets 503 until one is idle")
	f.DurationVar(&o.spaceIdle, "namespace-idle", mockserver.DefaultNamespaceIdle, "how long a state namespace may go unused before a new name may take its place")
	f.StringVar(&o.store, "store", mockserver.StoreMemory, "where state that changes at run time lives: memory, or a Redis replicas share, redis://HOST:PORT/DB, rediss://... or unix:///PATH (env RTQ_STORE); replicas on one Redis share state, journal and namespaces")
	f.StringVar(&o.adminToken, "admin-token", "", "require Authorization: Bearer TOKEN on /__admin/* (env RTQ_ADMIN_TOKEN)")
	f.StringVar(&o.coverageOut, "coverage-out", "", "write the consumer coverage of the client's calls (every namespace joined) to FILE at exit, SIGINT or SIGTERM: text, or JSON (.json) or JUnit (.xml) by its extension")
	f.StringVar(&o.coverageFmt, "coverage-format", "", "format of --coverage-out: text, json or junit (default: json for .json, junit for .xml, else text)")
	addScenarioLimits(cmd, &o.limits)
	pathFlag(cmd, "scenario", "scenario")
	pathFlag(cmd, "store", "socket")
	pathFlag(cmd, "coverage-out", "written")
	return cmd
}

func (o *mockOptions) loadOpts() []scenario.Option {
	opts := []scenario.Option{scenario.WithLimits(o.limits)}
	if o.hasSeed {
		opts = append(opts, scenario.WithSeed(o.seed))
	}
	return opts
}

func (o *mockOptions) load(ctx context.Context) (*scenario.Scenario, error) {
	if len(o.scenarios) == 0 {
		return scenarios.Default(o.loadOpts()...)
	}
	return scenario.LoadFiles(o.scenarios, append(o.loadOpts(), scenario.WithContext(ctx))...)
}

// runMock serves until ctx is cancelled (SIGINT/SIGTERM in main), then
// shuts down gracefully. After its banner and the notes written with it,
// everything the mock says goes through its log, which never blocks
// (docs/mock.md, Logging).
func runMock(ctx context.Context, o *mockOptions, stderr io.Writer) error {
	if o.maxConns < 1 {
		return withExit(2, fmt.Errorf("--max-conns must be at least 1, got %d", o.maxConns))
	}
	if o.maxSpaces < 1 || o.spaceIdle <= 0 {
		return withExit(2, fmt.Errorf("--max-namespaces must be at least 1 and --namespace-idle positive, got %d and %v", o.maxSpaces, o.spaceIdle))
	}
	if err := checkAddrFlag("--addr", o.addr); err != nil {
		return err
	}
	storeAddr, err := checkStoreFlag(o.store)
	if err != nil {
		return err
	}
	covFormat, err := covreport.FormatOf(o.coverageOut, o.coverageFmt)
	if err != nil {
		return usageError("--coverage-format: %v", err)
	}
	surviveClosedPipes()
	var srv *mockserver.Server
	w := o.watcher(func() *mockserver.Server { return srv }) // before loading: a change meanwhile is seen
	rules, err := o.faultRules()
	if err != nil {
		return withExit(2, err)
	}
	sc, err := o.load(ctx)
	if err != nil {
		return scenarioFailure(stderr, err)
	}
	if ctx.Err() != nil { // stopped while the scenario was read
		return nil
	}
	srv, err = mockserver.New(sc, mockserver.Options{
		Faults: rules,
		Logger: stderr, CORSOrigin: strings.Join(o.corsOrigins, ","), AllowedHosts: o.allowedHosts,
		AdminToken: o.adminToken, MaxGenerated: o.maxGenerated, MaxConns: o.maxConns,
		MaxNamespaces: o.maxSpaces, NamespaceIdle: o.spaceIdle, MaxFaultRules: o.maxFaults,
		Store: storeAddr,
		ParseScenario: func(name string, data []byte) (*scenario.Scenario, error) {
			return scenario.Parse(name, data, append(o.loadOpts(), scenario.WithMaxGenerated(o.maxGenerated))...)
		},
	})
	if mockserver.StoreRefusedAuth(err) {
		err = fmt.Errorf("%w: the password goes in the store URL (redis://:PASSWORD@HOST:PORT/DB, unix://:PASSWORD@/PATH), best given in RTQ_STORE: a --store on the command line is visible in the process list", err)
	}
	if err != nil {
		return withExit(storeExit(err), storeHint(err, storeAddr))
	}
	if err := srv.Start(o.addr); err != nil {
		return withExit(1, listenHint("--addr", o.addr, err))
	}
	// The banner and its notes go out in one write, before the first
	// request line can: a client that waits for the banner never sees its
	// own request logged ahead of a warning about the address it used.
	_, _ = io.WriteString(stderr, fmt.Sprintf("rtq mock: serving %q on %s (%s); admin API at %s/__admin; Ctrl-C stops\n",
		sc.Name, srv.URL(), keysHint(sc, len(o.scenarios) == 0, o.scenarios), srv.URL())+startupNotes(o, storeAddr))
	switch {
	case w != nil:
		w.Serving(sc)
		go w.Run(ctx)
	case o.watch:
		srv.Logf("rtq mock: --watch has nothing to watch: the embedded scenario does not change")
	}
	<-ctx.Done()
	srv.Logf("rtq mock: shutting down")
	err = srv.Close()
	if o.coverageOut != "" { // after Close: every call in flight is counted
		if werr := writeCoverage(o.coverageOut, covFormat, srv.Coverage("*")); werr != nil {
			return withExit(1, errors.Join(err, werr))
		}
		fmt.Fprintf(stderr, "rtq mock: consumer coverage written to %s\n", o.coverageOut)
	}
	return err
}

// startupNotes are the lines written with the banner: where the state is
// kept when it is not in memory, and the warnings of an address beyond
// loopback (an open admin API, the Host names served).
func startupNotes(o *mockOptions, store mockserver.StoreAddr) string {
	var b strings.Builder
	if !store.Memory {
		fmt.Fprintf(&b, "rtq mock: state kept in %s, shared with every replica on it (docs/mock.md, Replicas)\n", store)
	}
	if o.storeOnCommandLine && store.Password != "" {
		b.WriteString("rtq mock: WARNING: --store carries a password, which anyone on this machine can read in the process list (ps): set RTQ_STORE instead (docs/security.md)\n")
	}
	if !loopback.Listen(o.addr) && o.adminToken == "" {
		fmt.Fprintf(&b, "rtq mock: WARNING: listening on %s, beyond this machine, with the admin API open to anyone who can reach it: anyone can replace the scenario or read the journal. Set --admin-token (or RTQ_ADMIN_TOKEN).\n", o.addr)
	}
	if !loopback.Listen(o.addr) && len(o.allowedHosts) == 0 {
		b.WriteString("rtq mock: only localhost and IP addresses are served as Host; reached by a name (http://rtq-mock:8080), add --allowed-host NAME (or RTQ_ALLOWED_HOSTS); see docs/security.md\n")
	}
	return b.String()
}

// checkStoreFlag reads a --store value: memory or a Redis URL; anything
// else is a usage error naming the flag.
func checkStoreFlag(raw string) (mockserver.StoreAddr, error) {
	a, err := mockserver.ParseStoreAddr(raw)
	if err != nil {
		return a, usageError("--store %v", err)
	}
	return a, nil
}

// storeExit is the exit status of a mock that could not start: 1 when
// its store cannot be reached (try again when it can; rtq never serves
// from memory instead), 2 for a configuration that cannot work (a store
// serving another scenario, a bad fault rule).
func storeExit(err error) int {
	if mockserver.StoreUnreachable(err) {
		return 1
	}
	return 2
}

// storeHint adds the next step to a store that cannot be reached: start
// it, or point --store at it; the exit status (1) lets a supervisor
// restart this replica until it can.
func storeHint(err error, a mockserver.StoreAddr) error {
	if !mockserver.StoreUnreachable(err) {
		return err
	}
	return fmt.Errorf("%w\nis Redis running at %s? start it (redis-server, or the redis container of deploy/), or check --store (or RTQ_STORE); "+
		"this replica exits 1 so that its supervisor starts it again, and never serves from memory instead", err, a.Addr)
}

// watcher is the --watch reloader of the scenario files, nil without
// --watch or without files. It reaches the server through get, as the
// server is built after the first load the watcher must precede.
func (o *mockOptions) watcher(get func() *mockserver.Server) *scenario.Watcher {
	if !o.watch || len(o.scenarios) == 0 {
		return nil
	}
	serve := func(sc *scenario.Scenario) { get().Replace(sc) }
	logf := func(format string, args ...any) { get().Logf("rtq mock: "+format, args...) }
	load := func() (*scenario.Scenario, error) { return o.load(context.Background()) }
	return scenario.NewWatcher(o.scenarios, load, serve, logf, 0)
}

// scenarioFailure prints every problem of a bad scenario as
// file:line:col: path: message and exits 2.
func scenarioFailure(stderr io.Writer, err error) error {
	if n := printProblems(stderr, err); n > 0 {
		return withExit(2, fmt.Errorf("the scenario has %d problem(s)", n))
	}
	return withExit(2, err)
}

// printProblems prints the located problems of a load error, one a line,
// and returns how many; other errors are left to the caller.
func printProblems(w io.Writer, err error) int {
	var le *scenario.LoadError
	if !errors.As(err, &le) {
		return 0
	}
	for _, p := range le.Problems {
		fmt.Fprintln(w, p.String())
	}
	return len(le.Problems)
}

// keysHint says how to authenticate: the header to send for every key
// whose secret is public (the embedded default scenario's, in the README;
// the placeholders rtq record writes), and for a key of the user's own
// file its name and where its secret is, since a log is no place for it.
func keysHint(sc *scenario.Scenario, isDefault bool, files []string) string {
	var shown, named []string
	for _, k := range sc.Keys {
		if isDefault || publicSecret(k.Secret) {
			shown = append(shown, "Bearer "+k.Secret)
		} else {
			named = append(named, k.Name)
		}
	}
	if len(shown)+len(named) == 0 {
		return "no API keys: every call will be refused; add keys: to the scenario (docs/scenarios.md)"
	}
	hint := "send Authorization: " + strings.Join(shown, ", ")
	if len(named) > 0 {
		hint = fmt.Sprintf("keys %s: send Authorization: Bearer SECRET, the keys[].secret of %s", strings.Join(named, ", "), strings.Join(files, ", "))
		if len(shown) > 0 {
			hint = "send Authorization: " + strings.Join(shown, ", ") + "; " + hint
		}
	}
	return hint
}

// publicSecret: the placeholder secrets rtq record writes into every
// recording, printed by rtq record and in docs/record.md.
func publicSecret(secret string) bool {
	return secret == recorder.ReadKeySecret || secret == recorder.WriteKeySecret
}

// faultRules parses the --fault values; an error names the flag, its place
// and the member.
func (o *mockOptions) faultRules() ([]fault.Rule, error) {
	rules := make([]fault.Rule, 0, len(o.faults))
	for i, v := range o.faults {
		r, err := fault.ParseFlag(v)
		if err != nil {
			return nil, fmt.Errorf("--fault %q (number %d): %w", v, i+1, err)
		}
		rules = append(rules, r)
	}
	return rules, nil
}
