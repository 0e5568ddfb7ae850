package foreign

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// maxBody is the most of a request body the service reads.
const maxBody = 1 << 20

// Server is the foreign service: an http.Handler. Its data set is fixed;
// only the certificate statuses of credential records change (verify).
type Server struct {
	opts Options
	data *dataset

	mu    sync.Mutex
	certs map[int64]*certState
	// handles are the page tokens a server-side-token variant issued.
	handles map[string]pageHandle
	// b5cache is a bug's 1 s cache of credential statuses.
	b5cache map[int64]b5Cached
	// b6 is what round 6's bugs remember between requests.
	b6 b6State
	// b7 is what round 7's bugs remember between requests.
	b7 b7State
	// b8 is what round 8's bugs remember between requests.
	b8 b8State
	// a6 is what adversarial round 6's bugs and variants remember.
	a6 a6State
	// a7 is what adversarial round 7's bugs remember.
	a7 a7State
	// b11 is what round 11's bugs remember between requests.
	b11 b11State
	// a10 is what adversarial round 10's bugs remember.
	a10 a10State
	// a11 is what adversarial round 11's bugs and variants remember.
	a11 a11State
	// a14 is what adversarial round 14's bugs and variants remember.
	a14 a14State
	// a15 is what adversarial round 15's bugs and variants remember.
	a15 a15State
	// serial says the server answers one request at a time (a Witness
	// runs each request through its builds in turn, under one lock): no
	// request can come beside another, so a racing bug's slow step does
	// not wait for one (a10Meet). With every bug on, each verify went
	// through some 1,600 builds, each waiting out its slow step.
	serial bool
	// now is the clock of verifies (time.Now; a Witness gives its twins one).
	now func() time.Time
}

// certState is a credential record's current status and the moves made.
type certState struct {
	status  *status
	changes []change
	// verified: a verify moved it since the last reset.
	verified bool
	// verifiedAt are the times of those verifies (Unix seconds).
	verifiedAt []int64
}

// New builds a service with the given choices (Defaults, MockLike, or
// either with members changed).
func New(opts Options) *Server {
	if opts.Message == "" {
		opts.Message = Defaults().Message
	}
	if opts.is(VariantB1OptionalMembers) {
		opts.OptionalAsNull = true
	}
	if opts.is(VariantB1ChineseMessages) {
		opts.Message = "操作成功"
	}
	if opts.is(VariantA1EmptyMessage) {
		opts.Message = ""
	}
	if opts.is(VariantB6OversizeClamp) {
		opts.Oversize = OversizeClamp
	}
	if opts.is(VariantB6ReversedRefused) {
		opts.ReversedWindow = ReversedRefuse
	}
	if opts.is(VariantB7SearchSubstring) {
		opts.Search = SearchSubstring
	}
	if opts.is(VariantB11HTTPMirror) {
		opts.Status = StatusMirror
	}
	opts.bugSet = map[Bug]bool{}
	for _, b := range opts.bugs() {
		opts.bugSet[b] = true
	}
	s := &Server{opts: opts, data: build(opts.Examples), now: time.Now}
	s.data.a5URLs = opts.a5URLVariant()
	s.Reset()
	return s
}

// Reset puts every credential record back in the status the data set
// gives it; one that does not start in its flow's first status shows the
// move that brought it there, as a real service's history would.
func (s *Server) Reset() {
	certs := map[int64]*certState{}
	for _, r := range s.data.records {
		if r.cert == nil || r.form == nil || r.form.flow == nil {
			continue
		}
		st := &certState{status: r.form.flow.ref(r.cert.start)}
		if first := r.form.flow.statuses[0]; st.status != first {
			st.changes = []change{{from: first, to: st.status}}
		}
		certs[r.id] = st
	}
	s.mu.Lock()
	s.certs = certs
	s.b5cache = nil
	s.b6.replays = nil
	s.b7.searches = nil
	s.b8.windows = nil
	s.a6Reset()
	s.a7Reset()
	s.b11 = b11State{}
	s.a10Reset()
	s.a11Reset()
	s.a14Reset()
	s.a15Reset()
	s.mu.Unlock()
}

// endpoint is one operation: its path, error shape and handler.
type endpoint struct {
	name  string
	shape shape
	serve func(s *Server, k *apiKey, p params) (any, *apiError)
}

var endpoints = []endpoint{
	{"record/getRecord", shapeRecord, (*Server).getRecord},
	{"certificates/verify", shapeVerify, (*Server).verify},
	{"record/getFormList", shapeFormList, (*Server).getFormList},
	{"templates/list", shapeTemplates, (*Server).listTemplates},
	{"templates/listQrcodes", shapeTemplates, (*Server).listQrcodes},
}

const pathPrefix = "/api/v2/rpc/"

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.b8Negotiated(w, r, func(w http.ResponseWriter) { s.serveHTTP(w, r) }) {
		return
	}
	s.serveHTTP(w, r)
}

// serveHTTP answers one request as the service writes it.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if s.opts.ResetPath != "" && r.URL.Path == s.opts.ResetPath && r.Method == http.MethodPost {
		s.Reset()
		s.write(w, http.StatusOK, o("code", 0, "message", s.opts.Message, "data", obj{}))
		return
	}
	w = s.a6Writer(w, r)
	defer a6Close(w)
	w, deflated := s.a7Writer(w, r)
	defer deflated()
	w, kept := s.a8Writer(w, r)
	defer kept()
	w, rewritten := s.a9Writer(w)
	defer rewritten()
	w, jsonp := s.a11Writer(w, r)
	defer jsonp()
	ae := r.Header.Get("Accept-Encoding")
	if s.opts.is(VariantB2Gzip) && acceptsGzip(ae) || s.opts.has(BugA3GzipQZero) && strings.Contains(ae, "gzip") || s.opts.has(BugA2AlwaysGzip) {
		gz := &gzipWriter{ResponseWriter: w}
		defer gz.close()
		w = gz
	}
	w, r, a13done := s.a13Writer(w, r)
	defer a13done()
	w, r, a14done := s.a14Writer(w, r)
	defer a14done()
	w, a15done := s.a15Writer(w, r)
	defer a15done()
	// htmlErrors: a bug renders errors as HTML for a request that does not
	// ask for JSON in its Accept header.
	htmlErrors := s.opts.has(BugA2HTMLWithoutAcceptJSON) && !strings.Contains(r.Header.Get("Accept"), "json")
	fail := func(sh shape, e *apiError) {
		e.html = e.html || htmlErrors
		e.textPlain = e.textPlain || s.a6TextPlain(r)
		s.fail(w, sh, e)
	}
	if s.a15Front(w, r) || s.a13Front(w, r) || s.a10Front(w, r) || s.a8Front(w, r) || s.a9Front(w, r) || s.a7Path(w, r) {
		return
	}
	ep := lookup(r.URL.Path)
	if ep == nil {
		e := s.unknownPath()
		e.html = s.opts.has(BugA1UnknownPathHTML)
		e.textPlain = s.opts.has(BugB7UnknownPathSniffed)
		fail(shapeGeneric, e)
		return
	}
	if r.Method != http.MethodPost && !(s.opts.has(BugGetServedAsPost) && r.Method == http.MethodGet) {
		w.Header().Set("Allow", http.MethodPost)
		if s.opts.is(VariantA13AllowOptions) {
			w.Header().Set("Allow", "OPTIONS, POST")
		}
		if s.opts.has(BugB3MethodPlainText) {
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		fail(ep.shape, &apiError{code: 405, errorCode: 100405, message: "Method Not Allowed",
			detail: "only POST is served, got " + r.Method})
		return
	}
	if h := strings.TrimSpace(r.Header.Get("Authorization")); s.opts.has(BugB3MalformedAuthEmpty) && h != "" && bearer(h) == "" &&
		!strings.EqualFold(h, "Bearer") {
		w.Header().Set("WWW-Authenticate", "Bearer")
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	k := s.data.key(bearer(r.Header.Get("Authorization")))
	if k == nil && s.opts.has(BugB3KeyCaseless) {
		k = s.data.keyFold(bearer(r.Header.Get("Authorization")))
	}
	if k == nil && s.opts.has(BugA2KeyPrefixOnly) {
		k = s.data.keyByPrefix(bearer(r.Header.Get("Authorization")))
	}
	if k == nil && s.opts.has(BugB2QrcodesBadKey) && ep.name == "templates/listQrcodes" && bearer(r.Header.Get("Authorization")) != "" {
		k = &s.data.keys[0]
	}
	if k == nil && s.opts.has(BugA1EmptyBearerReads) && strings.EqualFold(strings.TrimSpace(r.Header.Get("Authorization")), "Bearer") {
		k = &s.data.keys[0]
	}
	if k == nil && s.opts.has(BugA3TokenSchemeAccepted) {
		if scheme, key, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " "); ok && strings.EqualFold(scheme, "Token") {
			k = s.data.key(strings.TrimSpace(key))
		}
	}
	if k == nil && s.opts.has(BugA3KeyInQuery) && r.Header.Get("Authorization") == "" {
		k = s.data.key(r.URL.Query().Get("api_key"))
	}
	if k == nil && s.opts.has(BugB5TemplatesNoKeyPublic) && ep.name == "templates/list" && strings.TrimSpace(r.Header.Get("Authorization")) == "" {
		k = &s.data.keys[0]
	}
	if k == nil && s.opts.has(BugB6ShareURLNoKey) && ep.name == "record/getRecord" {
		k = s.b6ShareKey(r)
	}
	if k == nil {
		k = s.b8Key(r)
	}
	if k == nil {
		k = s.b9TokenKey(ep.name, r)
	}
	if k == nil {
		k = s.b10PublicKey(ep.name, r)
	}
	if k == nil {
		k = s.a8Key(r)
	}
	if k == nil {
		k = s.b11Key(ep.name, r)
	}
	if k == nil {
		k = s.b12Key(ep.name, r)
	}
	if k == nil {
		k = s.a9Key(ep.name, r)
	}
	if k == nil {
		k = s.a10Key(r)
	}
	if k == nil {
		k = s.a11Key(r)
	}
	if k == nil {
		k = s.a12Key(ep.name, r)
	}
	if k == nil {
		k = s.a13Key(r)
	}
	if k == nil {
		k = s.a14Key(r)
	}
	if k == nil {
		if s.opts.is(VariantB8WWWAuthenticate) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="rtq"`)
		}
		e := &apiError{code: 401, errorCode: 100401, message: "Unauthorized", detail: "missing or unknown API key"}
		if s.opts.is(VariantB1Auth403Always200) {
			e.code, e.errorCode, e.message = 403, 100403, "Forbidden"
		}
		s.b11Unauthorized(r, e)
		if s.b10AuthFail(w, ep.shape, e) {
			return
		}
		fail(ep.shape, e)
		return
	}
	k = s.a14Principal(r, k)
	if s.a12Front(w, r, ep.name) || s.a5LengthRequired(w, r, ep.shape) {
		return
	}
	raw, perr := s.a4Prepare(r)
	if perr != nil {
		fail(ep.shape, perr)
		return
	}
	p, perr := readParams(r, s.opts.has(BugB2ArrayBody) && ep.name == "record/getFormList", s.opts.has(BugB4NullBodyServed),
		s.opts.has(BugB5BodyTrailingData), s.opts.is(VariantB8EmptyBodyRefused))
	if perr == nil {
		perr = s.b8Strict(ep.name, r, p)
	}
	if perr == nil {
		s.a4Params(ep.name, raw, r, p)
		perr = s.a4RefusesRead(k, ep.name)
	}
	if perr == nil && s.dropsBody(r) {
		p = params{}
	}
	if perr == nil {
		p, perr = s.a8Params(ep.name, r, p)
	}
	if perr == nil && s.opts.is(VariantA2StrictIntegers) {
		perr = strictIntegers(p)
	}
	if perr != nil && perr.code == 413 && s.opts.has(BugA1BodyTooLargeHTML) {
		perr.html = true
	}
	if perr != nil {
		fail(ep.shape, perr)
		return
	}
	if s.a5Intercept(w, ep.name, p) {
		return
	}
	data, aerr := s.a15Serve(ep, k, p, r)
	if aerr != nil && aerr.param != "" && k.forms != nil && ep.name == "record/getFormList" && s.opts.has(BugA4LimitedErrorEnvelope) {
		s.a4LimitedEnvelope(w, aerr)
		return
	}
	if aerr != nil {
		fail(ep.shape, aerr)
		if s.opts.has(BugB5FormErrorTwoBodies) && ep.name == "record/getFormList" && aerr.param != "" {
			s.b5SecondBody(w)
		}
		return
	}
	if s.opts.has(BugB5VerifySuccessHTML) && ep.name == "certificates/verify" {
		data = b5Answer{data: data, contentType: "text/html; charset=utf-8"}
	}
	if s.opts.is(VariantA4VerifyCreated201) && ep.name == "certificates/verify" {
		data = a4Created{data}
	}
	if s.opts.is(VariantB4TraceID) && ep.name != "record/getRecord" {
		data = withTraceID{data}
	}
	s.succeed(w, data)
	if s.opts.has(BugB3TemplatesTrailingDebug) && ep.name == "templates/list" {
		_, _ = w.Write([]byte("\n<!-- profiler: 3 queries, 2.4 ms -->\n"))
	}
}

// dropsBody says whether a bug reads this request's body as no
// parameters: a Content-Type other than exactly application/json, or a
// body sent without a Content-Length (chunked).
func (s *Server) dropsBody(r *http.Request) bool {
	return s.opts.has(BugA2ContentTypeParamsDrop) && r.Header.Get("Content-Type") != "application/json" ||
		s.opts.has(BugA2ChunkedBodyIgnored) && r.ContentLength < 0
}

func lookup(path string) *endpoint {
	name, ok := strings.CutPrefix(path, pathPrefix)
	if !ok {
		return nil
	}
	for i := range endpoints {
		if endpoints[i].name == name {
			return &endpoints[i]
		}
	}
	return nil
}

// bearer returns the key of a "Bearer <key>" header ("" when malformed);
// the scheme is case-insensitive (RFC 9110 §11.1).
func bearer(h string) string {
	scheme, key, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(key)
}

// params is a request body: a JSON object, numbers kept as written.
type params map[string]any

// readParams reads a body; arrayAsEmpty serves a JSON array as {},
// nullAsEmpty JSON null, and trailingOK ignores what follows the first
// value (bugs); emptyRefused refuses an empty body (a variant).
func readParams(r *http.Request, arrayAsEmpty, nullAsEmpty, trailingOK, emptyRefused bool) (params, *apiError) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, paramError("body", "the request body could not be read")
	}
	if len(raw) > maxBody {
		return nil, &apiError{code: 413, errorCode: 100301, message: "Request Entity Too Large",
			detail: "the request body is larger than 1 MiB"}
	}
	if len(bytes.TrimSpace(raw)) == 0 && emptyRefused {
		return nil, paramError("body", "the request body must be a JSON object, got an empty body")
	}
	if len(bytes.TrimSpace(raw)) == 0 || arrayAsEmpty && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
		return params{}, nil
	}
	if !utf8.Valid(raw) {
		return nil, paramError("body", "the request body is not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var p map[string]any
	if err := dec.Decode(&p); err != nil || p == nil && !nullAsEmpty {
		return nil, paramError("body", "the request body must be a JSON object")
	}
	if p == nil {
		p = params{}
	}
	if _, err := dec.Token(); err != io.EOF && !trailingOK {
		return nil, paramError("body", "the request body must hold one JSON object")
	}
	return p, nil
}

// str reads a string member; null and absent are absent.
func (p params) str(name string) (string, bool, *apiError) {
	v, ok := p[name]
	if !ok || v == nil {
		return "", false, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", false, paramError(name, name+" must be a string")
	}
	return s, true, nil
}

// int reads an integer member, leniently as a PHP service does: 5, 5.0 and
// "5" are 5; null and absent are absent.
func (p params) int(name string) (int64, bool, *apiError) {
	v, ok := p[name]
	if !ok || v == nil {
		return 0, false, nil
	}
	bad := paramError(name, name+" must be an integer")
	switch v := v.(type) {
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return n, true, nil
		}
		f, err := v.Float64()
		if err != nil || f != float64(int64(f)) || f > 1e15 || f < -1e15 {
			return 0, false, bad
		}
		return int64(f), true, nil
	case string:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, false, bad
		}
		return n, true, nil
	}
	return 0, false, bad
}

// strictIntegers refuses an integer member written as a string or with a
// fraction or an exponent (a variant: no lenient reading).
func strictIntegers(p params) *apiError {
	for _, name := range []string{"page", "page_size", "record_id", "tpl_id", "code_id"} {
		v, ok := p[name]
		if !ok || v == nil {
			continue
		}
		if n, isNum := v.(json.Number); !isNum || strings.ContainsAny(string(n), ".eE") {
			return paramError(name, name+" must be a JSON integer")
		}
	}
	return nil
}

// acceptsGzip says whether an Accept-Encoding value accepts gzip: listed
// (in any case, or as x-gzip) with a weight above 0, or not listed and
// "*" with a weight above 0 (RFC 9110 §12.5.3).
func acceptsGzip(ae string) bool {
	weight := map[string]float64{}
	for _, elem := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(elem, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "x-gzip" {
			name = "gzip"
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		weight[name] = q
	}
	if q, ok := weight["gzip"]; ok {
		return q > 0
	}
	q, ok := weight["*"]
	return ok && q > 0
}

// gzipWriter compresses an answer (a variant: Content-Encoding gzip).
type gzipWriter struct {
	http.ResponseWriter
	z *gzip.Writer
}

func (g *gzipWriter) WriteHeader(status int) {
	g.Header().Set("Content-Encoding", "gzip")
	g.Header().Del("Content-Length")
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if g.z == nil {
		g.z = gzip.NewWriter(g.ResponseWriter)
	}
	return g.z.Write(b)
}

func (g *gzipWriter) close() {
	if g.z != nil {
		_ = g.z.Close()
	}
}
