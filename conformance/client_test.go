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
