package bench

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
)

// BenchmarkRequestLog is the getRecord handler on the default scenario
// with the one-line-per-request log thrown away (as the mock's own
// benchmarks do) and written to a file (as `rtq mock` does to stderr, one
// write(2) per request): the difference is what the log costs a request.
func BenchmarkRequestLog(b *testing.B) {
	file, err := os.Create(filepath.Join(b.TempDir(), "rtq.log"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { file.Close() })
	for _, tc := range []struct {
		name   string
		logger io.Writer
	}{{"logger=discard", io.Discard}, {"logger=file", file}} {
		h := defaultMock(b, tc.logger)
		b.Run(tc.name, func(b *testing.B) {
			benchCalls(b, h, "/api/v2/rpc/record/getRecord", func(int) string { return `{"record_id":100002}` })
		})
	}
}

func defaultMock(tb testing.TB, logger io.Writer) http.Handler {
	tb.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{Logger: logger})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { srv.Close() })
	return srv.Handler()
}
