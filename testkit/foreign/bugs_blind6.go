package foreign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Blind round 6: bugs and correct variants written from docs/contract.md
// and the service's specification alone, without reading the conformance
// runner or the earlier rounds. Each bug is one a real team ships: a
// second code path (a share link, a search index, a streaming writer, a
// cache), a parameter combined with another, an edge of a range, a later
// page, another format, another key, after a write, an error path that
// forgets something. Each breaks one must statement on some answers and
// not on others.

// The bugs of blind round 6.
const (
	BugB6ShareURLNoKey           Bug = "b6-share-link-reads-without-key"
	BugB6ReadKeyCodeScoped       Bug = "b6-read-key-verifies-with-code-id"
	BugB6LimitedKeyTrustedAfter  Bug = "b6-limited-key-trusted-after-first-move"
	BugB6StringIDAnyOrg          Bug = "b6-record-id-string-any-org"
	BugB6SearchNumberGlobal      Bug = "b6-search-key-number-index-global"
	BugB6TemplateCodingCaseless  Bug = "b6-qrcodes-template-coding-caseless"
	BugB6RecordURLWidthFolded    Bug = "b6-record-url-full-width-folded"
	BugB6FormTieOrderPerPage     Bug = "b6-form-ties-ordered-per-page"
	BugB6QrcodesEndDateLater     Bug = "b6-qrcodes-end-date-later-pages-midnight"
	BugB6EmptySearchDropsNumber  Bug = "b6-empty-search-key-drops-number"
	BugB6TemplatesLocalEndUTC    Bug = "b6-templates-local-end-time-utc"
	BugB6TemplatesEqualBounds    Bug = "b6-templates-equal-bounds-empty"
	BugB6SearchISOHourUnpadded   Bug = "b6-search-iso-hour-unpadded"
	BugB6ProjectUpdatedAtMillis  Bug = "b6-form-with-project-updated-at-millis"
	BugB6MarkdownReviewedH2      Bug = "b6-markdown-reviewed-heading-h2"
	BugB6JSONLDNoContextNoForm   Bug = "b6-jsonld-no-context-without-form"
	BugB6ByURLJSONNoCharset      Bug = "b6-by-url-json-content-type-no-charset"
	BugB6MaskPersonalTypesOnly   Bug = "b6-mask-personal-types-only"
	BugB6MarkdownByURLClear      Bug = "b6-markdown-by-url-clear"
	BugB6ScopedSkipsIdentity     Bug = "b6-verify-scoped-skips-identity"
	BugB6UnreachableFrom100324   Bug = "b6-verify-unreachable-with-from-100324"
	BugB6TplIDFractionTruncated  Bug = "b6-verify-tpl-id-fraction-truncated"
	BugB6QrcodeTypeTextLostMoved Bug = "b6-qrcode-type-text-lost-after-move"
	BugB6TemplatesBadToken410    Bug = "b6-templates-bad-token-410"
	BugB6QrcodesStreamComma      Bug = "b6-qrcodes-stream-trailing-comma"
	BugB6QrcodesEmptyWindow204   Bug = "b6-qrcodes-empty-window-204"
	BugB6OCRUnitNull             Bug = "b6-ocr-unit-null"
	BugB6AddressLatLngString     Bug = "b6-address-lat-lng-string"
	BugB6UntitledGroupNull       Bug = "b6-untitled-group-title-null"
	BugB6FormTypeTextHighNull    Bug = "b6-form-type-text-null-system-types"
	BugB6TemplatesEmptyNoMessage Bug = "b6-templates-empty-no-message"
	BugB6ByURLCacheKey           Bug = "b6-by-url-cache-key-zero"
	BugB6FormStringSizeUnbounded Bug = "b6-form-page-size-string-unbounded"
	BugB6JSONLDHTTPContentType   Bug = "b6-jsonld-http-content-type"
	BugB6QrcodesTokenNullString  Bug = "b6-qrcodes-last-token-null-string"
	BugB6CredentialTemplateLabel Bug = "b6-credential-template-type-label"
	BugB6SearchNeedsScope        Bug = "b6-search-needs-write-scope"
	BugB6VerifyReplayCache       Bug = "b6-verify-replay-cache"
)

// The correct variants of blind round 6.
const (
	VariantB6PythonSeparators   Variant = "b6-python-separators"
	VariantB6JSONLDIdentifierID Variant = "b6-jsonld-identifier-record-id"
	VariantB6JSONLDNameNumber   Variant = "b6-jsonld-name-record-number"
	VariantB6MarkdownTitleNum   Variant = "b6-markdown-title-record-number"
	VariantB6MarkdownBoldPairs  Variant = "b6-markdown-bold-pairs"
	VariantB6NoRecordProject    Variant = "b6-record-project-left-out"
	VariantB6FieldDescEmpty     Variant = "b6-field-desc-empty-string"
	VariantB6URLHostCaseless    Variant = "b6-url-scheme-host-caseless"
	VariantB6LowercaseRFC3339   Variant = "b6-rfc3339-lowercase-t-z"
	VariantB6OversizeClamp      Variant = "b6-oversize-clamped"
	VariantB6ReversedRefused    Variant = "b6-reversed-window-refused"
	VariantB6AuthGatewayShape   Variant = "b6-auth-gateway-generic-shape"
)

func blindRound6() Round {
	return Round{Name: "blind-6", Kind: "blind", Bugs: []BugInfo{
		{BugB6ShareURLNoKey, "§5, §C2", "getRecord by record_url without an Authorization header answers the record: the share-link path of the web page authorizes by the URL alone"},
		{BugB6ReadKeyCodeScoped, "§5 item 3", "verify with code_id checks that the QR code belongs to the key's organization instead of the key's write permission: a read key moves a credential when it sends the right code_id"},
		{BugB6LimitedKeyTrustedAfter, "§5 item 4, §C2", "a key whose writes are limited to some forms is cached as a full writer after its first successful move: from then on it verifies every form's credentials"},
		{BugB6StringIDAnyOrg, "§C2", "getRecord with record_id written as a string goes through the legacy lookup, which has no organization filter: another organization's record is answered"},
		{BugB6SearchNumberGlobal, "§4.3, §C2", "getFormList search_key equal to a form number hits the platform-wide number index: another organization's form with that number is listed"},
		{BugB6TemplateCodingCaseless, "§C10, §4.5", "listQrcodes looks the template's coding up with a case-insensitive collation: FXT3100 lists the sub-codes of fxt3100 instead of 404"},
		{BugB6RecordURLWidthFolded, "§C10, §4.1", "getRecord NFKC-folds record_url before the lookup: a URL whose code is written in full-width characters names the record"},
		{BugB6FormTieOrderPerPage, "§4.3", "getFormList orders by the day of the last update only; the database returns forms of one day in another order on every page, so a walk repeats some forms and skips others"},
		{BugB6QrcodesEndDateLater, "§4.5, §C5", "listQrcodes pages reached with a page_token re-read an end_time written as a date as its first second: later pages drop the sub-codes of the last day, total shrinks"},
		{BugB6EmptySearchDropsNumber, "§4.3", "getFormList with search_key \"\" (a cleared search box) takes the search path, which ignores number: every form is listed"},
		{BugB6TemplatesLocalEndUTC, "§4.4, §C5", "templates/list reads an end_time without zone (2026-01-05 12:00:00) in UTC, not UTC+08:00: templates up to eight hours later are listed"},
		{BugB6TemplatesEqualBounds, "§4.4", "templates/list answers an empty list when start_time equals end_time (an `end <= start` guard): the template created at that second is left out"},
		{BugB6SearchISOHourUnpadded, "§1.3", "getFormList with a search_key serves forms from the search index, whose created_at_iso is written with PHP's G: the hour has no leading zero (2026-01-01 9:00:00)"},
		{BugB6ProjectUpdatedAtMillis, "§1.3", "getFormList writes updated_at in milliseconds for forms linked to a project (the project join reads a DATETIME(3)), while updated_at_iso is right"},
		{BugB6MarkdownReviewedH2, "§2.2", "markdown of a record under review starts its body with a review banner and a level-2 heading: no top-level heading"},
		{BugB6JSONLDNoContextNoForm, "§2.2", "json-ld of a record without a form has no @context (the context is derived from the form's schema)"},
		{BugB6ByURLJSONNoCharset, "§4.1", "getRecord json by record_url (the share-link path) answers data.content_type application/json without the charset"},
		{BugB6MaskPersonalTypesOnly, "§2.1, §C8", "the mask table knows only personal field types (name, tel, identity, ...): a masked text field comes in clear, is_masked true"},
		{BugB6MarkdownByURLClear, "§C8", "markdown by record_url (the share page's renderer) shows the values json masks in clear"},
		{BugB6ScopedSkipsIdentity, "§3.1, §7", "verify with tpl_id runs the scoped path, which checks the scope but not identity completion: a credential whose identity is missing moves instead of 100329"},
		{BugB6UnreachableFrom100324, "§3.1, §7", "verify with from_certificate_status answers every failure of the move 100324: a target that cannot be reached from the current status gets 100324, not 100326"},
		{BugB6TplIDFractionTruncated, "§7", "verify reads tpl_id 5031.5 as 5031 (intval): a tpl_id that is not an integer scopes the move instead of 100301"},
		{BugB6QrcodeTypeTextLostMoved, "§2.1", "a verified record is rendered from the write model, whose QR code has no type label: qrcode.type_text is missing after a move"},
		{BugB6TemplatesBadToken410, "§4.4, §C3", "templates/list answers a page_token it cannot read with code 410 (Gone, a cursor that expired), not 400"},
		{BugB6QrcodesStreamComma, "§C1", "listQrcodes with page_size 50 or more streams its list with a hand-written writer that leaves a comma after the last item: the body is not JSON"},
		{BugB6QrcodesEmptyWindow204, "§C1, §4.5", "listQrcodes with a time window that holds no sub-code answers HTTP 204 with no body"},
		{BugB6OCRUnitNull, "§2.1", "OCR items without a unit carry unit null (the column is NULL), not \"\""},
		{BugB6AddressLatLngString, "§2.1", "address values carry lat and lng as strings (PDO reads a DECIMAL column as a string)"},
		{BugB6UntitledGroupNull, "§2.1", "an untitled field group carries group_title null, not \"\""},
		{BugB6FormTypeTextHighNull, "§2.3", "getFormList's type labels cover the one-digit form types only: forms of type 12, 13, 21 and 22 carry type_text null"},
		{BugB6TemplatesEmptyNoMessage, "§1.2", "templates/list with nothing to list answers {code: 0, data} without message (the paging helper adds it)"},
		{BugB6ByURLCacheKey, "§4.1", "getRecord caches rendered records by format and record_id, which a by-URL request does not send: every read by record_url after the first answers the first record read by URL"},
		{BugB6FormStringSizeUnbounded, "§8", "getFormList checks the maximum of page_size on JSON integers only: page_size \"50\" serves 50 forms a page"},
		{BugB6JSONLDHTTPContentType, "§C1", "getRecord json-ld answers with the HTTP Content-Type of the representation, application/ld+json, not application/json"},
		{BugB6QrcodesTokenNullString, "§4.4, §4.5", "listQrcodes with a time window writes the last page's next_page_token as the string \"null\" (a template printing null)"},
		{BugB6CredentialTemplateLabel, "§2.1", "a credential record's record_template.type_text is 证书表单 while its type is 0, which other records label 普通表单: one code, two labels"},
		{BugB6SearchNeedsScope, "§5", "getFormList with a search_key goes to the search service, which asks for a write scope: a read key's search is refused 403"},
		{BugB6VerifyReplayCache, "§7", "verify answers a request identical to one it answered in the last 10 s with that answer again (a double-submit guard): a repeated verification succeeds instead of 100326"},
	}, Variants: []VariantInfo{
		{VariantB6PythonSeparators, "every answer written with a space after each comma and colon, as Python's json.dumps does",
			"§C1: the body is \"one JSON object\"; RFC 8259 §2: \"Insignificant whitespace is allowed before or after any of the six structural characters\""},
		{VariantB6JSONLDIdentifierID, "json-ld identifier is the record_id, a number",
			"§2.2: json-ld has @context, @type, identifier, name, url and mainEntity; \"The rest of its layout is open (§C7)\""},
		{VariantB6JSONLDNameNumber, "json-ld name is the record number for every record",
			"§2.2: \"The rest of its layout is open (§C7)\"; §C7: \"json-ld layout | KIT\""},
		{VariantB6MarkdownTitleNum, "markdown front-matter title is the record number; the heading stays the form name",
			"§2.2: \"a front-matter block holding at least a title and record_id, then a top-level heading\"; \"The rest of its layout is open (§C7)\""},
		{VariantB6MarkdownBoldPairs, "markdown sections list each field as a **title**: value line, no table",
			"§2.2: \"then a top-level heading, then sections. The rest of its layout is open (§C7)\"; §C7: \"markdown layout | KIT\""},
		{VariantB6NoRecordProject, "records carry no project member",
			"§2.1: `project` | object | (not req) | the owning project"},
		{VariantB6FieldDescEmpty, "every field carries field_desc, \"\" when it has no description",
			"§2.1: Field has \"optional field_desc string\""},
		{VariantB6URLHostCaseless, "record_url, a URL certificate_code and a template URL are read with their scheme and host in any case",
			"§C10: \"The scheme and host of a URL are read without regard to case (RFC 3986)\""},
		{VariantB6LowercaseRFC3339, "start_time and end_time also accept RFC 3339 times with a lowercase t and z",
			"§C5: accepted are RFC 3339 times; RFC 3339 §5.6: \"NOTE: ISO 8601 defines date and time separated by \"T\". Applications using this syntax may choose ... to use a lowercase t\", and \"Z\" may be \"z\""},
		{VariantB6OversizeClamp, "a page_size over the maximum is served with the maximum (20 forms, 100 items), per_page 20",
			"§C5: \"getFormList page_size > 20 | SPEC (§8: at most 20); must (per_page ≤ 20 and at most 20 items)\"; statement 8.formList.max: \"(clamped or refused)\""},
		{VariantB6ReversedRefused, "an end_time before start_time is a 400 naming end_time, not an empty list",
			"§4.4 gives no rule for a reversed window; §C5: \"an end before the start, is a 400\" is KIT (the mock's choice)"},
		{VariantB6AuthGatewayShape, "401 and 403 answers come from an auth gateway in one shape on every endpoint: {code, error_code, message, message_detail}",
			"§C3: \"The shape of a 401/403 body is never failed, only noted\"; §5 item 4: \"Failed authentication or permission may answer code 401 or 403\""},
	}}
}

// b6State is what the bugs of round 6 remember between requests: the
// limited keys trusted after a move and the by-URL render cache.
type b6State struct {
	trusted map[string]bool
	byURL   map[string]any
	// replays are the verify answers of the last seconds, by request.
	replays map[string]b6Replay
}

// b6Replay is one verify answer a double-submit guard keeps.
type b6Replay struct {
	at   int64
	data any
}

// b6Replayed is the answer the double-submit guard gives a verify
// identical to one of the last 10 s (nil: none).
func (s *Server) b6Replayed(k *apiKey, p params) any {
	if !s.opts.has(BugB6VerifyReplayCache) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.b6.replays[k.secret+fmt.Sprint(map[string]any(p))]; ok && s.now().Unix()-r.at < 10 {
		return r.data
	}
	return nil
}

// b6Remember keeps a verify success for the double-submit guard.
func (s *Server) b6Remember(k *apiKey, p params, data any) {
	if !s.opts.has(BugB6VerifyReplayCache) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b6.replays == nil {
		s.b6.replays = map[string]b6Replay{}
	}
	s.b6.replays[k.secret+fmt.Sprint(map[string]any(p))] = b6Replay{s.now().Unix(), data}
}

// b6Answer is a success a bug of round 6 writes otherwise: with another
// Content-Type, without message, with another status and no body, or with
// its bytes rewritten.
type b6Answer struct {
	data        any
	contentType string
	noMessage   bool
	noContent   bool
	rewrite     func([]byte) []byte
}

// b6Succeed writes a b6Answer.
func (s *Server) b6Succeed(w http.ResponseWriter, x b6Answer) {
	body := o("code", 0, "message", s.opts.Message, "data", x.data)
	if x.noMessage {
		body = o("code", 0, "data", x.data)
	}
	if x.noContent {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if x.rewrite == nil {
		s.writeAs(w, http.StatusOK, body, x.contentType)
		return
	}
	b, err := encode(body)
	if err != nil {
		s.writeAs(w, http.StatusOK, body, "")
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(x.rewrite(b))
}

// b6ShareKey is the key the share-link path reads a record with when a
// request carries no Authorization header: the organization of the
// record its record_url names (a bug). The body is put back.
func (s *Server) b6ShareKey(r *http.Request) *apiKey {
	if r.Header.Get("Authorization") != "" || r.Body == nil {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var p struct {
		URL string `json:"record_url"`
	}
	if json.Unmarshal(raw, &p) != nil || p.URL == "" {
		return nil
	}
	for _, rec := range s.data.records {
		if s.data.recordURL(rec) == p.URL {
			return &apiKey{org: rec.org}
		}
	}
	return nil
}

// b6AnyOrgRecord is the legacy lookup by id, without organization.
func (s *Server) b6AnyOrgRecord(id int64) *record {
	for _, r := range s.data.records {
		if r.id == id {
			return r
		}
	}
	return nil
}

// b6Trusted says whether a limited key was cached as a full writer; the
// caller does not hold mu.
func (s *Server) b6Trusted(k *apiKey) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b6.trusted[k.secret]
}

// b6Trust caches a limited key as a full writer; the caller holds mu.
func (s *Server) b6Trust(k *apiKey) {
	if s.b6.trusted == nil {
		s.b6.trusted = map[string]bool{}
	}
	s.b6.trusted[k.secret] = true
}

// b6Cached is the by-URL render cache: the payload cached for format, or
// nil; put stores one when none is.
func (s *Server) b6Cached(format string, put any) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b6.byURL == nil {
		s.b6.byURL = map[string]any{}
	}
	key := format + "|0"
	if c, ok := s.b6.byURL[key]; ok {
		return c
	}
	if put != nil {
		s.b6.byURL[key] = put
	}
	return nil
}

// b6Halfwidth folds full-width ASCII forms (U+FF01 to U+FF5E) to ASCII,
// as NFKC does for them.
func b6Halfwidth(v string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFF01 + '!'
		}
		return r
	}, v)
}

// b6TieOrder orders forms by the day of their last update, newest first;
// forms of one day come in id order on odd pages and reversed on even
// ones, as an ORDER BY without a tie-breaker may.
func b6TieOrder(forms []*form, page int64) {
	day := func(f *form) string { return time.Unix(f.updated, 0).In(zone).Format("2006-01-02") }
	less := func(a, b *form) bool {
		if da, db := day(a), day(b); da != db {
			return da > db
		}
		if page%2 == 0 {
			return a.id > b.id
		}
		return a.id < b.id
	}
	for i := 1; i < len(forms); i++ {
		for j := i; j > 0 && less(forms[j], forms[j-1]); j-- {
			forms[j], forms[j-1] = forms[j-1], forms[j]
		}
	}
}

// b6Unpadded writes a time as PHP's "Y-m-d G:i:s" does: no leading zero
// on the hour.
func b6Unpadded(unix int64) string {
	return time.Unix(unix, 0).In(zone).Format("2006-01-02 15:04:05")[:11] +
		strconv.Itoa(time.Unix(unix, 0).In(zone).Hour()) + time.Unix(unix, 0).In(zone).Format(":04:05") + "(UTC+08:00)"
}

// b6With is a copy of ob with key's value replaced (or removed when drop).
func b6With(ob obj, key string, v any, drop bool) obj {
	out := make(obj, 0, len(ob))
	for _, m := range ob {
		if m.key == key {
			if drop {
				continue
			}
			m.val = v
		}
		out = append(out, m)
	}
	return out
}

// b6ValueBugs rewrites a field value as a serializer bug of round 6 does.
func (s *Server) b6ValueBugs(typ string, v any) any {
	switch {
	case strings.HasPrefix(typ, "ocr_") && s.opts.has(BugB6OCRUnitNull):
		return withMember(v, "items", func(l any) any {
			return eachObj(l, func(it obj) obj {
				if it.get("unit") == "" {
					return b6With(it, "unit", nil, false)
				}
				return it
			})
		})
	case typ == "address" && s.opts.has(BugB6AddressLatLngString):
		str := func(x any) any {
			if f, isFloat := x.(float64); isFloat {
				return strconv.FormatFloat(f, 'f', -1, 64)
			}
			return x
		}
		return withMember(withMember(v, "lat", str), "lng", str)
	}
	return v
}

// b6TruncateTplID reads a fractional tpl_id as its integer part (a bug).
func (s *Server) b6TruncateTplID(p params) {
	n, isNum := p["tpl_id"].(json.Number)
	if !isNum || !s.opts.has(BugB6TplIDFractionTruncated) {
		return
	}
	if f, err := n.Float64(); err == nil && f != float64(int64(f)) {
		p["tpl_id"] = json.Number(strconv.FormatInt(int64(f), 10))
	}
}

// b6IsDate says whether a time is written as a date alone.
func b6IsDate(v string) bool {
	_, err := time.ParseInLocation("2006-01-02", v, zone)
	return err == nil
}

// b6TrailingComma puts a comma after the last item of the list.
func b6TrailingComma(b []byte) []byte {
	return bytes.Replace(b, []byte(`}],"next_page_token"`), []byte(`},],"next_page_token"`), 1)
}

// b6QrcodesAnswer is listQrcodes' success as a bug of round 6 writes it.
func (s *Server) b6QrcodesAnswer(p params, data any) any {
	page, ok := data.(obj)
	if !ok {
		return data
	}
	list, _ := page.get("list").([]any)
	_, windowed := p["start_time"]
	_, windowedEnd := p["end_time"]
	size, sized, _ := p.int("page_size")
	switch {
	case s.opts.has(BugB6QrcodesEmptyWindow204) && (windowed || windowedEnd) && len(list) == 0:
		return b6Answer{data: data, noContent: true}
	case s.opts.has(BugB6QrcodesStreamComma) && sized && size >= 50 && len(list) > 0:
		return b6Answer{data: data, rewrite: b6TrailingComma}
	case s.opts.has(BugB6QrcodesTokenNullString) && (windowed || windowedEnd) && page.get("next_page_token") == nil:
		return b6With(page, "next_page_token", "null", false)
	}
	return data
}

// b6URL writes a URL's scheme and host in lower case (a variant: they
// are case-insensitive, RFC 3986 §3.1, §3.2.2); the rest stays as sent.
func (s *Server) b6URL(u string) string {
	if !s.opts.is(VariantB6URLHostCaseless) {
		return u
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	host, path, _ := strings.Cut(rest, "/")
	return strings.ToLower(scheme) + "://" + strings.ToLower(host) + "/" + path
}

// b6Spaced writes encoded JSON with a space after every comma and colon
// outside strings (a variant: Python's separators).
func b6Spaced(b []byte) []byte {
	var out bytes.Buffer
	inString, escaped := false, false
	for _, c := range b {
		out.WriteByte(c)
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == ',' || c == ':':
			out.WriteByte(' ')
		}
	}
	return out.Bytes()
}

// b6BoldSection is a "## " heading and a **title**: value line per field
// (a variant's markdown layout).
func b6BoldSection(b *strings.Builder, g group, n int, es []entry) {
	head := g.title
	if !g.show || head == "" {
		head = "第 " + strconv.Itoa(n) + " 部分"
	}
	b.WriteString("\n## " + head + "\n\n")
	for _, e := range es {
		b.WriteString("**" + e.title + "**: " + strings.ReplaceAll(e.text, "\n", " ") + "  \n")
	}
}

// b6AuthBody is a 401 or 403 as the auth gateway of a variant writes it.
func b6AuthBody(e *apiError) obj {
	return o("code", e.code, "error_code", e.errorCode, "message", e.message, "message_detail", e.detail)
}

// b6Personal are the field types the mask table of a bug knows.
var b6Personal = map[string]bool{"name": true, "tel": true, "identity": true, "recorder": true,
	"customer_name": true, "customer_mobile": true, "customer_number": true, "job_number": true, "carnumber": true}

// b6Template is a record's record_template as a bug of round 6 labels it:
// a credential's form as 证书表单.
func (s *Server) b6Template(r *record, t obj) obj {
	if r.cert == nil || r.form == nil || !s.opts.has(BugB6CredentialTemplateLabel) {
		return t
	}
	return b6With(t, "type_text", "证书表单", false)
}
