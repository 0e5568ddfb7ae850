//go:build !unix

package scenario

// nonBlock is 0 where the platform has no O_NONBLOCK (Windows, and the
// WebAssembly module, which reads no scenario file): there the open file
// is still checked to be regular before it is read.
const nonBlock = 0
