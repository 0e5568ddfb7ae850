package svcclient

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// Browsers send "gzip, deflate, br, zstd" on every request, and CDNs and
// compression middleware answer in br or zstd whenever it is accepted:
// an answer in one of them is what every browser client of a service
// reads. The runner and the proxy judge answers as their clients read
// them, so they read every coding a client names: gzip and deflate with
// the standard library, br and zstd with maintained pure-Go decoders
// (github.com/andybalholm/brotli, github.com/klauspost/compress/zstd),
// which build for every target Go builds for, WebAssembly included.

// ReadCodings are the content codings Decode reads, by the name RFC 9110
// §8.4.1 and the IANA registry give them.
var ReadCodings = []string{"gzip", "deflate", "br", "zstd"}

// ErrUnknownCoding is Decode's error for a coding it does not read.
var ErrUnknownCoding = errors.New("svcclient: a content coding with no decoder")

// Decode is body unpacked from coding (a name as ReadCodings spells it:
// the caller folds case and aliases such as x-gzip), up to max bytes. A
// body that does not unpack to its end (a truncated stream, bytes of
// another coding) is an error, as it is to every client that reads it.
func Decode(coding string, body []byte, max int) ([]byte, error) {
	var r io.Reader
	switch coding {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		r = zr
	case "deflate":
		// RFC 9110 §8.4.1.2: zlib's format; some servers send the raw
		// stream, which clients read too.
		if zr, err := zlib.NewReader(bytes.NewReader(body)); err == nil {
			if out, err := readCapped(zr, max); err == nil || errors.Is(err, ErrTooLarge) {
				return out, err
			}
		}
		r = flate.NewReader(bytes.NewReader(body))
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "zstd":
		// One goroutine and a bounded window: an answer is small, and a
		// window a frame asks for beyond RFC 8878 §3.1.1.1.2's 8 MB for
		// HTTP is refused by browsers too.
		zr, err := zstd.NewReader(bytes.NewReader(body), zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderMaxWindow(8<<20), zstd.WithDecoderMaxMemory(uint64(max)+1))
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		r = zr
	default:
		return nil, ErrUnknownCoding
	}
	return readCapped(r, max)
}

// readCapped reads r whole, up to max bytes.
func readCapped(r io.Reader, max int) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(out) > max {
		return nil, &TooLargeError{Max: int64(max)}
	}
	return out, nil
}
