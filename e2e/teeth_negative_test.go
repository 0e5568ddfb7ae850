package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// negativeBreaks answer a client's mistake as if it were none, or not in
// the endpoint's error shape: each fails a generated negative check.
func negativeBreaks() []breakCase {
	return []breakCase{
		{"HTML for a body that is not JSON", onRawBody("getRecord", func(w http.ResponseWriter, raw []byte) bool {
			if json.Valid(raw) {
				return false
			}
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte("<html><body>Bad Request</body></html>"))
			return true
		}), []string{"negative.getRecord.body.notJSON", "negative.getRecord.body.truncated"}},
		{"a member of the wrong type read as absent", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if _, ok := b["page"].(json.Number); !ok {
				delete(b, "page")
			}
		}), []string{"negative.getFormList.page.object", "negative.getFormList.page.array", "negative.getFormList.page.string"}},
		{"a format of the wrong type read as json", onRequest("getRecord", func(_ *http.Request, b jsonMap) {
			if _, ok := b["format"].(string); !ok {
				b["format"] = "json"
			}
		}), []string{"negative.getRecord.format.object", "negative.getRecord.format.array"}},
		{"page 0 read as page 1", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if p, ok := b["page"].(json.Number); ok && num(p) < 1 {
				b["page"] = itoa(1)
			}
		}), []string{"negative.getFormList.page.belowMinimum"}},
		{"bytes that are not UTF-8 dropped", onRawBody("getFormList", nil, repairUTF8), []string{"negative.getFormList.body.notUTF8"}},
		{"a body that is not an object read as {}", onRawBody("list", nil, func(raw []byte) []byte {
			if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] != '{' {
				return []byte("{}")
			}
			return raw
		}), []string{"negative.list.body.array", "negative.list.body.string", "negative.list.body.number"}},
		{"server error for bad input", badInputAs500, []string{"+negative.listQrcodes.template.object", "negative.listQrcodes.notServerError"}},
	}
}

// onRawBody lets answer take over requests to op by their raw body (true:
// answered), after fix (may be nil) rewrote the raw body.
func onRawBody(op string, answer func(http.ResponseWriter, []byte) bool, fix ...func([]byte) []byte) middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/"+op) {
				next.ServeHTTP(w, r)
				return
			}
			raw, _ := io.ReadAll(r.Body)
			for _, f := range fix {
				raw = f(raw)
			}
			if answer != nil && answer(w, raw) {
				return
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
			next.ServeHTTP(w, r)
		})
	}
}

func repairUTF8(raw []byte) []byte {
	if utf8.Valid(raw) {
		return raw
	}
	return bytes.ToValidUTF8(raw, nil)
}

// badInputAs500 sends every error answer of listQrcodes with HTTP 500.
func badInputAs500(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/listQrcodes") {
			w = &statusAs{ResponseWriter: w, from: 400, to: http.StatusInternalServerError}
		}
		next.ServeHTTP(w, r)
	})
}

// statusAs writes HTTP status to where the handler wrote from.
type statusAs struct {
	http.ResponseWriter
	from, to int
}

func (s *statusAs) WriteHeader(code int) {
	if code == s.from {
		code = s.to
	}
	s.ResponseWriter.WriteHeader(code)
}

// TestServerErrorForBadInputIsOnlyAShouldFailure: a 5xx with the right
// error body fails the should check and no must check.
func TestServerErrorForBadInputIsOnlyAShouldFailure(t *testing.T) {
	sc := mocktest.Default(t)
	url := serve(t, badInputAs500(newMock(t, sc).Handler()))
	rep := conform(t, url, derive.FromScenario(sc), func(o *conformance.Options) { o.Only = []string{"negative.*"} })
	if f := mustFailures(rep); len(f) > 0 {
		t.Fatalf("must failures: %v", f)
	}
	f, _ := finding(rep, "negative.listQrcodes.notServerError")
	if f.Status != conformance.Fail || f.Severity != conformance.Should {
		t.Fatalf("negative.listQrcodes.notServerError = %s/%s, want a should failure", f.Status, f.Severity)
	}
}

// TestNegativeBodiesAreListedAndStable: every negative finding shows the
// body it sent, and two runs send the same bodies (the generator is seeded).
func TestNegativeBodiesAreListedAndStable(t *testing.T) {
	sc := mocktest.Default(t)
	url := serve(t, newMock(t, sc).Handler())
	bodies := func() map[string]string {
		rep := conform(t, url, derive.FromScenario(sc), func(o *conformance.Options) { o.Only = []string{"negative.*"} })
		out := map[string]string{}
		for _, f := range rep.Checks {
			if strings.HasSuffix(f.ID, ".notServerError") {
				continue
			}
			if f.Request == nil || f.Request.Body == "" {
				t.Fatalf("%s (%s) lists no body", f.ID, f.Status)
			}
			out[f.ID] = f.Request.Body
		}
		return out
	}
	a, b := bodies(), bodies()
	if len(a) < 60 || len(a) > 150 {
		t.Fatalf("%d negative cases; want a bounded set of 60 to 150", len(a))
	}
	for id, body := range a {
		if b[id] != body {
			t.Errorf("%s: %q then %q; want the same body every run", id, body, b[id])
		}
	}
}
