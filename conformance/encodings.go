package conformance

import (
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// The runner reads an answer as the client that sent the request would
// (rules/encoding.go reads Accept-Encoding as RFC 9110 §12.5.3 does): it
// unpacks every coding a client names (gzip, deflate, br, zstd:
// svcclient.Decode) where the request accepted it, and the rules judge
// every other coded answer as the bytes it is, and its Content-Encoding
// against what the request accepted.

// readCoded is an answer's body as the client that sent ae reads it:
// unpacked when its coding is one ae accepted, as sent otherwise. An
// answer coded by its header whose body does not unpack to its end (a
// truncated stream, another coding's bytes) is returned as sent, for
// the rules to judge: no client reads JSON from it.
func readCoded(ae, contentEncoding string, body []byte) []byte {
	coding := rules.CanonicalCoding(contentEncoding)
	if coding == "" || coding == "identity" || !rules.CodingAccepted(ae, coding) {
		return body
	}
	if out, err := svcclient.Decode(coding, body, MaxResponseBytes); err == nil {
		return out
	}
	return body
}

// transportEncoding is the Accept-Encoding Go's transport sends for a
// request that names none (the runner's usual way). The transport
// unpacks an answer only when its Content-Encoding is gzip by that name;
// a coding RFC 9110 makes the same (x-gzip, §8.4.1.3) comes through
// packed.
const transportEncoding = "gzip"

// readAnswer is an answer's body as the client that sent a request with
// Accept-Encoding ae ("" : Go's transport's own, transportEncoding)
// reads it: every name RFC 9110 gives a coding the request accepted is
// that coding (rules.CanonicalCoding), so that a target that writes
// x-gzip where a client asked for gzip is read as a client that follows
// the RFC reads it, not as the bytes Go's transport left packed.
func readAnswer(ae, contentEncoding string, body []byte) []byte {
	if ae == "" {
		ae = transportEncoding
	}
	return readCoded(ae, contentEncoding, body)
}
