// Package hostilefiles makes, for a test, the paths that a file rtq reads
// from a user must not be (internal/userfile): a named pipe with no
// writer, a link to /dev/zero, a directory, a sparse file of 600 MB. Each
// once stalled or swamped a command: open(2) of the pipe blocked past
// SIGTERM, the link was read without end, the sparse file read whole. The
// makers need a Unix system (named pipes, /dev/zero); elsewhere the
// package is empty, as are the tests that use it.
package hostilefiles

// SparseSize is the size of the sparse file Make writes: 600 MB, far over
// every bound of a file rtq reads, and costing no disk.
const SparseSize = 600 << 20
