// Command rtq is the Record and Template Query Service kit: a stateful mock
// server (rtq mock) and a conformance runner (rtq conform) in one binary.
// This package only wires flags to the packages that do the work.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

func main() {
	ctx, stop := signalContext()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// signalContext is cancelled by the first SIGINT or SIGTERM, with the
// signal as its cause ("received terminated"), so that a command that stops
// can say why (rtq conform's interrupted report).
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-ch:
			cancel(fmt.Errorf("received %v", s))
		case <-ctx.Done():
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel(nil) }
}

// secondSignal returns a context cancelled by the second SIGINT or
// SIGTERM: the first ends the command's context (signalContext), the
// second cuts short what it still does on its way out (rtq record's last
// probe) without losing what it writes after. It listens from the start,
// so no signal falls between the two.
func secondSignal() (context.Context, func()) {
	next, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		defer signal.Stop(ch)
		for n := 0; ; {
			select {
			case <-ch:
				if n++; n == 2 {
					cancel()
					return
				}
			case <-next.Done():
				return
			}
		}
	}()
	return next, cancel
}

// surviveClosedPipes keeps a long-running command alive when its stderr
// or stdout is a pipe whose reader went away (rtq mock 2>&1 | head -1):
// by default Go dies of SIGPIPE on the first write there; ignored, the
// write fails with EPIPE, which the mock's log drops and counts. Only the
// mock calls it: a short command writing into a closed pipe should stop.
func surviveClosedPipes() { signal.Ignore(syscall.SIGPIPE) }

// exitError carries a command's exit status (docs/cli.md: rtq conform
// exits 1, 2 or 3) up to main without printing twice.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// withExit gives err the exit status code.
func withExit(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: code, err: err}
}

// run executes the command line and returns the exit status. Tests call it
// in-process with their own writers.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.Annotations = map[string]string{argsAnnotation: strings.Join(args, "\x00")} // read by flagError
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(stderr, "rtq:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "rtq:", usageWording(err))
	return 2
}

// requiredNotSet is cobra's wording of a required flag left out.
var requiredNotSet = regexp.MustCompile(`required flag\(s\) (.*) not set`)

// usageWording names flags as they are typed: cobra's `required flag(s)
// "out" not set` becomes `--out is missing`.
func usageWording(err error) string {
	m := requiredNotSet.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	names := strings.Split(m[1], ", ")
	for i, n := range names {
		names[i] = "--" + strings.Trim(n, `"`)
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	return strings.Join(names, " and ") + " " + verb + " missing (see --help)"
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "rtq",
		Short: "Mock server and conformance runner for the Record and Template Query Service",
		Long: `rtq is a kit for the Record and Template Query Service:

  rtq mock      a stateful mock server that stands in for the real service
  rtq conform   a conformance runner that certifies any implementation

Scenarios (YAML) describe what the mock holds; the same scenario yields the
profile the runner checks a target against.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// Every path the command line names is checked before a command
		// starts (paths.go).
		PersistentPreRunE: checkPaths,
	}
	root.AddCommand(
		newMockCmd(),
		newConformCmd(),
		newProfileCmd(),
		newScenarioCmd(),
		newGenCmd(),
		newRecordCmd(),
		newProxyCmd(),
		newOpenAPICmd(),
		newHealthCmd(),
		newWasmCmd(),
		newCoverageCmd(),
		newVersionCmd(),
	)
	root.SetFlagErrorFunc(flagError) // every command: exit 2, the flag named, "did you mean"
	registerCompletions(root)        // rtq completion bash|zsh|fish is cobra's; this adds flag values
	return root
}
