// Package browsertest starts one headless Chromium for a test binary and
// runs scripts in pages of chosen origins, so a test can prove what a real
// browser lets a web page do to the mock (CORS, form posts, DNS rebinding)
// rather than what the test's own HTTP client does.
//
// Chromium comes from the system (Debian's chromium package; $RTQ_CHROMIUM
// names another binary). Without it, Start skips the test with one loud
// line; the HTTP-level versions of the same checks run regardless.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is a running headless Chromium with one tab, which every Run
// navigates: opening a tab per script costs a second on a busy machine.
// Runs are sequential (no parallel subtests on one Browser).
type Browser struct {
	tab     context.Context
	timeout time.Duration
}

// Options shape the browser a test starts.
type Options struct {
	// MapHosts are DNS names the browser resolves to 127.0.0.1 (through
	// --host-resolver-rules), so a test server on loopback can serve a page
	// from http://attacker.example:PORT: a foreign origin, and the very
	// set-up of a DNS rebinding attack.
	MapHosts []string
	// Timeout bounds each Run (0: 10 seconds).
	Timeout time.Duration
}

// chromiumNames are the binaries looked for, in order, after $RTQ_CHROMIUM.
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Find returns the path of a Chromium binary, or an error saying what was
// looked for.
func Find() (string, error) {
	if p := os.Getenv("RTQ_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, n := range chromiumNames {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no Chromium found ($RTQ_CHROMIUM, %s); on Debian: apt-get install -y chromium", strings.Join(chromiumNames, ", "))
}

// Start launches the browser for t, closed by t.Cleanup. Start it once
// and share it between subtests: a start costs about a second. Without a
// Chromium the test is skipped with one loud line.
func Start(t testing.TB, opts Options) *Browser {
	t.Helper()
	path, err := Find()
	if err != nil {
		t.Skipf("BROWSER TESTS SKIPPED: %v (the HTTP-level versions of these checks still run)", err)
	}
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Flag("no-proxy-server", true),
		// Plain-http test origins must stay http: no upgrade attempts.
		chromedp.Flag("disable-features", "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable"),
	)
	// Tests reach loopback only: every other name fails to resolve, so
	// Chromium's own background lookups (accounts.google.com and the
	// like) never leave the machine. The hosts a test maps come first.
	rules := make([]string, 0, len(opts.MapHosts)+4)
	for _, h := range opts.MapHosts {
		rules = append(rules, "MAP "+h+" 127.0.0.1")
	}
	rules = append(rules, "MAP * ~NOTFOUND", "EXCLUDE localhost", "EXCLUDE 127.0.0.1", "EXCLUDE [::1]")
	flags = append(flags, chromedp.Flag("host-resolver-rules", strings.Join(rules, ", ")))
	if os.Geteuid() == 0 { // Chromium's sandbox refuses to run as root
		flags = append(flags, chromedp.NoSandbox)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// The first Run starts the browser, whose life is then tied to ctx: a
	// timeout here would end the browser too.
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("start Chromium %s: %v", path, err)
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	return &Browser{tab: ctx, timeout: timeout}
}

// Run opens pageURL in the tab, evaluates script there (a promise is
// awaited) and stores its JSON result in out (nil: ignored). A script that
// throws is an error.
func (b *Browser) Run(pageURL, script string, out any) error {
	ctx, cancel := context.WithTimeout(b.tab, b.timeout)
	defer cancel()
	var res any
	if out == nil {
		out = &res
	}
	err := chromedp.Run(ctx,
		chromedp.Navigate(pageURL),
		chromedp.Evaluate(script, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
			return p.WithAwaitPromise(true)
		}),
	)
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("run script on %s: timed out", pageURL)
	}
	if err != nil {
		return fmt.Errorf("run script on %s: %w", pageURL, err)
	}
	return nil
}

// Do runs DevTools actions in the tab, within the Run timeout: what a
// script in the page cannot do, such as stopping its service workers
// (serviceworker.StopAllWorkers) to see what survives a restart.
func (b *Browser) Do(actions ...chromedp.Action) error {
	ctx, cancel := context.WithTimeout(b.tab, b.timeout)
	defer cancel()
	return chromedp.Run(ctx, actions...)
}
