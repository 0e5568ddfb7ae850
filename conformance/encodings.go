package conformance

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// The runner reads an answer as the client that sent the request would
// (rules/encoding.go reads Accept-Encoding as RFC 9110 §12.5.3 does): it
// unpacks gzip only where the request accepted it, and the rules judge
// every other coded answer as the bytes it is, and its Content-Encoding
// against what the request accepted.

// readCoded is an answer's body as the client that sent ae reads it:
// unpacked when it is gzip and ae accepted gzip, as sent otherwise. An
// answer gzip-coded by its header whose body does not unpack is
// returned as sent, for the rules to judge.
func readCoded(ae, contentEncoding string, body []byte) []byte {
	if rules.CanonicalCoding(contentEncoding) != "gzip" || !rules.CodingAccepted(ae, "gzip") {
		return body
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return body
	}
	out, err := io.ReadAll(io.LimitReader(zr, MaxResponseBytes+1))
	if err != nil || len(out) > MaxResponseBytes {
		return body
	}
	return out
}
