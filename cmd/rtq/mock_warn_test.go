package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// warnMock is `rtq mock args...` running in-process, with its stderr.
type warnMock struct {
	url   string
	log   *mocktest.LogBuffer
	lines chan string
}

// startWarnMock runs `rtq mock args...` and waits for its "serving"
// banner; the command is cancelled (as by SIGINT) at cleanup.
func startWarnMock(t *testing.T, args ...string) *warnMock {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		run(ctx, append([]string{"mock"}, args...), strings.NewReader(""), io.Discard, pw)
		pw.Close()
	}()
	t.Cleanup(func() { cancel(); <-done })
	c := &warnMock{log: &mocktest.LogBuffer{}, lines: make(chan string, 4096)}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			_, _ = io.WriteString(c.log, sc.Text()+"\n")
			select {
			case c.lines <- sc.Text():
			default: // nobody waits for that many lines; the log keeps them
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	line := c.waitFor(t, "serving")
	if c.url = regexp.MustCompile(`http://[^ ;,)]+`).FindString(line); c.url == "" {
		t.Fatalf("no URL in the banner %q", line)
	}
	return c
}

// waitFor reads stderr lines until one contains s.
func (c *warnMock) waitFor(t *testing.T, s string) string {
	t.Helper()
	timer := time.NewTimer(60 * time.Second)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				t.Fatalf("rtq mock ended before writing %q; stderr:\n%s", s, c.log.String())
			}
			if strings.Contains(line, s) {
				return line
			}
		case <-timer.C:
			t.Fatalf("rtq mock wrote no %q in 60 s; stderr:\n%s", s, c.log.String())
		}
	}
}

// startupLog is everything the mock wrote up to and including the log
// line of one request sent after the banner (the warning, when there is
// one, is written between the two).
func (c *warnMock) startupLog(t *testing.T) string {
	t.Helper()
	mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", nil, nil)
	c.waitFor(t, "/__admin/health")
	return c.log.String()
}

// loopbackAlias finds a host name other than "localhost" that resolves
// only to loopback addresses, so the warning can be exercised without
// listening beyond this machine.
func loopbackAlias() string {
	candidates := []string{"ip6-localhost", "ip6-loopback", "localhost.localdomain"}
	if h, err := os.Hostname(); err == nil {
		candidates = append([]string{h}, candidates...)
	}
	for _, name := range candidates {
		addrs, err := net.LookupHost(name)
		if err != nil || len(addrs) == 0 {
			continue
		}
		all := true
		for _, a := range addrs {
			if ip := net.ParseIP(a); ip == nil || !ip.IsLoopback() {
				all = false
			}
		}
		if all {
			return name
		}
	}
	return ""
}

// TestMockWarnsBeyondLoopbackByHostName runs the command on a host name
// that is not a loopback literal (TestMockWarnsWithoutAdminTokenBeyondLoopback
// covers the literals): without --admin-token it warns loudly; with one it
// does not, the token is in force, and it never reaches the log.
func TestMockWarnsBeyondLoopbackByHostName(t *testing.T) {
	alias := loopbackAlias()
	if alias == "" {
		t.Skip("no host name here resolves only to loopback; TestMockWarnsWithoutAdminTokenBeyondLoopback covers the rule")
	}
	if text := startWarnMock(t, "--addr", alias+":0").startupLog(t); !strings.Contains(text, "WARNING") || !strings.Contains(text, "--admin-token") {
		t.Errorf("listening on %s (not a loopback literal) without --admin-token, no loud warning:\n%s", alias, text)
	}
	c := startWarnMock(t, "--addr", alias+":0", "--admin-token", "cli-token-123")
	if text := c.startupLog(t); strings.Contains(text, "WARNING") {
		t.Errorf("warned although --admin-token is set:\n%s", text)
	}
	if a := mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", nil, nil); a.Status != 401 {
		t.Errorf("--admin-token set, admin call without it: HTTP %d", a.Status)
	}
	if a := mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", map[string]string{"Authorization": "Bearer cli-token-123"}, nil); a.Status != 200 {
		t.Errorf("--admin-token set, admin call with it: HTTP %d", a.Status)
	}
	if strings.Contains(c.log.String(), "cli-token-123") {
		t.Errorf("the admin token appears in the CLI's log")
	}
}
