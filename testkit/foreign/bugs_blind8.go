package foreign

import (
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Blind round 8: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug sits on a second
// code path a real team ships beside the first (a form-scoped key, a
// search index's count, a share renderer, a legacy serializer, an API
// gateway, a window cache, a validator shared between endpoints) or on a
// parameter combined with another, and breaks a must statement there
// while the first path keeps it.

// The bugs of blind round 8.
const (
	BugB8LimitedOwnFormUnmasked    Bug = "b8-limited-key-own-form-unmasked"
	BugB8CustomerMobileThreeStars  Bug = "b8-customer-mobile-three-stars"
	BugB8AILabelUnderReview        Bug = "b8-ai-label-under-review"
	BugB8DefaultFormatNoNotary     Bug = "b8-default-format-no-notary"
	BugB8ChainedSortedExplicitJSON Bug = "b8-chained-sorted-explicit-json"
	BugB8DiffMediaOmitEmpty        Bug = "b8-diff-media-items-omitempty"
	BugB8MatrixTextColumnUUID      Bug = "b8-matrix-text-column-uuid"
	BugB8ChecklistImagesNull       Bug = "b8-checklist-images-null"
	BugB8MarkdownTitleEmptyNoForm  Bug = "b8-markdown-title-empty-without-form"
	BugB8WriteKeyJSONLDClear       Bug = "b8-write-key-jsonld-clear"
	BugB8ByURLJSONLDIdentifierURL  Bug = "b8-by-url-jsonld-identifier-url"
	BugB8RecordIDInt32Wrap         Bug = "b8-record-id-int32-wrap"
	BugB8FormatArrayCoerced        Bug = "b8-format-array-coerced"
	BugB8CredentialProjectZero     Bug = "b8-credential-project-zero"
	BugB8CodeIDMismatch100328      Bug = "b8-code-id-mismatch-100328"
	BugB8CredentialOff100325       Bug = "b8-credential-off-100325"
	BugB8TplShadowedByCode         Bug = "b8-tpl-id-shadowed-by-code-id"
	BugB8ActionDefaultsNext        Bug = "b8-missing-action-defaults-next"
	BugB8FromByIDMismatch          Bug = "b8-from-by-id-never-current"
	BugB8RepeatByURLIdempotent     Bug = "b8-repeat-by-url-idempotent"
	BugB8VerifyRewritesRecorder    Bug = "b8-verify-rewrites-recorder"
	BugB8ScopeErrorDataHint        Bug = "b8-scope-error-data-hint"
	BugB8XAPIKeyHeader             Bug = "b8-x-api-key-header"
	BugB8BasicAuthAccepted         Bug = "b8-basic-auth-accepted"
	BugB8SearchTotalAllOrgs        Bug = "b8-search-total-all-orgs"
	BugB8LaterPageSizeUncapped     Bug = "b8-later-page-size-uncapped"
	BugB8NumberLookupDefaultProj   Bug = "b8-number-lookup-default-project"
	BugB8SearchActiveNull          Bug = "b8-search-active-at-null"
	BugB8WindowEndTakesStartOffset Bug = "b8-qrcodes-end-takes-start-offset"
	BugB8WindowCacheDropsOffset    Bug = "b8-templates-window-cache-drops-offset"
	BugB8QrcodesByURLChildLinks    Bug = "b8-qrcodes-by-url-child-links"
	BugB8UnknownTemplateURL400     Bug = "b8-unknown-template-url-400"
	BugB8TemplatesPagingFormShape  Bug = "b8-templates-paging-error-form-shape"
	BugB8SearchKeyTypeErrorBare    Bug = "b8-search-key-type-error-bare"
	BugB8ForeignHostEdge404        Bug = "b8-foreign-host-edge-404"
	BugB8AcceptXMLNegotiated       Bug = "b8-accept-xml-negotiated"
	BugB8ByURLTokenDropped         Bug = "b8-qrcodes-by-url-token-dropped"
	BugB8ReplicaPagesISOUTC        Bug = "b8-form-later-pages-iso-utc"
)

// The correct variants of blind round 8.
const (
	VariantB8FormsByProject         Variant = "b8-forms-by-project"
	VariantB8Float17Digits          Variant = "b8-floats-17-digits"
	VariantB8MaskKeepTail           Variant = "b8-mask-keeps-tail"
	VariantB8ErrorRequestID         Variant = "b8-error-request-id"
	VariantB8StrictUnknownMembers   Variant = "b8-strict-unknown-members"
	VariantB8RequireJSONContentType Variant = "b8-require-json-content-type"
	VariantB8SizesUnknown           Variant = "b8-media-sizes-unknown"
	VariantB8EmptyBodyRefused       Variant = "b8-empty-body-refused"
	VariantB8JSONLDLanguage         Variant = "b8-jsonld-context-language"
	VariantB8TokenBoundToSize       Variant = "b8-token-bound-to-page-size"
	VariantB8WWWAuthenticate        Variant = "b8-www-authenticate"
)

func blindRound8() Round {
	return Round{Name: "blind-8", Kind: "blind", Bugs: []BugInfo{
		{BugB8LimitedOwnFormUnmasked, "§2.1, §C8", "a key whose writes are limited to some forms is taken for the owner of those forms: records of its own forms come in json with masked values in clear while is_masked stays true"},
		{BugB8CustomerMobileThreeStars, "§2.1, §C8", "customer_mobile is masked by the CRM module's helper, three stars over digits 4 to 6 (139***54321): 8 of its 11 digits in clear, in every format"},
		{BugB8AILabelUnderReview, "§2.1, §3.4", "records under review render image review results through the review module, whose label for audit_status 2 is 未通过 where every other record says 不通过: one code, two texts"},
		{BugB8DefaultFormatNoNotary, "§4.1", "getRecord without format goes through the v1 serializer, which predates trusted_notary: the default answer lacks the member that format json shows"},
		{BugB8ChainedSortedExplicitJSON, "§2.1", "getRecord with format json sent explicitly goes through the export serializer, which sorts every option list by its text: chained_selects values come out of level order"},
		{BugB8DiffMediaOmitEmpty, "§2.1", "sub_qrcode_edit_diff values leave media_items out when it is empty (omitempty on the struct): text changes lack the required member"},
		{BugB8MatrixTextColumnUUID, "§2.1", "matrix columns that are not a choice carry the column definition's uuid in value.option_uuid (dynamic_matrix does not)"},
		{BugB8ChecklistImagesNull, "§2.1", "a checklist item without images has value.images null (an empty relation serialized as null), not []"},
		{BugB8MarkdownTitleEmptyNoForm, "§2.2", "markdown of a record without a form has an empty title in its front matter (the template writes the form name, which it lacks); the heading still reads 记录 <number>"},
		{BugB8WriteKeyJSONLDClear, "§C8", "json-ld read with a key that may write comes from the editor's export, masked values in clear; json and markdown stay masked"},
		{BugB8ByURLJSONLDIdentifierURL, "§4.1", "getRecord by record_url as json-ld is rendered by the share page, whose identifier is the URL: the payload differs from the same record by record_id"},
		{BugB8RecordIDInt32Wrap, "§4.1", "record_id is cast to a 32-bit integer for the cache key: record_id 4295767297 answers record 800001 instead of not found"},
		{BugB8FormatArrayCoerced, "§C1", "getRecord reads format as a JavaScript string: [\"markdown\"] is served as markdown instead of a parameter error"},
		{BugB8CredentialProjectZero, "§2.1", "credential records are rendered by the certificate module, which always writes project: {id 0, name \"\", number \"\"} for a record that belongs to none"},
		{BugB8CodeIDMismatch100328, "§7", "code_id is checked in the permission middleware: a code_id that is not the credential's QR code answers 100328 instead of 100323 (tpl_id still 100323)"},
		{BugB8CredentialOff100325, "§7", "a credential whose own verification switch is off answers 100325 (checked in the action dispatcher); a form with verification off still answers 100321"},
		{BugB8TplShadowedByCode, "§3.1, §7", "verify checks one scope only, code_id when sent and else tpl_id: with both sent, a tpl_id that is not the credential's form moves it instead of answering 100323"},
		{BugB8ActionDefaultsNext, "§7", "verify without action_type takes the v1 API's default, set_next_certificate_status, and moves the credential instead of answering 100301"},
		{BugB8FromByIDMismatch, "§4.2, §7", "from_certificate_status is compared with the current status's name only: a status id written as a string never matches, 100324 on a move that should succeed"},
		{BugB8RepeatByURLIdempotent, "§7", "verify by the credential's full URL (the kiosk's confirm link) is idempotent: a move to the status the record is in answers success instead of 100326"},
		{BugB8VerifyRewritesRecorder, "§2.1, §C6", "a successful verify writes the verifier into the record's recorder: the moved record's recorder changes, a member the move may not change"},
		{BugB8ScopeErrorDataHint, "§C3", "verify's 100323 errors help the caller: data carries expected_tpl_id and expected_code_id instead of {}"},
		{BugB8XAPIKeyHeader, "§5, §C2", "the API gateway also takes the key from an X-API-Key header: a call without Authorization is served"},
		{BugB8BasicAuthAccepted, "§5, §C2", "the API gateway's basic-auth plugin accepts the key as the user name of Authorization: Basic: a call without a Bearer key is served"},
		{BugB8SearchTotalAllOrgs, "§4.3, §C2", "getFormList with search_key counts total in the search index, whose count query has no organization filter: total includes another organization's matching forms, the pages hold fewer"},
		{BugB8LaterPageSizeUncapped, "§8", "getFormList checks page_size against its maximum on the first page only: page 2 with page_size 25 is served with per_page 25"},
		{BugB8NumberLookupDefaultProj, "§2.3", "getFormList with number joins the project table with the organization's default project as a fallback: a form linked to no project shows project 默认项目 instead of null"},
		{BugB8SearchActiveNull, "§4.3, §2.3", "getFormList hits found through search_key come from the search index, where a form never active has active_at and active_at_iso null instead of 0 and \"\""},
		{BugB8WindowEndTakesStartOffset, "§4.5", "listQrcodes parses both bounds with one parser whose zone is set by start_time: an end_time written in another offset is read as the same wall-clock time in start_time's offset"},
		{BugB8WindowCacheDropsOffset, "§4.4", "templates/list caches each window by its bounds as written up to the seconds, offset cut off: after a window at +08:00, the same wall-clock time in another offset is served the cached items"},
		{BugB8QrcodesByURLChildLinks, "§4.5", "listQrcodes by the template's full URL writes each sub-code's coding as a link under that URL: the list differs from the list by coding"},
		{BugB8UnknownTemplateURL400, "§4.5", "listQrcodes of a template URL whose coding names no template answers 400 (the URL parser refuses it) instead of 404"},
		{BugB8TemplatesPagingFormShape, "§C3", "templates/list's page_size errors come from the paging validator shared with getFormList, in getFormList's error shape: error_code and message_detail, no data"},
		{BugB8SearchKeyTypeErrorBare, "§C3", "getFormList with a search_key that is not a string passes the search service's own error through: {code, message}, no error_code or message_detail"},
		{BugB8ForeignHostEdge404, "§C3", "getRecord of a record_url on a host that is not an organization's is answered by the edge router: {code 404, message} without error_code or message_detail"},
		{BugB8AcceptXMLNegotiated, "§1.1, §C1", "the framework negotiates the answer's format: a request with Accept: application/xml is answered in XML"},
		{BugB8ByURLTokenDropped, "§4.5, §4.4", "listQrcodes by the template's full URL forwards to the route by coding without page_token: every page reached with a token is the first page again, with the same token"},
		{BugB8ReplicaPagesISOUTC, "§1.3, §C1", "getFormList pages after the first are read from a replica whose session time zone is UTC, and the *_iso strings are formatted there: UTC wall-clock times labelled (UTC+08:00)"},
	}, Variants: []VariantInfo{
		{VariantB8FormsByProject, "forms ordered by their project's id (forms without a project last), then by id",
			"§C5: \"getFormList order | KIT; never asserted\""},
		{VariantB8Float17Digits, "every number with a fraction written with 17 significant digits, as PHP does with serialize_precision 17 (31.2049 as 31.204899999999999): the same IEEE 754 double",
			"§2.1: lat, lng, value and duration are numbers; RFC 8259 §6: a number is its value, and 17 significant digits name the same double"},
		{VariantB8MaskKeepTail, "masked values keep their end in clear, not their start: names the last character (***华), phone and identity numbers the last 4, other strings the last character",
			"§C8: \"Mask format | KIT\"; §2.1 (masked means desensitized) fixes only how much may show, and the tail shows less than each type's share"},
		{VariantB8ErrorRequestID, "every error body carries a request_id member beside the members of its shape",
			"§C3 and §4.1 list the members an error carries, never that they are the only ones (only getRecord's success wrapper is closed, §4.1); §C3: the templates shape takes an extra message_detail"},
		{VariantB8StrictUnknownMembers, "a request member the operation does not define is a parameter error (400, 100301 where the shape has one) naming it",
			"§C1: \"Unknown request members | KIT | Ignored, never an error\": KIT, so the runner never fails a service that refuses them"},
		{VariantB8RequireJSONContentType, "a request whose Content-Type is not application/json (any parameters) is a parameter error in the endpoint's shape",
			"§5 item 2: \"Every request carries Content-Type: application/json\"; §C1: \"Request Content-Type | KIT | Not checked\" is the kit's choice; statement 5.requestContentType is a duty of the client"},
		{VariantB8SizesUnknown, "every media item's size is null: the object store keeps no sizes",
			"§2.1: ImageItem, audio, video and file items have \"size integer|null (bytes)\""},
		{VariantB8EmptyBodyRefused, "an empty body (or one of white space only) is a parameter error naming the body, not {}",
			"§1.1: every operation takes \"a JSON body\"; §C1: \"Request body | SPEC (§1.1): a JSON object | KIT: an empty body ... is {}\""},
		{VariantB8JSONLDLanguage, "json-ld's @context also sets @language zh-CN",
			"§2.2: json-ld holds @context ...; \"The rest of its layout is open (§C7)\"; §C7: \"json-ld layout | KIT\""},
		{VariantB8TokenBoundToSize, "a page token is bound to the page_size it was issued for as well as to the filter: followed with another page_size it is a 400 naming page_token",
			"§C5: \"page_token | KIT; never asserted\"; §4.4: page_token is \"the previous page's next_page_token\", sent with the request that continues that walk"},
		{VariantB8WWWAuthenticate, "401 answers carry WWW-Authenticate: Bearer realm=\"rtq\" beside the JSON body",
			"§C1: the runner judges bodies, never the status line; RFC 6750 §3: a 401 for a missing or invalid token carries WWW-Authenticate"},
	}}
}

// b8State is what round 8's bugs remember between requests.
type b8State struct {
	// windows caches templates/list answers by the window as written,
	// offset cut off (a bug).
	windows map[string]any
}

// b8Set is a copy of ob with key's value v (appended when absent).
func b8Set(ob obj, key string, v any) obj {
	out := make(obj, 0, len(ob)+1)
	found := false
	for _, m := range ob {
		if m.key == key {
			m.val, found = v, true
		}
		out = append(out, m)
	}
	if !found {
		out = append(out, member{key, v})
	}
	return out
}

// b8Fields rewrites every field of a Record's tpl_groups with fn.
func b8Fields(rec obj, fn func(obj) obj) obj {
	groups, _ := rec.get("tpl_groups").([]any)
	out := make([]any, len(groups))
	for i, g := range groups {
		gob, ok := g.(obj)
		if !ok {
			out[i] = g
			continue
		}
		fields, _ := gob.get("fields").([]any)
		nf := make([]any, len(fields))
		for j, f := range fields {
			if fob, isObj := f.(obj); isObj {
				f = fn(fob)
			}
			nf[j] = f
		}
		out[i] = b8Set(gob, "fields", nf)
	}
	return b8Set(rec, "tpl_groups", out)
}

// b8Deep rewrites every object inside v, depth first, with fn.
func b8Deep(v any, fn func(obj) obj) any {
	switch v := v.(type) {
	case obj:
		out := make(obj, len(v))
		for i, m := range v {
			out[i] = member{m.key, b8Deep(m.val, fn)}
		}
		return fn(out)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = b8Deep(e, fn)
		}
		return out
	}
	return v
}

// b8Value rewrites a field value as round 8's serializer bugs do, and
// as a variant writes media sizes.
func (s *Server) b8Value(typ string, v any) any {
	switch {
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB8DiffMediaOmitEmpty):
		v = b8Deep(v, func(ob obj) obj {
			if l, ok := ob.get("media_items").([]any); ok && len(l) == 0 && ob.get("text_content") != nil {
				return b7Without(ob, "media_items")
			}
			return ob
		})
	case typ == "matrix" && s.opts.has(BugB8MatrixTextColumnUUID):
		v = b8Deep(v, func(ob obj) obj {
			if ob.get("column_type") == "text" {
				val, _ := ob.get("value").(obj)
				return b8Set(ob, "value", b8Set(val, "option_uuid", fmt.Sprintf("col-%v", ob.get("column_id"))))
			}
			return ob
		})
	case typ == "checklist" && s.opts.has(BugB8ChecklistImagesNull):
		v = b8Deep(v, func(ob obj) obj {
			if l, ok := ob.get("images").([]any); ok && len(l) == 0 {
				return b8Set(ob, "images", nil)
			}
			return ob
		})
	}
	if s.opts.is(VariantB8SizesUnknown) {
		v = b8Deep(v, func(ob obj) obj {
			if _, hasURL := ob.get("url").(string); hasURL && ob.get("size") != nil {
				return b8Set(ob, "size", nil)
			}
			return ob
		})
	}
	return v
}

// b8Field rewrites one served field of record r: a review module's
// labels on records under review (a bug).
func (s *Server) b8Field(r *record, f obj) obj {
	if r.audit == nil || !s.opts.has(BugB8AILabelUnderReview) {
		return f
	}
	return b8Deep(f, func(ob obj) obj {
		if ob.get("audit_status") == 2 {
			return b8Set(ob, "audit_status_text", "未通过")
		}
		return ob
	}).(obj)
}

// b8Mask is a mask of round 8's bugs and variants (ok false: none).
func (s *Server) b8Mask(typ string, r []rune) (string, bool) {
	n := len(r)
	switch {
	case n == 0:
		return "", false
	case s.opts.is(VariantB8MaskKeepTail):
		keep := 1
		if (typ == "tel" || typ == "customer_mobile") && n >= 8 || typ == "identity" && n >= 11 {
			keep = 4
		}
		if n == 1 {
			return "*", true
		}
		return strings.Repeat("*", n-keep) + string(r[n-keep:]), true
	case typ == "customer_mobile" && n >= 8 && s.opts.has(BugB8CustomerMobileThreeStars):
		return string(r[:3]) + "***" + string(r[6:]), true
	}
	return "", false
}

// b8Record rewrites the json Record of getRecord as round 8's bugs do.
// asked is the format as sent ("" when absent).
func (s *Server) b8Record(k *apiKey, r *record, rec obj, asked string) obj {
	if asked == "" && s.opts.has(BugB8DefaultFormatNoNotary) {
		rec = b7Without(rec, "trusted_notary")
	}
	if asked == "json" && s.opts.has(BugB8ChainedSortedExplicitJSON) {
		rec = b8Fields(rec, func(f obj) obj {
			if f.get("field_type") != "chained_selects" {
				return f
			}
			val, _ := f.get("field_value").(obj)
			l, _ := val.get("values").([]any)
			sorted := slices.Clone(l)
			sort.SliceStable(sorted, func(i, j int) bool {
				a, _ := sorted[i].(obj).get("option_text").(string)
				b, _ := sorted[j].(obj).get("option_text").(string)
				return a < b
			})
			return b8Set(f, "field_value", b8Set(val, "values", sorted))
		})
	}
	return rec
}

// b8LimitedOwner says whether a bug takes k for the owner of r's form:
// a key limited to forms reading a record of one of them.
func (s *Server) b8LimitedOwner(k *apiKey, r *record) bool {
	return s.opts.has(BugB8LimitedOwnFormUnmasked) && k.forms != nil && r.form != nil && slices.Contains(k.forms, r.form.id)
}

// b8RecordID is the record_id a bug looks up: cast to 32 bits.
func (s *Server) b8RecordID(id int64) int64 {
	if s.opts.has(BugB8RecordIDInt32Wrap) {
		return int64(int32(id))
	}
	return id
}

// b8Format coerces a format sent as a one-string array to that string,
// as JavaScript's String() does (a bug).
func (s *Server) b8Format(p params) {
	if l, ok := p["format"].([]any); ok && len(l) == 1 && s.opts.has(BugB8FormatArrayCoerced) {
		if f, isStr := l[0].(string); isStr {
			p["format"] = f
		}
	}
}

// b8EdgeHost says whether a bug's edge router answers a record_url
// itself: one on a host that is no organization's.
func (s *Server) b8EdgeHost(url string) bool {
	if !s.opts.has(BugB8ForeignHostEdge404) || url == "" {
		return false
	}
	for _, o := range s.data.orgs {
		if strings.HasPrefix(strings.ToLower(url), "https://"+o.host+"/") {
			return false
		}
	}
	return true
}

// b8Verify rewrites verify's parameters as round 8's bugs read them.
func (s *Server) b8Verify(p params) {
	if a, ok := p["action_type"]; s.opts.has(BugB8ActionDefaultsNext) && (!ok || a == nil || a == "") {
		p["action_type"] = "set_next_certificate_status"
	}
}

// b8Key finds the key a bug's gateway takes from elsewhere than a Bearer
// header: an X-API-Key header, or the user of a Basic header.
func (s *Server) b8Key(r *http.Request) *apiKey {
	h := strings.TrimSpace(r.Header.Get("Authorization"))
	if h == "" && s.opts.has(BugB8XAPIKeyHeader) {
		return s.data.key(strings.TrimSpace(r.Header.Get("X-API-Key")))
	}
	if scheme, cred, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Basic") && s.opts.has(BugB8BasicAuthAccepted) {
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred))
		if err != nil {
			return nil
		}
		user, _, _ := strings.Cut(string(raw), ":")
		return s.data.key(user)
	}
	return nil
}

// b8OtherOrgHits counts another organization's forms that match the
// filters, as a search index's count without an organization filter does.
func (s *Server) b8OtherOrgHits(k *apiKey, key, number string) int64 {
	var n int64
	for _, f := range s.data.forms {
		if f.org != k.org && s.searchMatches(f, key) && s.numberMatches(f, number) {
			n++
		}
	}
	return n
}

// b8Form rewrites one listed form as round 8's bugs do.
func (s *Server) b8Form(f *form, out obj, key, number string) obj {
	if number != "" && f.project == nil && s.opts.has(BugB8NumberLookupDefaultProj) {
		out = b8Set(out, "project", o("id", 3000, "name", "默认项目", "number", "PRJ-000"))
	}
	if key != "" && f.active == 0 && s.opts.has(BugB8SearchActiveNull) {
		out = b8Set(b8Set(out, "active_at", nil), "active_at_iso", nil)
	}
	return out
}

// b8ReplicaISO rewrites a listed form's *_iso strings as a replica whose
// session time zone is UTC formats them (a bug).
func b8ReplicaISO(f *form, out obj) obj {
	utc := func(t int64) string {
		if t == 0 {
			return ""
		}
		return time.Unix(t, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
	}
	for _, m := range []struct {
		key string
		at  int64
	}{{"created_at_iso", f.created}, {"updated_at_iso", f.updated}, {"active_at_iso", f.active}} {
		out = b8Set(out, m.key, utc(m.at))
	}
	return out
}

// b8EndInStartOffset re-reads end_time as a parser whose zone start_time
// set does: the end's wall clock in the start's offset (a bug).
func b8EndInStartOffset(p params, w window) window {
	end, _ := p["end_time"].(string)
	et, err := time.Parse(time.RFC3339Nano, end)
	if err != nil || !w.hasE {
		return w
	}
	loc := zone
	if start, _ := p["start_time"].(string); start != "" {
		if st, serr := time.Parse(time.RFC3339Nano, start); serr == nil {
			loc = st.Location()
		}
	}
	moved := time.Date(et.Year(), et.Month(), et.Day(), et.Hour(), et.Minute(), et.Second(), et.Nanosecond(), loc)
	w.end = int64(math.Floor(float64(moved.UnixNano()) / 1e9))
	return w
}

// b8WindowKey is the key a bug's window cache files a templates/list
// request under: its bounds as written to the second, offset cut off
// ("" when there is no window).
func b8WindowKey(p params, org int64) string {
	cut := func(name string) string {
		v, _ := p[name].(string)
		if len(v) > 19 {
			v = v[:19]
		}
		return v
	}
	start, end := cut("start_time"), cut("end_time")
	if start == "" && end == "" {
		return ""
	}
	size, _ := p["page_size"].(json.Number)
	tok, _ := p["page_token"].(string)
	return fmt.Sprint(org, "|", start, "|", end, "|", size, "|", tok)
}

// b8CachedWindow serves templates/list through a bug's window cache.
func (s *Server) b8CachedWindow(k *apiKey, p params, serve func() (any, *apiError)) (any, *apiError) {
	key := b8WindowKey(p, k.org)
	if key == "" || !s.opts.has(BugB8WindowCacheDropsOffset) {
		return serve()
	}
	s.mu.Lock()
	page, hit := s.b8.windows[key]
	s.mu.Unlock()
	if hit {
		return page, nil
	}
	page, err := serve()
	if err == nil {
		s.mu.Lock()
		if s.b8.windows == nil {
			s.b8.windows = map[string]any{}
		}
		s.b8.windows[key] = page
		s.mu.Unlock()
	}
	return page, err
}

// b8ChildLinks writes each sub-code's coding as a link under the
// template's URL (a bug of the by-URL route).
func b8ChildLinks(page any, base string) any {
	b, ok := page.(obj)
	if !ok {
		return page
	}
	l, _ := b.get("list").([]any)
	out := make([]any, len(l))
	for i, it := range l {
		if ob, isObj := it.(obj); isObj {
			it = b8Set(ob, "coding", fmt.Sprint(base, "/", ob.get("coding")))
		}
		out[i] = it
	}
	return b8Set(b, "list", out)
}

// b8KnownMembers are the request members each operation defines (a
// variant refuses any other).
var b8KnownMembers = map[string][]string{
	"record/getRecord":      {"record_id", "record_url", "format"},
	"certificates/verify":   {"certificate_code", "action_type", "to_certificate_status", "from_certificate_status", "tpl_id", "code_id"},
	"record/getFormList":    {"page", "page_size", "search_key", "number"},
	"templates/list":        {"start_time", "end_time", "page_token", "page_size"},
	"templates/listQrcodes": {"template", "start_time", "end_time", "page_token", "page_size"},
}

// b8Strict refuses, in a variant, a request member the operation does not
// define, and a request whose Content-Type is not application/json.
func (s *Server) b8Strict(op string, r *http.Request, p params) *apiError {
	if s.opts.is(VariantB8RequireJSONContentType) {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			return paramError("Content-Type", "the request's Content-Type must be application/json, got "+quote(r.Header.Get("Content-Type")))
		}
	}
	if s.opts.is(VariantB8StrictUnknownMembers) {
		names := make([]string, 0, len(p))
		for name := range p {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if !slices.Contains(b8KnownMembers[op], name) {
				return paramError(name, "unknown member "+quote(name))
			}
		}
	}
	return nil
}

// b8Floats writes every number with a fraction of encoded JSON with 17
// significant digits (a variant).
func b8Floats(b []byte) []byte {
	return eachFraction(b, func(f float64) string { return strconv.FormatFloat(f, 'g', 17, 64) })
}

// b8Negotiated serves r through serve and, for a request whose Accept
// header asks for XML, rewrites the JSON answer in XML (a bug of the
// framework's content negotiation); ok false when r does not ask.
func (s *Server) b8Negotiated(w http.ResponseWriter, r *http.Request, serve func(http.ResponseWriter)) bool {
	accept := r.Header.Get("Accept")
	if !s.opts.has(BugB8AcceptXMLNegotiated) || !strings.Contains(accept, "xml") || strings.Contains(accept, "json") {
		return false
	}
	rec := httptest.NewRecorder()
	serve(rec)
	var v any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return true
	}
	var b strings.Builder
	b.WriteString(xml.Header)
	b8XML(&b, "response", v)
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.WriteHeader(rec.Code)
	_, _ = w.Write([]byte(b.String()))
	return true
}

// b8XML writes v as an XML element named name.
func b8XML(b *strings.Builder, name string, v any) {
	fmt.Fprintf(b, "<%s>", name)
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			tag := strings.NewReplacer("@", "", " ", "_").Replace(k)
			b8XML(b, tag, v[k])
		}
	case []any:
		for _, e := range v {
			b8XML(b, "item", e)
		}
	case nil:
	default:
		_ = xml.EscapeText(b8Writer{b}, []byte(fmt.Sprint(v)))
	}
	fmt.Fprintf(b, "</%s>", name)
}

// b8Writer is a strings.Builder as an io.Writer for xml.EscapeText.
type b8Writer struct{ b *strings.Builder }

func (w b8Writer) Write(p []byte) (int, error) { return w.b.Write(p) }
