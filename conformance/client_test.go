package conformance

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// TestDeclaredGiantAnswerFailsWithoutReadingIt: an answer whose
// Content-Length is over the cap fails as too large at once. The target
// sends a few bytes of its 1 GiB and then waits for the runner to hang
// up, so a runner that read up to the cap first would end in a time-out.
func TestDeclaredGiantAnswerFailsWithoutReadingIt(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(1<<30))
		_, _ = io.WriteString(w, `{"code":0,"data":"`)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	c := newClient(srv.URL, 2*time.Second, 0, 1, nil)
	t.Cleanup(c.close)
	x := c.post(context.Background(), contract.TemplatesList, "read", "r", map[string]any{})
	if !errors.Is(x.Err, errTooLarge) {
		t.Fatalf("err = %v; want %v", x.Err, errTooLarge)
	}
	if x.Status != http.StatusOK || x.Body != nil {
		t.Fatalf("status %d, %d body bytes kept; want 200 and none", x.Status, len(x.Body))
	}
}

// A target that refuses a chunked body with HTTP 411 (RFC 9112 §6.3
// allows it) is asked again, once, with a Content-Length: what the
// rules judge is its answer to the request, and the finding shows the
// request as sent the second time.
func TestChunkedBodyRefusedWith411IsSentAgainWithItsLength(t *testing.T) {
	c, chunked, plain := refuser(t, http.StatusLengthRequired, func(r *http.Request) bool { return r.ContentLength < 0 })
	form := wireForm{chunked: 1}
	x := c.quietAs(context.Background(), contract.TemplatesList, "read", "r", map[string]any{"page_size": 1}, &form)
	if x.Err != nil || x.Status != http.StatusOK || x.Req.Chunked {
		t.Fatalf("status %d, err %v, chunked %v; want the 200 of the request sent with its length", x.Status, x.Err, x.Req.Chunked)
	}
	if *chunked != 1 || *plain != 1 {
		t.Fatalf("%d chunked and %d plain requests; want one of each", *chunked, *plain)
	}
}

// refuser is a target that refuses the requests refuse picks with
// status, in the endpoint's JSON shape, and serves the others, counting
// both; c is a run's client of it. A refusal a client may meet is asked
// again another way: the tests of each see the second request served.
func refuser(t *testing.T, status int, refuse func(*http.Request) bool) (c *client, refused, served *int) {
	t.Helper()
	refused, served = new(int), new(int)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if refuse(r) {
			*refused++
			w.WriteHeader(status)
			_, _ = io.WriteString(w, `{"code":`+strconv.Itoa(status)+`,"message":"`+http.StatusText(status)+`","data":{}}`)
			return
		}
		*served++
		_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{}}`)
	}))
	t.Cleanup(srv.Close)
	c = newClient(srv.URL, 2*time.Second, 0, 1, nil)
	t.Cleanup(c.close)
	return c, refused, served
}

// --plain-requests: every request goes the usual way, where the seed
// otherwise writes some chunked, some with a gateway's headers.
func TestPlainRequestsGoTheUsualWay(t *testing.T) {
	for _, plain := range []bool{false, true} {
		var unusual int
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength < 0 || r.Header.Get("Accept") != "application/json" || r.Header.Get("Via") != "" || r.Header.Get("X-Forwarded-For") != "" {
				unusual++
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{}}`)
		}))
		c := newClient(srv.URL, 2*time.Second, 0, 1, nil)
		c.seed, c.plain = DefaultSeed, plain
		for i := range 40 {
			c.quiet(context.Background(), contract.TemplatesList, "read", "r", map[string]any{"page_size": i + 1})
		}
		c.close()
		srv.Close()
		if plain && unusual != 0 || !plain && unusual == 0 {
			t.Errorf("plain %v: %d of 40 requests written otherwise than the usual way", plain, unusual)
		}
	}
}
