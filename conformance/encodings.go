package conformance

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"strings"

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
	coding := rules.CanonicalCoding(contentEncoding)
	if !rules.CodingAccepted(ae, coding) {
		return body
	}
	var zr io.Reader
	switch coding {
	case "gzip":
		r, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return body
		}
		zr = r
	case "deflate":
		// RFC 9110 §8.4.1.2: zlib's format; some servers send the raw
		// stream, which clients read too.
		if r, err := zlib.NewReader(bytes.NewReader(body)); err == nil {
			if out, ok := readAllCapped(r); ok {
				return out
			}
		}
		zr = flate.NewReader(bytes.NewReader(body))
	default:
		return body
	}
	if out, ok := readAllCapped(zr); ok {
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

// readAllCapped reads r whole, up to MaxResponseBytes.
func readAllCapped(r io.Reader) ([]byte, bool) {
	out, err := io.ReadAll(io.LimitReader(r, MaxResponseBytes+1))
	return out, err == nil && len(out) <= MaxResponseBytes
}

// unreadCodings are the codings a client profile accepts (a browser's
// br) that the runner cannot unpack: the standard library has no
// decoder for them.
var unreadCodings = map[string]bool{"br": true, "zstd": true}

// withoutUnread is the Accept-Encoding ae less the codings the runner
// cannot unpack: what a read coded in one of them is asked for again
// with, and what a write is sent with.
func withoutUnread(ae string) string {
	var keep []string
	for _, elem := range strings.Split(ae, ",") {
		name, _, _ := strings.Cut(elem, ";")
		if !unreadCodings[rules.CanonicalCoding(name)] {
			keep = append(keep, strings.TrimSpace(elem))
		}
	}
	return strings.Join(keep, ", ")
}

// unreadable says whether an answer is in a coding the request accepted
// and the runner cannot unpack, and is truly in it: not JSON as sent and
// not gzip under another name (which the rules fail: no client unpacks
// it).
func unreadable(x *Exchange) bool {
	c := rules.CanonicalCoding(x.ContentEncoding)
	return unreadCodings[c] && rules.CodingAccepted(x.Req.AcceptEncoding, c) && x.DecodeErr != nil &&
		!bytes.HasPrefix(x.Body, gzipMagic)
}

// gzipMagic starts every gzip stream (RFC 1952 §2.3.1).
var gzipMagic = []byte{0x1f, 0x8b}
