package runbound

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

// A target that answers every call with a 500 still lets a run end, with
// a report: Run returns it.
func TestRunReturnsTheReport(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `{"code":500}`)
	}))
	t.Cleanup(ts.Close)
	rep := Run(t, conformance.Options{BaseURL: ts.URL, ReadKey: "r", Only: []string{"formList.*"}}, time.Minute)
	if rep == nil || len(rep.Checks) == 0 || rep.MustFailed() == 0 {
		t.Fatalf("report %+v; want checks with must failures", rep)
	}
}
