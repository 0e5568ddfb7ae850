package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/proxy"
)

// sample is one point of the curve.
type sample struct {
	at        time.Duration
	exchanges int64
	heap      uint64 // live heap after a forced GC (HeapAlloc)
	rss       int64  // VmRSS, bytes (-1 when /proc cannot say)
}

// result is the soak's outcome.
type result struct {
	samples      []sample
	sent, judged int
	failed       []string // findings failed in the proxy's report
	windows      map[string]int
	elapsed      time.Duration
}

// soak runs the upstream, the proxy and the clients, printing a sample
// every o.every, until o.duration or o.exchanges or ctx ends.
func soak(ctx context.Context, o options, out io.Writer) (*result, error) {
	upstream := o.upstream
	if upstream == "" {
		u, stop, err := serve(http.HandlerFunc(fresh))
		if err != nil {
			return nil, err
		}
		defer stop()
		upstream = u
	}
	obs, err := conformance.NewObserver(conformance.ObserverOptions{Target: upstream})
	if err != nil {
		return nil, err
	}
	p, err := proxy.New(proxy.Options{Upstream: upstream, Observer: obs, ListenHost: "127.0.0.1"})
	if err != nil {
		return nil, err
	}
	defer p.Close()
	base, stop, err := serve(p)
	if err != nil {
		return nil, err
	}
	defer stop()

	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var sent, started, seq atomic.Int64
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: o.clients}}
	var wg sync.WaitGroup
	for c := range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := driver{ctx: ctx, base: base, client: client, sent: &sent, started: &started, limit: int64(o.exchanges), fixedKey: o.key, seq: &seq}
			for n := 0; ctx.Err() == nil; n++ {
				if d.session(fmt.Sprintf("%d-%d", c, n)) == errStop {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); cancel() }()

	res := &result{}
	began := time.Now()
	take := func() {
		p.Drain()
		s := measure(time.Since(began), sent.Load())
		res.samples = append(res.samples, s)
		fmt.Fprintf(out, "%8s  %10d exchanges  %7.0f/s  heap %6.1f MiB  rss %6.1f MiB\n",
			s.at.Round(time.Second), s.exchanges, float64(s.exchanges)/max(s.at.Seconds(), 1e-9), mib(int64(s.heap)), mib(s.rss))
	}
	take()
	tick := time.NewTicker(o.every)
	defer tick.Stop()
	for done := false; !done; {
		select {
		case <-tick.C:
			take()
		case <-ctx.Done():
			done = true
		}
	}
	wg.Wait()
	take()
	res.elapsed = time.Since(began)
	rep := obs.Report(time.Now())
	res.sent, res.judged, res.windows = int(sent.Load()), rep.Traffic.Judged, rep.Traffic.Windows
	for _, c := range rep.Checks {
		if c.Status == conformance.Fail {
			res.failed = append(res.failed, c.ID)
		}
	}
	return res, nil
}

// serve runs h on 127.0.0.1:0 and returns its URL and a stop function.
func serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

// measure forces a GC and reads the live heap and the resident memory.
func measure(at time.Duration, exchanges int64) sample {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return sample{at: at, exchanges: exchanges, heap: m.HeapAlloc, rss: rss()}
}

// rss is this process's VmRSS in bytes, -1 when /proc cannot say.
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return -1
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// typicalRate is the calls a second of one busy user of a frontend (a
// page load fetches a few things, then the user reads): what "hours of a
// typical client's traffic" is counted in.
const typicalRate = 1.0

func (r *result) print(out io.Writer) {
	if len(r.samples) == 0 {
		return
	}
	first, last := r.samples[0], r.samples[len(r.samples)-1]
	var maxHeap uint64
	var maxRSS int64
	for _, s := range r.samples {
		maxHeap, maxRSS = max(maxHeap, s.heap), max(maxRSS, s.rss)
	}
	secs := max(r.elapsed.Seconds(), 1e-9)
	fmt.Fprintf(out, "proxysoak: %d exchanges in %s (%.0f/s), %d judged, findings failed %v; %.1f hours of one client at %.0f call/s\n",
		r.sent, r.elapsed.Round(time.Second), float64(r.sent)/secs, r.judged, r.failed, float64(r.sent)/typicalRate/3600, typicalRate)
	fmt.Fprintf(out, "proxysoak: heap start %.1f, max %.1f, end %.1f MiB; rss start %.1f, max %.1f, end %.1f MiB\n",
		mib(int64(first.heap)), mib(int64(maxHeap)), mib(int64(last.heap)), mib(first.rss), mib(maxRSS), mib(last.rss))
	w, _ := json.Marshal(r.windows)
	fmt.Fprintf(out, "proxysoak: windows %s\n", w)
}

// driver is one client.
type driver struct {
	ctx    context.Context
	base   string
	client *http.Client
	sent   *atomic.Int64
	// started counts the calls begun, against limit (sent counts those
	// answered).
	started  *atomic.Int64
	limit    int64
	fixedKey string
	// seq numbers the sessions of every client, so that each one's
	// records, filters and walks are new.
	seq *atomic.Int64
}

var errStop = errors.New("stop")

// call sends one request and decodes the answer's data member.
func (d *driver) call(key, ep string, body map[string]any) (map[string]any, error) {
	if d.limit > 0 && d.started.Add(1) > d.limit {
		return nil, errStop
	}
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(d.ctx, http.MethodPost, d.base+"/api/v2/rpc/"+ep, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := d.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var a struct {
		Data map[string]any `json:"data"`
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	// Counted once the answer is read whole: an exchange the proxy owes
	// a verdict (one cut short when the soak ends is not).
	d.sent.Add(1)
	_ = json.Unmarshal(raw, &a)
	return a.Data, nil
}

// session is one user: their own key, a few records in every format (one
// read twice), a filtered walk of the forms, a walk of the templates and
// one of a template's sub-codes.
func (d *driver) session(id string) error {
	key := d.fixedKey
	if key == "" {
		key = "soak-" + id
	}
	n := d.seq.Add(1)
	for i := range int64(3) {
		rid := 100000 + n*3 + i
		for _, f := range []string{"json", "markdown", "json-ld", "json"} {
			if _, err := d.call(key, contract.GetRecord.Name, map[string]any{"record_id": rid, "format": f}); err != nil {
				return err
			}
		}
	}
	search := "s" + strconv.FormatInt(n, 36)
	for page := 1; page <= 3; page++ {
		if _, err := d.call(key, contract.GetFormList.Name, map[string]any{"search_key": search, "page": page, "page_size": 5}); err != nil {
			return err
		}
	}
	if err := d.walk(key, contract.TemplatesList.Name, map[string]any{"page_size": 2, "start_time": iso(1600000000 + n)}); err != nil {
		return err
	}
	return d.walk(key, contract.ListQrcodes.Name, map[string]any{"template": "c" + strconv.FormatInt(n, 36), "page_size": 2})
}

// walk follows a cursor walk to its end (at most 10 pages).
func (d *driver) walk(key, ep string, body map[string]any) error {
	for range 10 {
		data, err := d.call(key, ep, body)
		if err != nil {
			return err
		}
		next, _ := data["next_page_token"].(string)
		if next == "" {
			return nil
		}
		body["page_token"] = next
	}
	return nil
}
