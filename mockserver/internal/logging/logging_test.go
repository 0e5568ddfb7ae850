package logging

import (
	"bytes"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/scenario"
)

// lockedBuffer is a Logger the test reads while the writer goroutine
// may write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var start = time.Date(2026, 1, 2, 3, 4, 5, 678_900_000, time.UTC)

// call is an answered call of path, as the chain leaves it for the log.
func call(path string, key *scenario.Key) *chain.Call {
	r := httptest.NewRequest("POST", "/", nil)
	r.URL.Path = path
	return &chain.Call{R: r, Key: key, Start: start, Dur: 152 * time.Microsecond, Status: 200, Code: 0, Bytes: 1234}
}

func TestRequestWritesOneLineWithTheKeysNameOnly(t *testing.T) {
	out := &lockedBuffer{}
	l := New(out)
	defer l.Stop()
	key := &scenario.Key{Name: "demo-read", Secret: "rtq-demo-read-secret"}
	c := call("/api/v2/rpc/record/getRecord", key)
	c.R.Header.Set("Authorization", "Bearer "+key.Secret)
	l.Request(c)
	l.Request(call("/x", nil))
	l.Flush()
	want := "2026-01-02T03:04:05.678Z POST /api/v2/rpc/record/getRecord 200 code=0 152µs key=demo-read bytes=1234\n" +
		"2026-01-02T03:04:05.678Z POST /x 200 code=0 152µs key=- bytes=1234\n"
	if got := out.String(); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(out.String(), key.Secret) {
		t.Error("the log holds the key's secret")
	}
}

func TestAPathCannotForgeALogLine(t *testing.T) {
	out := &lockedBuffer{}
	l := New(out)
	defer l.Stop()
	l.Request(call("/a\n2026-01-01T00:00:00.000Z POST /admin 200\r\x1b[2J\x7f", nil))
	l.Flush()
	got := out.String()
	if strings.Count(got, "\n") != 1 || strings.ContainsAny(got[:len(got)-1], "\r\n\x1b\x7f") {
		t.Errorf("a control character of the path reached the log: %q", got)
	}
	if !strings.Contains(got, "/a?2026-01-01T00:00:00.000Z POST /admin 200??[2J?") {
		t.Errorf("the path is not kept with its controls replaced: %q", got)
	}
}

func TestTheStampFollowsTheSecond(t *testing.T) {
	out := &lockedBuffer{}
	l := New(out)
	defer l.Stop()
	for _, d := range []time.Duration{0, 300 * time.Millisecond, time.Second, 61 * time.Second} {
		c := call("/", nil)
		c.Start = start.Add(d)
		l.Request(c)
	}
	l.Flush()
	var stamps []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		stamps = append(stamps, strings.Fields(line)[0])
	}
	want := "2026-01-02T03:04:05.678Z 2026-01-02T03:04:05.978Z 2026-01-02T03:04:06.678Z 2026-01-02T03:05:06.678Z"
	if strings.Join(stamps, " ") != want {
		t.Errorf("stamps %v, want %s", stamps, want)
	}
}

func TestLogfAndNetHTTPLinesKeepTheirOrder(t *testing.T) {
	out := &lockedBuffer{}
	l := New(out)
	defer l.Stop()
	l.Request(call("/first", nil))
	l.Logf("internal error on %s", "/second")
	_, _ = l.Writer().Write([]byte("http: TLS handshake error third\n"))
	l.Flush()
	got := out.String()
	i, j, k := strings.Index(got, "/first"), strings.Index(got, "/second"), strings.Index(got, "third")
	if i < 0 || j < i || k < j {
		t.Errorf("lines out of order or lost: %q", got)
	}
}

func TestANilLoggerIsSilent(t *testing.T) {
	l := New(nil)
	l.Request(call("/", nil))
	l.Logf("x")
	l.Flush()
	l.Stop()
	if l.Writer() != io.Discard || len(l.buf) != 0 {
		t.Error("a nil Logger keeps lines or hands out a writer")
	}
}

// stuck is a Logger that takes nothing until released; entered tells
// that its first write is under way.
type stuck struct {
	lockedBuffer
	entered, release chan struct{}
	once             sync.Once
}

func (s *stuck) Write(p []byte) (int, error) {
	s.once.Do(func() { close(s.entered); <-s.release })
	return s.lockedBuffer.Write(p)
}

// TestAStuckLoggerCostsDroppedLinesNotWaits: past MaxPending, lines are
// dropped and counted, and one line says how many once the Logger takes
// lines again.
func TestAStuckLoggerCostsDroppedLinesNotWaits(t *testing.T) {
	out := &stuck{entered: make(chan struct{}), release: make(chan struct{})}
	l := New(out)
	defer l.Stop()
	l.Logf("first")
	<-out.entered
	full := func() bool { l.mu.Lock(); defer l.mu.Unlock(); return len(l.buf) >= MaxPending }
	lines := 0
	for !full() {
		l.Request(call("/fill", nil))
		lines++
	}
	const dropped = 3
	for range dropped {
		l.Request(call("/dropped", nil))
	}
	close(out.release)
	l.Flush()
	got := out.String()
	if strings.Contains(got, "/dropped") || strings.Count(got, "/fill") != lines {
		t.Errorf("kept %d of %d lines, or a line over the bound", strings.Count(got, "/fill"), lines)
	}
	if !strings.Contains(got, " rtq mock: 3 log lines dropped: ") {
		t.Errorf("no line says how many were dropped: %q", got[max(0, len(got)-300):])
	}
}
