package mockserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/scenarios"
)

// serveTimed sends one getRecord in process with the Timing t.
func serveTimed(t *testing.T, srv *Server, tm *Timing) int {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/api/v2/rpc/record/getRecord", strings.NewReader(`{"record_id":100001}`))
	r.Header.Set("Authorization", "Bearer rtq-demo-read")
	r.Host = "127.0.0.1"
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r.WithContext(WithTiming(context.Background(), tm)))
	return w.Code
}

// TestTimingKeepsAReplaysTimesAndSkipsItsDelay: a replayed request is
// journaled with its first times and waits for no delay rule (ten minutes
// here: the test would hang if it did), and a live one hands its times out.
func TestTimingKeepsAReplaysTimesAndSkipsItsDelay(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	rule := fault.Rule{Endpoint: "record/getRecord", DelayMS: fault.MaxDelayMS}
	srv, err := New(sc, Options{RequestTiming: true, Faults: []fault.Rule{rule}})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 6_000_000, time.UTC)
	if code := serveTimed(t, srv, &Timing{At: at, Dur: 1234 * time.Microsecond, Replay: true}); code != http.StatusOK {
		t.Fatalf("replayed getRecord: status %d", code)
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://127.0.0.1/__admin/requests", nil))
	got := w.Body.String()
	if !strings.Contains(got, `"time":"2026-01-02T03:04:05.006Z"`) || !strings.Contains(got, `"duration_ms":1.234`) {
		t.Errorf("journal %s: want the replay's own time and duration", got)
	}

	live := &Timing{}
	w = httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodDelete, "http://127.0.0.1/__admin/faults", nil)) // no delay for the live request
	if code := serveTimed(t, srv, live); code != http.StatusOK || live.At.IsZero() || live.Dur <= 0 {
		t.Errorf("live getRecord: status %d, timing %+v: want the times it was journaled with", code, live)
	}
}
