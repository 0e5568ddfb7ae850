package main

import (
	"bufio"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// load is how hard and how long wrk drives a server.
type load struct {
	wrk      string // wrk binary
	luaDir   string
	threads  int
	conns    int
	duration time.Duration
}

// result is one wrk run, as printed by lua/done.lua.
type result struct {
	Requests  int64   `json:"requests"`
	Seconds   float64 `json:"seconds"`
	RPS       float64 `json:"rps"`
	P50ms     float64 `json:"p50_ms"`
	P90ms     float64 `json:"p90_ms"`
	P99ms     float64 `json:"p99_ms"`
	MaxMs     float64 `json:"max_ms"`
	Bytes     int64   `json:"bytes"`
	ErrSocket int64   `json:"err_socket"` // connect, read, write, timeout
	ErrStatus int64   `json:"err_status"` // answers with HTTP >= 400
	// ServerCPUus is the server's CPU time per request during the run, in
	// µs: what a request costs the server, whatever else the machine does.
	ServerCPUus float64 `json:"server_cpu_us_per_request"`
	// storeFigs are Redis' share of the run, in the -replicas mode only.
	storeFigs
}

// run drives url with one mix for l.duration and parses the result line.
func (l load) run(ctx context.Context, url string, m mix) (result, error) {
	ctx, cancel := context.WithTimeout(ctx, l.duration+20*time.Second)
	defer cancel()
	args := []string{
		"-t" + strconv.Itoa(l.threads), "-c" + strconv.Itoa(l.conns),
		"-d" + strconv.Itoa(int(l.duration.Seconds())) + "s", "--timeout", "5s",
		"-s", filepath.Join(l.luaDir, m.script), url + m.path, "--", m.key,
	}
	args = append(args, m.bodies...)
	out, err := exec.CommandContext(ctx, l.wrk, args...).CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk %s: %w\n%s", m.name, err, out)
	}
	r, err := parseResult(string(out))
	if err != nil {
		return result{}, fmt.Errorf("wrk %s: %w\n%s", m.name, err, out)
	}
	return r, nil
}

// parseResult reads the RTQ-RESULT line of lua/done.lua out of wrk's output.
func parseResult(out string) (result, error) {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "RTQ-RESULT ")
		if !ok {
			continue
		}
		kv := map[string]int64{}
		for _, f := range strings.Fields(rest) {
			k, v, _ := strings.Cut(f, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return result{}, fmt.Errorf("result field %s: %w", k, err)
			}
			kv[k] = n
		}
		return resultOf(kv)
	}
	return result{}, fmt.Errorf("no RTQ-RESULT line in wrk output")
}

func resultOf(kv map[string]int64) (result, error) {
	if kv["duration_us"] <= 0 {
		return result{}, fmt.Errorf("result has no duration_us")
	}
	ms := func(us int64) float64 { return float64(us) / 1000 }
	r := result{
		Requests:  kv["requests"],
		Seconds:   float64(kv["duration_us"]) / 1e6,
		P50ms:     ms(kv["p50_us"]),
		P90ms:     ms(kv["p90_us"]),
		P99ms:     ms(kv["p99_us"]),
		MaxMs:     ms(kv["max_us"]),
		Bytes:     kv["bytes"],
		ErrSocket: kv["err_connect"] + kv["err_read"] + kv["err_write"] + kv["err_timeout"],
		ErrStatus: kv["err_status"],
	}
	r.RPS = float64(r.Requests) / r.Seconds
	return r, nil
}
