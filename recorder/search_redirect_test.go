package recorder_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
)

// A search (--search-key) that the service redirects, on its first page
// or a later one, is reported as a redirect with its Location, not
// followed, and the log says which pages were kept and which was not. It
// said "the service answered page 1 with an error, kept as it is" while
// nothing was kept, and the Location, which docs/security.md promises,
// was not shown.
func TestCrawlReportsARedirectedSearchWithItsLocation(t *testing.T) {
	const sso = "https://sso.example/login?next=%2Fapi"
	for _, c := range []struct {
		name     string
		redirect int // the page redirected
		want     string
	}{
		{"first page", 1, `search "表": page 1 answered HTTP 302 redirect to ` + sso + `, not followed: not kept; nothing of this search was kept`},
		{"second page", 2, `search "表": page 2 answered HTTP 302 redirect to ` + sso + `, not followed: not kept; page 1 was kept`},
	} {
		t.Run(c.name, func(t *testing.T) {
			mock := rtqtest.Start(t)
			target, _ := url.Parse(mock.URL)
			proxy := httputil.NewSingleHostReverseProxy(target)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				if strings.HasSuffix(r.URL.Path, "/getFormList") && bytes.Contains(body, []byte("search_key")) {
					page := 1
					if bytes.Contains(body, []byte(`"page":2`)) {
						page = 2
					}
					if page == c.redirect {
						http.Redirect(w, r, sso, http.StatusFound)
						return
					}
					w.Header().Set("Content-Type", "application/json") // page 1 of 2
					io.WriteString(w, `{"code":0,"message":"","data":{"version":"1","list":[{"id":1,"name":"表","type":0,"type_text":"普通表单","number":"F","note":"","created_at":1,"updated_at":1,"active_at":0,"project":null}],"page":{"current_page":1,"last_page":2,"per_page":1,"total":2}}}`)
					return
				}
				proxy.ServeHTTP(w, r)
			}))
			t.Cleanup(srv.Close)
			var log strings.Builder
			u := recorder.NewUpstream(srv.URL, mock.Key("demo-read"), nil)
			capture := recorder.NewCapture()
			if err := recorder.Crawl(context.Background(), u, capture, recorder.CrawlOptions{SearchKeys: []string{"表"}, Log: &log}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(log.String(), c.want) || strings.Contains(log.String(), "kept as it is") {
				t.Fatalf("log:\n%s\nwant a line saying %q", log.String(), c.want)
			}
		})
	}
}
