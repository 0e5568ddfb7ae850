//go:build unix

package bench

import "syscall"

// processCPU is the user and the system (kernel) time of this process, in
// ns. System time is mostly page faults: a heap growing into fresh memory.
func processCPU() (user, sys int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	return ru.Utime.Nano(), ru.Stime.Nano()
}
