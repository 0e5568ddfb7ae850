package e2e

import (
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// strictFront is a web application firewall before the mock, as some
// staging services have one: a request with a header outside the few a
// plain HTTP client sends, or with a chunked body, is refused with an
// HTML page. It notes what it refused.
type strictFront struct {
	next http.Handler

	mu      sync.Mutex
	refused map[string]int
}

// plainHeaders are the header names a plain client sends (Go's client
// adds Accept-Encoding and User-Agent itself), and X-Api-Key, where the
// auth checks put a key on purpose to see it refused: a check of the
// target, not a form of a request.
var plainHeaders = []string{"Accept", "Accept-Encoding", "Authorization", "Content-Length", "Content-Type", "User-Agent", "X-Api-Key"}

func (f *strictFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var why string
	for name := range r.Header {
		if !slices.Contains(plainHeaders, http.CanonicalHeaderKey(name)) {
			why = "header " + http.CanonicalHeaderKey(name)
			break
		}
	}
	if len(r.TransferEncoding) > 0 {
		why = "chunked body"
	}
	if why == "" {
		f.next.ServeHTTP(w, r)
		return
	}
	f.mu.Lock()
	f.refused[why]++
	f.mu.Unlock()
	w.Header().Set("Content-Type", "text/html")
	w.WriteHeader(http.StatusForbidden)
	_, _ = w.Write([]byte("<html><body>Request blocked by the firewall</body></html>"))
}

// rtq conform --plain-requests against a front that refuses every header
// form, gateway header and client's header the runner otherwise adds: the
// run passes, and no request of it is refused. Without the flag the same
// front refuses some (so the front tests something), and the report's
// first check says what is in the way and which flag gets past it, not
// that --base-url is wrong.
func TestPlainRequestsPassAStrictFront(t *testing.T) {
	for _, plain := range []bool{true, false} {
		sc := testscenario.Build()
		front := &strictFront{next: newMock(t, sc).Handler(), refused: map[string]int{}}
		rep := conform(t, serve(t, front), derive.FromScenario(sc), func(o *conformance.Options) { o.PlainRequests = plain })
		var refused []string
		for why := range front.refused {
			refused = append(refused, why)
		}
		sort.Strings(refused)
		switch {
		case plain && len(refused) > 0:
			t.Errorf("--plain-requests: the front refused requests for %v", refused)
		case plain && len(mustFailures(rep)) > 0:
			t.Errorf("--plain-requests: must failures behind a strict front: %v", mustFailures(rep))
		case !plain && len(refused) == 0:
			t.Errorf("without --plain-requests the front refused nothing: it tests nothing")
		case !plain:
			f, _ := finding(rep, "auth.readKey.accepted")
			if f.Status == conformance.Fail && !strings.Contains(f.Message, "--plain-requests") {
				t.Errorf("auth.readKey.accepted fails without naming --plain-requests: %s", f.Message)
			}
		}
		t.Logf("plain %v: refused %v", plain, front.refused)
	}
}
