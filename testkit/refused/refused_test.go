package refused

import (
	"errors"
	"net"
	"syscall"
	"testing"
)

func TestConnectionIsRefused(t *testing.T) {
	c, err := net.Dial("tcp", Addr)
	if err == nil {
		c.Close()
		t.Fatalf("something listens on %s", Addr)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("dial %s: %v, want connection refused", Addr, err)
	}
}
