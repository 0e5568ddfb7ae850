// Package redistest starts a real Redis for a test: Debian's redis-server
// on a Unix socket in a private temporary directory, with persistence off,
// stopped when the test ends. The Redis store is tested against the real
// server, never an in-process fake: a fake's TTLs do not move with time and
// its Lua is not Redis'.
//
// Without redis-server the test is skipped with one loud line, except
// under CI=true, where a missing server is a failure: CI installs it
// (.ci/run), so its absence there is a broken machine, not a choice.
// $RTQ_REDIS_SERVER names another binary.
package redistest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// readyTimeout bounds the wait for a started server to answer PING; a
// loaded CI machine can take seconds to start a process.
const readyTimeout = 20 * time.Second

// stopTimeout bounds the wait for a server to exit after SIGTERM, after
// which it is killed.
const stopTimeout = 10 * time.Second

// Server is one redis-server process owned by a test. Stop and Restart let
// a test take the store away and give it back on the same socket, the way
// an outage looks to a client.
type Server struct {
	bin    string
	dir    string
	socket string
	// password is the server's requirepass, "" for none.
	password string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
	log  *lockedBuffer
}

// Find returns the path of redis-server, or an error saying what was
// looked for and how to install it.
func Find() (string, error) {
	if p := os.Getenv("RTQ_REDIS_SERVER"); p != "" {
		return exec.LookPath(p)
	}
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p, nil
	}
	return "", errors.New("no redis-server found ($RTQ_REDIS_SERVER, redis-server on PATH); on Debian: apt-get install -y redis-server")
}

// Start launches redis-server for t, ready to answer, stopped by
// t.Cleanup. Without a server the test is skipped loudly, or fails under
// CI=true.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWithPassword(t, "")
}

// StartWithPassword is Start with a server that wants password
// (requirepass) before any other command, as a production Redis does;
// "" starts one that wants none.
func StartWithPassword(t testing.TB, password string) *Server {
	t.Helper()
	bin, err := Find()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("REDIS TESTS CANNOT RUN under CI=true: %v", err)
		}
		t.Skipf("REDIS TESTS SKIPPED: %v", err)
	}
	// Not t.TempDir: a Unix socket path must fit in 108 bytes, and a
	// test's temporary directory carries the test's (long) name.
	dir, err := os.MkdirTemp("", "rtq-redis-")
	if err != nil {
		t.Fatalf("redistest: temporary directory: %v", err)
	}
	s := &Server{bin: bin, dir: dir, socket: filepath.Join(dir, "redis.sock"), password: password}
	t.Cleanup(func() {
		s.Stop(t)
		os.RemoveAll(dir)
	})
	s.Restart(t)
	return s
}

// URL is the server's address as rtq mock --store takes it.
func (s *Server) URL() string { return "unix://" + s.socket }

// Socket is the path of the server's Unix socket.
func (s *Server) Socket() string { return s.socket }

// Client returns a client of the server, closed by t.Cleanup.
func (s *Server) Client(t testing.TB) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Network: "unix", Addr: s.socket, Password: s.password})
	t.Cleanup(func() { c.Close() })
	return c
}

// Restart starts the server (again) on the same socket and waits until it
// answers PING. Data does not survive a Stop: persistence is off.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		t.Fatalf("redistest: Restart while the server is running")
	}
	log := &lockedBuffer{}
	args := []string{
		"--port", "0",
		"--unixsocket", s.socket,
		"--unixsocketperm", "700",
		"--save", "",
		"--appendonly", "no",
		"--dir", s.dir,
		"--logfile", "",
		"--daemonize", "no",
	}
	if s.password != "" {
		args = append(args, "--requirepass", s.password)
	}
	cmd := exec.Command(s.bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("redistest: start %s: %v", s.bin, err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	s.cmd, s.done, s.log = cmd, done, log
	if err := s.awaitPing(done); err != nil {
		s.stopLocked()
		t.Fatalf("redistest: %s did not become ready: %v\n%s", s.bin, err, log.String())
	}
}

// awaitPing polls PING until it answers, the process exits, or
// readyTimeout passes.
func (s *Server) awaitPing(exited <-chan struct{}) error {
	ctx, cancel := context.WithTimeout(context.Background(), readyTimeout)
	defer cancel()
	c := redis.NewClient(&redis.Options{Network: "unix", Addr: s.socket, Password: s.password, MaxRetries: -1})
	defer c.Close()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		err := c.Ping(ctx).Err()
		if err == nil {
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("it exited: %v", err)
		case <-ctx.Done():
			return fmt.Errorf("no PONG within %v: %v", readyTimeout, err)
		case <-tick.C:
		}
	}
}

// Stop ends the server (SIGTERM, then SIGKILL after stopTimeout) and
// waits for it to exit. Stopping a stopped server does nothing.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.stopLocked(); err != nil {
		t.Errorf("redistest: %v", err)
	}
}

func (s *Server) stopLocked() error {
	if s.cmd == nil {
		return nil
	}
	cmd, done := s.cmd, s.done
	s.cmd, s.done = nil, nil
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
		return nil
	case <-time.After(stopTimeout):
		_ = cmd.Process.Kill()
		<-done
		return fmt.Errorf("redis-server ignored SIGTERM for %v and was killed", stopTimeout)
	}
}

// lockedBuffer collects the server's output; the process writes it while
// a failing test may read it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
