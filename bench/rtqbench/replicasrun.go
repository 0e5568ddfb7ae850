package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rtq-kit/rtq/scenario"
)

// The -replicas mode measures the mock with the Redis store (rtq mock
// --store unix://...) on a local redis-server over a Unix socket,
// persistence off: getRecord of a plain record, getRecord of a credential
// record and the verify mix, on one process with the memory store (the
// yardstick, in the same run), on one process with Redis, and on n
// replicas sharing that Redis. The replicas are each driven by a wrk of
// their own (the load split evenly), as an L4 balancer such as a
// Kubernetes Service spreads connections: no proxy's cost in the figures.
// Where the time goes is read beside each run: the CPU the rtq processes
// and redis-server used per request, and the Redis commands per request
// with the time Redis spent running them (INFO commandstats).

// mixCredential is getRecord of a record a verify can move: its status
// lives in the store.
const mixCredential = "getRecord-credential"

// storeFigs are what the Redis side of a run cost, per request.
type storeFigs struct {
	RedisCPUus    float64 `json:"redis_cpu_us_per_request,omitempty"`
	RedisCalls    float64 `json:"redis_commands_per_request,omitempty"`
	RedisCmdUs    float64 `json:"redis_command_us_per_request,omitempty"`
	RedisCommands string  `json:"redis_commands,omitempty"` // the busiest, "evalsha 1.00, xadd 1.00"
}

// redisProc is the redis-server of the run and a client of it.
type redisProc struct {
	srv    *server
	dir    string // its temporary directory, removed by close
	socket string
	rdb    *redis.Client
}

// close stops redis-server and removes its directory.
func (rp *redisProc) close(ps *procs) {
	rp.rdb.Close()
	ps.stop(rp.srv)
	os.RemoveAll(rp.dir)
}

// runReplicas is the whole -replicas mode; every process it starts is
// stopped before it returns.
func runReplicas(ctx context.Context, o options, ps *procs, l load, rep *report, w io.Writer) error {
	sc, err := loadScenario(o.scenario)
	if err != nil {
		return err
	}
	mem, err := startMock(ctx, o, ps, "memory", o.scenario, 10*time.Second)
	if err != nil {
		return err
	}
	p, err := buildPlan(ctx, mem.url, sc)
	if err != nil {
		return err
	}
	mixes, err := replicaMixes(p, sc)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "replicas: the memory store, then Redis with 1 and %d processes\n", o.replicas)
	for _, m := range mixes {
		if err := measureSet(ctx, l, "memory", []*server{mem}, nil, m, rep, w); err != nil {
			return err
		}
	}
	ps.stop(mem)
	rp, err := startRedis(ctx, o, ps)
	if err != nil {
		return err
	}
	defer rp.close(ps)
	for _, n := range []int{1, o.replicas} {
		if err := measureReplicas(ctx, o, ps, l, rp, n, mixes, rep, w); err != nil {
			return err
		}
	}
	return nil
}

// replicaMixes are the three mixes of the mode: the plan's getRecord and
// verify, and getRecord of the first credential record of the read key's
// organization.
func replicaMixes(p *plan, sc *scenario.Scenario) ([]mix, error) {
	byName := map[string]mix{}
	for _, m := range p.mixes {
		byName[m.name] = m
	}
	read, err := keySecret(sc, p.readKey, false)
	if err != nil {
		return nil, err
	}
	recs := verifiable(sc, read, 1)
	v, ok := byName["verify"]
	if len(recs) == 0 || !ok {
		return nil, fmt.Errorf("-replicas: the scenario has no credential record a verify can move")
	}
	cred := mix{name: mixCredential, path: pathGetRecord, script: "post.lua", key: p.readKey,
		bodies: []string{recordBody(recs[0].ID, "")}, about: fmt.Sprintf("credential record %d (its status is in the store)", recs[0].ID)}
	return []mix{byName[mixGetRecord], cred, v}, nil
}

// startRedis runs redis-server on a Unix socket in a fresh temporary
// directory (a socket path must be short), persistence off, and waits
// for PING.
func startRedis(ctx context.Context, o options, ps *procs) (*redisProc, error) {
	dir, err := os.MkdirTemp("", "rtqbench-redis-")
	if err != nil {
		return nil, err
	}
	sock := filepath.Join(dir, "redis.sock")
	srv, err := ps.start("redis", 0, o.outDir, []string{o.redisServer, "--port", "0", "--unixsocket", sock,
		"--unixsocketperm", "700", "--save", "", "--appendonly", "no", "--dir", dir})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	rp := &redisProc{srv: srv, dir: dir, socket: sock, rdb: redis.NewClient(&redis.Options{Network: "unix", Addr: sock})}
	ping := func(ctx context.Context, _ *http.Client, _ string) error { return rp.rdb.Ping(ctx).Err() }
	if err := waitReady(ctx, srv, ping, 10*time.Second); err != nil {
		rp.close(ps)
		return nil, err
	}
	return rp, nil
}

// measureReplicas starts n processes on the emptied Redis, runs every
// mix over them, and stops them.
func measureReplicas(ctx context.Context, o options, ps *procs, l load, rp *redisProc, n int, mixes []mix, rep *report, w io.Writer) error {
	if err := rp.rdb.FlushAll(ctx).Err(); err != nil {
		return fmt.Errorf("FLUSHALL: %w", err)
	}
	label := fmt.Sprintf("redis-x%d", n)
	var set []*server
	defer func() {
		for _, s := range set {
			ps.stop(s)
		}
	}()
	for i := range n {
		s, err := startMock(ctx, o, ps, fmt.Sprintf("%s-%d", label, i), o.scenario, 10*time.Second, "--store", "unix://"+rp.socket)
		if err != nil {
			return err
		}
		set = append(set, s)
	}
	for _, m := range mixes {
		if err := measureSet(ctx, l, label, set, rp, m, rep, w); err != nil {
			return err
		}
	}
	return nil
}

// measureSet runs m on every server of set at once, each driven by its
// own wrk with an even share of the threads and connections, and records
// the sum of their requests, the worst of their latencies, the CPU of
// every server per request and, with rp, Redis' share.
func measureSet(ctx context.Context, l load, label string, set []*server, rp *redisProc, m mix, rep *report, w io.Writer) error {
	share := l
	share.threads, share.conns = max(1, l.threads/len(set)), max(1, l.conns/len(set))
	cpu0 := setCPU(set)
	var r0 redisSample
	if rp != nil {
		r0 = rp.sample(ctx)
	}
	results := make([]result, len(set))
	errs := make([]error, len(set))
	var wg sync.WaitGroup
	for i, s := range set {
		wg.Add(1)
		go func() { defer wg.Done(); results[i], errs[i] = share.run(ctx, s.url, m) }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	r := combine(results)
	if r.Requests > 0 {
		r.ServerCPUus = float64(setCPU(set)-cpu0) / 1e3 / float64(r.Requests)
		if rp != nil {
			r.storeFigs = rp.sample(ctx).since(r0, r.Requests)
		}
	}
	rep.add(label, m, "", r)
	fmt.Fprintf(w, "  %-9s %-22s %9.0f req/s  p50 %6.2f ms  p99 %6.2f ms  rtq %6.1f µs CPU/req  redis %5.1f µs CPU/req, %4.2f commands/req (%s), %4.1f µs in commands  status-errors %d\n",
		label, m.name, r.RPS, r.P50ms, r.P99ms, r.ServerCPUus, r.RedisCPUus, r.RedisCalls, r.RedisCommands, r.RedisCmdUs, r.ErrStatus)
	if r.ErrSocket > 0 || (r.ErrStatus > 0 && !m.mixedStatus) || r.Requests == 0 {
		return fmt.Errorf("%s on %s: %d requests, %d socket errors, %d status errors; see %s",
			m.name, label, r.Requests, r.ErrSocket, r.ErrStatus, set[0].logPath)
	}
	return nil
}

// combine adds up runs made side by side: requests, bytes and errors sum,
// req/s sums, and each latency figure is the worst of the runs (wrk gives
// no histogram to merge, so the p99 is an upper bound).
func combine(rs []result) result {
	var out result
	for _, r := range rs {
		out.Requests += r.Requests
		out.Bytes += r.Bytes
		out.ErrSocket += r.ErrSocket
		out.ErrStatus += r.ErrStatus
		out.RPS += r.RPS
		out.Seconds = max(out.Seconds, r.Seconds)
		out.P50ms, out.P90ms = max(out.P50ms, r.P50ms), max(out.P90ms, r.P90ms)
		out.P99ms, out.MaxMs = max(out.P99ms, r.P99ms), max(out.MaxMs, r.MaxMs)
	}
	return out
}

func setCPU(set []*server) int64 {
	var total int64
	for _, s := range set {
		total += cpuNs(s.cmd.Process.Pid)
	}
	return total
}

// redisSample is redis-server's CPU and its command counters at a moment.
type redisSample struct {
	cpuNs int64
	calls map[string]int64 // per command
	usec  map[string]int64
}

func (rp *redisProc) sample(ctx context.Context) redisSample {
	s := redisSample{cpuNs: cpuNs(rp.srv.cmd.Process.Pid)}
	info, _ := rp.rdb.Info(ctx, "commandstats").Result()
	s.calls, s.usec = parseCommandStats(info)
	return s
}

// since is the Redis side of the requests made between s0 and s, per
// request; the commands of the sample itself (INFO) are left out.
func (s redisSample) since(s0 redisSample, requests int64) storeFigs {
	per := func(n int64) float64 { return float64(n) / float64(requests) }
	f := storeFigs{RedisCPUus: per(s.cpuNs-s0.cpuNs) / 1e3}
	type cmd struct {
		name  string
		calls int64
	}
	var cmds []cmd
	for name, n := range s.calls {
		if name == "info" {
			continue
		}
		d := n - s0.calls[name]
		f.RedisCalls += per(d)
		f.RedisCmdUs += per(s.usec[name] - s0.usec[name])
		if d > 0 {
			cmds = append(cmds, cmd{name, d})
		}
	}
	slices.SortFunc(cmds, func(a, b cmd) int { return cmp.Compare(b.calls, a.calls) })
	var parts []string
	for i, c := range cmds {
		if i == 3 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %.2f", c.name, per(c.calls)))
	}
	f.RedisCommands = strings.Join(parts, ", ")
	return f
}

// parseCommandStats reads INFO commandstats lines,
// "cmdstat_evalsha:calls=12,usec=34,...".
func parseCommandStats(info string) (calls, usec map[string]int64) {
	calls, usec = map[string]int64{}, map[string]int64{}
	sc := bufio.NewScanner(strings.NewReader(info))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "cmdstat_")
		if !ok {
			continue
		}
		name, fields, _ := strings.Cut(rest, ":")
		name = strings.ToLower(name)
		for _, kv := range strings.Split(fields, ",") {
			k, v, _ := strings.Cut(kv, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				continue
			}
			switch k {
			case "calls":
				calls[name] = n
			case "usec":
				usec[name] = n
			}
		}
	}
	return calls, usec
}
