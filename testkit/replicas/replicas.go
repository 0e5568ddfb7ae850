// Package replicas runs rtq mock the way a deployment with replicas does,
// on one machine: a real redis-server on a Unix socket (redistest), N
// `rtq mock --store unix://...` processes of the rtq binary built from
// this module, and a round-robin reverse proxy over them on loopback, so
// that consecutive calls of one client land on different processes.
// Tests only (testkit).
//
// A test package builds rtq once, in its TestMain (rtqbin.Build), and each test
// starts its own Set: its own Redis and processes, stopped when it ends.
// Each process's address is read from its own start-up line, never
// guessed, and nothing waits by sleeping.
package replicas

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/redistest"
)

// startTimeout bounds the wait for a process's start-up line: a loaded CI
// machine can take seconds to start one.
const startTimeout = 60 * time.Second

// Options say what to start.
type Options struct {
	// Binary is rtq, from rtqbin.Build.
	Binary string
	// N is the number of rtq mock processes; 3 when 0.
	N int
	// Args are more rtq mock flags, given to every process.
	Args []string
	// Store, when set, is given to every process as --store instead of
	// a Redis started for the set (Redis is then nil): "memory" makes
	// processes that share nothing, the harness's own test.
	Store string
}

// Set is one Redis, the rtq mock processes sharing it, and the
// round-robin proxy in front of them.
type Set struct {
	Redis *redistest.Server
	Mocks []*Mock
	proxy *httptest.Server
	next  atomic.Uint64
	sent  []atomic.Int64 // requests the round-robin sent to each process
}

// Start starts Redis, o.N processes on it and the proxy, all stopped by
// t.Cleanup. Without redis-server the test is skipped, loudly, or fails
// under CI=true (redistest).
func Start(t testing.TB, o Options) *Set {
	t.Helper()
	if o.N == 0 {
		o.N = 3
	}
	s := &Set{}
	store := o.Store
	if store == "" {
		s.Redis = redistest.Start(t)
		store = s.Redis.URL()
	}
	for i := 0; i < o.N; i++ {
		m, err := StartMock(t, o.Binary, store, o.Args...)
		if err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
		s.Mocks = append(s.Mocks, m)
	}
	s.sent = make([]atomic.Int64, len(s.Mocks))
	s.proxy = httptest.NewServer(&httputil.ReverseProxy{
		Rewrite:  s.rewrite,
		ErrorLog: log.New(io.Discard, "", 0), // a killed replica's 502 is the test's to judge
	})
	t.Cleanup(s.proxy.Close)
	return s
}

// URL is the round-robin's base URL: each request goes to the next
// process, in turn.
func (s *Set) URL() string { return s.proxy.URL }

// Sent is how many requests the round-robin has sent to process i.
func (s *Set) Sent(i int) int64 { return s.sent[i].Load() }

// rewrite sends a request to the next process, keeping the client's Host
// (an IP address, which every process serves).
func (s *Set) rewrite(r *httputil.ProxyRequest) {
	i := (s.next.Add(1) - 1) % uint64(len(s.Mocks))
	s.sent[i].Add(1)
	u, _ := url.Parse(s.Mocks[i].URL)
	r.SetURL(u)
	r.Out.Host = r.In.Host
}

// Mock is one rtq mock process.
type Mock struct {
	// URL is its base URL, from its start-up line.
	URL    string
	cmd    *exec.Cmd
	exited chan struct{}
	log    *lockedBuffer
}

// bannerURL finds the address in the start-up line ("rtq mock: serving
// "name" on http://127.0.0.1:PORT (...)").
var bannerURL = regexp.MustCompile(`serving .* on (http://127\.0\.0\.1:\d+) `)

// StartMock starts `rtq mock --addr 127.0.0.1:0 --store store args...`
// and returns once its start-up line says where it listens. The process
// is killed by t.Cleanup.
func StartMock(t testing.TB, bin, store string, args ...string) (*Mock, error) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mock", "--addr", "127.0.0.1:0", "--store", store}, args...)...)
	cmd.Env = append(os.Environ(), "RTQ_ADMIN_TOKEN=", "RTQ_STORE=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	m := &Mock{cmd: cmd, exited: make(chan struct{}), log: &lockedBuffer{}}
	found := make(chan string, 1)
	read := make(chan struct{})
	go m.readLog(stderr, found, read)
	go func() { <-read; _ = cmd.Wait(); close(m.exited) }()
	t.Cleanup(func() { m.Kill() })
	select {
	case m.URL = <-found:
		return m, nil
	case <-m.exited:
		return nil, fmt.Errorf("rtq mock exited before it served: %s", m.Log())
	case <-time.After(startTimeout):
		return nil, fmt.Errorf("rtq mock said nothing of where it listens within %v: %s", startTimeout, m.Log())
	}
}

// readLog keeps the process's stderr (so that its log never fills a
// pipe), hands on the URL of its start-up line, and closes done at EOF.
func (m *Mock) readLog(r io.Reader, found chan<- string, done chan<- struct{}) {
	defer close(done)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	sent := false
	for sc.Scan() {
		m.log.WriteLine(sc.Text())
		if sub := bannerURL.FindStringSubmatch(sc.Text()); sub != nil && !sent {
			found <- sub[1]
			sent = true
		}
	}
}

// Kill ends the process with SIGKILL, as a crashed or evicted replica
// ends, and waits for it to exit. Killing a dead process does nothing.
func (m *Mock) Kill() {
	_ = m.cmd.Process.Signal(syscall.SIGKILL)
	<-m.exited
}

// Running is true while the process has not exited.
func (m *Mock) Running() bool {
	select {
	case <-m.exited:
		return false
	default:
		return true
	}
}

// Log is what the process wrote to stderr so far.
func (m *Mock) Log() string { return m.log.String() }

// lockedBuffer holds a process's log lines; the reader goroutine writes
// while a failing test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *lockedBuffer) WriteLine(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b.WriteString(s)
	b.b.WriteByte('\n')
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Client is an HTTP client for calls to the processes: no connection
// reuse, so that a killed process fails only the calls made to it, and a
// time-out that only a hung process reaches.
func Client() *http.Client {
	return &http.Client{
		Timeout:   60 * time.Second,
		Transport: &http.Transport{DisableKeepAlives: true},
	}
}
