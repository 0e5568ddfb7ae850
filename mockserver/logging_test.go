package mockserver

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/logging"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// Batches are written outside the lock lines are appended under; this
// holds them to the two promises that could break: every line reaches the
// Logger exactly once, and in the order the requests were answered (a
// client's requests, one after the other, log in that order), while
// flushes from the timer, from FlushLog and from logf race with appends.
func TestLogBatchesKeepEveryLineOnceAndInOrder(t *testing.T) {
	log := &syncBuffer{}
	s, err := New(testscenario.Build(), Options{Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	const clients, each = 8, 1500
	var wg sync.WaitGroup
	stop := make(chan struct{})
	go func() { // flushes and unexpected-error lines racing the appends
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			s.FlushLog()
			if i%50 == 0 {
				s.logf("interleaved %d", i)
			}
		}
	}()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/c%d/%d", c, i), nil)
				req.Host = "127.0.0.1" // the host check serves loopback names only
				s.ServeHTTP(httptest.NewRecorder(), req)
			}
		}(c)
	}
	wg.Wait()
	close(stop)
	s.FlushLog()

	next := make([]int, clients)
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[1] != "POST" {
			continue // a logf line
		}
		var c, i int
		if _, err := fmt.Sscanf(f[2], "/c%d/%d", &c, &i); err != nil {
			t.Fatalf("unreadable line %q", line)
		}
		if i != next[c] {
			t.Fatalf("client %d: line for request %d where %s was due (lost, doubled or out of order)", c, i, strconv.Itoa(next[c]))
		}
		next[c]++
	}
	for c, n := range next {
		if n != each {
			t.Errorf("client %d: %d lines, want %d", c, n, each)
		}
	}
}

// stuckWriter is a log sink that takes nothing until released, like a
// stderr pipe nobody reads.
type stuckWriter struct {
	release chan struct{}
	got     syncBuffer
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	<-w.release
	return w.got.Write(p)
}

func TestAStuckLogNeverHoldsARequestAndSaysWhatItDropped(t *testing.T) {
	sink := &stuckWriter{release: make(chan struct{})}
	s, err := New(testscenario.Build(), Options{Logger: sink})
	if err != nil {
		t.Fatal(err)
	}
	long := "/" + strings.Repeat("x", 4000) // about 4 KiB of log a request
	const n = 2 * logging.MaxPending / 4000
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < n; i++ {
			s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, long, nil))
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("requests wait for a log that does not take lines")
	}
	close(sink.release)
	s.FlushLog()
	log := sink.got.String()
	if !regexp.MustCompile(`rtq mock: \d+ log lines dropped`).MatchString(log) {
		t.Fatalf("no line says how many lines were dropped; %d bytes logged", len(log))
	}
	if lines := strings.Count(log, "\n"); lines < logging.MaxPending/4100 || lines >= n {
		t.Errorf("%d lines logged of %d requests: want the buffer's worth, the rest dropped", lines, n)
	}
}
