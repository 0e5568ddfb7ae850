package foreign

import (
	"fmt"
	"net"
)

// ListenLoopback listens on addr for a program serving the fake
// (foreignserve, foreignbuild), and refuses any address but loopback: a
// fake with bugs on is for tests on this machine only. Its errors name
// the --addr flag both programs take.
func ListenLoopback(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--addr: %w", err)
	}
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		ln.Close()
		return nil, fmt.Errorf("--addr %s: a test fake listens on loopback only", addr)
	}
	return ln, nil
}
