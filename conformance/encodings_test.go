package conformance

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// TestEquivalentCodingNamesAreReadAsTheirCoding: a target that codes
// its answer under any name RFC 9110 gives gzip (gzip, x-gzip, in any
// letter case) where the request accepted gzip, whether by Go's
// transport's own Accept-Encoding (the usual way) or by one the form
// wrote, is read as gzip: its answer is the JSON inside.
func TestEquivalentCodingNamesAreReadAsTheirCoding(t *testing.T) {
	want := `{"code":0,"message":"ok","data":{}}`
	var packed bytes.Buffer
	zw := gzip.NewWriter(&packed)
	_, _ = zw.Write([]byte(want))
	_ = zw.Close()
	for _, name := range []string{"gzip", "x-gzip", "X-GZIP", "Gzip"} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if !strings.Contains(strings.ToLower(r.Header.Get("Accept-Encoding")), "gzip") {
				_, _ = w.Write([]byte(want))
				return
			}
			w.Header().Set("Content-Encoding", name)
			_, _ = w.Write(packed.Bytes())
		}))
		c := newClient(srv.URL, 2*time.Second, 0, 1, nil)
		for _, f := range []wireForm{{}, {encoding: 4}} {
			x := c.quietAs(context.Background(), contract.TemplatesList, "read", "r", map[string]any{}, &f)
			if x.Err != nil || string(x.Body) != want {
				t.Errorf("Content-Encoding %s, Accept-Encoding %q: body %q, err %v; want %s", name, x.Req.AcceptEncoding, x.Body, x.Err, want)
			}
		}
		c.close()
		srv.Close()
	}
}

// TestCodingAliasesAreTheirCoding: each name RFC 9110 §8.4.1 registers
// as another coding's is compared as that coding, in Accept-Encoding and
// Content-Encoding alike.
func TestCodingAliasesAreTheirCoding(t *testing.T) {
	for alias, coding := range map[string]string{"x-gzip": "gzip", "X-Gzip": "gzip", "x-compress": "compress", " X-COMPRESS ": "compress"} {
		if got := rules.CanonicalCoding(alias); got != coding {
			t.Errorf("CanonicalCoding(%q) = %q; want %q", alias, got, coding)
		}
		if !rules.CodingAccepted(coding, alias) || !rules.CodingAccepted(alias, coding) {
			t.Errorf("%s and %s are not read as one coding", alias, coding)
		}
		if rules.CodingAccepted(coding+";q=0", alias) {
			t.Errorf("%s refused, %s accepted", coding, alias)
		}
	}
}

// TestBrotliAnswersAreReadAsABrowserReadsThem: an answer in br to a
// request that accepted it is its JSON inside, and a br stream cut short
// is the bytes sent (no JSON to its client, C1.jsonText), never the
// prefix that decoded: a browser fails the whole answer.
func TestBrotliAnswersAreReadAsABrowserReadsThem(t *testing.T) {
	want := `{"code":0,"message":"ok","data":{"list":[` + strings.Repeat(`{"name":"a record"},`, 50) + `{}]}}`
	var packed bytes.Buffer
	bw := brotli.NewWriter(&packed)
	_, _ = bw.Write([]byte(want))
	_ = bw.Close()
	if got := readCoded(chromeEncoding, "br", packed.Bytes()); string(got) != want {
		t.Errorf("br: %q", got)
	}
	cut := packed.Bytes()[:packed.Len()/2]
	if got := readCoded(chromeEncoding, "br", cut); !bytes.Equal(got, cut) {
		t.Errorf("br cut short read as %q", got)
	}
	if got := readCoded("gzip", "br", packed.Bytes()); !bytes.Equal(got, packed.Bytes()) {
		t.Errorf("br not accepted, yet read as %q", got)
	}
}
