package conformance

import (
	"encoding/json"
	"hash/fnv"
	"net/http"
	"reflect"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// The headers of a request are a dimension of every request the run
// makes. A client writes them in one of several legal ways: Accept
// absent, */* (curl, fetch) or a list (axios); Content-Type
// application/json with a charset parameter or in other letter case (a
// media type is case-insensitive, RFC 9110 §8.3.1: .NET and Java send
// "; charset=utf-8"); the body chunked rather than with a Content-Length
// (a client that streams its JSON); no compression asked for (Accept-
// Encoding: identity) or gzip (Go's transport, a browser), or gzip
// refused by a weight of 0, in the letter case and white space RFC 9110
// §12.4.2 allows. The contract
// gives every form one answer: the body read as sent (§1.1: the header is
// Content-Type application/json, whatever its parameters), every answer
// JSON (§1.1, §C1), and never a compression the request did not accept
// (RFC 9110 §12.5.3). So the runner does not send every request one way:
// each request gets one form of each header, picked by the seed from the
// request itself (the same request always the same form, at any
// concurrency), and the rules over every answer judge what comes back as
// they judge every answer. The check transport.requestForms sends every
// form on every run, so none depends on what the seed picked.

// The forms of each header; the first of each is the runner's usual way.
var (
	// acceptForms: "-" sends no Accept at all.
	acceptForms = []string{"application/json", "-", "*/*", "application/json, text/plain, */*"}
	ctypeForms  = []string{"application/json", "application/json; charset=utf-8", "application/json;charset=UTF-8", "Application/JSON"}
	// encodingForms each accept identity, so a correct target answers
	// each as it answers the usual way: identity alone; gzip refused by a
	// weight of 0 (in "q" or "Q", "0" or "0.000"); everything but identity
	// refused; gzip in capitals and with white space and a weight, which
	// the runner then unpacks if the target uses it (encodings.go).
	encodingForms = []string{"gzip", "identity", "gzip;q=0", "identity, *;q=0", "GZIP", " gzip ; q=0.5 ,identity",
		"gzip;Q=0", "gzip;q=0.000, identity;q=1"}
	// refusingEncodings refuse identity too: a target may disregard
	// that (RFC 9110 §12.5.3) or answer 406, so they are sent apart
	// (checkRequestForms), each answer judged by the rules alone: never
	// in a coding the request refused.
	refusingEncodings = []string{"*;q=0", "identity;q=0", "gzip, identity;q=0"}
	chunkedForms      = []bool{false, true}
)

// A chunked body goes on about one request in eight, not one in two: a
// server may close its connection after every chunked request (RFC 9112
// §6.3 asks it to where a request carries both a length and chunks, and
// the mock, which cannot tell once Go's server has read the headers, does
// so for every chunked body), and a run that streamed half its bodies
// opened a connection for every second request, a sixth of a local run's
// time. One in eight still puts a chunked body on every operation and key
// many times a run, and transport.requestForms sends it on every run. The
// draw is apart from the other headers' (wireFormOf), which are as they
// were.

// wireForm is one way of writing a request's headers, each member an
// index into its list of forms.
type wireForm struct {
	accept, ctype, encoding, chunked int
	// gateway indexes gatewayForms (gateways.go), style bodyStyles
	// (bodystyles.go).
	gateway, style int
	// refusing, when not 0, is 1 + an index of refusingEncodings, sent
	// in the place of encoding.
	refusing int
	// client indexes clientProfiles (clientprofiles.go): its Accept and
	// Accept-Encoding, when it has them, replace accept and encoding;
	// origins keeps its Origin on a write too.
	client  int
	origins bool
	// keysBare: the request goes without key members in its body, as
	// sent again after a service refused them (undressed).
	keysBare bool
	// dress picks the members a client adds to the body
	// (clientmembers.go; 0: none).
	dress uint64
	// envelope indexes clientEnvelopes (envelopes.go), written over
	// the client profile.
	envelope int
	// gen draws the parts of a gateway's or an envelope's lines that
	// are built, not listed: the header a gateway names its host in
	// (gateways.go), a revalidating cache's conditional headers
	// (envelopes.go); 0 writes the listed lines.
	gen uint64
	// idem, when not 0, is the request without its key that an
	// Idempotency-Key is derived from (cachepath.go).
	idem uint64
}

// wireFormOf picks the form of a request from the seed and the request
// itself (method, path, key role and body): the same request is always
// written the same way, whichever check sends it and in whatever order,
// and wherever the target listens (base, the target's base URL, is read
// as one word where the body names it).
func wireFormOf(seed uint64, r Request, base string) wireForm {
	body := r.Body
	if base != "" {
		body = strings.ReplaceAll(body, base, "{base_url}")
	}
	h := fnv.New64a()
	h.Write([]byte(r.Method + " " + r.Path + " " + r.Key + " " + body))
	v := h.Sum64() ^ seed
	v *= 0x9E3779B97F4A7C15 // mix the seed into every dimension
	next := func(n int) int {
		i := int(v % uint64(n))
		v /= uint64(n)
		return i
	}
	f := wireForm{accept: next(len(acceptForms)), ctype: next(len(ctypeForms)),
		encoding: next(len(encodingForms)), chunked: next(len(chunkedForms)),
		gateway: next(len(gatewayForms)), style: next(len(bodyStyles)), client: next(len(clientProfiles)),
		envelope: envelopeDraw[next(len(envelopeDraw))]}
	f.dress = (h.Sum64() ^ seed ^ 0x6d656d62657273) * 0xBF58476D1CE4E5B9
	f.gen = (h.Sum64()^seed^0x67656e)*0xD6E8FEB86659FD93 | 1
	f.idem = idemOf(seed, r.Method, r.Path, body)
	if f.chunked != 0 && (h.Sum64()^seed^0x6368756e6b6564)*0x94D049BB133111EB>>62 != 0 {
		f.chunked = 0 // chunked on one request in eight (see chunkedForms)
	}
	if writePath(r.Path) {
		f.client = clientOfWrite(seed, r, body)
		f.dress = dressOfWrite(seed, r, body)
		f.envelope = envelopeOfWrite(seed, r, body)
		f.gen = writeDraw(seed, "gen ", r, body) | 1
	}
	if doc, _ := decodeBody([]byte(r.Body)); clientEnvelopes[f.envelope].refusable && !isObject(doc) {
		// A body that is not a JSON object is refused whatever carries it: an
		// envelope a service may refuse would only cost a request
		// asked again.
		f.envelope = 0
	}
	return f
}

// apply writes f into the request a finding shows (only what differs
// from the usual way, so that a finding and its curl line show it).
func (f wireForm) apply(r *Request, s clientSite) {
	if f.accept != 0 {
		r.Accept = acceptForms[f.accept]
	}
	if f.ctype != 0 && r.ContentType == "" {
		r.ContentType = ctypeForms[f.ctype]
	}
	if f.encoding != 0 {
		r.AcceptEncoding = encodingForms[f.encoding]
	}
	if f.refusing != 0 {
		r.AcceptEncoding = refusingEncodings[f.refusing-1]
	}
	r.Chunked = chunkedForms[f.chunked]
	r.Gateway = gatewayLines(f.gateway, r.Path, f.gen)
	if f.dress != 0 {
		doc, _ := decodeBody([]byte(r.Body))
		m, _ := doc.(map[string]any)
		if body, names := dressBody(r.Body, dressOf(f.dress, r.Path, m), r.Key, s, f.dress); len(names) > 0 {
			r.Body, r.Members = body, names
		}
	}
	if f.style != 0 {
		if b := restyle([]byte(r.Body), bodyStyles[f.style]); string(b) != r.Body {
			r.Body, r.BodyStyle = string(b), bodyStyles[f.style].name
		}
	}
	applyClient(f, r, s)
	applyEnvelope(f, r, s)
	applyDrawn(f, r)
	applyCharset(f, r)
	applyCachePath(f, r)
}

// wireOf is the request r as the client writes it: the headers that
// replace its own, the body chunked or not.
func wireOf(r Request) svcclient.Wire {
	h := http.Header{}
	switch r.Accept {
	case "":
	case "-":
		h["Accept"] = nil
	default:
		h.Set("Accept", r.Accept)
	}
	switch {
	case r.ContentType == "-" && r.Envelope != "":
		// A client that sends its body without a Content-Type.
		h["Content-Type"] = nil
	case r.ContentType != "" && r.ContentType != "-" && r.Body != "":
		h.Set("Content-Type", r.ContentType)
	}
	if r.BodyEncoding != "" {
		h.Set("Content-Encoding", r.BodyEncoding)
	}
	if r.AcceptEncoding != "" {
		// Set by hand, Go's transport neither adds gzip nor unpacks it:
		// an answer gzipped anyway reaches the rules as sent.
		h.Set("Accept-Encoding", r.AcceptEncoding)
	}
	for _, l := range append(r.Gateway[:len(r.Gateway):len(r.Gateway)], r.ClientHeaders...) {
		name, value, _ := strings.Cut(l, ":")
		h.Add(name, strings.TrimSpace(value))
	}
	return svcclient.Wire{Header: h, Chunked: r.Chunked, Once: r.Envelope != ""}
}

// wireShown is what the request's headers add to its description in a
// finding ("" for the usual way).
func wireShown(r Request) string {
	var parts []string
	switch r.Accept {
	case "":
	case "-":
		parts = append(parts, "no Accept")
	default:
		parts = append(parts, "Accept: "+r.Accept)
	}
	if r.ContentType != "" {
		parts = append(parts, "Content-Type: "+r.ContentType)
	}
	if r.AcceptEncoding != "" {
		parts = append(parts, "Accept-Encoding: "+r.AcceptEncoding)
	}
	if r.Chunked {
		parts = append(parts, "body chunked")
	}
	parts = append(parts, r.Gateway...)
	if r.BodyStyle != "" {
		parts = append(parts, "body written as "+r.BodyStyle+" writes it")
	}
	if len(r.Members) > 0 {
		parts = append(parts, "with members a client adds ("+strings.Join(r.Members, ", ")+")")
	}
	if r.Client != "" {
		parts = append(parts, "as "+r.Client+" writes it")
	}
	if r.Envelope != "" {
		parts = append(parts, "in the envelope of "+r.Envelope)
	}
	parts = append(parts, r.ClientHeaders...)
	if r.Query != "" {
		parts = append(parts, "?"+r.Query+" after the path")
	}
	if r.BodyEncoding != "" {
		parts = append(parts, "body sent with Content-Encoding: "+r.BodyEncoding)
	}
	return strings.Join(parts, ", ")
}

// everyWireForm is one request of each form of each header, the others
// the usual way: every form is sent on every run, whatever the seed
// picked for the run's other requests.
func everyWireForm() []wireForm {
	var out []wireForm
	for i := 1; i < len(acceptForms); i++ {
		out = append(out, wireForm{accept: i})
	}
	for i := 1; i < len(ctypeForms); i++ {
		out = append(out, wireForm{ctype: i})
	}
	for i := 1; i < len(encodingForms); i++ {
		out = append(out, wireForm{encoding: i})
	}
	for i := 1; i < len(chunkedForms); i++ {
		out = append(out, wireForm{chunked: i})
	}
	for i := 1; i < len(gatewayForms); i++ {
		out = append(out, wireForm{gateway: i})
	}
	for i := 1; i < len(bodyStyles); i++ {
		out = append(out, wireForm{style: i})
	}
	for i := 1; i < len(clientProfiles); i++ {
		out = append(out, wireForm{client: i})
	}
	return out
}

// checkRequestForms: the same request written in every legal form of its
// headers gets the answer it gets written the usual way: a getFormList
// whose body holds a filter (a target that ignores the body of a form
// lists every form) and one whose body is bad input (a target that
// answers a form without Accept: application/json in HTML). Each form
// goes once, on the body its fault shows on (formBody); both bodies go
// the usual way, each the other's reference. Every answer is judged by
// the rules over every answer too.
func checkRequestForms(t *T) {
	if t.r.client.plain {
		t.Skipf("--plain-requests: every request goes the usual way")
		return
	}
	good := map[string]any{"page_size": 3}
	if ns := t.r.prof.Forms.Numbers; len(ns) > 0 {
		good["number"] = ns[0]
	}
	bodies := []map[string]any{good, {"page": 0}}
	forms := append([]wireForm{{}}, everyWireForm()...)
	xs := make([][]*Exchange, len(bodies))
	for i := range xs {
		xs[i] = make([]*Exchange, len(forms))
	}
	type send struct{ body, form int }
	var sends []send
	for j := range forms {
		for i := range bodies {
			if j == 0 || formBody(forms[j]) == i {
				sends = append(sends, send{i, j})
			}
		}
	}
	t.each(len(sends), func(t *T, k int) {
		i, j := sends[k].body, sends[k].form
		x := t.sendAs(contract.GetFormList, "read", bodies[i], &forms[j])
		t.r.observe(contract.GetFormList, x)
		xs[i][j] = x
	})
	t.refusingEncodings()
	for i := range bodies {
		usual := xs[i][0]
		want, _ := usual.Doc.(map[string]any)
		for _, x := range xs[i][1:] {
			if x == nil {
				continue // the form went on the other body
			}
			got := t.jsonAnswer(x, "the request written "+wireShown(x.Req))
			if got == nil || want == nil || !acceptsJSON(x.Req) && got["code"] != want["code"] {
				// An Accept that refuses JSON may get an error (RFC
				// 9110's 406), in JSON all the same (§1.1, §C1), which
				// the rules judge.
				continue
			}
			if !reflect.DeepEqual(got["code"], want["code"]) || !reflect.DeepEqual(got["data"], want["data"]) {
				t.errorfPair(x, usual, "written %s, the request gets code %v and data %s; written the usual way, code %v and data %s",
					wireShown(x.Req), got["code"], short(jsonOf(got["data"])), want["code"], short(jsonOf(want["data"])))
			}
		}
	}
}

// formBody is which of checkRequestForms' bodies a form goes on: an
// Accept on the bad input (1), whose answer is the error a target may
// write in HTML for a client that does not ask for JSON; every other
// form on the filter (0), whose answer shows a body misread (the filter
// ignored: every form listed), an envelope or a client's members taken
// for a parameter, or a coding not accepted. A misread body shows on the
// bad input too (a success where the error was), and every request of
// the run goes in forms the seed picks, each answer judged by the rules
// over every answer, errors included: one body a form is enough.
func formBody(f wireForm) int {
	if f.accept != 0 {
		return 1
	}
	return 0
}

// jsonOf is v as JSON, for a message.
func jsonOf(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// refusingEncodings sends, on every endpoint, its probe body with an
// Accept-Encoding that refuses identity (refusingEncodings, one per
// endpoint, turned by the seed): the answer may be anything the
// contract allows, but never in a coding the request refused, which the
// rules over every answer judge (C1.jsonText).
func (t *T) refusingEncodings() {
	off := pick(t.r.opts.Seed, "refusing encodings", len(refusingEncodings))
	t.each(len(contract.Endpoints), func(t *T, i int) {
		ep := contract.Endpoints[i]
		f := wireForm{refusing: 1 + (off+i)%len(refusingEncodings)}
		t.r.observe(ep, t.sendAs(ep, "read", t.probeBody(ep), &f))
	})
}

// isObject says whether doc is a JSON object.
func isObject(doc any) bool {
	_, ok := doc.(map[string]any)
	return ok
}
