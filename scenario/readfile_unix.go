//go:build unix

package scenario

import "syscall"

// nonBlock opens a named pipe without waiting for a writer (readFile).
const nonBlock = syscall.O_NONBLOCK
