package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// server is one process under test: the mock, the baseline or a peer.
type server struct {
	name     string
	cmd      *exec.Cmd
	url      string        // base URL, http://127.0.0.1:port
	readyIn  time.Duration // from exec to the first good answer of ready()
	readyCPU int64         // CPU ns the process had used by then
	logPath  string
	started  time.Time     // just before exec
	exited   chan struct{} // closed once the process is reaped
}

// procs owns every process the benchmark starts, so that all of them are
// killed on the way out, whatever the way out is.
type procs struct {
	list []*server
}

// freePort asks the kernel for a loopback port nobody uses right now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// start runs argv in its own process group with stdout and stderr going to
// a log file in outDir, and returns as soon as the process has started.
func (p *procs) start(name string, port int, outDir string, argv []string, env ...string) (*server, error) {
	logPath := filepath.Join(outDir, name+".log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Env = append(os.Environ(), env...)
	ownGroup(cmd)
	s := &server{name: name, cmd: cmd, url: "http://127.0.0.1:" + strconv.Itoa(port),
		logPath: logPath, exited: make(chan struct{})}
	s.started = time.Now()
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s (%s): %w", name, argv[0], err)
	}
	logf.Close() // the child holds its own descriptor
	p.list = append(p.list, s)
	go func() { cmd.Wait(); close(s.exited) }()
	return s, nil
}

// stop kills s's whole process group (peers run node and java children)
// and reaps it.
func (p *procs) stop(s *server) {
	if s == nil {
		return
	}
	killGroup(s.cmd)
	<-s.exited
}

// stopAll is deferred by main: nothing the benchmark started survives it.
func (p *procs) stopAll() {
	for _, s := range p.list {
		p.stop(s)
	}
}

// probe is one readiness check: a request that must answer HTTP 200.
type probe func(ctx context.Context, c *http.Client, base string) error

// healthProbe is the mock's and the baseline's readiness check.
func healthProbe(ctx context.Context, c *http.Client, base string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/__admin/health", nil)
	return expect200(c, req)
}

// postProbe makes a readiness check out of the request the load sends,
// for peers that have no health endpoint of their own.
func postProbe(path, key, body string) probe {
	return func(ctx context.Context, c *http.Client, base string) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+key)
		return expect200(c, req)
	}
}

func expect200(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return nil
}

// waitReady polls check every millisecond until it passes, and records how
// long after exec that was: the "ready in" figure.
func waitReady(ctx context.Context, s *server, check probe, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	c := &http.Client{Timeout: 2 * time.Second}
	for {
		err := check(ctx, c, s.url)
		if err == nil {
			s.readyIn = time.Since(s.started)
			s.readyCPU = cpuNs(s.cmd.Process.Pid)
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s not ready within %s (last error: %v); see %s", s.name, limit, err, s.logPath)
		case <-s.exited:
			return fmt.Errorf("%s exited before it was ready; see %s", s.name, s.logPath)
		case <-time.After(time.Millisecond):
		}
	}
}

// peakRSSKiB is the high-water mark of resident memory (VmHWM) of pid and
// every descendant still alive, summed: the peers run as a tree.
func peakRSSKiB(pid int) (int64, error) {
	total, err := vmHWM(pid)
	if err != nil {
		return 0, err
	}
	for _, child := range children(pid) {
		if kib, err := peakRSSKiB(child); err == nil {
			total += kib
		}
	}
	return total, nil
}

func vmHWM(pid int) (int64, error) { return procStatus(pid, "VmHWM") }

// procStatus reads one "Name: N kB" line of /proc/<pid>/status.
func procStatus(pid int, name string) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("read %s of %d: %w", name, pid, err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, name+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				return strconv.ParseInt(f[0], 10, 64)
			}
		}
	}
	return 0, fmt.Errorf("no %s line in /proc/%d/status", name, pid)
}

// children lists the direct children of pid from /proc/<pid>/task/*/children.
func children(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(data)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// cpuNs is the CPU time pid's threads have used so far, from
// /proc/<pid>/task/*/schedstat (ns resolution). Taken at ready, it says
// what start-up costs whatever else the machine is doing; wall-clock ready
// time on a shared machine also counts waiting for a core.
func cpuNs(pid int) int64 {
	files, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var total int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if fields := strings.Fields(string(data)); len(fields) > 0 {
			n, _ := strconv.ParseInt(fields[0], 10, 64)
			total += n
		}
	}
	return total
}
