// Package foreigntest runs rtq's conformance runner against the
// independent fake of package foreign. It lives apart from foreign,
// which must depend on the standard library alone to stay independent
// of rtq.
package foreigntest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// Conform starts the fake built with opts on a loopback test server and
// runs every check against it, writes included, with the profile the fake
// gives; reset gives it a reset path (a staging service has none).
func Conform(t testing.TB, opts foreign.Options, reset bool) *conformance.Report {
	t.Helper()
	rep, err := Run(opts, reset)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Run is Conform for a caller that is not a test's own goroutine (a test
// that runs many builds at once): the server is closed when it returns,
// and a failure to run is an error.
func Run(opts foreign.Options, reset bool) (*conformance.Report, error) {
	if reset {
		opts.ResetPath = "/_test/reset"
	}
	svc := foreign.New(opts)
	srv := httptest.NewUnstartedServer(svc)
	srv.Config.ConnState = svc.ConnState
	srv.Start()
	defer srv.Close()
	prof, err := profile.Parse("foreign.json", svc.Profile())
	if err != nil {
		return nil, fmt.Errorf("the foreign profile does not parse: %w", err)
	}
	rep, err := conformance.Run(context.Background(), conformance.Options{BaseURL: srv.URL, Profile: prof,
		AllowWrites: true, Timeout: loadedTimeout})
	if err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	return rep, nil
}

// loadedTimeout bounds one request: the fake answers at once, but a CI
// machine running many builds at once under -race stalls for seconds.
const loadedTimeout = 60 * time.Second

// RunCommand is Run through the rtq command at bin (rtqbin) rather than in
// this process: the fake is served here, the runner runs as `rtq conform`
// with its defaults and reads the profile from a file. A test binary
// built with -race instruments everything it runs; the command is not,
// so a test that runs hundreds of builds for their verdicts spends a
// third of the time, and the verdict is that of the command users run.
// Exit 0 and 1 are verdicts; anything else is an error with the
// command's stderr.
// More flags of rtq conform may follow in args (--fail-fast).
func RunCommand(bin string, opts foreign.Options, reset bool, args ...string) (*conformance.Report, error) {
	return RunCommands(Commands{Rtq: bin}, opts, reset, args...)
}

// Commands are the programs RunCommands runs: rtq, and the fake's
// server testkit/foreign/foreignbuild (rtqbin.BuildCommand). With Fake
// empty the fake is served from this process, under its race detector
// when the test binary has one: its answers then cost as much as the
// runner's whole run, which a test of hundreds of verdicts does not
// need (the fake's races are its own tests' job).
type Commands struct {
	Rtq, Fake string
}

// RunCommands is RunCommand with the fake served by cmds.Fake, in a
// process of its own, when it is set.
func RunCommands(cmds Commands, opts foreign.Options, reset bool, args ...string) (*conformance.Report, error) {
	if reset {
		opts.ResetPath = "/_test/reset"
	}
	dir, err := os.MkdirTemp("", "foreigntest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	prof := filepath.Join(dir, "foreign.json")
	base, stop, err := serve(cmds.Fake, opts, prof)
	if err != nil {
		return nil, err
	}
	defer stop()
	return ConformCommand(cmds.Rtq, base, prof, loadedTimeout, args...)
}

// ConformCommand runs the rtq command rtq's conform against base with the
// profile file prof, writes allowed, each request bounded by timeout and
// the run by none, more flags in args, and returns its JSON report. A
// run whose checks fail (exit 1) still gives its report; any other exit
// is an error with what the command printed.
func ConformCommand(rtq, base, prof string, timeout time.Duration, args ...string) (*conformance.Report, error) {
	dir, err := os.MkdirTemp("", "foreigntest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "report.json")
	cmd := exec.Command(rtq, "conform", "--base-url", base, "--profile", prof, "--allow-writes",
		"--timeout", timeout.String(), "--deadline", "0", "--format", "json", "--out", out)
	cmd.Args = append(cmd.Args, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			return nil, fmt.Errorf("rtq conform: %v: %s", err, stderr.Bytes())
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("rtq conform wrote no report: %v: %s", err, stderr.Bytes())
	}
	var rep conformance.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("rtq conform's report: %v", err)
	}
	return &rep, nil
}

// serve serves the build opts, in this process when fake is empty or by
// the program fake otherwise, writes its profile to prof, and returns its
// base URL and how to stop it.
func serve(fake string, opts foreign.Options, prof string) (string, func(), error) {
	if fake == "" {
		svc := foreign.New(opts)
		if err := os.WriteFile(prof, svc.Profile(), 0o600); err != nil {
			return "", nil, err
		}
		srv := httptest.NewUnstartedServer(svc)
		srv.Config.ConnState = svc.ConnState
		srv.Start()
		return srv.URL, srv.Close, nil
	}
	return start(fake, opts, prof)
}

// start runs the program fake (foreignbuild) with the build opts and
// more flags, and returns the base URL it says and how to stop it.
func start(fake string, opts foreign.Options, prof string, flags ...string) (string, func(), error) {
	js, err := json.Marshal(opts)
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(fake, append([]string{"--options", string(js), "--profile", prof}, flags...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return "", nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		stdin.Close() // the program stops when its input closes
		_ = cmd.Wait()
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		stop()
		return "", nil, fmt.Errorf("%s said no address: %v: %s", fake, err, stderr.Bytes())
	}
	return strings.TrimSpace(line), stop, nil
}

// Witness is a foreign.Witness served by the program foreignbuild, in a
// process of its own: for a test that drives hundreds of builds, whose
// witnesses would otherwise answer under its race detector.
type Witness struct {
	// URL is its base URL; Profile the build's conformance profile.
	URL     string
	Profile []byte
	stop    func()
	once    sync.Once
}

// ServeWitness serves a witness of opts by the program fake
// (foreignbuild): the build against itself without its bugs, or with
// compare against Defaults (foreign.NewComparison). Close stops it.
func ServeWitness(fake string, opts foreign.Options, compare bool) (*Witness, error) {
	dir, err := os.MkdirTemp("", "foreignwitness")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	prof := filepath.Join(dir, "foreign.json")
	flags := []string{"--witness"}
	if compare {
		flags = append(flags, "--compare")
	}
	url, stop, err := start(fake, opts, prof, flags...)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		stop()
		return nil, err
	}
	return &Witness{URL: url, Profile: data, stop: stop}, nil
}

// Touched is foreign.Witness.Touched, asked of the program.
func (w *Witness) Touched() ([]foreign.Touch, error) {
	resp, err := http.Get(w.URL + foreign.TouchedPath)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []foreign.Touch
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("%s: %v", foreign.TouchedPath, err)
	}
	return out, nil
}

// Close stops the program; a second Close does nothing.
func (w *Witness) Close() { w.once.Do(w.stop) }
