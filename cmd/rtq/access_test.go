package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/testkit/tlsfront"
)

// reachCase is one front: the run without the flag that reaches it (exit
// 3, one diagnosis naming fix), then with it (a pass).
type reachCase struct {
	wrong, right []string // base URL and access flags
	fix          string
}

func reachCases(f tlsfront.Front) map[tlsfront.Kind]reachCase {
	ca := []string{"--ca-cert", f.CA}
	return map[tlsfront.Kind]reachCase{
		tlsfront.PrivateCA:  {[]string{f.URL}, append([]string{f.URL}, ca...), "--ca-cert"},
		tlsfront.OtherName:  {append([]string{f.URL}, ca...), append([]string{f.Localhost}, ca...), "--base-url"},
		tlsfront.Expired:    {append([]string{f.URL}, ca...), []string{f.URL, "--insecure"}, "renew"},
		tlsfront.ClientCert: {append([]string{f.URL}, ca...), append([]string{f.URL, "--client-cert", f.Client, "--client-key", f.ClientKey}, ca...), "--client-cert"},
		tlsfront.Gateway: {append([]string{f.URL}, ca...),
			append([]string{f.URL, "--header", tlsfront.GatewayHeader + ": " + tlsfront.GatewayToken}, ca...), "--header"},
	}
}

// rtq conform against each TLS front a team's staging has: without the
// flag that reaches it, exit 3 with one message naming the cause and the
// flag, and a report that says the same; with it, a pass.
func TestConformReachesEachFront(t *testing.T) {
	mock := rtqtest.Start(t)
	profile := mock.URL + "/__admin/profile"
	for _, kind := range tlsfront.Kinds {
		t.Run(kind.String(), func(t *testing.T) {
			t.Parallel()
			f := tlsfront.Start(t, kind, mock.URL)
			c := reachCases(f)[kind]
			out := filepath.Join(t.TempDir(), "report.json")
			conform := func(reach []string) (int, string, map[string]any) {
				args := append([]string{"conform", "--profile", profile, "--api-key", "rtq-demo-read", "--format", "json", "--out", out,
					"--only", "getRecord.*", "--base-url"}, reach...)
				code, _, stderr := runCLI(t, args...)
				var rep map[string]any
				data, err := os.ReadFile(out)
				if err != nil || json.Unmarshal(data, &rep) != nil {
					t.Fatalf("exit %d, no JSON report: %v\n%s", code, err, stderr)
				}
				return code, stderr, rep
			}
			code, stderr, rep := conform(c.wrong)
			if code != 3 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.fix) || strings.Contains(stderr, "is the service running") {
				t.Errorf("without the flag: exit %d, stderr %q: want exit 3 and one line naming %s", code, stderr, c.fix)
			}
			if rep["status"] != "unreachable" || !strings.Contains(rep["reason"].(string), c.fix) {
				t.Errorf("without the flag: report status %v, reason %v: want unreachable, naming %s", rep["status"], rep["reason"], c.fix)
			}
			if checks, _ := rep["checks"].([]any); len(checks) != 0 {
				t.Errorf("without the flag: %d checks reported: want none, the connection never worked", len(checks))
			}
			code, stderr, rep = conform(c.right)
			if code != 0 || rep["status"] != "pass" {
				t.Fatalf("with the flag: exit %d, status %v: %s", code, rep["status"], stderr)
			}
			insecure := contains(c.right, "--insecure")
			if insecure != strings.Contains(stderr, "--insecure: the target's TLS certificate is NOT verified") || insecure != (rep["insecure"] == true) {
				t.Errorf("--insecure %v: stderr %q, report insecure %v: want both to say it exactly when given", insecure, stderr, rep["insecure"])
			}
			if raw, _ := os.ReadFile(out); strings.Contains(string(raw), tlsfront.GatewayToken) {
				t.Errorf("the report holds the gateway's token")
			}
		})
	}
}

// profile discover, record --crawl and health take the same flags, and
// meet a front they cannot pass with exit 3 and the flag that fixes it.
func TestEveryCommandReachesAFront(t *testing.T) {
	mock := rtqtest.Start(t)
	f := tlsfront.Start(t, tlsfront.ClientCert, mock.URL)
	c := reachCases(f)[tlsfront.ClientCert]
	dir := t.TempDir()
	for _, cmd := range []struct {
		name string
		args func(reach []string) []string
	}{
		{"discover", func(r []string) []string {
			return append([]string{"profile", "discover", "--api-key", "rtq-demo-read", "--base-url"}, r...)
		}},
		{"record", func(r []string) []string {
			return append([]string{"record", "--crawl", "--api-key", "rtq-demo-read", "--rate", "0", "--out", filepath.Join(dir, "rec.yaml"), "--upstream"}, r...)
		}},
		{"health", func(r []string) []string { return append([]string{"health"}, r...) }},
	} {
		t.Run(cmd.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, cmd.args(c.wrong)...)
			if code != 3 || !strings.Contains(stderr, "--client-cert") {
				t.Errorf("without --client-cert: exit %d, %q: want 3 naming --client-cert", code, stderr)
			}
			if code, _, stderr := runCLI(t, cmd.args(c.right)...); code != 0 {
				t.Errorf("with --client-cert: exit %d, %s", code, stderr)
			}
		})
	}
}

// A flag that cannot be used is a usage error naming it.
func TestAccessFlagsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"conform", "--base-url", "http://127.0.0.1:1", "--api-key", "k", "--ca-cert", "/nonexistent/ca.pem"},
		{"profile", "discover", "--base-url", "http://127.0.0.1:1", "--api-key", "k", "--header", "Authorization: Bearer x"},
		{"health", "http://127.0.0.1:1", "--client-cert", "/nonexistent/c.pem"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, "--") {
			t.Errorf("%v: exit %d, %q: want 2 naming the flag", args, code, stderr)
		}
	}
}
