package bridge

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// record is a Sink that writes down what it is told, one line a call.
type record struct{ calls []string }

func (r *record) Whole(status int, h http.Header, body []byte) {
	r.calls = append(r.calls, fmt.Sprintf("whole %d len=%s type=%s date=%v %q", status, h.Get("Content-Length"), h.Get("Content-Type"), h.Get("Date") != "", body))
}
func (r *record) Head(status int, h http.Header) {
	r.calls = append(r.calls, fmt.Sprintf("head %d len=%s type=%s", status, h.Get("Content-Length"), h.Get("Content-Type")))
}
func (r *record) Chunk(p []byte)     { r.calls = append(r.calls, fmt.Sprintf("chunk %q", p)) }
func (r *record) End()               { r.calls = append(r.calls, "end") }
func (r *record) Fail(reason string) { r.calls = append(r.calls, "fail "+reason) }

func serveWith(t *testing.T, method string, h http.HandlerFunc) []string {
	t.Helper()
	var r record
	Serve(context.Background(), h, Request{Method: method, URL: "http://localhost/x?a=1", Body: []byte("{}")}, &r)
	return r.calls
}

func TestServe(t *testing.T) {
	cases := []struct {
		name   string
		method string
		h      http.HandlerFunc
		want   string
	}{
		{"whole, as net/http completes it", "POST", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"ok":true}`))
		}, `whole 200 len=11 type=text/plain; charset=utf-8 date=true "{\"ok\":true}"`},
		{"the handler's own headers and status", "POST", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(404)
			w.Header().Set("Content-Type", "text/html") // after WriteHeader: not sent
			w.Write([]byte("{}"))
		}, `whole 404 len=2 type=application/json date=true "{}"`},
		{"no body on 204", "POST", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(204)
			if _, err := w.Write([]byte("x")); err != http.ErrBodyNotAllowed {
				t.Errorf("write on 204: %v", err)
			}
		}, `whole 204 len= type= date=true ""`},
		{"HEAD has the length, not the body", "HEAD", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "3")
			w.Write([]byte("abc"))
		}, `whole 200 len=3 type= date=true ""`},
		{"flushed: head, slices, end", "POST", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "4")
			w.Write([]byte("ab"))
			http.NewResponseController(w).Flush()
			w.Write([]byte("cd"))
		}, `head 200 len=4 type=text/plain; charset=utf-8|chunk "ab"|chunk "cd"|end`},
		{"cut short: a network error after the slices", "POST", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "4")
			w.Write([]byte("ab"))
			http.NewResponseController(w).Flush()
		}, `head 200 len=4 type=text/plain; charset=utf-8|chunk "ab"|fail the body was cut short after 2 of 4 bytes`},
		{"hijacked and closed: a network error, nothing else", "POST", func(w http.ResponseWriter, r *http.Request) {
			c, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Fatal(err)
			}
			c.Close()
			w.Write([]byte("late"))
		}, `fail connection dropped by the mock`},
		{"aborted handler: the connection closes", "POST", func(w http.ResponseWriter, r *http.Request) {
			panic(http.ErrAbortHandler)
		}, `fail connection closed by the mock`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(serveWith(t, c.method, c.h), "|"); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestNewHTTPRequestIsWhatTheServerWouldParse(t *testing.T) {
	r, err := NewHTTPRequest(context.Background(), Request{Method: "POST", URL: "https://app.example/s/a/api?x=1",
		Header: [][2]string{{"authorization", "Bearer k"}, {"x-a", "1"}, {"x-a", "2"}}, Body: []byte("abc")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Host != "app.example" || r.RequestURI != "/s/a/api?x=1" || r.ContentLength != 3 ||
		r.Header.Get("Authorization") != "Bearer k" || len(r.Header["X-A"]) != 2 {
		t.Errorf("host %q uri %q length %d header %v", r.Host, r.RequestURI, r.ContentLength, r.Header)
	}
	r, err = NewHTTPRequest(context.Background(), Request{URL: "http://localhost/"})
	if err != nil || r.Method != "GET" || r.Body != http.NoBody {
		t.Errorf("a bodiless GET: %v %v %v", err, r.Method, r.Body)
	}
	var s record
	Serve(context.Background(), http.NotFoundHandler(), Request{URL: "/relative"}, &s)
	if len(s.calls) != 1 || !strings.HasPrefix(s.calls[0], `fail request url "/relative"`) {
		t.Errorf("a relative URL: %v", s.calls)
	}
}
