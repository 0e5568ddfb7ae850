package conformance

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// Requests no client means to send and every client sends one day: a
// path that names no operation, a body over the size limit, another
// Content-Type, an Authorization header of another form. What the target
// does with them is mostly its own choice (docs/contract.md §C1, §C2,
// §C10), but whatever it answers is an answer: JSON, in a JSON
// Content-Type (§1.1: statements C1.contentType, C1.charset, C1.jsonText),
// which the rules over every answer judge; and a header that carries no
// Bearer key is no key at all (§5, §C2: C2.noKey), on every endpoint.

// wireRequest is one such request: where it goes, the headers it replaces
// and its body; show is the body a finding shows (a body of a megabyte is
// described, not quoted).
type wireRequest struct {
	ep   *contract.Endpoint // nil: a path of no operation
	path string
	role string // the role the rules judge the request as ("none": no key)
	// auth is Authorization as sent, "{key}" standing for keyRole's key
	// ("" : the usual for role); keyRole "" is role.
	auth, keyRole string
	// drawn, when its auth is set, is Authorization as sent and as
	// shown, in the place of auth (keyforms.go).
	drawn drawnForm
	// headers are more header lines sent ("Name: value", "{key}" as in
	// auth), added after Authorization; query is a query string the path
	// gets ("name={key}").
	headers []string
	query   string
	ctype   string // Content-Type; "-" : none; "" : the usual
	body    []byte
	show    string
	method  string
}

// sendWire sends w through the run's one client (the rate, the slots,
// the scrubber) and has the rules judge its answer like every other.
func (t *T) sendWire(w wireRequest) *Exchange {
	h := http.Header{}
	if w.keyRole == "" {
		w.keyRole = w.role
	}
	key := t.r.keys.KeyFor(w.keyRole)
	if w.drawn.auth != "" {
		h.Set("Authorization", w.drawn.auth)
	} else if w.auth != "" {
		h.Set("Authorization", keyForm(w.auth, key))
	} else if w.role != "none" && key != "" {
		h.Set("Authorization", "Bearer "+key)
	} else {
		h["Authorization"] = nil
	}
	var shown []string
	for _, line := range w.headers {
		name, value, _ := strings.Cut(line, ": ")
		h.Add(name, keyForm(value, key))
		shown = append(shown, name+": "+authShown(value, w.keyRole))
	}
	path, showPath := w.path, w.path
	if w.query != "" {
		path, showPath = w.path+"?"+keyForm(w.query, key), w.path+"?"+authShown(w.query, w.keyRole)
	}
	switch w.ctype {
	case "":
	case "-":
		h["Content-Type"] = nil
	default:
		h.Set("Content-Type", w.ctype)
	}
	if w.method == "" {
		w.method = http.MethodPost
	}
	show := w.show
	if show == "" {
		show = string(w.body)
	}
	x := &Exchange{Req: Request{Method: w.method, Path: showPath, Key: w.role, Body: show,
		Authorization: authShown(w.auth, w.keyRole), Headers: shown, ContentType: w.ctype}}
	if w.drawn.auth != "" {
		x.Req.Authorization = w.drawn.shown
	}
	defer t.slot()()
	t.depth++
	a, err := t.r.client.svc.SendHeaders(t.ctx, w.method, path, h, w.body)
	if a.Status != 0 {
		x.Status, x.ContentType = a.Status, a.Header.Get("Content-Type")
	}
	if err != nil {
		x.Err = err
		return x
	}
	x.Body = readAnswer("", a.Header.Get("Content-Encoding"), a.Body)
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	t.r.observeAt(w.ep, x)
	return x
}

// authShown is an Authorization form as a finding shows it: the key as
// the shell variable a curl line reads it from, never its value.
func authShown(form, role string) string {
	if form == "" {
		return ""
	}
	v := keyVars[role]
	if v == "" {
		v = keyVars["read"]
	}
	return strings.NewReplacer("{key}", "${"+v+"}", "{KEY}", `$(printf %s "$`+v+`" | tr a-zA-Z A-Za-z)`,
		"{key-}", "${"+v+"%?}", "{-key}", "${"+v+"#?}", "{basic}", `$(printf %s: "$`+v+`" | base64)`,
		"{wide}", `$(printf %s "$`+v+`" | perl -CS -pe 's/([!-~])/chr(ord($1)+0xFEE0)/ge')`, "{key.}", "${"+v+"}.").Replace(form)
}

// keyForm is an Authorization form with key written into it: "{key}"
// the key, "{KEY}" the key in the other letter case, "{key-}" the key
// without its last character, "{-key}" without its first, "{basic}"
// the key as the user name of HTTP Basic credentials (base64 of
// "<key>:", as some services take an API key), "{wide}" the key in
// full-width letters (spellings.go) and "{key.}" the key with a full
// stop after it.
func keyForm(form, key string) string {
	short, tail := key, key
	if key != "" {
		short, tail = key[:len(key)-1], key[1:]
	}
	basic := base64.StdEncoding.EncodeToString([]byte(key + ":"))
	return strings.NewReplacer("{key}", key, "{KEY}", swapCase(key), "{key-}", short, "{-key}", tail, "{basic}", basic,
		"{wide}", fullWidth(key), "{key.}", key+".").Replace(form)
}

// swapCase writes each ASCII letter of a key in the other case: a key
// nobody issued, unless the key has no letter (caseless).
func swapCase(key string) string {
	b := []byte(key)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

// jsonAnswer asserts x is an answer in JSON: a JSON object with a JSON
// Content-Type (the rules say the same of every answer; the check shows
// the request that broke it, with its curl line).
func (t *T) jsonAnswer(x *Exchange, what string) map[string]any {
	if x.Err != nil {
		t.Errorf(x, "%s: no answer: %v", what, x.Err)
		return nil
	}
	ct, _, body := answerFaults(x)
	if ct != "" || body != "" {
		t.Errorf(x, "%s: HTTP %d, %s", what, x.Status, strings.TrimPrefix(strings.TrimSpace(ct+"; "+body), "; "))
		return nil
	}
	return t.object(x)
}

// unknownOperation is a path under the API prefix that names no operation.
const unknownOperation = contract.PathPrefix + "rtq-conform/noSuchOperation"

// checkUnknownPath: a path under the API prefix that names no operation
// is answered in JSON, never with a web server's HTML page; which code
// and shape is the kit's choice (§C1).
// Beside it go an operation's paths as a client joins and misspells
// them (paths.go).
func checkUnknownPath(t *T) {
	t.each(2, func(t *T, i int) {
		if i == 1 {
			checkPathVariants(t)
			return
		}
		x := t.sendWire(wireRequest{path: unknownOperation, role: "read", body: []byte(`{}`)})
		if obj := t.jsonAnswer(x, "POST "+unknownOperation); obj != nil {
			if c, ok := intOf(obj["code"]); ok && c == 0 {
				t.Errorf(x, "POST %s, a path that names no operation, was answered with a success (code 0)", unknownOperation)
			}
		}
	})
}

// oversize is how far past the contract's size limit the oversized body goes.
const oversize = 1024

// checkBodyTooLarge: a body just over the size limit (docs/contract.md
// §C10) is answered in JSON, by every operation (a proxy may limit the
// bodies of one operation's path and not another's). A target may read
// it whole (the limit is the kit's) or refuse it; a front proxy's HTML
// page is neither. The read key sends it: on verify, no write.
func checkBodyTooLarge(t *T) {
	pad := contract.MaxBodyBytes + oversize
	raw := []byte(`{"rtq_conform_padding":"` + strings.Repeat("a", pad) + `"}`)
	eps := faultEndpoints(t.runSeed(), "transport.bodyTooLarge", len(contract.Endpoints))
	t.each(len(eps), func(t *T, i int) {
		ep := eps[i]
		w := wireRequest{ep: &ep, path: ep.Path(), role: "read", body: raw,
			show: fmt.Sprintf(`{"rtq_conform_padding":"a…a"} (%d bytes: %d a's)`, len(raw), pad)}
		x := t.sendWire(w)
		if svcclient.Closed(x.Err) {
			// A target that answers 413 from the Content-Length and
			// closes resets the connection on the body it did not read;
			// the reset can throw its answer away before a loaded client
			// reads it. A careful client's way to send a large body
			// settles it: with Expect: 100-continue the refusal comes
			// before the body goes. Closing on that too is a finding.
			w.headers = []string{"Expect: 100-continue"}
			x = t.sendWire(w)
		}
		t.jsonAnswer(x, fmt.Sprintf("%s: a body of %d bytes, over the size limit of %d", ep.Name, len(raw), contract.MaxBodyBytes))
	})
}

// otherContentTypes are request Content-Types a careless client sends:
// reading the body anyway is the kit's choice (§C1), answering HTML is not.
var otherContentTypes = []string{"text/plain", "-"}

// checkRequestContentType: a request of another Content-Type, or none,
// is answered in JSON (a success or an error, §C1: KIT).
func checkRequestContentType(t *T) {
	t.each(len(otherContentTypes), func(t *T, i int) {
		ct := otherContentTypes[i]
		x := t.sendWire(wireRequest{ep: &contract.GetFormList, path: contract.GetFormList.Path(), role: "read", ctype: ct, body: []byte(`{}`)})
		what := "Content-Type " + ct
		if ct == "-" {
			what = "no Content-Type"
		}
		t.jsonAnswer(x, what)
	})
}

// authForm is one Authorization header of another form than
// "Bearer <key>", with the key of the role the endpoint needs; or the
// key sent elsewhere than in Authorization (form ""): in another header
// or in the query string, or in a second Authorization header.
type authForm struct {
	form, what string
	// drawn, when not "", says the form is drawn from the space of
	// keyforms.go: a misplaced key ("none") or a key near ours ("bad").
	drawn   string
	headers []string // more header lines, as wireRequest.headers
	query   string   // the query string, as wireRequest.query
}

// noBearerKey are forms that carry no Bearer key: §5 asks for
// "Authorization: Bearer <API_KEY>", so each is a missing or malformed
// key (§C2: never a success, on every endpoint).
var noBearerKey = []authForm{
	{form: "Bearer", what: "the scheme alone"},
	{form: "Bearer ", what: "Bearer and an empty key"},
	{form: "Bearer{key}", what: "Bearer and the key without a space"},
	{form: "Basic {key}", what: "the key under another scheme (Basic)"},
	{form: "{key}", what: "the key without a scheme"},
	{form: "Bearer {KEY}", what: "the key in another letter case, a key nobody issued"},
}

// unissuedKeys are keys nobody issued made from an issued one: each
// shares a prefix or a suffix with it (the key with one character more
// or less at either end), as a key mistyped or cut short when pasted
// does, or spells it as it was not issued, as the identifiers of the
// run are respelt (spellings.go, typedforms.go): in full-width letters,
// which Unicode compatibility normalisation (NFKC) folds back, or with
// the full stop a key pasted from a sentence ends with. A target that
// compares only part of a key (its first characters, an indexed prefix,
// a LIKE), or normalises what it reads before it compares (a middleware
// that folds every header, a trimmer), takes some of them; §5 and §C2
// refuse them all, as any key nobody issued.
var unissuedKeys = []authForm{
	{form: "Bearer {key}0", what: "the key with one more character at its end, a key nobody issued"},
	{form: "Bearer {key-}", what: "the key without its last character, a key nobody issued"},
	{form: "Bearer 0{key}", what: "the key with one more character at its start, a key nobody issued"},
	{form: "Bearer {-key}", what: "the key without its first character, a key nobody issued"},
	{form: "Bearer {wide}", what: "the key in full-width letters, a key nobody issued"},
	{form: "Bearer {key.}", what: "the key with a full stop after it, a key nobody issued"},
}

// keyNotBearer are the ways a tester tries to pass the key other than
// "Authorization: Bearer <key>", each a request a framework's fallback
// or a gateway's leniency may take: another scheme (Token, as Django
// REST framework reads it; the key as Basic credentials' user name), no
// Authorization header and the key in the query string (api_key;
// access_token, RFC 6750 §2.3) or in the other headers clients put keys
// in (keyHeaders, all in one request: a target that reads any of them
// serves it), and two
// Authorization headers, the first a key nobody issued (RFC 9110 §5.3:
// Authorization is one field; a target that reads the last, or any,
// takes a key the request's first Authorization does not carry). §5
// asks for "Authorization: Bearer <API_KEY>" and §C2 refuses a missing
// or malformed one: none is ever a success.
var keyNotBearer = []authForm{
	{form: "Token {key}", what: "the key under another scheme (Token)"},
	{form: "Basic {basic}", what: "the key as the user name of Basic credentials"},
	{query: "api_key={key}", what: "no Authorization, the key in the query string (api_key)"},
	{query: "access_token={key}", what: "no Authorization, the key in the query string (access_token)"},
	{headers: keyHeaders, what: "no Authorization, the key in the other headers clients send keys in (" + headerNames(keyHeaders) + ")"},
	{form: "Bearer {key}0", headers: []string{"Authorization: Bearer {key}"}, what: "two Authorization headers, the first a key nobody issued"},
}

// commonKeyPlaces is the key in every common place at once, without
// Authorization: the query parameters a share page, an OAuth client or
// a gateway sends it in (token, access_token, api_key) and keyHeaders.
// A target that reads any of them alone serves it.
var commonKeyPlaces = authForm{query: "token={key}&access_token={key}&api_key={key}", headers: keyHeaders,
	what: "no Authorization, the key in the query (token, access_token, api_key) and in the other headers clients send keys in (" + headerNames(keyHeaders) + ")"}

// keyHeaders are the headers other than Authorization that clients and
// gateways carry an API key in: an API gateway's X-API-Key (and its
// other spellings), the X-Access-Token and X-Auth-Token of mobile SDKs
// and single-page apps, a bare Token or Access-Token, and a Bearer
// header under another name (X-Authorization, which proxies that eat
// Authorization leave alone; Authentication, a common misnomer). The
// contract reads a key only from Authorization (§5): a key in any of
// them is no key.
var keyHeaders = []string{
	"X-API-Key: {key}", "X-Access-Token: {key}", "X-Auth-Token: {key}", "X-Token: {key}", "Api-Key: {key}",
	"Access-Token: {key}", "Token: {key}", "X-Authorization: Bearer {key}", "Authentication: Bearer {key}",
}

// plainKeyHeaders are the header lines of lines that --plain-requests
// sends: Authorization and X-API-Key only. A front that refuses unusual
// headers refuses the others before the service reads them, so under
// the flag the key goes in the one other header such fronts let through,
// and the rest of keyHeaders are left to runs without it.
func plainKeyHeaders(lines []string) []string {
	var out []string
	for _, l := range lines {
		name, _, _ := strings.Cut(l, ":")
		if strings.EqualFold(name, "Authorization") || strings.EqualFold(name, "X-API-Key") {
			out = append(out, l)
		}
	}
	return out
}

// headerNames are the names of header lines, joined for a finding.
func headerNames(lines []string) string {
	names := make([]string, len(lines))
	for i, l := range lines {
		names[i], _, _ = strings.Cut(l, ":")
	}
	return strings.Join(names, ", ")
}

// otherSpellings are forms RFC 9110 §11.1 reads as "Bearer <key>" (the
// scheme is case-insensitive, one or more spaces follow it): accepting
// or refusing them is the target's choice; only the answer's JSON is
// judged.
var otherSpellings = []authForm{
	{form: "bearer {key}", what: "the scheme in lower case"},
	{form: "BEARER {key}", what: "the scheme in upper case"},
	{form: "Bearer  {key}", what: "two spaces after the scheme"},
}

// authMalformed: every form of noBearerKey on getFormList, and one of
// them (picked by the seed) on every other endpoint, is refused; the
// other spellings of a good key are answered in JSON.
func authMalformed(seed uint64) func(t *T) {
	return func(t *T) {
		type send struct {
			ep    contract.Endpoint
			f     authForm
			refus bool
			as    string // the role the rules judge it as
		}
		var sends []send
		for _, ep := range contract.Endpoints {
			if ep == contract.GetFormList {
				for _, f := range noBearerKey {
					sends = append(sends, send{ep, f, true, "none"})
				}
				for _, f := range unissuedKeys {
					sends = append(sends, send{ep, f, true, "bad"})
				}
				// A word before the key (keyWords: a scheme, Bearer
				// itself), one the seed picks: the key a client sends
				// that prefixes a value already holding a scheme.
				w := keyWords[pick(seed, "auth.malformed word", len(keyWords))]
				sends = append(sends, send{ep, authForm{form: "Bearer " + w + " {key}", what: "a word (" + w + ") before the key, a key nobody issued"}, true, "bad"})
				for _, f := range keyNotBearer {
					sends = append(sends, send{ep, f, true, notBearerRole(f)})
				}
				for _, f := range otherSpellings {
					sends = append(sends, send{ep, f, false, ""})
				}
				continue
			}
			// Every other endpoint, verify included: one malformed
			// Bearer form, the key in every common place at once
			// without Authorization, and a drawn Authorization of
			// another scheme and a drawn key near ours (keyforms.go).
			sends = append(sends, send{ep, noBearerKey[pick(seed, "auth.malformed "+ep.Name, len(noBearerKey))], true, "none"},
				send{ep, commonKeyPlaces, true, "none"},
				send{ep, authForm{drawn: "none", what: "the key in another place of Authorization, drawn"}, true, "none"},
				send{ep, authForm{drawn: "bad", what: "a key near ours, drawn: a key nobody issued"}, true, "bad"})
		}
		t.each(len(sends), func(t *T, i int) {
			s := sends[i]
			role := "read"
			if s.ep.Write && t.hasKey("write") {
				role = "write" // a target that took the form would let this key write
			}
			ep := s.ep
			key := t.r.keys.KeyFor(role)
			if strings.Contains(s.f.form, "{KEY}") && swapCase(key) == key {
				t.Notef("%s: not sent, the %s key has no letter", s.f.what, role)
				return
			}
			if s.as == "bad" && s.f.drawn == "" && t.r.issued(strings.TrimPrefix(keyForm(s.f.form, key), "Bearer ")) {
				t.Notef("%s: not sent, it is an issued key", s.f.what)
				return
			}
			headers := s.f.headers
			if t.r.opts.PlainRequests {
				headers = plainKeyHeaders(headers)
			}
			w := wireRequest{ep: &ep, path: ep.Path(), role: role, auth: s.f.form, headers: headers, query: s.f.query, body: marshal(t.probeBody(ep))}
			if s.f.drawn != "" {
				w.drawn = drawnAuth(seed, ep, s.f.drawn, role, key, t.r.issued)
				if w.drawn.auth == "" {
					t.Notef("%s: no form drawn", ep.Name)
					return
				}
			}
			if s.refus {
				w.role, w.keyRole = s.as, role // the rules judge it as a call without a key, or with a key nobody issued
			}
			x := t.sendWire(w)
			if s.refus {
				t.authFailure(x, ep, authWhat(x.Req)+" ("+s.f.what+")")
				return
			}
			if obj := t.jsonAnswer(x, "Authorization: "+x.Req.Authorization+" ("+s.f.what+")"); obj != nil {
				c, _ := intOf(obj["code"])
				t.Notef("%s: code %d", s.f.what, c)
			}
		})
	}
}

// notBearerRole is the role the rules judge a form of keyNotBearer as:
// a call with a key nobody issued when its Authorization carries one,
// else a call without a key.
func notBearerRole(f authForm) string {
	if strings.HasPrefix(f.form, "Bearer ") {
		return "bad"
	}
	return "none"
}

// authWhat says how a request of auth.malformed carried its key, for a
// finding.
func authWhat(r Request) string {
	var parts []string
	if r.Authorization != "" {
		parts = append(parts, "Authorization: "+r.Authorization)
	} else {
		parts = append(parts, "no Authorization")
	}
	parts = append(parts, r.Headers...)
	if _, q, ok := strings.Cut(r.Path, "?"); ok {
		parts = append(parts, "query "+q)
	}
	return strings.Join(parts, ", ")
}

// wireChecks are the checks of this file.
func wireChecks(seed uint64) []Check {
	return []Check{
		{ID: "transport.unknownPath", Endpoint: "*", Section: "1.1", Severity: Must, run: checkUnknownPath},
		{ID: "transport.bodyTooLarge", Endpoint: "*", Section: "1.1", Severity: Must, run: checkBodyTooLarge},
		{ID: "transport.requestContentType", Endpoint: contract.GetFormList.Name, Section: "1.1", Severity: Must, run: checkRequestContentType},
		{ID: "transport.requestForms", Endpoint: contract.GetFormList.Name, Section: "1.1", Severity: Must, run: checkRequestForms},
		{ID: "transport.clientProfiles", Endpoint: "*", Section: "1.1", Severity: Must, run: relClientProfiles},
		{ID: "transport.protocols", Endpoint: "*", Section: "1.1", Severity: Must, run: checkProtocols},
		{ID: "auth.malformed", Endpoint: "*", Section: "5", Severity: Must, run: authMalformed(seed)},
	}
}

// issued says whether key is one of the keys the run was given.
func (r *runner) issued(key string) bool {
	for _, k := range []string{r.keys.Read, r.keys.Write, r.keys.Limited, r.keys.OtherOrg} {
		if k != "" && k == key {
			return true
		}
	}
	return key == ""
}
