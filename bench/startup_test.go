package bench

import (
	"io"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
)

// BenchmarkMockStartup is the in-process part of `rtq mock` becoming
// ready on the default scenario: load the embedded scenario, build the
// server's state. The target (ready in < 50 ms, exec to first answer) is
// checked by bench/run.sh; this benchmark is where to look when it fails:
//
//	go test -run '^$' -bench MockStartup -cpuprofile cpu.out ./bench/
//	go tool pprof -top cpu.out
func BenchmarkMockStartup(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sc, err := scenarios.Default()
		if err != nil {
			b.Fatal(err)
		}
		srv, err := mockserver.New(sc, mockserver.Options{Logger: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		srv.Close()
	}
}
