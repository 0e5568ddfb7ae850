package svcclient

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// encoders write each coding Decode reads, as a server's middleware does.
var encoders = map[string]func(io.Writer) io.WriteCloser{
	"gzip":    func(w io.Writer) io.WriteCloser { return gzip.NewWriter(w) },
	"deflate": func(w io.Writer) io.WriteCloser { return zlib.NewWriter(w) },
	"br":      func(w io.Writer) io.WriteCloser { return brotli.NewWriter(w) },
	"zstd": func(w io.Writer) io.WriteCloser {
		zw, err := zstd.NewWriter(w)
		if err != nil {
			panic(err)
		}
		return zw
	},
}

func encode(t *testing.T, coding, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := encoders[coding](&b)
	if _, err := io.WriteString(w, s); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodeReadsEveryCodingABrowserNames: each coding of ReadCodings
// unpacks whole; cut short, or over the cap, it is an error, as it is to
// a browser (ERR_CONTENT_DECODING_FAILED), never a shorter body.
func TestDecodeReadsEveryCodingABrowserNames(t *testing.T) {
	body := `{"code":0,"message":"ok","data":{"list":[` + strings.Repeat(`{"name":"a record","value":"x"},`, 200) + `{}]}}`
	for _, c := range ReadCodings {
		packed := encode(t, c, body)
		out, err := Decode(c, packed, len(body))
		if err != nil || string(out) != body {
			t.Errorf("%s: %d bytes, %v", c, len(out), err)
		}
		if out, err := Decode(c, packed[:len(packed)*2/3], len(body)); err == nil {
			t.Errorf("%s cut short: %d bytes, no error", c, len(out))
		}
		if _, err := Decode(c, packed, len(body)-1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s over the cap: %v", c, err)
		}
	}
	var raw bytes.Buffer
	fw, _ := flate.NewWriter(&raw, flate.DefaultCompression)
	_, _ = io.WriteString(fw, body)
	_ = fw.Close()
	if out, err := Decode("deflate", raw.Bytes(), len(body)); err != nil || string(out) != body {
		t.Errorf("raw deflate: %d bytes, %v", len(out), err)
	}
	if _, err := Decode("compress", []byte(body), len(body)); !errors.Is(err, ErrUnknownCoding) {
		t.Errorf("compress: %v", err)
	}
	if _, err := Decode("br", encode(t, "gzip", body), len(body)); err == nil {
		t.Errorf("gzip bytes read as br")
	}
}
