package wasm

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/serviceworker"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/browsertest"
)

// pageServer serves the written directory at the root of a loopback
// origin, with the browser test's page and the request set beside it.
func pageServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	extra := map[string]string{
		"/index.html":   filepath.Join("testdata", "browser", "index.html"),
		"/page.mjs":     filepath.Join("testdata", "browser", "page.mjs"),
		"/requests.mjs": filepath.Join("testdata", "node", "requests.mjs"),
	}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if p, ok := extra[r.URL.Path]; ok {
			data, err := os.ReadFile(p)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			if filepath.Ext(p) == ".mjs" {
				w.Header().Set("Content-Type", "text/javascript")
			}
			w.Write(data)
			return
		}
		if filepath.Ext(r.URL.Path) == ".mjs" {
			w.Header().Set("Content-Type", "text/javascript")
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestWorkerAnswersAsNativeAndSurvivesAStop registers rtq-sw.js on a
// loopback page, sends the fixed request set through it and to rtq mock
// (every answer must be equal), then stops the worker through the
// DevTools protocol, as the browser does to an idle one, and checks the
// worker started again answers with the same state: journal, fault rules,
// namespace, a verified record.
func TestWorkerAnswersAsNativeAndSurvivesAStop(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Timeout: 3 * time.Minute})
	page := pageServer(t, written(t))
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	native, err := mockserver.New(sc, mockserver.Options{CORSOrigin: page.URL})
	if err != nil {
		t.Fatal(err)
	}
	if err := native.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { native.Close() })
	index := page.URL + "/index.html"

	var diffs []string
	if err := b.Run(index, `import("/page.mjs").then((m) => m.equalSet(`+strconv.Quote(native.URL())+`))`, &diffs); err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Error(d)
	}

	type side struct {
		Started float64
		State   map[string]string
	}
	var before, after side
	if err := b.Run(index, `import("/page.mjs").then(async (m) => ({Started: await m.started(), State: await m.state(true)}))`, &before); err != nil {
		t.Fatal(err)
	}
	if err := b.Do(serviceworker.Enable(), serviceworker.StopAllWorkers()); err != nil {
		t.Fatalf("stop the service worker: %v", err)
	}
	if err := b.Run(index, `import("/page.mjs").then(async (m) => ({State: await m.state(false), Started: await m.started()}))`, &after); err != nil {
		t.Fatal(err)
	}
	if after.Started <= before.Started {
		t.Fatalf("the worker did not start again (started at %v, then %v)", before.Started, after.Started)
	}
	if !reflect.DeepEqual(before.State, after.State) {
		for k := range before.State {
			if before.State[k] != after.State[k] {
				t.Errorf("%s after the worker was stopped:\n%s\nbefore:\n%s", k, after.State[k], before.State[k])
			}
		}
	}
}
