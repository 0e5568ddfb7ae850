package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/internal/loopback"
	"github.com/rtq-kit/rtq/internal/serialwrite"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/proxy"
	"github.com/spf13/cobra"
)

type proxyFlags struct {
	upstream, addr, format, out, baseline, profile, adminToken string
	allowWrites                                                bool
	access                                                     accessFlags
	// command, when given after --, runs with RTQ_PROXY_URL set; the
	// proxy stops when it exits.
	command []string
}

func newProxyCmd() *cobra.Command {
	var f proxyFlags
	cmd := &cobra.Command{
		Use:   "proxy --upstream URL [-- COMMAND [ARG]...]",
		Short: "Forward a client's calls to the service and judge every answer",
		Long: `Listen on --addr (loopback by default) and forward every request to
--upstream unchanged, the client's own key included, streaming each answer
back unchanged; judge each exchange with the rules of rtq conform, and the
relations the traffic makes possible (the same record read twice, the pages
of one walk, a read after a verify).

The report, in rtq conform's formats and with its statement ids, is written
when the proxy stops (SIGINT, SIGTERM), to --out or stdout; GET
/__rtq-proxy/report?format=json|text|junit|html answers the report so far.
Exit status: 0 no must statement was broken, 1 one was (with --baseline:
one the baseline did not fail) or --addr cannot be listened on, 2 usage
error or no exchange judged.

With -- COMMAND, the proxy runs COMMAND (a test suite) with RTQ_PROXY_URL
set to the proxy's base URL, and stops when it exits: the exit status is
1 when a must statement was broken, else COMMAND's own.

A verify is forwarded only with --allow-writes; without it the proxy
answers it with a 403 in verify's own error shape. Keys are never stored,
logged or reported: a curl line in the report reads $RTQ_API_KEY.`,
		Example: `  rtq proxy --upstream http://127.0.0.1:8080 --addr 127.0.0.1:8090 --format junit --out proxy.xml
  rtq proxy --upstream http://127.0.0.1:8080 --addr 127.0.0.1:0 --out proxy.txt -- npm run e2e`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && cmd.ArgsLenAtDash() != 0 {
				return withExit(2, fmt.Errorf("proxy: unexpected argument %q: a command to run goes after --, as in rtq proxy --upstream URL -- npm test", args[0]))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.adminToken == "" {
				f.adminToken = os.Getenv("RTQ_ADMIN_TOKEN")
			}
			f.command = args
			return runProxy(cmd.Context(), f, cmd.OutOrStdout(), cmd.ErrOrStderr(), nil)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.upstream, "upstream", "", "base URL of the service the calls are forwarded to")
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8090", "address the proxy listens on")
	fl.BoolVar(&f.allowWrites, "allow-writes", false, "forward verify (state-changing); refused in the service's error shape otherwise")
	fl.StringVar(&f.format, "format", "text", "report format: text, json, junit, html")
	fl.StringVar(&f.out, "out", "", "write the report to FILE instead of stdout (atomically: a temporary file renamed)")
	fl.StringVar(&f.baseline, "baseline", "", "an earlier JSON report FILE (of rtq conform or rtq proxy): exit 1 only for must failures not in it")
	fl.StringVar(&f.profile, "profile", "", "profile FILE or URL of what the service holds: more rules apply, and a key it lists is judged as its role")
	fl.StringVar(&f.adminToken, "admin-token", "", "token of the mock's admin API, sent to a --profile URL (env RTQ_ADMIN_TOKEN)")
	pathFlag(cmd, "out", "written")
	pathFlag(cmd, "baseline", "baseline")
	pathFlag(cmd, "profile", "profile")
	f.access.register(cmd)
	return cmd
}

// runProxy serves the proxy until ctx ends, then writes the report;
// ready, when set, is told the proxy's URL once it listens.
func runProxy(ctx context.Context, f proxyFlags, stdout, stderr io.Writer, ready func(url string)) error {
	if err := report.Write(io.Discard, f.format, &conformance.Report{}); err != nil {
		return withExit(2, fmt.Errorf("proxy: --format: %w", err))
	}
	if err := missingFlags("proxy", requiredFlag{"--upstream", "", f.upstream}); err != nil {
		return err
	}
	if err := checkBaseURLFlag("--upstream", f.upstream); err != nil {
		return err
	}
	// The proxy's log and a command's output are written from several
	// goroutines.
	stdout, stderr = serialwrite.Writer(stdout), serialwrite.Writer(stderr)
	access, err := f.access.load(ctx, "proxy", stderr)
	if err != nil {
		return err
	}
	opts := conformance.ObserverOptions{Target: f.upstream, AllowWrites: f.allowWrites, Version: buildVersion(),
		Insecure: access.Insecure(), Secrets: append(access.Secrets(), f.adminToken)}
	if f.baseline != "" {
		if opts.Baseline, err = conformance.ReadBaseline(ctx, f.baseline); err != nil {
			return withExit(2, fmt.Errorf("proxy: --baseline: %w", err))
		}
	}
	if f.profile != "" {
		if opts.Profile, err = profile.Load(ctx, f.profile, profile.WithAdminToken(f.adminToken), profile.WithAccess(access)); err != nil {
			return withExit(2, fmt.Errorf("proxy: --profile: %w", err))
		}
	}
	obs, err := conformance.NewObserver(opts)
	if err != nil {
		return withExit(2, fmt.Errorf("proxy: %w", err))
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return withExit(1, listenHint("--addr", f.addr, err))
	}
	if !loopback.Listen(ln.Addr().String()) {
		fmt.Fprintf(stderr, "rtq proxy: warning: listening on %s, beyond loopback: anyone who reaches it calls the service through it\n", ln.Addr())
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	p, err := proxy.New(proxy.Options{Upstream: f.upstream, Transport: svcclient.ForwardTransport(access), AllowWrites: f.allowWrites,
		Observer: obs, ListenHost: host, Log: stderr})
	if err != nil {
		ln.Close()
		return withExit(2, fmt.Errorf("proxy: %w", err))
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stderr, "rtq proxy: listening on %s, forwarding to %s; GET %s%sreport for the report so far, Ctrl-C writes it and stops\n",
		url, f.upstream, url, proxy.AdminPrefix)
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	if ready != nil {
		ready(url)
	}
	cmdDone := make(chan error, 1)
	if len(f.command) > 0 {
		c := exec.CommandContext(ctx, f.command[0], f.command[1:]...)
		c.Env = append(os.Environ(), "RTQ_PROXY_URL="+url)
		c.Stdin, c.Stdout, c.Stderr = nil, stdout, stderr
		if err := c.Start(); err != nil {
			_ = srv.Close()
			p.Close()
			return withExit(2, fmt.Errorf("proxy: the command after --: %w", err))
		}
		go func() { cmdDone <- c.Wait() }()
	}
	var cmdErr error
	select {
	case <-ctx.Done():
	case cmdErr = <-cmdDone:
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			p.Close()
			return withExit(1, fmt.Errorf("proxy: %w", err))
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	p.Close()
	err = finishProxy(f, obs.Report(time.Now()), stdout)
	if err == nil && cmdErr != nil {
		code := 1
		var ee *exec.ExitError
		if errors.As(cmdErr, &ee) && ee.ExitCode() > 0 {
			code = ee.ExitCode()
		}
		return withExit(code, fmt.Errorf("proxy: the command after -- failed: %w", cmdErr))
	}
	return err
}

// finishProxy writes the report and turns it into the exit status.
func finishProxy(f proxyFlags, rep *conformance.Report, stdout io.Writer) error {
	if rep.Traffic != nil && rep.Traffic.Judged == 0 {
		rep.Stop(conformance.StatusError, "no exchange was judged: no client called an endpoint through the proxy (point the client's base URL at it)")
	}
	cf := conformFlags{format: f.format, out: f.out}
	if err := writeReport(cf, rep, stdout); err != nil {
		return withExit(2, fmt.Errorf("proxy: write report: %w", err))
	}
	switch rep.Status {
	case conformance.StatusPass:
		return nil
	case conformance.StatusFail:
		if rep.Baseline != nil {
			return withExit(1, fmt.Errorf("proxy: %d must check(s) failed that did not fail in the baseline %s", rep.Baseline.NewMust, rep.Baseline.Source))
		}
		return withExit(1, fmt.Errorf("proxy: %d must check(s) failed on the traffic", rep.MustFailed()))
	}
	return withExit(exitCodes[rep.Status], fmt.Errorf("proxy: %s", rep.Reason))
}
