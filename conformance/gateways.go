package conformance

import (
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// The headers a gateway or a proxy adds. A client seldom reaches a
// service directly: a company's proxy adds Via and X-Forwarded-For (its
// own address, private), a gateway in front of the service X-Forwarded-
// Host, -Proto, -Port and -Prefix, X-Real-IP or the standard Forwarded
// (RFC 7239), an IIS or Symfony front X-Original-URL. None of them is
// part of the contract: an answer depends on the path, the key and the
// body (§1.1, §5), a record's record_url is the record's own (§2.1,
// §C10), and a masked value is masked for every caller (§C8). A service
// whose framework trusts such a header builds URLs from the gateway's
// host, lifts masks for a "staff network" address, or routes by a path
// the header names. So each request the run sends carries one gateway's
// headers, picked by the seed from the request itself like the other
// header forms (wireforms.go), and the rules over every answer judge
// what comes back as they judge every answer.

// gatewayHost is the host a gateway's headers name: no service's own
// (.invalid is reserved, RFC 2606).
const gatewayHost = "gateway.rtq.invalid"

// otherPath is the path a rewriting front's header names: another
// endpoint's (the next of contract.Endpoints), so that a service that
// routes by the header answers for an operation the request did not name.
const otherPath = "{other_path}"

// gatewayForms are the header lines each kind of gateway adds; the
// first, none, is the runner's usual way.
var gatewayForms = [][]string{
	nil,
	// nginx's usual proxy_set_header lines behind a company network.
	{"X-Forwarded-For: 10.12.0.7", "X-Real-IP: 10.12.0.7", "X-Forwarded-Proto: http", "X-Forwarded-Host: " + gatewayHost},
	// RFC 7239's one header.
	{"Forwarded: for=192.168.10.4;proto=http;host=" + gatewayHost},
	// A company proxy in a chain: the first address private, then the
	// loopback a local agent adds.
	{"Via: 1.1 proxy.rtq.invalid", "X-Forwarded-For: 172.16.4.2, 127.0.0.1"},
	// A rewriting front (IIS, Symfony's trusted headers).
	{"X-Original-URL: " + otherPath, "X-Rewrite-URL: " + otherPath},
	// A gateway on another port under a prefix.
	{"X-Forwarded-Host: " + gatewayHost + ":8443", "X-Forwarded-Port: 8443", "X-Forwarded-Prefix: /gateway", "X-Forwarded-Proto: https"},
	// The client-address headers of CDNs, naming the loopback.
	{"X-Client-IP: 127.0.0.1", "True-Client-IP: ::1", "CF-Connecting-IP: 10.0.0.1"},
}

// The header a gateway names the client's host in is a space too: nginx
// and most proxies write X-Forwarded-Host, RFC 7239 Forwarded's host=,
// Azure's Application Gateway and WAFs X-Original-Host, Apache
// X-Forwarded-Server, an ingress X-Original-Forwarded-Host, others
// X-Host, X-HTTP-Host-Override, X-Forwarded-Hostname, X-Proxy-Host or
// X-Backend-Host; a URL builder that trusts one of them writes the
// gateway's host into record_url. So a gateway form that names a host
// names it, on half the requests gen draws, in one more of these (the
// first two, the commonest, on half of those), with or without a port,
// and the rules over every answer judge the URLs the service writes.
var hostHeaders = []string{"X-Forwarded-Host", "X-Original-Host", "X-Host", "X-Forwarded-Server", "X-Original-Forwarded-Host",
	"X-HTTP-Host-Override", "X-Forwarded-Hostname", "X-Proxy-Host", "X-Backend-Host", "Forwarded"}

// gatewayLines are gateway form i's header lines for a request to path,
// gen drawing the host header a gateway that names a host adds (0:
// none).
func gatewayLines(i int, path string, gen uint64) []string {
	if i <= 0 || i >= len(gatewayForms) {
		return nil
	}
	out := make([]string, len(gatewayForms[i]))
	named := false
	for j, l := range gatewayForms[i] {
		out[j] = strings.ReplaceAll(l, otherPath, otherEndpointPath(path))
		named = named || strings.Contains(l, gatewayHost)
	}
	if gen == 0 || !named || gen>>8%2 == 0 {
		return out
	}
	name := hostHeaders[gen>>9%uint64(len(hostHeaders))]
	if gen>>16%2 == 0 {
		name = hostHeaders[gen>>17%2]
	}
	host := gatewayHost
	if gen>>20%3 == 0 {
		host += ":8443"
	}
	for _, l := range out {
		if n, _, _ := strings.Cut(l, ":"); strings.EqualFold(n, name) {
			return out // the form names its host there already
		}
	}
	if name == "Forwarded" {
		return append(out, "Forwarded: host="+host)
	}
	return append(out, name+": "+host)
}

// otherEndpointPath is the path of the endpoint after the one path
// names (the first endpoint's for a path of none).
func otherEndpointPath(path string) string {
	eps := contract.Endpoints
	for i, ep := range eps {
		if ep.Path() == path {
			return eps[(i+1)%len(eps)].Path()
		}
	}
	return eps[0].Path()
}
