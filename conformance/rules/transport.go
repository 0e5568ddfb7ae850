package rules

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"
)

// bom is the UTF-8 byte order mark: RFC 8259 §8.1 forbids it in JSON
// texts sent over a network, and strict parsers refuse it.
var bom = []byte{0xEF, 0xBB, 0xBF}

// TransportFaults says what is wrong with one answer at the transport
// level, by kind: its Content-Type (not application/json), its charset
// (not utf-8) and its body (not one JSON object; a byte order mark; bytes that are no UTF-8; in
// a content coding the request refused); ""
// where nothing is.
func TransportFaults(x *Exchange) (contentType, charset, body string) {
	mt, params, err := mime.ParseMediaType(x.ContentType)
	if err != nil || mt != "application/json" {
		contentType = fmt.Sprintf("Content-Type %q", x.ContentType)
	}
	if cs, ok := params["charset"]; err == nil && ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		charset = fmt.Sprintf("Content-Type %q: charset %s, not utf-8", x.ContentType, cs)
	}
	doc, derr := x.Doc()
	switch _, isObj := doc.(map[string]any); {
	case refusedCoding(x.AcceptEncoding, x.ContentEncoding) != "":
		body = refusedCoding(x.AcceptEncoding, x.ContentEncoding)
	case bytes.HasPrefix(x.Body, bom):
		body = "the body starts with a byte order mark (EF BB BF)"
	case derr != nil:
		body = fmt.Sprintf("the body is not JSON: %q", short(string(x.Body)))
	case !utf8.Valid(x.Body):
		// Go's decoder, like many, reads a byte that is no UTF-8 as
		// U+FFFD without a word, so the answer decodes; RFC 8259 §8.1
		// requires UTF-8, and a strict client (or a second reading of
		// the same bytes as another charset) shows the client garbage.
		body = fmt.Sprintf("the body is not UTF-8 (RFC 8259 §8.1): the byte %#x at offset %d is no UTF-8 sequence", x.Body[badUTF8(x.Body)], badUTF8(x.Body))
	case !isObj:
		body = fmt.Sprintf("the body is JSON but not an object: %q", short(string(x.Body)))
	}
	return contentType, charset, body
}

// badUTF8 is the offset of the first byte of b that starts no valid
// UTF-8 sequence.
func badUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}

func fault(kind int) func(x *Exchange, _ *Env) []string {
	return func(x *Exchange, _ *Env) []string {
		f := [3]string{}
		f[0], f[1], f[2] = TransportFaults(x)
		if f[kind] == "" {
			return nil
		}
		return []string{f[kind]}
	}
}

var transportRules = []Rule{
	{"C1.contentType", "every answer is application/json", always, fault(0)},
	{"C1.charset", "every answer's charset is utf-8", always, fault(1)},
	{"C1.jsonText", "every answer is one JSON object", always, fault(2)},
}
