package e2e

// Fuzzing the runner's reading of answers end to end:
// the real mock answers, with fuzzed damage. (In e2e because it needs both
// the mock and the runner; the conformance package's own tests never
// import the mock.) Run with
//
//	go test -run='^$' -fuzz='^FuzzMutatedAnswers$' -fuzztime=30s ./e2e

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/runbound"
)

// FuzzMutatedAnswers: the real mock answers, but every answer of one
// endpoint (picked by the input) has bytes at a fuzzed offset replaced.
// Almost-valid answers reach deep into the checks' reading, where a
// missing member or a wrong type must become a finding, never a crash.
func FuzzMutatedAnswers(f *testing.F) {
	sc := mocktest.Default(f)
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		f.Fatalf("mockserver.New: %v", err)
	}
	prof := derive.FromScenario(sc)
	prof.Reset = "/__admin/reset"
	for i, p := range []string{`null`, `"x"`, `[]`, `{}`, `-1`, `1e999`, `"\u0000"`, `}`, `,"code":1`} {
		f.Add(uint8(i), uint32(i*37), []byte(p))
	}
	f.Fuzz(func(t *testing.T, which uint8, offset uint32, patch []byte) {
		victim := contract.Endpoints[int(which)%len(contract.Endpoints)].Path()
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			srv.Handler().ServeHTTP(rec, r)
			body := rec.Body.Bytes()
			if r.URL.Path == victim && len(body) > 0 {
				at := int(offset) % len(body)
				body = append(append(append([]byte{}, body[:at]...), patch...), body[min(len(body), at+len(patch)):]...)
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.Header().Del("Content-Length")
			w.WriteHeader(rec.Code)
			_, _ = w.Write(body)
		}))
		defer ts.Close()
		rep := runbound.RunOrDiagnosed(t, conformance.Options{BaseURL: ts.URL, Profile: prof, AllowWrites: true,
			Timeout: 2 * time.Second, Concurrency: 4}, runbound.Patience(t))
		if rep == nil {
			return // answered as a gateway does: diagnosed, exit 3 (docs/conformance.md)
		}
		runbound.AssertWhole(t, rep)
	})
}
