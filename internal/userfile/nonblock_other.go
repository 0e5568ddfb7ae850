//go:build !unix

package userfile

// nonBlock is 0 where the platform has no O_NONBLOCK (Windows, and the
// WebAssembly module, which reads no user's file): there the open file is
// still checked to be regular, and its size bounded, before it is read.
const nonBlock = 0
