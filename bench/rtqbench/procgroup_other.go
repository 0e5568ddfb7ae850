//go:build !unix

package main

import "os/exec"

// ownGroup does nothing where there are no process groups: the benchmark
// then stops only the process it started, not a peer's children.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process cmd started.
func killGroup(cmd *exec.Cmd) { cmd.Process.Kill() }
