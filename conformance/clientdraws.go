package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// The headers of a client are spaces, not lists. Beside the clients of
// clientprofiles.go, which are a few real clients written out, every
// request the seed dresses (wireFormOf) draws, apart from the rest of
// its form, headers from the spaces clients write them in:
//
//   - Accept: one to three media ranges, each a JSON range (application/
//     json with or without parameters, application/*, */*, a Java
//     client's bare *) or another type (a +json suffix such as hal+json,
//     problem+json or vnd.api+json, text/json, XML, HTML, text/*, ...),
//     each with a weight or none, in any order; on every request that
//     keeps the runner's usual Accept;
//   - Accept-Language: a shape of RFC 9110 §12.5.4's language ranges
//     (languageShapes): the wildcard * alone, one tag alone, a list of
//     one to three with weights, a list headed by a language no service
//     of ours speaks (then zh or *), a list that excludes a language
//     with q=0 (*;q=0 too);
//   - Prefer (RFC 7240): return=minimal or representation, respond-async,
//     wait, handling=lenient or strict, and the preferences of the
//     frameworks that read Prefer (PostgREST's count, tx=rollback and
//     missing, OData's maxpagesize and track-changes);
//   - a method-override header (X-HTTP-Method-Override, X-HTTP-Method,
//     X-Method-Override, in any letter case) naming any method but POST.
//
// The contract gives none of them a meaning but Accept, and Accept only
// this: the answer is JSON (§1.1, §C1); a request whose Accept refuses
// JSON may get an error instead (RFC 9110 §12.5.1's 406), JSON in the
// endpoint's shape all the same. So an answer must be the one the
// request gets without them (a service is not its framework: one that
// honours X-HTTP-Method-Override: DELETE, Prefer: return=minimal or
// Accept: application/problem+json answers a POST of the contract with
// something else than the contract's answer), and every rule over every
// answer judges it as any other. An answer of HTTP 406, or code 406, to
// a request written with another Accept than the usual is asked again
// with the usual one, once (client.exchange): a service may refuse a
// media type, and is then judged on what it serves; the refusal is
// judged by the rules too. A write's Accept always lets the answer be
// JSON and carries no parameter a service may refuse, so that a write
// goes once. The draws use the form's gen, so that the moves of one
// credential from one status are dressed alike (writeDraw), and forms
// without a gen (the fixed forms of transport.requestForms and
// transport.clientProfiles) draw nothing.

// jsonRanges are media ranges that let the answer be JSON; a write
// draws only from the first writeJSONRanges of them.
var jsonRanges = []string{"application/json", "application/*", "*/*", "*", "application/json; charset=utf-8",
	"APPLICATION/JSON", "application/json;charset=UTF-8", "application/json; version=2", "application/json; q=0.5; indent=2"}

// writeJSONRanges is how many of jsonRanges a write draws from.
const writeJSONRanges = 7

// otherRanges are media ranges that do not hold application/json.
var otherRanges = []string{"application/hal+json", "application/problem+json", "application/vnd.api+json",
	"application/ld+json", "application/merge-patch+json", "application/x-ndjson", "application/vnd.rtq.v2+json",
	`application/hal+json; profile="https://rtq.invalid/profile"`, "text/json", "text/javascript", "application/javascript",
	"application/xml", "text/xml", "text/html", "application/xhtml+xml", "text/plain", "text/csv", "application/yaml",
	"application/msgpack", "application/cbor", "application/octet-stream", "text/event-stream", "text/*", "image/*",
	"application/problem+xml"}

// suffixRanges is how many of otherRanges, the first, are types of a
// structured syntax suffix (+json, RFC 6839) or of JSON's own family:
// the types a framework that negotiates answers in (Spring's HAL and
// problem details, a JSON:API or JSON-LD layer), so a third of the
// ranges drawn are drawn from them.
const suffixRanges = 8

// mediaWeights are the weights a range is drawn with ("": none).
var mediaWeights = []string{"", "", "q=1", "q=0.9", "Q=0.8", "q=.5", "q=0.2", "q=0.01", "q=1.000", "q=0"}

// languageRanges are Accept-Language's ranges (RFC 9110 §12.5.4).
var languageRanges = []string{"*", "zh-CN", "zh", "zh-Hans", "zh-Hant-TW", "ZH-cn", "en", "en-US", "en-GB", "ja",
	"ja-JP", "ko-KR", "fr-CA", "de", "es-419", "ar-EG", "ru", "pt-BR", "x-pseudo", "en-US-x-twain", "i-default"}

// preferences are Prefer's (RFC 7240 and the frameworks that read it).
var preferences = []string{"return=minimal", "return=representation", "respond-async", "wait=5", "wait=0",
	"handling=lenient", "handling=strict", "count=exact", "count=none", "tx=rollback", "missing=null",
	"odata.maxpagesize=1", "odata.track-changes", `return=minimal; profile="x"`}

// overrideHeaders are the headers a framework reads another method from
// on a POST; overrideMethods the methods they name.
var (
	overrideHeaders = []string{"X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override", "x-http-method-override", "X-Http-Method"}
	overrideMethods = []string{http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodHead,
		http.MethodOptions, "delete", "PURGE"}
)

// applyDrawn writes the headers f's gen draws from the spaces above into
// r: Accept where r keeps the usual one, the others as client lines
// unless r already carries a header of that name.
func applyDrawn(f wireForm, r *Request) {
	if f.gen == 0 {
		return
	}
	g := rand.New(rand.NewPCG(f.gen, 0x636c69656e742073)) // "client s"
	write := writePath(r.Path)
	lang, prefer, override := g.IntN(2) == 0, g.IntN(4) == 0, g.IntN(4) == 0
	if v := drawAccept(g, write); r.Accept == "" {
		r.Accept = v
	}
	var lines []string
	if v := drawLanguage(g); lang {
		lines = append(lines, "Accept-Language: "+v)
	}
	if v := drawPrefer(g); prefer {
		lines = append(lines, "Prefer: "+v)
	}
	name, method := overrideHeaders[g.IntN(len(overrideHeaders))], overrideMethods[g.IntN(len(overrideMethods))]
	if override {
		lines = append(lines, name+": "+method)
	}
	for _, l := range lines {
		n, _, _ := strings.Cut(l, ":")
		if !hasHeader(r.ClientHeaders, n) && !hasHeader(r.Gateway, n) {
			r.ClientHeaders = append(r.ClientHeaders, l)
		}
	}
}

// hasHeader says whether lines hold a header named name.
func hasHeader(lines []string, name string) bool {
	for _, l := range lines {
		if n, _, _ := strings.Cut(l, ":"); strings.EqualFold(strings.TrimSpace(n), name) {
			return true
		}
	}
	return false
}

// drawAccept draws an Accept: one to three ranges, JSON ones a third of
// the time, each with a weight or none. A write's lets the answer be
// JSON and goes once: it keeps no range of weight 0 and no parameter a
// service may refuse, and a range of jsonRanges' first writeJSONRanges
// is added where the draw has none that holds JSON.
func drawAccept(g *rand.Rand, write bool) string {
	n := 1 + g.IntN(3)
	var parts []string
	for range n {
		var r string
		switch g.IntN(3) {
		case 0:
			r = jsonRanges[g.IntN(len(jsonRanges))]
		case 1:
			r = otherRanges[g.IntN(suffixRanges)]
		default:
			r = otherRanges[g.IntN(len(otherRanges))]
		}
		if w := mediaWeights[g.IntN(len(mediaWeights))]; w != "" && !strings.Contains(r, "q=") {
			r += []string{";", "; ", " ; "}[g.IntN(3)] + w
		}
		parts = append(parts, r)
	}
	out := strings.Join(parts, []string{", ", ","}[g.IntN(2)])
	if write {
		var keep []string
		for _, p := range parts {
			if !strings.Contains(p, "version=") && !strings.Contains(p, "indent=") && !strings.HasSuffix(p, "q=0") {
				keep = append(keep, p)
			}
		}
		out = strings.Join(keep, ", ")
		if !mediaAccepted(out, "application", "json") {
			out = strings.TrimPrefix(out+", "+jsonRanges[g.IntN(writeJSONRanges)], ", ")
			if !mediaAccepted(out, "application", "json") {
				out += ", */*;q=0.1"
			}
		}
	}
	return out
}

// drawList draws one to max of ranges, each with a weight or none.
func drawList(g *rand.Rand, ranges []string, max int) string {
	n := 1 + g.IntN(max)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = ranges[g.IntN(len(ranges))]
		if w := mediaWeights[g.IntN(len(mediaWeights))]; w != "" && i > 0 {
			parts[i] += ";" + w
		}
	}
	return strings.Join(parts, ", ")
}

// foreignLanguages are language ranges a service of ours has no
// answer in: a list headed by one is served in the next it names, in
// its default, or as if it named none, the same answer all the same.
var foreignLanguages = []string{"de", "fr-CA", "ja-JP", "ko", "pt-BR", "ar", "tlh", "x-klingon", "und"}

// drawLanguage draws an Accept-Language in one of the shapes RFC 9110
// §12.5.4 gives it: the wildcard alone (any language: a negotiator
// picks its first, perhaps not the default), one tag alone, a list with
// weights, a list headed by a foreign language then a fallback, and a
// list that excludes one with q=0. Whatever it names, the answer is the
// one without it (the contract names no language: §3.1's status names
// are the service's own).
func drawLanguage(g *rand.Rand) string {
	one := func() string { return languageRanges[g.IntN(len(languageRanges))] }
	w := func() string { return mediaWeights[2+g.IntN(len(mediaWeights)-3)] } // a weight above 0
	switch g.IntN(5) {
	case 0:
		return []string{"*", "*", " * ", "*;q=1", "*;q=0.5"}[g.IntN(5)]
	case 1:
		return one()
	case 2:
		return drawList(g, languageRanges, 3)
	case 3:
		return foreignLanguages[g.IntN(len(foreignLanguages))] + ", " + []string{"zh-CN;", "*;", "en;", "zh;"}[g.IntN(4)] + w()
	default:
		return []string{"*", "zh-CN", "de", "en-US"}[g.IntN(4)] + ", " + []string{"en", "zh-CN", "zh", "*", "ja"}[g.IntN(5)] + ";q=0"
	}
}

// drawPrefer draws one or two preferences.
func drawPrefer(g *rand.Rand) string {
	p := preferences[g.IntN(len(preferences))]
	if g.IntN(3) == 0 {
		p += ", " + preferences[g.IntN(len(preferences))]
	}
	return p
}

// mediaAccepted says whether the Accept value accept lets the answer be
// typ/sub (RFC 9110 §12.5.1): the most specific range that matches it
// (typ/sub, then typ/*, then */*, a bare * read as */* as Java's
// clients mean it) has a weight above 0. No Accept ("" or "-") accepts
// everything; one with no range that matches accepts nothing.
func mediaAccepted(accept, typ, sub string) bool {
	if strings.TrimSpace(accept) == "" || accept == "-" {
		return true
	}
	best, q := -1, 0.0
	for _, elem := range strings.Split(accept, ",") {
		params := strings.Split(elem, ";")
		rng := strings.ToLower(strings.TrimSpace(params[0]))
		if rng == "*" {
			rng = "*/*"
		}
		t, s, _ := strings.Cut(rng, "/")
		spec := -1
		switch {
		case t == typ && s == sub:
			spec = 2
		case t == typ && s == "*":
			spec = 1
		case t == "*" && s == "*":
			spec = 0
		}
		if spec < 0 || spec < best {
			continue
		}
		w := 1.0
		for _, p := range params[1:] {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					w = f
				}
				break // the parameters after q are the range's extensions
			}
		}
		if spec > best || w > q {
			best, q = spec, w
		}
	}
	return best >= 0 && q > 0
}

// notAcceptable says whether an answer refuses the request's Accept:
// HTTP 406, or code 406 in its body (a service that answers every error
// with HTTP 200).
func notAcceptable(x *Exchange) bool {
	if x.Status == http.StatusNotAcceptable {
		return true
	}
	obj, _ := x.Doc.(map[string]any)
	code, _ := intOf(obj["code"])
	return code == http.StatusNotAcceptable
}

// frameworkMembers are the members a client's library or a web
// framework's convention adds to a body, each of which asks some
// framework for another answer: a JSONP callback (jQuery's callback and
// its cache-buster _, Angular's, a bare cb or jsonp), a method override
// (Rails' and Laravel's _method), another format (_format, output,
// dataType, responseType, OData's $format), an envelope or a status
// kept out of the status line (suppress_response_codes). The contract
// names none of them (§C1, "Unknown request members"): a service ignores
// them or refuses the request as a parameter error, never serves
// another answer.
var frameworkMembers = []clientMember{
	{"callback", []any{"jQuery371024881035281912_1767225600000", "angular.callbacks._0", "cb"}},
	{"jsonp", []any{"__jp0", true}},
	{"jsonpCallback", []any{"handleResponse"}},
	{"cb", []any{"cb1767225600000"}},
	{"_", []any{json.Number("1767225600000")}},
	{"_method", []any{http.MethodDelete, http.MethodPut, http.MethodPatch, http.MethodGet}},
	{"_format", []any{"xml", "html", "csv"}},
	{"output", []any{"xml", "jsonp"}},
	{"dataType", []any{"jsonp", "xml"}},
	{"responseType", []any{"text", "blob"}},
	{"$format", []any{"xml", "atom"}},
	{"envelope", []any{true, "false"}},
	{"suppress_response_codes", []any{true}},
}

// frameworkMember draws, for half of the dressed bodies, one member of
// frameworkMembers that is neither the endpoint's own nor in the body or
// the dress already, apart from the rest of the dress (so that it is
// the same whatever is drawn here).
func frameworkMember(d uint64, own map[string]rules.Property, body map[string]any, dress []dressMember) (dressMember, bool) {
	g := rand.New(rand.NewPCG(d, 0x6672616d65776b)) // "framewk"
	if g.IntN(2) == 0 {
		return dressMember{}, false
	}
	m := frameworkMembers[g.IntN(len(frameworkMembers))]
	v := m.values[g.IntN(len(m.values))]
	_, named := own[m.name]
	_, has := body[m.name]
	if named || has || slices.ContainsFunc(dress, func(o dressMember) bool { return o.name == m.name }) {
		return dressMember{}, false
	}
	return dressMember{m.name, v}, true
}
