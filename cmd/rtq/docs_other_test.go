//go:build !unix

package main

import "os/exec"

// killGroupOnCancel leaves exec's own cancel (killing the shell only):
// process groups are a unix notion, and the doc blocks run with bash.
func killGroupOnCancel(*exec.Cmd) {}
