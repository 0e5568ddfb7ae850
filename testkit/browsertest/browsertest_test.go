package browsertest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRunEvaluatesInTheOriginAsked(t *testing.T) {
	b := Start(t, Options{MapHosts: []string{"mapped.example"}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<!doctype html><title>page</title>"))
	}))
	t.Cleanup(srv.Close)
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	var origin string
	if err := b.Run("http://mapped.example"+port+"/", "Promise.resolve(location.origin)", &origin); err != nil {
		t.Fatal(err)
	}
	if origin != "http://mapped.example"+port {
		t.Errorf("origin %q", origin)
	}
	if err := b.Run(srv.URL, "(() => { throw new Error('boom') })()", nil); err == nil {
		t.Error("a script that throws is not an error")
	}
}
