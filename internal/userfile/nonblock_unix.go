//go:build unix

package userfile

import "syscall"

// nonBlock opens a named pipe without waiting for a writer (Open).
const nonBlock = syscall.O_NONBLOCK
