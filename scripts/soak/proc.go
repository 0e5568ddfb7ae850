package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// mockProc is the `rtq mock` child process.
type mockProc struct {
	cmd    *exec.Cmd
	url    string
	tmp    string
	exited chan struct{}
	err    error // set when exited is closed
	lines  int64 // request log lines seen
	mu     sync.Mutex
}

var bannerURL = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`)

// startMock builds rtq unless bin is given, starts `rtq mock` on a free
// loopback port and waits for its banner.
func startMock(ctx context.Context, bin string) (*mockProc, error) {
	m := &mockProc{exited: make(chan struct{})}
	if bin == "" {
		dir, err := os.MkdirTemp("", "rtq-soak")
		if err != nil {
			return nil, err
		}
		m.tmp, bin = dir, filepath.Join(dir, "rtq")
		if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/rtq-kit/rtq/cmd/rtq").CombinedOutput(); err != nil {
			m.cleanup()
			return nil, fmt.Errorf("go build github.com/rtq-kit/rtq/cmd/rtq: %v\n%s", err, out)
		}
	}
	m.cmd = exec.Command(bin, "mock", "--addr", "127.0.0.1:0")
	stderr, err := m.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := m.cmd.Start(); err != nil {
		m.cleanup()
		return nil, fmt.Errorf("start %s mock: %w", bin, err)
	}
	go func() { m.err = m.cmd.Wait(); close(m.exited) }()
	banner := make(chan string, 1)
	go m.drain(stderr, banner)
	select {
	case line := <-banner:
		m.url = bannerURL.FindString(line)
	case <-m.exited:
		return nil, fmt.Errorf("rtq mock exited before serving: %v", m.err)
	case <-time.After(30 * time.Second):
		m.stop()
		return nil, errors.New("rtq mock printed no banner in 30 s")
	}
	if m.url == "" {
		m.stop()
		return nil, errors.New("no http://127.0.0.1:PORT in the mock's banner")
	}
	return m, nil
}

// drain reads the mock's stderr (one log line per request) so its pipe
// never fills, handing the banner over once.
func (m *mockProc) drain(r interface{ Read([]byte) (int, error) }, banner chan<- string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sent := false
	for sc.Scan() {
		line := sc.Text()
		if !sent && strings.Contains(line, "serving") {
			banner <- line
			sent = true
			continue
		}
		m.mu.Lock()
		m.lines++
		m.mu.Unlock()
	}
}

func (m *mockProc) pid() int { return m.cmd.Process.Pid }

// alive is nil while the mock runs.
func (m *mockProc) alive() error {
	select {
	case <-m.exited:
		return fmt.Errorf("exited: %v", m.err)
	default:
		return nil
	}
}

// stop ends the mock with SIGTERM (SIGKILL after 5 s) and removes the
// temporary binary.
func (m *mockProc) stop() {
	if m.cmd != nil && m.cmd.Process != nil {
		_ = m.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-m.exited:
		case <-time.After(5 * time.Second):
			_ = m.cmd.Process.Kill()
			<-m.exited
		}
	}
	m.cleanup()
}

func (m *mockProc) cleanup() {
	if m.tmp != "" {
		_ = os.RemoveAll(m.tmp)
	}
}

// rssSampler reads VmRSS of a process at a fixed interval.
type rssSampler struct {
	done                  chan struct{}
	wg                    sync.WaitGroup
	start, peak, last, n  int64
	firstAfter, startedAt time.Time
}

// startRSS samples pid every interval; the first sample is the start
// figure (the mock has served its banner, so its state is loaded).
func startRSS(pid int, interval time.Duration) *rssSampler {
	s := &rssSampler{done: make(chan struct{}), startedAt: time.Now()}
	s.take(pid)
	s.start = s.last
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-tick.C:
				s.take(pid)
			}
		}
	}()
	return s
}

func (s *rssSampler) take(pid int) {
	v, err := vmRSS(pid)
	if err != nil {
		return
	}
	s.last, s.n = v, s.n+1
	s.peak = max(s.peak, v)
}

// stop ends sampling and returns start, peak and last RSS and the count.
func (s *rssSampler) stop() (int64, int64, int64, int64) {
	close(s.done)
	s.wg.Wait()
	return s.start, s.peak, s.last, s.n
}

// vmRSS reads the resident set size of pid from /proc, in bytes.
func vmRSS(pid int) (int64, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb << 10, err
			}
		}
	}
	return 0, errors.New("no VmRSS in /proc/" + strconv.Itoa(pid) + "/status")
}
