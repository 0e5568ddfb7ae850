package foreign

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Adversarial round 4: bugs and correct variants written after reading
// the conformance runner of main (its rules over every answer, its
// relations, the verify matrix, relation.keys and the generated value
// space) and the first-sight misses of the rounds before, aimed at what
// it still does not reach: request headers a proxy or a browser adds that
// the runner never sends (X-Forwarded-Host, X-Forwarded-For); request
// bodies in forms no Go encoder writes (a UTF-8 byte order mark, a body
// encoded twice, strings written as \u escapes as Python's json.dumps
// does, a NUL inside a value); members a client sends that the contract
// does not name (per_page) and values in a form the caps never see (an
// oversize page_size as a digit string); filters and bounds the profile
// never suggests (a search key of two words or with a trailing space, a
// project's number as number, a window inside one day, a window ending
// after 2038, a reversed window, bounds on listings the profile gives no
// window, a page token sent back with another window, a digit-string
// page_size followed to page 3); identifiers of another kind (a sub-code's
// coding as template or certificate_code, a tpl_id as template, a record_id
// as a digit string of another organization's record); keys on paths the
// relations leave to one key (the limited key's faults and its next
// action on its own form, the limited key's parameter errors, the write
// key's oversize page and template URL, the other organization's own
// records by URL, its own templates with a bound); and the YAML of the
// front matter, which the runner reads line by line and never parses
// whole. The variants differ from Defaults only where docs/contract.md
// allows, in forms a runner may read one way (key scopes that refuse
// reads, a notarization a move adds, RFC 3339 only, masks grouped or in
// two characters, URL hosts in any case, system forms unlisted, error
// bodies with data, a verify answered 201, the review block for staff).

// The bugs of adversarial round 4.
const (
	BugA4EscapedStatusLiteral     Bug = "a4-verify-escaped-status-literal"
	BugA4SearchCountAnyWord       Bug = "a4-search-total-any-word"
	BugA4SearchCountUntrimmed     Bug = "a4-search-total-untrimmed-key"
	BugA4TokenOtherWindow500      Bug = "a4-cursor-token-other-window-500"
	BugA4SameDayWindowWholeDay    Bug = "a4-cursor-same-day-window-whole-day"
	BugA4EndTimeInt32             Bug = "a4-cursor-end-time-after-2038-wraps"
	BugA4StringSizeConcat         Bug = "a4-cursor-string-page-size-concatenated"
	BugA4LimitedErrorEnvelope     Bug = "a4-limited-key-form-errors-envelope"
	BugA4OtherOrgByURLHost        Bug = "a4-other-org-by-url-primary-host"
	BugA4LimitedIgnoresFrom       Bug = "a4-limited-key-from-ignored"
	BugA4LimitedNextUnsupported   Bug = "a4-limited-key-next-unsupported"
	BugA4LimitedTplUnchecked      Bug = "a4-limited-key-scope-unchecked"
	BugA4FrontMatterFlowTitle     Bug = "a4-front-matter-title-flow-sequence"
	BugA4FrontMatterColonTitle    Bug = "a4-front-matter-title-colon"
	BugA4SubcodeAsTemplate        Bug = "a4-qrcodes-subcode-as-template"
	BugA4SubcodeCertCode          Bug = "a4-verify-subcode-100325"
	BugA4TemplateByTplID          Bug = "a4-qrcodes-template-by-tpl-id"
	BugA4NumberMatchesProject     Bug = "a4-form-number-matches-project"
	BugA4NumberNULTruncated       Bug = "a4-form-number-nul-truncated"
	BugA4BOMBodyHTML              Bug = "a4-bom-body-html"
	BugA4DoubleEncodedBody        Bug = "a4-double-encoded-body-served"
	BugA4WriteKeyOversizeServed   Bug = "a4-write-key-form-oversize-served"
	BugA4PerPageAliasUncapped     Bug = "a4-form-per-page-alias-uncapped"
	BugA4SizeStringUncapped       Bug = "a4-form-string-page-size-uncapped"
	BugA4SingleTemplateNoFilter   Bug = "a4-templates-single-item-unfiltered"
	BugA4SmallTemplateNoFilter    Bug = "a4-qrcodes-small-template-unfiltered"
	BugA4ReversedWindowUnfiltered Bug = "a4-cursor-reversed-window-unfiltered"
	BugA4WriteKeyTemplateURL404   Bug = "a4-write-key-template-url-404"
	BugA4ForwardedHostURL         Bug = "a4-record-url-from-forwarded-host"
	BugA4StaffNetworkUnmasked     Bug = "a4-forwarded-for-private-unmasked"
	BugA4StringIDSkipsTenancy     Bug = "a4-string-record-id-skips-tenancy"
)

// The correct variants of adversarial round 4.
const (
	VariantA4StaffAuditBlock      Variant = "a4-staff-keys-see-review-block"
	VariantA4NotarizedOnMove      Variant = "a4-move-notarized"
	VariantA4RFC3339Only          Variant = "a4-time-bounds-rfc3339-only"
	VariantA4MarkdownGroupedMasks Variant = "a4-markdown-masked-phones-grouped"
	VariantA4LimitedReadScope     Variant = "a4-limited-key-reads-own-forms"
	VariantA4WriteKeyNoRead       Variant = "a4-write-key-without-read-scope"
	VariantA4URLHostCaseless      Variant = "a4-url-host-caseless"
	VariantA4SystemFormsHidden    Variant = "a4-system-forms-unlisted"
	VariantA4ErrorsWithData       Variant = "a4-errors-carry-data"
	VariantA4MixedMaskChars       Variant = "a4-phones-masked-with-bullets"
	VariantA4VerifyCreated201     Variant = "a4-verify-success-201"
	variantA4PhoneMask                    = "●"
	a4ForwardedHostParam                  = "\x00a4-forwarded-host"
	a4StaffNetworkParam                   = "\x00a4-staff-network"
	a4SmallTemplate                       = 10
	a4ManagementErrorCode                 = 400
	a4ForwardedHostHeader                 = "X-Forwarded-Host"
	a4ForwardedForHeader                  = "X-Forwarded-For"
)

func adversarialRound4() Round {
	return Round{Name: "adversarial-4", Kind: "adversarial", Bugs: []BugInfo{
		{BugA4EscapedStatusLiteral, "§3.1, §4.2", "verify's status names are read by the legacy parameter bridge, which keeps JSON \\u escapes as written: 已核销 sent as \\u5df2\\u6838\\u9500 (Python's json.dumps by default) names no status and the move answers 100326"},
		{BugA4SearchCountAnyWord, "§4.3", "getFormList's COUNT query ORs the words of a search_key the list query ANDs: with two words, total counts the forms holding either word, more than the walk holds"},
		{BugA4SearchCountUntrimmed, "§4.3", "getFormList trims search_key for the list but not for the COUNT query: a key with a trailing space (巡检 ) lists its forms with total 0"},
		{BugA4TokenOtherWindow500, "§4.4, §C3", "templates/* re-run a page token's stored query with an assertion on its window: a token of the same listing sent back beside another start_time or end_time answers code 500 System error instead of a 400"},
		{BugA4SameDayWindowWholeDay, "§4.4, §4.5", "a window whose start_time and end_time fall on one calendar day (UTC+08:00) goes through the date picker's single-day path and is widened to the whole day: items created outside the window are listed"},
		{BugA4EndTimeInt32, "§4.4, §4.5", "end_time is bound as a signed 32-bit parameter: a bound after 2038-01-19 03:14:07 UTC (9999-12-31, 2099-01-01, a client's \"no upper bound\") wraps negative and the listing is empty with total 0"},
		{BugA4StringSizeConcat, "§4.4, §4.5", "templates/* add the page_size as sent to the offset: sent as a digit string (\"5\"), offset + size concatenates, so page 2's token points at 5+\"5\" = 55 and the walk ends after two pages holding 10 of total items"},
		{BugA4LimitedErrorEnvelope, "§4.3, §C3", "keys limited to some forms go through the scoped-key middleware, whose getFormList validation errors use the management API's envelope {code, message, data: {errors}}, without error_code and message_detail"},
		{BugA4OtherOrgByURLHost, "§4.1", "the short-link resolver builds record_url from the platform's primary host: the other organization's key reading its own record by record_url gets record_url https://qa.foreign.example/c/…, not the URL it asked for (by id it is right)"},
		{BugA4LimitedIgnoresFrom, "§3.1, §7", "the form-scoped verify service (keys limited to forms) never compares from_certificate_status: the limited key moves its own credential from a status it is not in (100324 is due)"},
		{BugA4LimitedNextUnsupported, "§3.1", "the form-scoped verify service implements set_certificate_status only: the limited key's set_next_certificate_status on its own credential answers 100325 instead of moving it"},
		{BugA4LimitedTplUnchecked, "§3.1, §7", "the form-scoped verify service checks the key's forms and never tpl_id or code_id: the limited key's move with another form's tpl_id succeeds (100323 is due)"},
		{BugA4FrontMatterFlowTitle, "§2.2", "a credential's markdown front matter prefixes the title with its status unquoted, title: [已核销] 会员卡核销, a YAML flow sequence followed by text: the front matter is no valid YAML and a YAML reader finds no title"},
		{BugA4FrontMatterColonTitle, "§2.2", "the markdown front matter of a record with a project writes title: <form>: <record number> unquoted; a plain scalar holding \": \" is no valid YAML, so a front-matter parser fails on every such record"},
		{BugA4SubcodeAsTemplate, "§4.5", "listQrcodes looks template up in the codes table without its type: a sub-code's coding (fxs40000) is taken for a template without sub-codes and answers an empty list instead of 404"},
		{BugA4SubcodeCertCode, "§4.2, §7", "verify looks certificate_code up among sub-codes too (the newer model lets a sub-code carry a credential): a sub-code's coding, which names no record, answers 100325 (no flow) instead of 100320"},
		{BugA4TemplateByTplID, "§4.5", "listQrcodes also takes a template's tpl_id (the management UI sends it): template \"9101\", which names no coding, lists fxt3100's sub-codes instead of 404"},
		{BugA4NumberMatchesProject, "§4.3", "getFormList's number filter is joined with the project: WHERE form.number = ? OR project.number = ?: the project's number PRJ-002 lists every form of the project"},
		{BugA4NumberNULTruncated, "§4.3", "number goes through the legacy index's C extension, which reads a string up to its first NUL: FX-001\\u0000X hits FX-001"},
		{BugA4BOMBodyHTML, "§1.1, §C1", "a request body that starts with a UTF-8 byte order mark (PowerShell, .NET's default encoder) fails the framework's JSON middleware before the service's error renderer: the framework's HTML error page"},
		{BugA4DoubleEncodedBody, "§C1", "a body that is a JSON string is decoded a second time (a fix for clients that encode twice): \"{\\\"number\\\":\\\"FX-001\\\"}\", a string and no object, is served as the object it holds, never a parameter error"},
		{BugA4WriteKeyOversizeServed, "§8", "keys that may write are served by the back-office pager, which has no maximum: the write key's getFormList with page_size 50 answers 29 forms and per_page 50"},
		{BugA4PerPageAliasUncapped, "§8", "getFormList also reads per_page (the paginator's own name) when page_size is absent, and caps only page_size: {per_page: 50} answers 29 forms on one page"},
		{BugA4SizeStringUncapped, "§8", "getFormList caps page_size only when it is a JSON integer (is_int): the digit string \"50\" passes the cap and the page holds 29 forms, per_page 50"},
		{BugA4SingleTemplateNoFilter, "§4.4", "templates/list returns an organization's only template from the small-list fast path, which skips the time filter: the other organization's key gets xlt0001 under an end_time before its creation"},
		{BugA4SmallTemplateNoFilter, "§4.5", "listQrcodes serves a template of at most 10 sub-codes from a cached array that ignores start_time and end_time: fxt3107's sub-codes under a start_time after their creation"},
		{BugA4ReversedWindowUnfiltered, "§4.4, §4.5", "an end_time before start_time drops both bounds (if start > end, ignore the window): every item is listed, where nothing was created between them"},
		{BugA4WriteKeyTemplateURL404, "§4.5", "keys that may write resolve a template URL through the management router, which knows /t/ and not /tpl/: the write key's listQrcodes by the template's full URL is 404 (by coding it lists)"},
		{BugA4ForwardedHostURL, "§4.1, §2.1", "the framework trusts X-Forwarded-Host when it builds URLs: behind a gateway that sets it, record_url is https://<the gateway's host>/c/…, not the record's"},
		{BugA4StaffNetworkUnmasked, "§2.1, §C8", "the staff-network bypass trusts X-Forwarded-For: a request whose first forwarded address is private (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16), as behind a company proxy, reads masked values in clear with is_masked true"},
		{BugA4StringIDSkipsTenancy, "§4.1, §C2", "the tenancy middleware scopes record_id only when it is a JSON integer: record_id \"910001\" as a digit string reads the other organization's record with our key"},
	}, Variants: []VariantInfo{
		{VariantA4StaffAuditBlock, "keys that may write see audit {enabled: false} on records without review; the read key sees no audit block",
			"§C10: \"`audit` with `enabled: false` ... The runner accepts a block with enabled: false\"; §5 item 5: how keys are \"scoped beyond write permission, is open\""},
		{VariantA4NotarizedOnMove, "a verify notarizes the credential: after a move the record carries trusted_notary (the redemption's hash, notarized_at the move's time)",
			"§C6: \"The move seen in getRecord | KIT ... a real service that shows it otherwise is not failed\"; §C7: trusted_notary \"KIT (the spec only shows it)\""},
		{VariantA4RFC3339Only, "templates/* take RFC 3339 times only: a date alone or a time without zone is a 400 naming the parameter (the profile writes its windows in RFC 3339)",
			"§C5 start_time / end_time: \"a time without zone and a date, where accepted\"; \"KIT: accepted are ...; anything else ... is a 400 naming the parameter\""},
		{VariantA4MarkdownGroupedMasks, "markdown writes masked phone numbers grouped: 138 **** 5678",
			"§C8: \"Mask format | KIT\"; §C7: \"markdown layout | KIT\""},
		{VariantA4LimitedReadScope, "a key limited to some forms also reads only those forms: getRecord of another form's record is 403/100403, getFormList lists its forms only",
			"§5 item 5: how keys are \"scoped beyond write permission, is open\"; §C2: \"A key without read scope on a read endpoint | KIT | code 403, error_code 100403\""},
		{VariantA4WriteKeyNoRead, "the write key (a redemption terminal's) may verify but not read: every read endpoint answers it 403/100403",
			"§5 item 5: how keys are \"scoped beyond write permission, is open\"; §C2: \"A key without read scope on a read endpoint | KIT | code 403, error_code 100403\""},
		{VariantA4URLHostCaseless, "record, certificate and template URLs are read with their scheme and host in any letter case",
			"§C10 Identifiers are exact: \"The scheme and host of a URL are read without regard to case (RFC 3986)\""},
		{VariantA4SystemFormsHidden, "getFormList lists ordinary forms (types 0, 1, 2) only; system forms (3, 7, 12, 13, 21, 22) are not listed, and the profile counts so",
			"§4.3: \"the forms the calling account can see\" (which forms an account sees is the service's)"},
		{VariantA4ErrorsWithData, "every error body also carries data {} (one envelope for every endpoint)",
			"§4.1, §4.3: errors carry code, error_code, message and message_detail, \"all four present\" (no closed body, unlike a success's top level); §C3: \"the mock sends message_detail in the templates shape too (an extra member the shape allows)\""},
		{VariantA4MixedMaskChars, "phone numbers are masked with ● and every other value with *, and the profile's masking chars say both",
			"§C8: \"Mask format | KIT\"; the profile's masking.chars names the target's mask characters"},
		{VariantA4VerifyCreated201, "a verify that moves a record is answered HTTP 201 Created (its body the same)",
			"§C1: \"HTTP status line of errors | KIT ... a success is 200\" is the mock's choice, \"The runner judges bodies, never the status line\""},
	}}
}

// a4Prepare reads the request body for the bugs that look at its bytes,
// and puts it back: a byte order mark answers HTML, a body that is a JSON
// string holding an object is replaced by that object.
func (s *Server) a4Prepare(r *http.Request) ([]byte, *apiError) {
	if !s.opts.has(BugA4BOMBodyHTML) && !s.opts.has(BugA4DoubleEncodedBody) && !s.opts.has(BugA4EscapedStatusLiteral) {
		return nil, nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, paramError("body", "the request body could not be read")
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if s.opts.has(BugA4BOMBodyHTML) && bytes.HasPrefix(raw, []byte("\xEF\xBB\xBF")) {
		return raw, &apiError{code: 400, html: true}
	}
	var inner string
	if s.opts.has(BugA4DoubleEncodedBody) && json.Unmarshal(raw, &inner) == nil {
		var m map[string]any
		if json.Unmarshal([]byte(inner), &m) == nil && m != nil {
			raw = []byte(inner)
			r.Body = io.NopCloser(bytes.NewReader(raw))
		}
	}
	return raw, nil
}

// a4Params adds to the parameters what the bugs read off the request:
// status names as written, the forwarded host and the staff network.
func (s *Server) a4Params(ep string, raw []byte, r *http.Request, p params) {
	if s.opts.has(BugA4EscapedStatusLiteral) && ep == "certificates/verify" {
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) == nil {
			for _, name := range []string{"to_certificate_status", "from_certificate_status"} {
				if m := string(members[name]); len(m) >= 2 && m[0] == '"' && strings.Contains(m, `\u`) {
					p[name] = m[1 : len(m)-1]
				}
			}
		}
	}
	if ep != "record/getRecord" {
		return
	}
	if h := r.Header.Get(a4ForwardedHostHeader); h != "" && s.opts.has(BugA4ForwardedHostURL) {
		p[a4ForwardedHostParam] = strings.TrimSpace(strings.Split(h, ",")[0])
	}
	if f := r.Header.Get(a4ForwardedForHeader); f != "" && s.opts.has(BugA4StaffNetworkUnmasked) {
		if ip := net.ParseIP(strings.TrimSpace(strings.Split(f, ",")[0])); ip != nil && ip.IsPrivate() {
			p[a4StaffNetworkParam] = true
		}
	}
}

// a4LimitedEnvelope is the scoped-key middleware's validation error.
func (s *Server) a4LimitedEnvelope(w http.ResponseWriter, e *apiError) {
	s.write(w, http.StatusUnprocessableEntity, o("code", a4ManagementErrorCode, "message", "The given data was invalid.",
		"data", o("errors", o(e.param, []any{e.detail}))))
}

// a4Created is a verify success answered 201 (a variant).
type a4Created struct{ data any }

// a4RefusesRead says whether a variant's key scope refuses this read.
func (s *Server) a4RefusesRead(k *apiKey, ep string) *apiError {
	if s.opts.is(VariantA4WriteKeyNoRead) && k.secret == WriteKey && ep != "certificates/verify" {
		return &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "this API key may not read"}
	}
	return nil
}

// a4FormSize is the page size a bug serves getFormList with, past the
// cap: the write keys' pager, per_page, a digit-string page_size.
func (s *Server) a4FormSize(k *apiKey, p params, maxSize int64) (int64, bool) {
	if str, isStr := p["page_size"].(string); isStr && s.opts.has(BugA4SizeStringUncapped) {
		if n, err := strconv.ParseInt(str, 10, 64); err == nil && n > maxSize {
			return n, true
		}
	}
	if n, ok, err := p.int("page_size"); err == nil && ok && n > maxSize && k.write && s.opts.has(BugA4WriteKeyOversizeServed) {
		return n, true
	}
	if _, sized := p["page_size"]; !sized && s.opts.has(BugA4PerPageAliasUncapped) {
		if n, ok, err := p.int("per_page"); err == nil && ok && n >= 1 {
			return n, true
		}
	}
	return 0, false
}

// a4SearchTotal is the total a bug's COUNT query gives for search_key:
// its words ORed, or the key untrimmed.
func (s *Server) a4SearchTotal(k *apiKey, key, number string, total int64) int64 {
	words := strings.Fields(key)
	anyWord := s.opts.has(BugA4SearchCountAnyWord) && len(words) > 1
	untrimmed := s.opts.has(BugA4SearchCountUntrimmed) && key != "" && strings.TrimSpace(key) != key
	if !anyWord && !untrimmed {
		return total
	}
	var n int64
	for _, f := range s.data.forms {
		if f.org != k.org || !s.numberMatches(f, number) {
			continue
		}
		hay := strings.ToLower(f.name + "\x00" + f.note + "\x00" + f.number)
		hit := untrimmed && strings.Contains(hay, strings.ToLower(key))
		for _, w := range words {
			hit = hit || anyWord && strings.Contains(hay, strings.ToLower(w))
		}
		if hit {
			n++
		}
	}
	return n
}

// a4NumberMatches is a bug's reading of number: up to a NUL, or the
// project's number too; decided says the bug decided.
func (s *Server) a4NumberMatches(f *form, number string) (string, bool) {
	if s.opts.has(BugA4NumberNULTruncated) {
		number, _, _ = strings.Cut(number, "\x00")
	}
	return number, s.opts.has(BugA4NumberMatchesProject) && number != "" && f.project != nil && f.project.number == number
}

// a4TokenWindow is the 500 a bug answers for a token of this listing
// sent back beside another window.
func (s *Server) a4TokenWindow(p params, scope, filter string) *apiError {
	tok, _ := p["page_token"].(string)
	if tok == "" || !s.opts.has(BugA4TokenOtherWindow500) {
		return nil
	}
	body, _, _ := strings.Cut(tok, ".")
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil
	}
	_, rest, _ := strings.Cut(string(raw), "|")
	if strings.HasPrefix(rest, scope+"|") && rest != filter {
		return &apiError{code: 500, errorCode: 100300, message: "System error", detail: "assertion failed: cursor window mismatch"}
	}
	return nil
}

// a4Window is the window a bug serves: one day widened, an end after
// 2038 wrapped, a reversed window dropped.
func (s *Server) a4Window(w window) window {
	if s.opts.has(BugA4SameDayWindowWholeDay) && w.hasStart && w.hasE {
		a, b := time.Unix(w.start, 0).In(zone), time.Unix(w.end, 0).In(zone)
		if a.Format("2006-01-02") == b.Format("2006-01-02") {
			day := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, zone).Unix()
			w.start, w.end = day, day+86399
		}
	}
	if s.opts.has(BugA4EndTimeInt32) && w.hasE && w.end > math.MaxInt32 {
		w.end = int64(int32(w.end))
	}
	if s.opts.has(BugA4ReversedWindowUnfiltered) && w.reversed() {
		w.hasStart, w.hasE = false, false
	}
	return w
}

// a4Next is the offset of the next page: a digit-string page_size is
// concatenated to it (a bug).
func (s *Server) a4Next(p params, offset, step int64) int64 {
	str, isStr := p["page_size"].(string)
	if !isStr || !s.opts.has(BugA4StringSizeConcat) {
		return offset + step
	}
	if n, err := strconv.ParseInt(strconv.FormatInt(offset, 10)+strings.TrimSpace(str), 10, 64); err == nil {
		return n
	}
	return offset + step
}

// a4Template resolves a template reference as the bugs do; found nil
// and answer set: the bug answers so.
func (s *Server) a4Template(k *apiKey, ref string) (string, any, *apiError) {
	if k.write && strings.HasPrefix(ref, "https://") && s.opts.has(BugA4WriteKeyTemplateURL404) {
		return ref, nil, &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref)}
	}
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil && s.opts.has(BugA4TemplateByTplID) {
		for _, t := range s.data.templates {
			if t.org == k.org && t.id == id {
				return t.coding, nil, nil
			}
		}
	}
	if s.opts.has(BugA4SubcodeAsTemplate) && s.a4Subcode(k, ref) {
		return ref, o("list", []any{}, "next_page_token", nil, "total", 0), nil
	}
	return ref, nil, nil
}

// a4Subcode says whether ref is the coding of a sub-code of the key's
// organization.
func (s *Server) a4Subcode(k *apiKey, ref string) bool {
	for _, t := range s.data.templates {
		for _, c := range t.subs {
			if t.org == k.org && c.coding == ref {
				return true
			}
		}
	}
	return false
}

// a4OwnerKey is the key a bug scopes a digit-string record_id with: the
// record's own organization.
func (s *Server) a4OwnerKey(k *apiKey, p params, id int64) *apiKey {
	if _, isStr := p["record_id"].(string); !isStr || !s.opts.has(BugA4StringIDSkipsTenancy) {
		return k
	}
	for _, r := range s.data.records {
		if r.id == id {
			return &apiKey{secret: k.secret, org: r.org, write: k.write, forms: k.forms}
		}
	}
	return k
}

// a4Title is a markdown front matter's title value as a bug writes it,
// unquoted; "" when the title is written quoted as usual.
func (s *Server) a4Title(r *record, t string) string {
	if st := s.currentStatus(r); st != "" && s.opts.has(BugA4FrontMatterFlowTitle) {
		return "[" + st + "] " + t
	}
	if r.project != nil && s.opts.has(BugA4FrontMatterColonTitle) {
		return t + ": " + r.number
	}
	return ""
}

// a4Notary is the notarization a variant adds to a moved credential.
func (s *Server) a4Notary(r *record) obj {
	t := s.b4LastVerify(r)
	if t == 0 || !s.opts.is(VariantA4NotarizedOnMove) {
		return nil
	}
	return o("tx_hash", "0xa4"+strconv.FormatInt(r.id, 16)+strconv.FormatInt(t, 16), "evidence_url",
		"https://notary.foreign.example/e/"+r.code, "notarized_at", t, "notarized_at_iso", s.iso(t))
}

// a4GroupPhone writes a masked phone grouped in three (a variant).
func a4GroupPhone(text string) string {
	r := []rune(text)
	if len(r) != 11 {
		return text
	}
	return string(r[:3]) + " " + string(r[3:7]) + " " + string(r[7:])
}

// a4RFC3339 writes one of the profile's window bounds in RFC 3339 (a
// date as its first second), as a variant that reads only RFC 3339
// needs them.
func a4RFC3339(v string) string {
	for _, layout := range []string{time.RFC3339, "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, v, zone); err == nil {
			return t.In(zone).Format(time.RFC3339)
		}
	}
	return v
}
