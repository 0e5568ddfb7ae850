package loopback

import (
	"net/http"
	"strings"
	"testing"
)

func TestHost(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:8080": "127.0.0.1", "[::1]:8080": "::1", "[::1]": "::1",
		"LocalHost.:80": "localhost", "rtq-mock": "rtq-mock", "Attacker.Example.": "attacker.example",
		"::1": "::1", "fe80::1%eth0": "fe80::1%eth0", "host:": "host", "": "",
	} {
		if got := Host(in); got != want {
			t.Errorf("Host(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnrebindable(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "app.localhost": true, "127.0.0.1": true, "::1": true,
		"10.0.0.7":         true, // an IP literal: no DNS to rebind
		"attacker.example": false, "localhost.attacker.example": false, "rtq-mock": false, "": false,
	} {
		if got := Unrebindable(host); got != want {
			t.Errorf("Unrebindable(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestOrigin(t *testing.T) {
	for origin, want := range map[string]bool{
		"http://localhost:5173": true, "https://localhost": true, "http://app.localhost:3000": true,
		"http://127.0.0.1:8080": true, "http://[::1]:8080": true, "http://LOCALHOST:1": true,
		"http://attacker.example": false, "http://10.0.0.7:8080": false, "null": false,
		"file://localhost": false, "http://localhost/path": false, "http://user@localhost": false,
		"http://localhost.attacker.example": false,
	} {
		if got := Origin(origin); got != want {
			t.Errorf("Origin(%q) = %v, want %v", origin, got, want)
		}
	}
}

// TestHostAllocatesNothing guards the mock's per-request host check: a
// Host without a port used to cost an allocation (net.SplitHostPort's
// error) on every request.
func TestHostAllocatesNothing(t *testing.T) {
	for _, h := range []string{"127.0.0.1", "127.0.0.1:8080", "localhost:5173", "[::1]:8080", "rtq-mock"} {
		if n := testing.AllocsPerRun(100, func() { _ = Host(h) }); n != 0 {
			t.Errorf("Host(%q): %v allocations, want 0", h, n)
		}
	}
}

func TestListen(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.0.0.2:0": true, "[::1]:8080": true, "localhost:0": true, "LocalHost:80": true,
		"[::ffff:127.0.0.1]:80": true,
		":8080":                 false, "0.0.0.0:8080": false, "[::]:80": false, "10.0.0.7:8080": false,
		"app.localhost:80": false, // a name net.Listen resolves through DNS, unlike a browser
		"rtq-mock:8080":    false, "": false,
	} {
		if got := Listen(addr); got != want {
			t.Errorf("Listen(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestRefusal(t *testing.T) {
	for _, tc := range []struct {
		host, origin, site string
		want               string // a part of the refusal; "" for none
	}{
		{"127.0.0.1:8080", "", "", ""},
		{"localhost:8080", "http://localhost:5173", "same-site", ""},
		{"proxy.example:8080", "", "", `does not serve Host "proxy.example"`},
		{"127.0.0.1:8080", "https://evil.example", "", `refuses requests from the web page at "https://evil.example": why`},
		{"127.0.0.1:8080", "", "cross-site", "refuses cross-site browser requests: why"},
	} {
		r, _ := http.NewRequest(http.MethodPost, "http://"+tc.host+"/", nil)
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		if tc.site != "" {
			r.Header.Set("Sec-Fetch-Site", tc.site)
		}
		got := Refusal(r, "127.0.0.1:8080", "tool", "why")
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("host %s origin %q site %q: refusal %q, want %q", tc.host, tc.origin, tc.site, got, tc.want)
		}
	}
}
