// Package refused gives tests an address where a connection is refused,
// for every check of an unreachable target.
//
// A port freed by closing a listener on 127.0.0.1:0 is not one: it is in
// the kernel's ephemeral range, and the next listener on :0 of a test
// running beside (a mock, an httptest server) may be given it, so the
// "unreachable" target answers, with a 401 or a profile. Port 1 is outside
// that range, so no listener on :0 is ever given it, and no test of rtq
// listens on it by number.
package refused

// Addr is a loopback address nothing listens on.
const Addr = "127.0.0.1:1"

// URL is Addr as a base URL.
const URL = "http://" + Addr
