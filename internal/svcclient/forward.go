package svcclient

import "net/http"

// ForwardTransport is the transport a forwarding proxy (rtq proxy)
// reaches the service by: the one a Client would use (proxies from the
// environment, the TLS of a), adding a's headers (--header) to every
// request it forwards. It asks for no compression of its own, and follows no redirect (a transport never does):
// a 3xx goes back to the client as it came.
func ForwardTransport(a *Access) http.RoundTripper {
	tr := Config{Access: a}.transport()
	// Go's transport would ask for gzip itself and unzip the answer, so
	// that the client got other headers than the service sent: the
	// client's own Accept-Encoding goes as it came instead.
	tr.DisableCompression = true
	return &headerTransport{access: a, next: tr}
}

type headerTransport struct {
	access *Access
	next   *http.Transport
}

func (t *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.access != nil && len(t.access.header) > 0 {
		r = r.Clone(r.Context())
		for k, vs := range t.access.header {
			r.Header[k] = append([]string(nil), vs...)
		}
	}
	return t.next.RoundTrip(r)
}

// CloseIdleConnections closes the transport's idle connections.
func (t *headerTransport) CloseIdleConnections() { t.next.CloseIdleConnections() }
