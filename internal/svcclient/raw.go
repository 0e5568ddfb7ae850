package svcclient

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Raw is one request written by hand on a connection of its own, for
// what Go's transport never writes: another protocol version (HTTP/1.0,
// as nginx's proxy_pass sends by default) or an upgrade (h2c) whose
// switch the transport would take over. It goes through the client's
// limits like every call and is counted; its answer is scrubbed. No
// proxy of the environment is used: a target reached only through one
// gives a dial error, which the caller reports as not sent.
type Raw struct {
	Method, Path string
	// Proto is the request line's version, "HTTP/1.0" or "HTTP/1.1".
	Proto string
	// Header is sent after Host (unless NoHost), User-Agent, Accept,
	// Content-Type, Content-Length and the Bearer key, replacing them.
	Header http.Header
	NoHost bool
	Body   []byte
}

// SendRaw sends r with key and reads the answer. An answer of 101
// (Switching Protocols) is returned with its headers alone: what
// follows is another protocol. It is a call like every other: a place
// in flight, the budget, the rate, and, polite, a refusal waited out and
// the request written again.
func (c *Client) SendRaw(ctx context.Context, key string, r Raw) (Answer, error) {
	ctx = context.WithValue(ctx, rawKey{}, r)
	return c.call(ctx, r.Method, r.Path, key, r.Body, c.polite, Watch{}, true)
}

// rawKey carries a Raw down to send, which writes it by hand.
type rawKey struct{}

func (c *Client) sendRaw(ctx context.Context, key string, r Raw) (Answer, error) {
	u, err := url.Parse(c.url(r.Path))
	if err != nil {
		return Answer{}, err
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[bool]string{true: "443", false: "80"}[u.Scheme == "https"])
	}
	if c.http.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.http.Timeout)
		defer cancel()
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return Answer{}, err
	}
	defer conn.Close()
	if u.Scheme == "https" {
		tc := c.access.tlsConfig()
		if tc == nil {
			tc = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		tc = tc.Clone()
		tc.ServerName = u.Hostname()
		tc.NextProtos = []string{"http/1.1"}
		tlsConn := tls.Client(conn, tc)
		if err := tlsConn.HandshakeContext(ctx); err != nil {
			return Answer{}, err
		}
		conn = tlsConn
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	h := http.Header{}
	c.access.addHeaders(h)
	h.Set("User-Agent", contract.KitUserAgent)
	h.Set("Accept", "application/json")
	if r.Body != nil {
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(r.Body)))
	}
	if key != "" {
		h.Set("Authorization", "Bearer "+key)
	}
	for name, vs := range r.Header {
		h[http.CanonicalHeaderKey(name)] = vs
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s %s\r\n", r.Method, u.RequestURI(), r.Proto)
	if !r.NoHost {
		fmt.Fprintf(&b, "Host: %s\r\n", u.Host)
	}
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, v := range h[n] {
			fmt.Fprintf(&b, "%s: %s\r\n", n, v)
		}
	}
	b.WriteString("\r\n")
	b.Write(r.Body)
	if _, err := conn.Write(b.Bytes()); err != nil {
		return Answer{}, fmt.Errorf("write request: %w", err)
	}
	resp, err := readFinal(bufio.NewReader(conn), r.Method)
	if err != nil {
		return Answer{}, err
	}
	defer resp.Body.Close()
	a := Answer{Status: resp.StatusCode, Header: c.scrub.Header(resp.Header)}
	if resp.StatusCode == http.StatusSwitchingProtocols {
		return a, nil
	}
	return c.readAnswer(resp, a)
}

// maxInterim is how many interim (1xx) answers a request written by hand
// may get before its final one, as many as Go's transport takes.
const maxInterim = 5

// readFinal reads the answer to a request written by hand: interim
// answers (1xx, 101 aside) come before it and are no answer (RFC 9110
// §15.2: 100 Continue, 103 Early Hints, which a CDN sends ahead of every
// answer), at most maxInterim of them.
func readFinal(br *bufio.Reader, method string) (*http.Response, error) {
	for range maxInterim + 1 {
		resp, err := http.ReadResponse(br, &http.Request{Method: method})
		if err != nil {
			return nil, fmt.Errorf("read answer: %w", err)
		}
		if resp.StatusCode < 100 || resp.StatusCode >= 200 || resp.StatusCode == http.StatusSwitchingProtocols {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, fmt.Errorf("read answer: more than %d interim (1xx) answers", maxInterim)
}
