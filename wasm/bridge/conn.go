package bridge

import (
	"io"
	"net"
	"time"
)

// conn is the connection a hijacking handler gets. There is no socket
// behind it: writing to it is refused, reading gives EOF, and closing it
// fails the answer, which is what a dropped connection looks like to a
// fetch.
type conn struct{ w *writer }

func (c *conn) Read([]byte) (int, error)         { return 0, io.EOF }
func (c *conn) Write([]byte) (int, error)        { return 0, net.ErrClosed }
func (c *conn) Close() error                     { c.w.fail("connection dropped by the mock"); return nil }
func (c *conn) LocalAddr() net.Addr              { return addr{} }
func (c *conn) RemoteAddr() net.Addr             { return addr{} }
func (c *conn) SetDeadline(time.Time) error      { return nil }
func (c *conn) SetReadDeadline(time.Time) error  { return nil }
func (c *conn) SetWriteDeadline(time.Time) error { return nil }

// addr names the in-page "connection".
type addr struct{}

func (addr) Network() string { return "page" }
func (addr) String() string  { return "page" }
