package svcclient

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// ConnectError is a connection to the target that could not be made, as a
// diagnosis: what is wrong and the flag that fixes it. A command that
// meets one stops with exit 3 and says it once, rather than failing every
// request the same way (docs/conformance.md, "Staging behind a company
// CA, mTLS or a gateway").
type ConnectError struct {
	Cause string // what is wrong, with the TLS or proxy error's own words
	Fix   string // what to do, naming the flag
	Err   error  // what the transport said (nil for an answer)
}

func (e *ConnectError) Error() string { return e.Cause + ": " + e.Fix }
func (e *ConnectError) Unwrap() error { return e.Err }

// Fixes, each naming its flag.
const (
	fixCA         = "trust the CA that signed it with --ca-cert FILE (its PEM certificate; it is added to the system's roots); --insecure skips the check, for a throwaway target only"
	fixName       = "call the target by a name its certificate holds (--base-url), or have its certificate issued for that name; --insecure skips the check, for a throwaway target only"
	fixExpired    = "renew the target's certificate (or set this machine's clock right); --insecure skips the check, for a throwaway target only"
	fixClientCert = "pass the client certificate and its key with --client-cert FILE --client-key FILE (PEM)"
	fixOtherCert  = "pass a client certificate the target trusts with --client-cert FILE --client-key FILE (PEM)"
	fixPlain      = "use an http:// --base-url, or the port where the target speaks TLS"
	fixProxy      = "check HTTPS_PROXY, HTTP_PROXY and NO_PROXY (NO_PROXY=HOST calls HOST directly)"
	fixProxyAuth  = "give the proxy's credentials in HTTPS_PROXY (http://USER:PASSWORD@PROXY:PORT), or call the target directly with NO_PROXY=HOST"
	fixGateway    = "pass the header the gateway wants with --header 'Name: value' (repeatable; its value is scrubbed like a key)"
)

// clientCertAlerts are the TLS alerts a server sends about the client's
// certificate, as Go words them ("remote error: tls: ...").
var clientCertAlerts = []string{"certificate required", "bad certificate", "unknown certificate authority",
	"certificate expired", "unsupported certificate", "revoked certificate", "unknown certificate", "access denied"}

// Diagnose returns what err, a call's error, says of a connection that
// could not be made (TLS: an unknown authority, another name, an expired
// certificate, a client certificate asked for or refused, no TLS at all;
// a proxy that refused); nil for any other error.
func (c *Client) Diagnose(err error) *ConnectError {
	if err == nil {
		return nil
	}
	var ce *ConnectError
	if errors.As(err, &ce) {
		return ce
	}
	var (
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		record   tls.RecordHeaderError
		op       *net.OpError
		refused  *proxyError
	)
	mk := func(cause, fix string) *ConnectError {
		return &ConnectError{Cause: c.scrub.String(cause), Fix: fix, Err: err}
	}
	switch {
	case errors.As(err, &unknown):
		return mk(fmt.Sprintf("TLS: the target's certificate is signed by an authority this machine does not trust (%v)", unknown), fixCA)
	case errors.As(err, &hostname):
		return mk(fmt.Sprintf("TLS: the target's certificate is for %s, not %s", certNames(hostname.Certificate), hostname.Host), fixName)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return mk(fmt.Sprintf("TLS: the target's certificate is expired or not yet valid (%v)", invalid), fixExpired)
	case errors.As(err, &invalid):
		return mk(fmt.Sprintf("TLS: the target's certificate is not valid (%v)", invalid), fixCA)
	case errors.As(err, &record):
		return mk(fmt.Sprintf("TLS: what answers there does not speak TLS (%v)", record), fixPlain)
	case errors.As(err, &refused) && refused.status == http.StatusProxyAuthRequired:
		return mk(fmt.Sprintf("proxy: the proxy %s wants credentials (HTTP 407 to CONNECT)", refused.proxy), fixProxyAuth)
	case errors.As(err, &refused):
		return mk(fmt.Sprintf("proxy: the proxy %s refused to connect to the target (HTTP %d to CONNECT)", refused.proxy, refused.status), fixProxy)
	case errors.As(err, &op) && op.Op == "proxyconnect":
		return mk(fmt.Sprintf("proxy: the connection through the proxy could not be made (%v)", op), fixProxy)
	}
	if alert := remoteAlert(err); alert != "" {
		if c.access == nil || c.access.certs == nil {
			return mk(fmt.Sprintf("TLS: the target asks for a client certificate and none was given (remote error: tls: %s)", alert), fixClientCert)
		}
		return mk(fmt.Sprintf("TLS: the target refused the client certificate given (remote error: tls: %s)", alert), fixOtherCert)
	}
	return nil
}

// proxyError is a proxy's answer to CONNECT that is not 200: Go's own
// error says only the status's text.
type proxyError struct {
	proxy  string // host:port, without credentials
	status int
}

func (e *proxyError) Error() string {
	return fmt.Sprintf("proxy %s answered CONNECT with HTTP %d", e.proxy, e.status)
}

// proxyRefused is the transport's hook on a proxy's answer to CONNECT.
func proxyRefused(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	return &proxyError{proxy: proxy.Host, status: resp.StatusCode}
}

// remoteAlert is the name of the TLS alert about the client's certificate
// that err carries, "" when it carries none. Go returns a server's alert
// as an error whose words are the alert's ("remote error: tls: bad
// certificate"), of an unexported type.
func remoteAlert(err error) string {
	msg := err.Error()
	i := strings.Index(msg, "remote error: tls: ")
	if i < 0 {
		return ""
	}
	rest := msg[i+len("remote error: tls: "):]
	for _, a := range clientCertAlerts {
		if strings.HasPrefix(rest, a) {
			return a
		}
	}
	return ""
}

// certNames lists the names and addresses a certificate is for.
func certNames(cert *x509.Certificate) string {
	if cert == nil {
		return "other names"
	}
	names := append([]string{}, cert.DNSNames...)
	for _, ip := range cert.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 && cert.Subject.CommonName != "" {
		names = append(names, cert.Subject.CommonName)
	}
	if len(names) == 0 {
		return "no name"
	}
	return strings.Join(names, ", ")
}

// Refusal returns what an answer says of a target that could not be
// reached: a proxy that wants credentials (HTTP 407), or a 401 or 403 sent
// by something in front of the service (a gateway), not by the service
// itself, whose every answer is a JSON object with a code. nil for any
// other answer.
func (c *Client) Refusal(a Answer) *ConnectError {
	switch a.Status {
	case http.StatusProxyAuthRequired:
		return &ConnectError{Cause: "HTTP 407: a proxy between here and the target wants credentials", Fix: fixProxyAuth}
	case http.StatusUnauthorized, http.StatusForbidden:
	default:
		return nil
	}
	var body struct {
		Code *json.Number `json:"code"`
	}
	if json.Unmarshal(a.Body, &body) == nil && body.Code != nil {
		return nil // the service's own answer: a refused key is a finding
	}
	return &ConnectError{Cause: fmt.Sprintf("HTTP %d from something in front of the service, not the service's own answer (no JSON object with a code): %.120q",
		a.Status, Escape(strings.TrimSpace(string(a.Body)))), Fix: fixGateway}
}
