//go:build !unix

package bench

// processCPU has no getrusage to read outside unix: zero, and the
// benchmarks' user-ns/op and sys-ns/op metrics read 0.
func processCPU() (user, sys int64) { return 0, 0 }
