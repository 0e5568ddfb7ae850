package svcclient

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/internal/userfile"
)

// AccessFlags are what a user says about how to reach a target beyond its
// URL: a staging behind a company CA, a client certificate (mTLS) or a
// gateway that wants a header. Every command that calls a target takes the
// same flags (docs/conformance.md, "Staging behind a company CA, mTLS or a
// gateway"); proxies come from HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as
// for every Go program.
type AccessFlags struct {
	// CACert is a PEM file of certificates trusted besides the system's
	// roots (--ca-cert).
	CACert string
	// ClientCert and ClientKey are the PEM files of the client
	// certificate and its key (--client-cert, --client-key).
	ClientCert, ClientKey string
	// Headers are "Name: value" lines sent on every request (--header).
	Headers []string
	// Insecure skips the verification of the target's certificate
	// (--insecure).
	Insecure bool
}

// Access is AccessFlags read and checked: what a Client is made with.
// The zero Access (and a nil one) reaches a target as Go does by default.
type Access struct {
	roots    *x509.CertPool    // nil: the system's
	certs    []tls.Certificate // the client certificate, if any
	header   http.Header       // sent on every request
	insecure bool
}

// MaxPEMBytes bounds a PEM file given to --ca-cert, --client-cert or
// --client-key: a bundle of a few hundred certificates fits.
const MaxPEMBytes = 1 << 20

// forbiddenHeaders are the headers --header may not set, and why: the
// keys are sent as Authorization, and the others are the connection's
// framing, which the client writes itself.
var forbiddenHeaders = map[string]string{
	"Authorization":     "the keys are sent as Authorization (--api-key, --write-key, --admin-token)",
	"Host":              "the host is --base-url's",
	"Content-Length":    "the client frames each request itself",
	"Transfer-Encoding": "the client frames each request itself",
	"Connection":        "the client manages its connections itself",
	"Content-Type":      "the client sends application/json",
	"Accept":            "the client asks for application/json",
	"User-Agent":        "the kit's tools name themselves by it (a mock leaves their calls out of its coverage)",
}

// Load reads the files f names and checks its headers. Each error names
// the flag and what is wrong with it (a usage error: exit 2); when ctx
// ends first, its cause.
func (f AccessFlags) Load(ctx context.Context) (*Access, error) {
	a := &Access{insecure: f.Insecure}
	if f.CACert != "" {
		data, err := readPEM(ctx, "--ca-cert", f.CACert)
		if err != nil {
			return nil, err
		}
		roots, err := x509.SystemCertPool()
		if err != nil || roots == nil {
			roots = x509.NewCertPool() // no system pool on this platform: the file alone
		}
		if !roots.AppendCertsFromPEM(data) {
			return nil, fmt.Errorf("--ca-cert %s: no PEM certificate in it (want -----BEGIN CERTIFICATE-----)", f.CACert)
		}
		a.roots = roots
	}
	switch {
	case f.ClientCert != "" && f.ClientKey == "":
		return nil, fmt.Errorf("--client-cert %s: needs --client-key, the file of its private key", f.ClientCert)
	case f.ClientKey != "" && f.ClientCert == "":
		return nil, fmt.Errorf("--client-key %s: needs --client-cert, the file of its certificate", f.ClientKey)
	case f.ClientCert != "":
		cert, err := readPEM(ctx, "--client-cert", f.ClientCert)
		if err != nil {
			return nil, err
		}
		key, err := readPEM(ctx, "--client-key", f.ClientKey)
		if err != nil {
			return nil, err
		}
		pair, err := tls.X509KeyPair(cert, key)
		if err != nil {
			return nil, fmt.Errorf("--client-cert %s, --client-key %s: %w", f.ClientCert, f.ClientKey, err)
		}
		a.certs = []tls.Certificate{pair}
	}
	for _, line := range f.Headers {
		name, value, err := parseHeader(line)
		if err != nil {
			return nil, err
		}
		if a.header == nil {
			a.header = http.Header{}
		}
		a.header.Add(name, value)
	}
	return a, nil
}

// parseHeader reads one --header line, "Name: value".
func parseHeader(line string) (name, value string, err error) {
	name, value, ok := strings.Cut(line, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return "", "", fmt.Errorf("--header %q: want 'Name: value'", Escape(line))
	}
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || strings.ContainsRune(`"(),/:;<=>?@[\]{}`, c) {
			return "", "", fmt.Errorf("--header %q: %q is not a header name (letters, digits and !#$%%&'*+-.^_`|~)", Escape(line), Escape(name))
		}
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return "", "", fmt.Errorf("--header %s: the value holds a line break or NUL", name)
	}
	canon := http.CanonicalHeaderKey(name)
	if why, bad := forbiddenHeaders[canon]; bad {
		return "", "", fmt.Errorf("--header %s: not sent: %s", canon, why)
	}
	return canon, value, nil
}

// readPEM reads a PEM file a user named, through the one reader of such
// files (internal/userfile): a regular file of at most MaxPEMBytes,
// never a FIFO or a device that would block or never end.
func readPEM(ctx context.Context, flag, path string) ([]byte, error) {
	data, err := userfile.Read(ctx, path, MaxPEMBytes)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is named once, below
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return data, nil
}

// Insecure says the target's certificate is not verified: what every
// report and the command's stderr must say.
func (a *Access) Insecure() bool { return a != nil && a.insecure }

// Secrets are the values of the headers: scrubbed like a key from every
// answer, error, report and recording.
func (a *Access) Secrets() []string {
	if a == nil {
		return nil
	}
	var out []string
	for _, vs := range a.header {
		out = append(out, vs...)
	}
	return out
}

// InsecureWarning is what a command prints on stderr, and a report
// carries, when --insecure is given.
const InsecureWarning = "WARNING: --insecure: the target's TLS certificate is NOT verified; anyone between here and the target can read the keys and forge its answers"

// tlsConfig is the TLS configuration of a; nil when a changes nothing.
func (a *Access) tlsConfig() *tls.Config {
	if a == nil || (a.roots == nil && a.certs == nil && !a.insecure) {
		return nil
	}
	return &tls.Config{RootCAs: a.roots, Certificates: a.certs, InsecureSkipVerify: a.insecure, MinVersion: tls.VersionTLS12} //nolint:gosec // --insecure is the user's, said loudly
}

// addHeaders sets a's headers on h, before the client's own: a header the
// client sets itself (Content-Type, Accept, Authorization) is the
// client's.
func (a *Access) addHeaders(h http.Header) {
	if a == nil {
		return
	}
	for k, vs := range a.header {
		h[k] = append([]string(nil), vs...)
	}
}
