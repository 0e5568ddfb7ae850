package foreign

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Adversarial round 14: bugs and correct variants written after reading
// the conformance runner of main while it drew a client, a key form,
// members and values for every request from spaces wide enough that no
// single request it could send seemed left out. The round aims past the
// single request, at what a service remembers between requests:
//
//   - a long-running server (PHP under Swoole with one worker, a Node
//     process, a Java singleton) keeps a static or a field from one
//     request to the next it serves: the format, page size, search key,
//     window, template, record, error code, host or time zone of an
//     earlier request leaks into a later one; a gateway caches the
//     principal per keep-alive connection and a server recycles its
//     worker after 100 requests of one connection;
//   - answers in a coding the runner cannot read (br): an edge cache
//     keyed by path, a brotli stream cut short;
//   - caches keyed wrongly: by an id local to a shard, by a code folded to
//     lower case, a scroll cursor that advances on every use;
//   - what a refusal leaves behind: a remembered target, a lock after
//     repeated refusals;
//   - calendar values no request holds: a leap day, a leap second; page
//     sizes between 11 and 19; ties in a relevance order.
//
// The variants differ from Defaults only where docs/contract.md allows:
// brotli and zstd where the request accepts them, a gzip stream with a
// file name or in two members, a keep-alive limit of 100 requests, media
// type parameters beyond charset, a json-ld @context object, page tokens
// holding ~, a Server-Timing trailer, a correct answer cache.

// The bugs of adversarial round 14.
const (
	BugA14KeepAliveNoKey          Bug = "a14-keep-alive-principal-without-key"
	BugA14KeepAliveUnknownKey     Bug = "a14-keep-alive-principal-unknown-key"
	BugA14KeepAliveCut100         Bug = "a14-keep-alive-100th-answer-cut"
	BugA14BrotliEdgeCache         Bug = "a14-brotli-edge-cache-key-path"
	BugA14BrotliTruncated         Bug = "a14-brotli-last-block-dropped"
	BugA14KeepAliveWriteScope     Bug = "a14-keep-alive-write-scope-kept"
	BugA14KeepAliveFirstOrg       Bug = "a14-keep-alive-first-organization"
	BugA14StaticVerifiedRecord    Bug = "a14-static-record-in-verify-answer"
	BugA14RefusedTargetKept       Bug = "a14-refused-target-kept-for-next"
	BugA14RefusalLock             Bug = "a14-five-refusals-lock-credential"
	BugA14StaticPageSize          Bug = "a14-static-form-page-size"
	BugA14StaticSearchKey         Bug = "a14-static-search-key"
	BugA14FormSizeSnap            Bug = "a14-form-page-size-teens-limit-20"
	BugA14SearchTiesPerPage       Bug = "a14-search-relevance-ties-per-page"
	BugA14ScrollToken             Bug = "a14-page-token-scroll-advances"
	BugA14StaticTemplate          Bug = "a14-static-qrcodes-template"
	BugA14LeapDay500              Bug = "a14-leap-day-bound-500"
	BugA14LeapSecond500           Bug = "a14-leap-second-bound-500"
	BugA14StaticWindow            Bug = "a14-static-time-window"
	BugA14StaticTimeZone          Bug = "a14-static-time-zone-iso"
	BugA14ShardLocalIDCache       Bug = "a14-shard-local-id-record-cache"
	BugA14CodeCacheFolded         Bug = "a14-certificate-code-cache-folded"
	BugA14RecordURLCacheFolded    Bug = "a14-record-url-cache-folded"
	BugA14CodingCacheFolded       Bug = "a14-template-coding-cache-folded"
	BugA14StaticRecordURLHost     Bug = "a14-static-record-url-host"
	BugA14StaticFormat            Bug = "a14-static-record-format"
	BugA14StaticJSONLDContext     Bug = "a14-static-jsonld-context-dropped"
	BugA14StaticErrorCode         Bug = "a14-static-verify-error-code"
	BugA14StaticCodeZero          Bug = "a14-static-form-error-code-zero"
	BugA14StaticRecordNotFound    Bug = "a14-static-record-not-found-served"
	BugA14StaticTemplatesStatus   Bug = "a14-static-templates-error-code-404"
	BugA14StaticUnknownTemplateOK Bug = "a14-static-unknown-template-served"
)

// The correct variants of adversarial round 14.
const (
	VariantA14Brotli          Variant = "a14-brotli-where-accepted"
	VariantA14Zstd            Variant = "a14-zstd-where-accepted"
	VariantA14GzipFileName    Variant = "a14-gzip-with-file-name"
	VariantA14GzipTwoMembers  Variant = "a14-gzip-two-members"
	VariantA14KeepAlive100    Variant = "a14-keep-alive-100-requests"
	VariantA14MediaTypeParams Variant = "a14-content-type-extra-parameter"
	VariantA14ContextObject   Variant = "a14-jsonld-context-object"
	VariantA14TokensTilde     Variant = "a14-page-tokens-with-tilde"
	VariantA14TimingTrailer   Variant = "a14-server-timing-trailer"
	VariantA14RecordCache     Variant = "a14-record-cache-evicted-on-move"
)

func adversarialRound14() Round {
	return Round{Name: "adversarial-14", Kind: "adversarial", Bugs: []BugInfo{
		// transport and clients
		{BugA14KeepAliveNoKey, "§5, §C2 (C2.noKey, must)", "the gateway authenticates a keep-alive connection once, as IIS's connection-based authentication does, and serves a later request on it without Authorization as the key the connection carried"},
		{BugA14KeepAliveUnknownKey, "§5, §C2 (C2.badKey, must)", "the gateway's per-connection principal cache re-resolves a changed key only when it is found: a key nobody issued, on a connection that carried ours, is served as ours"},
		{BugA14KeepAliveCut100, "§1.1, §C1 (C1.jsonText, must)", "the application server recycles its worker after the 100th request (max_requests 100) before the answer is flushed: the 100th answer of each keep-alive connection is cut in half"},
		{BugA14BrotliEdgeCache, "§4.1, §C2 (2.1.identity, C2.tenancy, C2.noKey, must)", "the edge caches its brotli-compressed answers keyed by path and Accept-Encoding (the origin's Vary names Accept-Encoding only, and POST caching was switched on for the RPC paths): a client that accepts br gets the first br answer the path got, another key's and another request's"},
		{BugA14BrotliTruncated, "§1.1, §C1 (C1.jsonText, must)", "the brotli filter drops the stream's last byte (the empty last meta-block's) when the upstream closes without a final flush: every br answer is a brotli stream no decoder finishes"},
		// auth and tenancy
		{BugA14KeepAliveWriteScope, "§5 item 3, §C2 (C2.writeScope, must)", "the per-connection principal keeps the widest scope it has seen: a read key's verify, on a connection a write key used before, is served with write permission"},
		{BugA14KeepAliveFirstOrg, "§4.1, §C2 (C2.tenancy, must)", "the tenant is resolved once per connection, from its first request's key: another organization's key, on a connection our key opened, acts in our organization"},
		// state and order
		{BugA14StaticVerifiedRecord, "§4.2 (4.2.successData, must)", "the worker keeps the record its last getRecord loaded in a static property, and verify's answer builder reads it (the kiosk flow reads a card, then redeems it): a verify after a read of another record describes that record"},
		{BugA14RefusedTargetKept, "§3.1, §C6 (3.1.next, C6 a refused verify changes nothing, must)", "the requested target is written to the credential's pending_status column before it is validated, and set_next_certificate_status moves to a pending status when there is one: after a refused move, the next set_next moves to the refused target (or is refused as unreachable)"},
		{BugA14RefusalLock, "§3.1, §C6 (3.1.move, C6 a refused verify changes nothing, must)", "an anti-guessing guard locks a credential after five refused verifies: its valid moves are then refused with 100319"},
		// paging and listings
		{BugA14StaticPageSize, "§4.3, §8 (8.formList.defaults, must)", "the list controller keeps page_size in a static property set when a request sends one: a request without page_size, after a request that sent one with it, gets the earlier size"},
		{BugA14StaticSearchKey, "§4.3 (4.3.total, 4.3.totalFilter, must)", "the search keyword is kept in a static property set when a request sends one: a request without search_key, after a request that sent one with it, is filtered by the earlier key"},
		{BugA14FormSizeSnap, "§4.3 (4.3.disjoint, must)", "page_size is snapped to the console's page-size selector (10, 20) for the LIMIT, while the OFFSET is computed from the size asked: page_size 11 to 19 gives 20 forms a page, pages overlapping"},
		{BugA14SearchTiesPerPage, "§4.3 (4.3.disjoint, 4.3.total, must)", "search hits are ordered by relevance score with no tiebreaker, and MySQL's LIMIT optimisation returns ties in another order on each page: later pages of a search repeat forms of earlier ones"},
		{BugA14ScrollToken, "§4.4, §4.5 (4.4.disjoint, 4.4.total, must)", "next_page_token is a server-side scroll id, as Elasticsearch's scroll: each use moves the cursor on, so a token used again gives the page after the one it gave before"},
		{BugA14StaticTemplate, "§4.5 (4.5.missingTemplate, must)", "listQrcodes keeps the template in a static property set when a request sends one: a request without template, after a request that sent one with it, lists the earlier template"},
		// time
		{BugA14LeapDay500, "§4.4, §C3 (C3.templates, C3.listQrcodes, must)", "the date validator's days-in-month table has no leap years, and its exception escapes the handler: a bound on 29 February is answered 500"},
		{BugA14LeapSecond500, "§4.4, §C3, §C5 (C3.templates, C3.listQrcodes, must)", "Python's datetime refuses second 60, which RFC 3339 allows, with a ValueError no handler catches: a bound at 23:59:60 is answered 500"},
		{BugA14StaticWindow, "§4.4, §4.5 (4.4.total, 4.4.startTime, 4.4.endTime, must)", "the list filter is a static property set when a request sends a bound: a first page without start_time and end_time, after a request that sent a window, is filtered by the earlier window"},
		{BugA14StaticTimeZone, "§1.3, §C1 (C1.timeZone, must)", "a request's timezone member calls date_default_timezone_set after its answer is written, and the zone stays with the worker: later answers on the connection write *_iso in that zone, still labelled (UTC+08:00)"},
		// identifiers and addressing
		{BugA14ShardLocalIDCache, "§4.1, §C2 (2.1.identity, C2.tenancy, must)", "getRecord answers are cached under the record id local to its shard (id mod 100000), which records of two shards share: 910001 and 810001 read each other's cached answer"},
		{BugA14CodeCacheFolded, "§C10 Identifiers are exact (7.unknownCode, must)", "certificate codes found once are cached under their lower-case form (a Redis key built with strtolower), and the cache is asked before the exact lookup: HX810001 names hx810001 once hx810001 was verified"},
		{BugA14RecordURLCacheFolded, "§C10 Identifiers are exact, §4.1 (4.1.notFound, must)", "record URLs read once are cached under their lower-case form: a URL whose code differs in case reads the record once its exact URL was read"},
		{BugA14CodingCacheFolded, "§C10 Identifiers are exact, §4.5 (4.5.unknownTemplate, must)", "template codings listed once are cached under their lower-case form: FXT3100 lists fxt3100's sub-codes once fxt3100 was listed"},
		{BugA14StaticRecordURLHost, "§4.1 (2.1.identity, must)", "the record URL builder keeps the host of the last URL it parsed in a static property: after a read by a URL under another host, record_url is written under that host"},
		// representations
		{BugA14StaticFormat, "§4.1 (4.1.defaultFormat, must)", "the format is a static property set when a request sends one: a getRecord without format, after a request that sent markdown, answers markdown"},
		{BugA14StaticJSONLDContext, "§2.2, §C7 (2.2.jsonld, must)", "the json-ld renderer's @context is a shared map the markdown renderer deletes from when it writes front matter: a json-ld answer after a markdown answer on the same worker has no @context"},
		// errors and their codes
		{BugA14StaticErrorCode, "§7 (7.conditions, 7.repeat, must)", "verify's error code is a static property the target check does not set: an unreachable or repeated target, after another refusal on the same worker, answers the earlier refusal's error_code"},
		{BugA14StaticCodeZero, "§4.3, §C1 (C1.badInput, must)", "the answer's code is a static property set by successes and by thrown exceptions, not by the validator: a getFormList parameter error after a success on the same worker answers code 0"},
		{BugA14StaticRecordNotFound, "§4.1 (4.1.notFound, 2.1.identity, must)", "the loaded record is a static property a failed lookup does not clear ($record = find($id) ?: $record): an unknown record, after a read on the same worker, answers the earlier record"},
		{BugA14StaticTemplatesStatus, "§4.4, §C3 (C3.templates, must)", "the templates controller's error status is a static property: a templates/list parameter error after a listQrcodes 404 on the same worker answers code 404"},
		{BugA14StaticUnknownTemplateOK, "§4.5 (4.5.unknownTemplate, must)", "listQrcodes keeps the template it found in a static property a failed lookup does not clear: an unknown template, after a listing on the same worker, lists the earlier template"},
	}, Variants: []VariantInfo{
		{VariantA14Brotli, "answers are brotli-compressed (Content-Encoding: br) for a request that accepts br, as Cloudflare and nginx's brotli module do",
			"§C1: the answer is JSON; RFC 9110 §12.5.3: a server may use any coding the request accepts; RFC 7932 defines br"},
		{VariantA14Zstd, "answers are zstd-compressed (Content-Encoding: zstd) for a request that accepts zstd",
			"§C1: the answer is JSON; RFC 9110 §12.5.3: any coding the request accepts; RFC 8878 §7.2 registers zstd"},
		{VariantA14GzipFileName, "gzip answers carry a file name and a modification time in their gzip header (precompressed with gzip's own tool)",
			"§C1: the answer is JSON; RFC 1952 §2.3: FNAME and MTIME are optional header fields of one gzip member"},
		{VariantA14GzipTwoMembers, "gzip answers are two gzip members one after the other (a streaming compressor that flushes a member per chunk, as pigz --independent)",
			"§C1; RFC 1952 §2.2: a gzip file consists of a series of members; RFC 9110 §8.4.1.3"},
		{VariantA14KeepAlive100, "every 100th answer of a keep-alive connection carries Connection: close, and the connection closes (nginx's keepalive_requests 100)",
			"§1.1: every operation is a POST over HTTP; RFC 9112 §9.6: a server may close a persistent connection after any answer that says so"},
		{VariantA14MediaTypeParams, "answers are labelled application/json; charset=utf-8; api-version=2",
			"§C1 (Response Content-Type): application/json, a charset when given utf-8; RFC 9110 §8.3.1: a media type may carry parameters"},
		{VariantA14ContextObject, "json-ld's @context is an object, {\"@vocab\": \"https://schema.org/\"}",
			"§2.2: an object with @context, ...; JSON-LD 1.1 §3.1: a context may be an object; §C7 (json-ld layout) is the kit's (KIT)"},
		{VariantA14TokensTilde, "page tokens are written with ~ where base64url has -",
			"§C5 (page_token, KIT): opaque; RFC 3986 §2.3: ~ is unreserved, URL-safe"},
		{VariantA14TimingTrailer, "answers are sent chunked with a Server-Timing trailer",
			"§C1; RFC 9112 §7.1.2: a chunked message may carry trailer fields; W3C Server Timing allows it in a trailer"},
		{VariantA14RecordCache, "getRecord answers are cached per key, request and format (X-Cache: HIT or MISS says which), and the cache is emptied by every successful verify and by a reset",
			"§4.1; §C6 (The move seen in getRecord): what a move changes shows in later reads, and a cache emptied on every move shows it"},
	}}
}

// a14Conn is what a long-running worker keeps between the requests of one
// keep-alive connection (the round's statics).
type a14Conn struct {
	first, last, write *apiKey
	n                  int
	format             string
	pageSize, search   any
	start, end         any
	template           any
	record             int64
	errCode            int
	ok                 bool
	lastEP             string
	lastStatus         int
	markdown           bool
	host               string
	zone               *time.Location
}

// a14State is what round 14's bugs and variants remember between requests.
type a14State struct {
	mu sync.Mutex
	// conns are the connections' principals and answer counts; worker is
	// the one worker's statics (a single-worker server: Swoole with
	// worker_num 1, a Node process).
	conns    map[string]*a14Conn
	worker   a14Conn
	edge     map[string][]byte
	pending  map[int64]string
	refusals map[int64]int
	scroll   map[string]any
	shard    map[int64]any
	codes    map[string]string
	cache    map[string]any
}

// a14Reset puts back what a reset of the data puts back: the credentials'
// columns and the caches of answers. A worker's statics, the connections'
// principals and the cache of codes found stay, as they do in a real
// service whose data is reset.
func (s *Server) a14Reset() {
	s.a14.mu.Lock()
	defer s.a14.mu.Unlock()
	if s.a14.conns == nil {
		s.a14.conns, s.a14.codes = map[string]*a14Conn{}, map[string]string{}
	}
	s.a14.pending, s.a14.refusals = map[int64]string{}, map[int64]int{}
	s.a14.scroll, s.a14.shard, s.a14.cache = map[string]any{}, map[int64]any{}, map[string]any{}
	if s.a14.edge == nil {
		s.a14.edge = map[string][]byte{}
	}
}

// a14On says whether round 14 is built in at all.
func (s *Server) a14On() bool { return s.opts.roundOn("a14-") }

// ConnState is for an http.Server's ConnState: it forgets a closed
// connection's statics, which round 14 keys by the client's address, so
// that a later connection from the same port starts afresh as a new
// connection does at a real gateway.
func (s *Server) ConnState(c net.Conn, st http.ConnState) {
	if st != http.StateClosed && st != http.StateHijacked {
		return
	}
	s.a14.mu.Lock()
	delete(s.a14.conns, c.RemoteAddr().String())
	s.a14.mu.Unlock()
}

// a14ConnOf is the connection's statics (mu held).
func (s *Server) a14ConnOf(r *http.Request) *a14Conn {
	c := s.a14.conns[r.RemoteAddr]
	if c == nil {
		c = &a14Conn{}
		s.a14.conns[r.RemoteAddr] = c
	}
	return c
}

// a14Key is the key a request without a known one is served as: the
// connection's.
func (s *Server) a14Key(r *http.Request) *apiKey {
	if !s.opts.has(BugA14KeepAliveNoKey) && !s.opts.has(BugA14KeepAliveUnknownKey) {
		return nil
	}
	s.a14.mu.Lock()
	defer s.a14.mu.Unlock()
	c := s.a14ConnOf(r)
	if c.last == nil {
		return nil
	}
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	if auth == "" && s.opts.has(BugA14KeepAliveNoKey) || auth != "" && s.opts.has(BugA14KeepAliveUnknownKey) {
		return c.last
	}
	return nil
}

// a14Principal records the connection's principal and gives the key the
// request is served as.
func (s *Server) a14Principal(r *http.Request, k *apiKey) *apiKey {
	if !s.a14On() {
		return k
	}
	s.a14.mu.Lock()
	defer s.a14.mu.Unlock()
	c := s.a14ConnOf(r)
	if c.first == nil {
		c.first = k
	}
	c.last = k
	if k.write && k.forms == nil && c.write == nil {
		c.write = k
	}
	if !k.write && c.write != nil && c.write.org == k.org && s.opts.has(BugA14KeepAliveWriteScope) {
		return c.write
	}
	if c.first.org != k.org && s.opts.has(BugA14KeepAliveFirstOrg) {
		return a9As(k, c.first.org)
	}
	return k
}

// a14Req is one request as round 14 sees it.
type a14Req struct {
	ep     string
	format string
	byURL  bool
	tzName string
	conn   *a14Conn
	// hit: the answer came from the record cache (a variant).
	hit bool
}

type a14Ctx struct{}

func a14Of(r *http.Request) *a14Req {
	st, _ := r.Context().Value(a14Ctx{}).(*a14Req)
	return st
}

// a14Map is data as a JSON object a bug can change.
func a14Map(data any) map[string]any {
	b, err := json.Marshal(data)
	if err != nil {
		return nil
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}

var a14LeapSecond = regexp.MustCompile(`[T t]\d\d:\d\d:60`)

// a14Serve serves one request as round 14's bugs and variants read it,
// around the service (a13Serve and what it wraps).
func (s *Server) a14Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if !s.a14On() {
		return s.a13Serve(ep, k, p, r)
	}
	st := a14Of(r)
	c := &s.a14.worker
	if st != nil {
		st.ep, st.conn = ep.name, c
		if tz, isStr := p["timezone"].(string); isStr {
			st.tzName = tz
		}
	}
	data, e := s.a14Dispatch(ep, k, p, r, c, st)
	s.a14.mu.Lock()
	c.ok, c.lastEP = e == nil, ep.name
	c.lastStatus = 0
	if e != nil {
		c.lastStatus = e.code
	}
	s.a14.mu.Unlock()
	return data, e
}

func (s *Server) a14Dispatch(ep *endpoint, k *apiKey, p params, r *http.Request, c *a14Conn, st *a14Req) (any, *apiError) {
	s.a14.mu.Lock()
	prevOK, prevEP, prevStatus := c.ok, c.lastEP, c.lastStatus
	s.a14.mu.Unlock()
	switch ep.name {
	case "record/getRecord":
		return s.a14Record(ep, k, p, r, c, st)
	case "certificates/verify":
		return s.a14Verify(ep, k, p, r, c)
	case "record/getFormList":
		s.a14.mu.Lock()
		if v, ok := p["page_size"]; ok && v != nil {
			c.pageSize = v
		} else if c.pageSize != nil && s.opts.has(BugA14StaticPageSize) {
			p["page_size"] = c.pageSize
		}
		if v, ok := p["search_key"]; ok && v != nil && v != "" {
			c.search = v
		} else if c.search != nil && s.opts.has(BugA14StaticSearchKey) {
			p["search_key"] = c.search
		}
		s.a14.mu.Unlock()
		data, e := s.a14Forms(ep, k, p, r)
		if e != nil && prevOK && e.param != "" && s.opts.has(BugA14StaticCodeZero) {
			e = &apiError{code: 0, errorCode: e.errorCode, message: e.message, detail: e.detail, param: e.param}
		}
		return data, e
	case "templates/list", "templates/listQrcodes":
		for _, name := range []string{"start_time", "end_time"} {
			if t, isStr := p[name].(string); isStr {
				if strings.Contains(t, "-02-29") && s.opts.has(BugA14LeapDay500) ||
					a14LeapSecond.MatchString(t) && s.opts.has(BugA14LeapSecond500) {
					return nil, &apiError{code: 500, message: "System error", detail: "ValueError: day is out of range for month"}
				}
			}
		}
		s.a14.mu.Lock()
		if p["start_time"] != nil || p["end_time"] != nil {
			c.start, c.end = p["start_time"], p["end_time"]
		} else if p["page_token"] == nil && (c.start != nil || c.end != nil) && s.opts.has(BugA14StaticWindow) {
			p["start_time"], p["end_time"] = c.start, c.end
		}
		s.a14.mu.Unlock()
		if s.opts.is(VariantA14TokensTilde) {
			if t, isStr := p["page_token"].(string); isStr {
				p["page_token"] = strings.ReplaceAll(t, "~", "-")
			}
		}
		if ep.name == "templates/listQrcodes" {
			return s.a14Qrcodes(ep, k, p, r, c)
		}
		data, e := s.a14Scroll(ep, k, p, r)
		if e != nil && prevEP == "templates/listQrcodes" && prevStatus == 404 && s.opts.has(BugA14StaticTemplatesStatus) {
			e = &apiError{code: 404, message: e.message, detail: e.detail, param: e.param}
		}
		return s.a14Tilde(data), e
	}
	return s.a13Serve(ep, k, p, r)
}

// a14Tilde writes a page's token with ~ for - (a variant).
func (s *Server) a14Tilde(data any) any {
	if !s.opts.is(VariantA14TokensTilde) || data == nil {
		return data
	}
	m := a14Map(data)
	if t, isStr := m["next_page_token"].(string); isStr {
		m["next_page_token"] = strings.ReplaceAll(t, "-", "~")
		return m
	}
	return data
}

func (s *Server) a14Record(ep *endpoint, k *apiKey, p params, r *http.Request, c *a14Conn, st *a14Req) (any, *apiError) {
	s.a14.mu.Lock()
	if f, isStr := p["format"].(string); isStr && f != "" {
		c.format = f
	} else if (p["format"] == nil || isStr) && c.format != "" && s.opts.has(BugA14StaticFormat) {
		p["format"] = c.format
	}
	url, hasURL := p["record_url"].(string)
	if hasURL && s.opts.has(BugA14RecordURLCacheFolded) {
		if seen, ok := s.a14.codes["url:"+strings.ToLower(url)]; ok {
			p["record_url"], url = seen, seen
		}
	}
	id, hasID, _ := p.int("record_id")
	var cached any
	if hasID && !hasURL && s.opts.has(BugA14ShardLocalIDCache) {
		if f, _ := p["format"].(string); f == "" || f == "json" {
			cached = s.a14.shard[id%100000]
		}
	}
	key := ""
	if s.opts.is(VariantA14RecordCache) {
		b, _ := json.Marshal(p)
		key = k.secret + "\x00" + string(b)
		cached = s.a14.cache[key]
	}
	prev := c.record
	s.a14.mu.Unlock()
	if st != nil {
		st.format, _ = p["format"].(string)
		st.byURL = hasURL
	}
	if cached != nil {
		if st != nil {
			st.hit = true
		}
		return cached, nil
	}
	data, e := s.a13Serve(ep, k, p, r)
	if e != nil {
		if (e.code == 404 || e.errorCode == 100404 || e.errorCode == 100310) && prev != 0 && s.opts.has(BugA14StaticRecordNotFound) {
			q := params{"record_id": json.Number(itoa(prev))}
			if f, isStr := p["format"].(string); isStr {
				q["format"] = f
			}
			return s.a13Serve(ep, k, q, r)
		}
		return data, e
	}
	rec := s.find(k, id, hasID, url, hasURL, true)
	s.a14.mu.Lock()
	defer s.a14.mu.Unlock()
	if rec != nil {
		c.record = rec.id
		if hasID && !hasURL {
			if f, _ := p["format"].(string); f == "" || f == "json" {
				s.a14.shard[rec.id%100000] = data
			}
		}
	}
	if hasURL {
		s.a14.codes["url:"+strings.ToLower(url)] = url
		if _, rest, ok := strings.Cut(url, "://"); ok {
			host, _, _ := strings.Cut(rest, "/")
			c.host = host
		}
	}
	if key != "" {
		s.a14.cache[key] = data
	}
	return data, nil
}

func (s *Server) a14Verify(ep *endpoint, k *apiKey, p params, r *http.Request, c *a14Conn) (any, *apiError) {
	s.a14.mu.Lock()
	code, _ := p["certificate_code"].(string)
	if seen, ok := s.a14.codes["code:"+strings.ToLower(code)]; ok && s.opts.has(BugA14CodeCacheFolded) {
		p["certificate_code"], code = seen, seen
	}
	var rec *record
	for _, x := range s.data.records {
		if x.cert != nil && (x.code == code || sameURL(s.data.recordURL(x), code)) {
			rec = x
		}
	}
	action, _ := p["action_type"].(string)
	if rec != nil && action == "set_next_certificate_status" && s.opts.has(BugA14RefusedTargetKept) {
		if to := s.a14.pending[rec.id]; to != "" {
			delete(s.a14.pending, rec.id)
			p["action_type"], p["to_certificate_status"] = "set_certificate_status", to
		}
	}
	locked := rec != nil && s.a14.refusals[rec.id] >= 5 && s.opts.has(BugA14RefusalLock)
	prevErr, prevRec := c.errCode, c.record
	s.a14.mu.Unlock()
	if locked {
		return nil, &apiError{code: 400, errorCode: 100319, message: "Certificate verification failed",
			detail: "too many failed attempts on this certificate"}
	}
	data, e := s.a13Serve(ep, k, p, r)
	s.a14.mu.Lock()
	defer s.a14.mu.Unlock()
	if e != nil {
		if rec != nil && e.param == "" {
			s.a14.refusals[rec.id]++
			if to, isStr := p["to_certificate_status"].(string); isStr && action == "set_certificate_status" {
				s.a14.pending[rec.id] = to
			}
		}
		if e.errorCode == 100326 && prevErr != 0 && prevErr != 100326 && s.opts.has(BugA14StaticErrorCode) {
			e = &apiError{code: e.code, errorCode: prevErr, message: e.message, detail: e.detail}
		}
		if e.errorCode != 0 {
			c.errCode = e.errorCode
		}
		return data, e
	}
	if rec != nil {
		s.a14.codes["code:"+strings.ToLower(code)] = code
		delete(s.a14.pending, rec.id)
	}
	s.a14.cache = map[string]any{}
	if prevRec != 0 && rec != nil && prevRec != rec.id && s.opts.has(BugA14StaticVerifiedRecord) {
		for _, x := range s.data.records {
			if x.id == prevRec {
				if m := a14Map(data); m != nil {
					m["record_id"], m["record_number"], m["submit_at"] = x.id, x.number, x.submit
					return m, nil
				}
			}
		}
	}
	return data, nil
}

// a14Forms serves getFormList, the size snapped or the ties reordered
// where a bug does.
func (s *Server) a14Forms(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	size, hasSize, err := p.int("page_size")
	page, hasPage, perr := p.int("page")
	if err != nil || perr != nil || hasSize && (size < 1 || size > 20) {
		return s.a13Serve(ep, k, p, r)
	}
	if !hasPage {
		page = 1
	}
	snap := hasSize && size >= 11 && size <= 19 && s.opts.has(BugA14FormSizeSnap)
	_, searched := p["search_key"].(string)
	ties := searched && page >= 2 && s.opts.has(BugA14SearchTiesPerPage)
	if !snap && !ties || page < 1 || page > 1000 {
		return s.a13Serve(ep, k, p, r)
	}
	if !hasSize {
		size = 10
	}
	var all []any
	var first map[string]any
	for pg := int64(1); pg <= 5; pg++ {
		q := a9Copy(p)
		q["page"], q["page_size"] = json.Number(itoa(pg)), json.Number("20")
		d, e := s.a13Serve(ep, k, q, r)
		if e != nil {
			return d, e
		}
		m := a14Map(d)
		if first == nil {
			first = m
		}
		l, _ := m["list"].([]any)
		all = append(all, l...)
		if len(l) < 20 {
			break
		}
	}
	if first == nil {
		return s.a13Serve(ep, k, p, r)
	}
	limit := size
	if snap {
		limit = 20
	}
	if ties {
		for i, j := 0, len(all)-1; i < j; i, j = i+1, j-1 {
			all[i], all[j] = all[j], all[i]
		}
	}
	off := (page - 1) * size
	out := []any{}
	for i := off; i < off+limit && i < int64(len(all)); i++ {
		out = append(out, all[i])
	}
	pg, _ := first["page"].(map[string]any)
	if pg != nil {
		pg["current_page"], pg["per_page"] = page, size
		last := (int64(len(all)) + size - 1) / size
		if last < 1 {
			last = 1
		}
		pg["last_page"], pg["total"] = last, len(all)
	}
	first["list"] = out
	return first, nil
}

// a14Scroll serves a cursor page, a token used again moving on as a
// scroll id does where a bug says so.
func (s *Server) a14Scroll(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	tok, isStr := p["page_token"].(string)
	if !isStr || tok == "" || !s.opts.has(BugA14ScrollToken) {
		return s.a13Serve(ep, k, p, r)
	}
	s.a14.mu.Lock()
	next, used := s.a14.scroll[ep.name+"\x00"+tok]
	s.a14.mu.Unlock()
	if used {
		if next == nil {
			d, e := s.a13Serve(ep, k, p, r)
			if m := a14Map(d); e == nil && m != nil {
				m["list"], m["next_page_token"] = []any{}, nil
				return m, nil
			}
			return d, e
		}
		p["page_token"] = next
	}
	d, e := s.a13Serve(ep, k, p, r)
	if e == nil {
		if m := a14Map(d); m != nil {
			s.a14.mu.Lock()
			s.a14.scroll[ep.name+"\x00"+tok] = m["next_page_token"]
			s.a14.mu.Unlock()
		}
	}
	return d, e
}

func (s *Server) a14Qrcodes(ep *endpoint, k *apiKey, p params, r *http.Request, c *a14Conn) (any, *apiError) {
	s.a14.mu.Lock()
	t, isStr := p["template"].(string)
	switch {
	case isStr && t != "":
		if seen, ok := s.a14.codes["coding:"+strings.ToLower(t)]; ok && s.opts.has(BugA14CodingCacheFolded) {
			p["template"] = seen
		}
	case (p["template"] == nil || isStr) && c.template != nil && s.opts.has(BugA14StaticTemplate):
		p["template"] = c.template
	}
	prev := c.template
	s.a14.mu.Unlock()
	d, e := s.a14Scroll(ep, k, p, r)
	s.a14.mu.Lock()
	if e == nil {
		if t, isStr := p["template"].(string); isStr && t != "" {
			c.template = t
			s.a14.codes["coding:"+strings.ToLower(t)] = t
		}
	}
	s.a14.mu.Unlock()
	if e != nil && e.code == 404 && prev != nil && s.opts.has(BugA14StaticUnknownTemplateOK) {
		q := a9Copy(p)
		q["template"] = prev
		delete(q, "page_token")
		return s.a14TildeOf(s.a13Serve(ep, k, q, r))
	}
	return s.a14Tilde(d), e
}

// a14TildeOf is a14Tilde of a served pair.
func (s *Server) a14TildeOf(d any, e *apiError) (any, *apiError) { return s.a14Tilde(d), e }

// a14Answer keeps an answer for round 14's bugs and variants to rewrite.
type a14Answer struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (a *a14Answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *a14Answer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// a14Writer wraps w so that round 14's bugs and variants rewrite the
// answer; r carries the request's state.
func (s *Server) a14Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request, func()) {
	if !s.a14On() {
		return w, r, func() {}
	}
	st := &a14Req{}
	r = r.WithContext(context.WithValue(r.Context(), a14Ctx{}, st))
	a := &a14Answer{ResponseWriter: w}
	return a, r, func() { s.a14Finish(w, a, r, st) }
}

var a14ISO = regexp.MustCompile(`(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\(UTC\+08:00\)`)

func (s *Server) a14Finish(w http.ResponseWriter, a *a14Answer, r *http.Request, st *a14Req) {
	h, status, body := w.Header(), a.status, a.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	s.a14.mu.Lock()
	conn := s.a14ConnOf(r)
	conn.n++
	n := conn.n
	c := &s.a14.worker
	tz, host, wasMarkdown := c.zone, c.host, c.markdown
	if st.tzName != "" {
		if loc, err := time.LoadLocation(st.tzName); err == nil {
			c.zone = loc
		}
	}
	if st.ep == "record/getRecord" {
		c.markdown = st.format == "markdown"
	}
	s.a14.mu.Unlock()
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	isJSON := dec.Decode(&top) == nil && top != nil
	rewrite := func() {
		if b, err := json.Marshal(top); err == nil {
			body = b
		}
	}
	if isJSON && st.ep == "record/getRecord" {
		if d, ok := top["data"].(map[string]any); ok {
			rec, isRec := d["data"].(map[string]any)
			if isRec && d["format"] == "json-ld" && wasMarkdown && s.opts.has(BugA14StaticJSONLDContext) {
				delete(rec, "@context")
				rewrite()
			}
			if isRec && d["format"] == "json-ld" && s.opts.is(VariantA14ContextObject) {
				rec["@context"] = map[string]any{"@vocab": "https://schema.org/"}
				rewrite()
			}
			if u, isStr := rec["record_url"].(string); isRec && isStr && host != "" && !st.byURL && s.opts.has(BugA14StaticRecordURLHost) {
				if scheme, rest, ok := strings.Cut(u, "://"); ok {
					_, path, _ := strings.Cut(rest, "/")
					rec["record_url"] = scheme + "://" + host + "/" + path
					rewrite()
				}
			}
		}
	}
	if tz != nil && s.opts.has(BugA14StaticTimeZone) {
		body = a14ISO.ReplaceAllFunc(body, func(m []byte) []byte {
			t, err := time.ParseInLocation("2006-01-02 15:04:05", string(m[:19]), zone)
			if err != nil {
				return m
			}
			return []byte(t.In(tz).Format("2006-01-02 15:04:05") + "(UTC+08:00)")
		})
	}
	if s.opts.is(VariantA14RecordCache) && st.ep == "record/getRecord" {
		h.Set("X-Cache", "MISS")
		if st.hit {
			h.Set("X-Cache", "HIT")
		}
	}
	if s.opts.is(VariantA14MediaTypeParams) && strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		h.Set("Content-Type", "application/json; charset=utf-8; api-version=2")
	}
	if n%100 == 0 && (s.opts.has(BugA14KeepAliveCut100) || s.opts.is(VariantA14KeepAlive100)) {
		h.Set("Connection", "close")
		if s.opts.has(BugA14KeepAliveCut100) {
			body = body[:len(body)/2]
		}
	}
	h.Del("Content-Length")
	ae := r.Header.Get("Accept-Encoding")
	switch {
	case (s.opts.is(VariantA14Brotli) || s.opts.has(BugA14BrotliEdgeCache) || s.opts.has(BugA14BrotliTruncated)) && a14Accepts(ae, "br"):
		if s.opts.has(BugA14BrotliEdgeCache) {
			s.a14.mu.Lock()
			if first, ok := s.a14.edge[r.URL.Path]; ok {
				body = first
			} else {
				s.a14.edge[r.URL.Path] = body
			}
			s.a14.mu.Unlock()
		}
		body = a14Brotli(body)
		if s.opts.has(BugA14BrotliTruncated) {
			body = body[:len(body)-1]
		}
		h.Set("Content-Encoding", "br")
		h.Add("Vary", "Accept-Encoding")
	case s.opts.is(VariantA14Zstd) && a14Accepts(ae, "zstd"):
		body = a14Zstd(body)
		h.Set("Content-Encoding", "zstd")
		h.Add("Vary", "Accept-Encoding")
	case (s.opts.is(VariantA14GzipFileName) || s.opts.is(VariantA14GzipTwoMembers)) && acceptsGzip(ae):
		var z bytes.Buffer
		parts := [][]byte{body}
		if s.opts.is(VariantA14GzipTwoMembers) && len(body) > 1 {
			parts = [][]byte{body[:len(body)/2], body[len(body)/2:]}
		}
		for _, part := range parts {
			gz := gzip.NewWriter(&z)
			if s.opts.is(VariantA14GzipFileName) {
				gz.Header.Name, gz.Header.ModTime = "answer.json", time.Unix(1767225600, 0)
			}
			_, _ = gz.Write(part)
			_ = gz.Close()
		}
		body = z.Bytes()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
	}
	if s.opts.is(VariantA14TimingTrailer) {
		h.Set("Trailer", "Server-Timing")
		w.WriteHeader(status)
		_, _ = w.Write(body)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		h.Set("Server-Timing", "app;dur=1.2")
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// a14Accepts says whether an Accept-Encoding value accepts coding by name
// with a weight above 0.
func a14Accepts(ae, coding string) bool {
	for _, elem := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(elem, ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		return !strings.HasPrefix(q, "q=0") || strings.HasPrefix(q, "q=0.") && strings.Trim(q[4:], "0") != ""
	}
	return false
}

// a14Brotli writes b as a brotli stream (RFC 7932) of uncompressed
// meta-blocks: valid brotli any decoder reads, without a compressor.
func a14Brotli(b []byte) []byte {
	var out []byte
	var acc uint64
	var nbits uint
	put := func(v uint64, n uint) {
		acc |= v << nbits
		nbits += n
		for nbits >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			nbits -= 8
		}
	}
	flush := func() {
		if nbits > 0 {
			out = append(out, byte(acc))
			acc, nbits = 0, 0
		}
	}
	put(0, 1) // WBITS 16
	for len(b) > 0 {
		n := len(b)
		if n > 1<<16 {
			n = 1 << 16
		}
		put(0, 1) // ISLAST 0
		put(0, 2) // MNIBBLES 4
		put(uint64(n-1), 16)
		put(1, 1) // ISUNCOMPRESSED
		flush()
		out = append(out, b[:n]...)
		b = b[n:]
	}
	put(1, 1) // ISLAST
	put(1, 1) // ISLASTEMPTY
	flush()
	return out
}

// a14Zstd writes b as one zstd frame (RFC 8878) of raw blocks.
func a14Zstd(b []byte) []byte {
	out := []byte{0x28, 0xB5, 0x2F, 0xFD}
	// Frame header: Single_Segment with an 8-byte content size.
	out = append(out, 0xE0)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(b)))
	if len(b) == 0 {
		return append(out, 0x01, 0x00, 0x00) // last, raw, size 0
	}
	for len(b) > 0 {
		n := len(b)
		if n > 128<<10 {
			n = 128 << 10
		}
		last := uint32(0)
		if n == len(b) {
			last = 1
		}
		hdr := last | 0<<1 | uint32(n)<<3
		out = append(out, byte(hdr), byte(hdr>>8), byte(hdr>>16))
		out = append(out, b[:n]...)
		b = b[n:]
	}
	return out
}
