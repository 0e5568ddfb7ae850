package conformance

import (
	"math/rand/v2"
	"mime"
	"slices"
	"strings"
)

// A request's charset label. A client on a platform whose default
// charset is not UTF-8 labels the JSON it sends with that charset:
// Java's servlet clients and old Windows programs in China write
// "application/json; charset=GBK" (or GB2312, GB18030), a Java or PHP
// client configured for Western Europe "charset=ISO-8859-1" or
// windows-1252, one in Taiwan or Japan Big5 or Shift_JIS, a cautious
// one US-ASCII, and the body is UTF-8 all the same, as every JSON sent
// over a network is (RFC 8259 §8.1; §11 defines no charset parameter
// for application/json, and one "has no effect on compliant
// recipients"). The contract reads a request's Content-Type as KIT
// (docs/contract.md §C1, Request Content-Type): any Content-Type may be
// refused (a parameter error, or 415, in the endpoint's shape), and one
// served is answered as the plain request is. The label matters only
// where the body holds text outside ASCII (a status name, a search key,
// a name), the bytes every ASCII-compatible charset reads alike
// elsewhere: so, of the dressed requests whose body as sent holds such
// text and goes as application/json, half carry a label drawn from
// requestCharsets by the form's gen. A refusal of it (envelopeRefusal)
// is asked again as application/json, once, and both answers are
// judged, as a refused Accept is (client.exchange).

// requestCharsets are the labels drawn, in the letter cases and forms
// clients write them (a quoted value, RFC 9110 §5.6.6, too).
var requestCharsets = []string{"GBK", "gbk", "GB2312", "gb18030", `"GBK"`, "ISO-8859-1", "iso-8859-1", "latin1",
	"windows-1252", "cp1252", "Big5", "Shift_JIS", "EUC-KR", "US-ASCII"}

// applyCharset labels r's Content-Type with a charset of
// requestCharsets, on half the dressed requests whose body holds text
// outside ASCII and whose Content-Type is application/json in one of
// its usual forms; a request asked again without what dressed it
// (keysBare) goes unlabelled.
func applyCharset(f wireForm, r *Request) {
	if f.gen == 0 || f.keysBare || r.BodyEncoding != "" || !nonASCII(r.Body) {
		return
	}
	if r.ContentType != "" && !slices.Contains(ctypeForms, r.ContentType) {
		return
	}
	g := rand.New(rand.NewPCG(f.gen, 0x63686172736574)) // "charset"
	if g.IntN(2) == 0 {
		return
	}
	r.ContentType = "application/json; charset=" + requestCharsets[g.IntN(len(requestCharsets))]
}

// nonASCII says whether s holds a byte outside ASCII.
func nonASCII(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r > 0x7f }) >= 0
}

// charsetLabelled says whether r's Content-Type names a charset other than
// UTF-8: one a service may refuse, and r is then asked again without it.
func charsetLabelled(r Request) bool {
	_, ps, err := mime.ParseMediaType(r.ContentType)
	if err != nil {
		return false
	}
	cs := strings.ToLower(ps["charset"])
	return cs != "" && cs != "utf-8"
}
