// Package tlsfront puts a TLS front, as a team's staging has one, before a
// target a test started: a certificate from a private CA, one for another
// name, an expired one, a front that requires a client certificate, a
// gateway that requires a header. The certificates are made by the test
// with crypto/x509 and written to its temporary directory: no private key
// is checked in.
package tlsfront

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Kind is what the front does that a plain https:// URL does not.
type Kind int

const (
	// PrivateCA serves a certificate for 127.0.0.1 and localhost signed by
	// a CA of the test's own (--ca-cert CA).
	PrivateCA Kind = iota
	// OtherName serves a certificate, from the private CA, for localhost
	// only: https://127.0.0.1:PORT is another name, https://localhost:PORT
	// the right one.
	OtherName
	// Expired serves a certificate from the private CA that expired an
	// hour ago.
	Expired
	// ClientCert requires a client certificate signed by the private CA
	// (--client-cert Client, --client-key ClientKey).
	ClientCert
	// Gateway answers 403 with an HTML page unless the request carries
	// the header GatewayHeader: GatewayToken (--header).
	Gateway
	// Company is all of a company's staging at once: the private CA, a
	// client certificate required, and the gateway's header (the recipe
	// of docs/conformance.md).
	Company
)

// String names the kind, for subtests.
func (k Kind) String() string {
	return [...]string{"private-ca", "other-name", "expired", "client-cert", "gateway", "company"}[k]
}

// Kinds are the kinds of one obstacle each, for a table test.
var Kinds = []Kind{PrivateCA, OtherName, Expired, ClientCert, Gateway}

// The header a Gateway front wants, and its value: long enough to be
// scrubbed like a key.
const (
	GatewayHeader = "X-Gateway-Token"
	GatewayToken  = "gw-7f3a9c1e5b2d4086"
)

// Front is a running TLS front.
type Front struct {
	// URL is https://127.0.0.1:PORT, and Localhost the same front as
	// https://localhost:PORT.
	URL, Localhost string
	// CA is the PEM file of the private CA; Client and ClientKey the PEM
	// files of a client certificate it signed and of its key.
	CA, Client, ClientKey string
}

// Start starts a front of kind before target (a base URL), closed when
// the test ends.
func Start(t testing.TB, kind Kind, target string) Front {
	t.Helper()
	up, err := url.Parse(target)
	if err != nil {
		t.Fatalf("tlsfront: target %q: %v", target, err)
	}
	dir := t.TempDir()
	ca := newCA(t)
	f := Front{CA: filepath.Join(dir, "ca.pem"), Client: filepath.Join(dir, "client.pem"), ClientKey: filepath.Join(dir, "client-key.pem")}
	writePEM(t, f.CA, "CERTIFICATE", ca.cert.Raw)
	clientCert, clientKey := ca.issue(t, leaf{name: "rtq test client", client: true})
	writePEM(t, f.Client, "CERTIFICATE", clientCert)
	writePEM(t, f.ClientKey, "PRIVATE KEY", clientKey)

	server := leaf{name: "rtq test front", dns: []string{"localhost"}, ips: []net.IP{net.IPv4(127, 0, 0, 1)}}
	switch kind {
	case OtherName:
		server.ips = nil
	case Expired:
		server.expired = true
	}
	der, key := ca.issue(t, server)
	pair, err := tls.X509KeyPair(pemOf("CERTIFICATE", der), pemOf("PRIVATE KEY", key))
	if err != nil {
		t.Fatalf("tlsfront: %v", err)
	}
	var handler http.Handler = httputil.NewSingleHostReverseProxy(up)
	if kind == Gateway || kind == Company {
		handler = gateway(handler)
	}
	srv := httptest.NewUnstartedServer(handler)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
	if kind == ClientCert || kind == Company {
		pool := x509.NewCertPool()
		pool.AddCert(ca.cert)
		srv.TLS.ClientCAs, srv.TLS.ClientAuth = pool, tls.RequireAndVerifyClientCert
	}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // refused handshakes are what the tests are about
	srv.StartTLS()
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	f.Localhost = "https://localhost:" + port
	return f
}

// gateway refuses a request without the gateway's header, as an auth
// gateway does: 403 and an HTML page, not the service's JSON.
func gateway(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(GatewayHeader) != GatewayToken {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("<html><body><h1>403 Forbidden</h1>gateway: missing token</body></html>"))
			return
		}
		r.Header.Del(GatewayHeader)
		next.ServeHTTP(w, r)
	})
}

type ca struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

func newCA(t testing.TB) ca {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "rtq test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return ca{cert: cert, key: key}
}

// leaf is what a certificate the CA issues is for.
type leaf struct {
	name    string
	dns     []string
	ips     []net.IP
	client  bool
	expired bool
}

// issue returns a certificate (DER) signed by the CA and its key (PKCS 8).
func (c ca) issue(t testing.TB, l leaf) (cert, key []byte) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sn, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: sn, Subject: pkix.Name{CommonName: l.name}, DNSNames: l.dns, IPAddresses: l.ips,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	if l.client {
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
	}
	if l.expired {
		tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-48*time.Hour), time.Now().Add(-time.Hour)
	}
	cert, err = x509.CreateCertificate(rand.Reader, tmpl, c.cert, &k.PublicKey, c.key)
	if err != nil {
		t.Fatal(err)
	}
	key, err = x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

func pemOf(kind string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der})
}

func writePEM(t testing.TB, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pemOf(kind, der), 0o600); err != nil {
		t.Fatal(err)
	}
}
