package svcclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRedirectIsNotFollowed: a 307 to another port of the same host (Go
// keeps Authorization there) is the answer, with its Location; the other
// port never sees the key, nor any request.
func TestRedirectIsNotFollowed(t *testing.T) {
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		if r.Header.Get("Authorization") != "" {
			t.Errorf("the redirect target got Authorization %q", r.Header.Get("Authorization"))
		}
	}))
	t.Cleanup(other.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Secrets: []string{"secret-read-key"}})
	a, err := c.Post(context.Background(), "/api/v2/rpc/templates/list", "secret-read-key", []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != http.StatusTemporaryRedirect || elsewhere.Load() != 0 {
		t.Fatalf("status %d, %d calls at the redirect target; want 307 and none", a.Status, elsewhere.Load())
	}
	if r := a.Redirect(); !strings.Contains(r, other.URL) || !strings.Contains(r, "not followed") {
		t.Fatalf("Redirect() = %q; want the Location and that it was not followed", r)
	}
	if r := (Answer{Status: 200}).Redirect(); r != "" {
		t.Fatalf("Redirect() of a 200 = %q; want none", r)
	}
}

// TestAnswersAndErrorsAreScrubbed: a key the service echoes in its body or
// headers, in any spelling, reaches no caller.
func TestAnswersAndErrorsAreScrubbed(t *testing.T) {
	const key = "Secret-Read-Key/42"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Echo", r.Header.Get("Authorization"))
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"code":401,"message":"invalid api key %s","detail":"%s"}`, r.Header.Get("Authorization"), strings.ToUpper(key))
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Secrets: []string{key}})
	a, err := c.Post(context.Background(), "/x", key, []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{string(a.Body), a.Header.Get("X-Echo")} {
		if strings.Contains(strings.ToLower(s), strings.ToLower(key)) || !strings.Contains(s, Redacted) {
			t.Errorf("%q: the key is not scrubbed", s)
		}
	}
}

// TestDeclaredGiantAnswerFailsWithoutReadingIt: an answer whose
// Content-Length is over the cap fails as too large at once. The service
// sends a few bytes of its 1 GiB and then waits for the client to hang
// up, so a client that read up to the cap first would end in a time-out.
func TestDeclaredGiantAnswerFailsWithoutReadingIt(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(1<<30))
		_, _ = io.WriteString(w, `{"code":0,"data":"`)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Timeout: 30 * time.Second})
	t.Cleanup(c.CloseIdleConnections)
	a, err := c.Post(context.Background(), "/x", "", nil)
	var tl *TooLargeError
	if !errors.Is(err, ErrTooLarge) || !errors.As(err, &tl) || tl.Max != DefaultMaxAnswerBytes {
		t.Fatalf("err = %v; want ErrTooLarge at %d bytes", err, DefaultMaxAnswerBytes)
	}
	if a.Status != http.StatusOK || a.Body != nil {
		t.Fatalf("status %d, %d body bytes; want 200 and none", a.Status, len(a.Body))
	}
}

// TestUndeclaredLargeAnswerIsCut: without a Content-Length, the client
// reads one byte past the cap and stops.
func TestUndeclaredLargeAnswerIsCut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.(http.Flusher).Flush() // chunked: no length declared
		_, _ = io.WriteString(w, strings.Repeat("x", 2048))
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, MaxAnswerBytes: 1024})
	if _, err := c.Post(context.Background(), "/x", "", nil); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v; want ErrTooLarge", err)
	}
}

// TestBackOffFollowsRetryAfter: a 429 (HTTP, or code 429 in a 200 body)
// is waited on as Retry-After says and called again; every answer and
// wait is told, and every call counts.
func TestBackOffFollowsRetryAfter(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusOK} {
		var calls atomic.Int64
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if calls.Add(1) == 1 {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(status)
				io.WriteString(w, `{"code":429,"message":"slow down"}`)
				return
			}
			io.WriteString(w, `{"code":0,"data":{}}`)
		}))
		c := New(Config{BaseURL: srv.URL})
		var answers []int
		var waits []time.Duration
		a, err := c.PostBackingOff(context.Background(), "/x", "", nil, Watch{
			Answered: func(a Answer) { answers = append(answers, a.Status) },
			Waiting:  func(d time.Duration) { waits = append(waits, d) }})
		srv.Close()
		if err != nil || a.Status != http.StatusOK || string(a.Body) != `{"code":0,"data":{}}` {
			t.Fatalf("HTTP %d 429: %v %d %s; want the second answer", status, err, a.Status, a.Body)
		}
		if len(answers) != 2 || len(waits) != 1 || waits[0] != 0 || c.Calls() != 2 {
			t.Fatalf("HTTP %d 429: answers %v, waits %v, %d calls; want 2 answers, one wait of 0s, 2 calls", status, answers, waits, c.Calls())
		}
	}
}

func TestRetryAfter(t *testing.T) {
	for in, want := range map[string]time.Duration{"": time.Second, "x": time.Second, "-1": time.Second,
		"0": 0, "3": 3 * time.Second, " 7 ": 7 * time.Second, "3600": MaxBackOff} {
		if got := RetryAfter(http.Header{"Retry-After": {in}}); got != want {
			t.Errorf("Retry-After %q = %v, want %v", in, got, want)
		}
	}
}

// Every call in flight keeps its connection between bursts: Go's
// transport keeps at most 100 idle connections in all unless told, so a
// client of more calls in flight than that would close and reopen some
// on every burst.
func TestIdleConnectionsCoverEveryCallInFlight(t *testing.T) {
	for _, n := range []int{0, 64, 144, 300} {
		tr := Config{IdleConns: n}.transport()
		if tr.MaxIdleConns < tr.MaxIdleConnsPerHost {
			t.Errorf("IdleConns %d: %d idle connections in all, fewer than the %d kept for the service", n, tr.MaxIdleConns, tr.MaxIdleConnsPerHost)
		}
	}
}
