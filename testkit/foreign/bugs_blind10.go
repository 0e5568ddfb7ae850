package foreign

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Blind round 10: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug is one a team
// ships where a statement holds on the answer a reader checks first and
// breaks on another: a value only some records hold (a decimal, a file not
// yet scanned, a rejected review), a second serializer (the share view,
// the SEO exporter, the credential template), a count query written apart
// from its list query, a token that stores a page number, a check made
// after the write, a typo in a date format.

// The bugs of blind round 10.
const (
	BugB10NumberDecimalString       Bug = "b10-number-decimal-string"
	BugB10ChainedByText             Bug = "b10-chained-selects-by-text"
	BugB10DynamicMatrixUUIDEmpty    Bug = "b10-dynamic-matrix-empty-cell-uuid"
	BugB10UnscannedFileNoExt        Bug = "b10-unscanned-file-name-no-extension"
	BugB10DiffTextMediaNull         Bug = "b10-diff-text-media-items-null"
	BugB10RejectedAuditLabel        Bug = "b10-rejected-audit-label-pending"
	BugB10NewEditorTypeLabel        Bug = "b10-new-editor-template-type-label"
	BugB10SubmitISOMinuteSeconds    Bug = "b10-submit-iso-minutes-as-seconds"
	BugB10ShareNumberPrefixed       Bug = "b10-share-view-number-prefixed"
	BugB10MaskLongTextThird         Bug = "b10-mask-long-text-keeps-third"
	BugB10JSONLDMaskByTitle         Bug = "b10-jsonld-mask-by-title"
	BugB10CredentialMarkdownIDCode  Bug = "b10-credential-markdown-id-is-code"
	BugB10NoFormMarkdownH2          Bug = "b10-no-form-markdown-h2"
	BugB10CredentialJSONLDSameAs    Bug = "b10-credential-jsonld-same-as"
	BugB10DefaultFormatNoNotary     Bug = "b10-default-format-no-notary"
	BugB10RecordIDInt32Wrap         Bug = "b10-record-id-int32-wrap"
	BugB10BothAddressesURLWins      Bug = "b10-both-addresses-url-wins"
	BugB10FormatArrayFirst          Bug = "b10-format-array-first"
	BugB10SearchTotalUnionAll       Bug = "b10-search-total-union-all"
	BugB10ActiveISOFromCreated      Bug = "b10-active-iso-from-created"
	BugB10MaxFallsBackDefault       Bug = "b10-form-max-falls-back-default"
	BugB10ProjectCarriedOver        Bug = "b10-form-project-carried-over"
	BugB10StartSecondsDropped       Bug = "b10-start-seconds-dropped"
	BugB10QrcodesWindowCountAll     Bug = "b10-qrcodes-window-count-all-templates"
	BugB10TokenIsPageNumber         Bug = "b10-token-is-page-number"
	BugB10QrcodesBadToken404        Bug = "b10-qrcodes-bad-token-404"
	BugB10ByURLTotalPageOnly        Bug = "b10-qrcodes-by-url-total-page-only"
	BugB10FarEastOffsetServerZone   Bug = "b10-far-east-offset-server-zone"
	BugB10QrcodesTokenSkipsTenancy  Bug = "b10-qrcodes-token-skips-tenancy"
	BugB10FinishedFlow100326        Bug = "b10-finished-flow-100326"
	BugB10VerifySubmitAtNow         Bug = "b10-verify-submit-at-now"
	BugB10ExpiredAuthMoveCommitted  Bug = "b10-expired-auth-move-committed"
	BugB10ReadKeyNextWithFrom       Bug = "b10-read-key-next-with-from"
	BugB10LimitedScopeByTplID       Bug = "b10-limited-scope-by-tpl-id"
	BugB10AuthErrorLatin1           Bug = "b10-auth-error-latin1"
	BugB10TemplatesTokenStartsOver  Bug = "b10-templates-token-after-window-starts-over"
	BugB10VerifyByURLQueryIgnoredID Bug = "b10-verify-url-with-query-any-record"
	BugB10QrcodesNoTemplateAll      Bug = "b10-qrcodes-no-template-lists-all"
	BugB10UnknownActionIsNext       Bug = "b10-unknown-action-is-next"
	BugB10QrcodesURLPublic          Bug = "b10-qrcodes-by-url-public"
	BugB10OrgNameFromProject        Bug = "b10-org-name-from-project"
)

// The correct variants of blind round 10.
const (
	VariantB10FormsByNumberDesc    Variant = "b10-forms-by-number-desc"
	VariantB10VerifyMessageChinese Variant = "b10-verify-message-chinese"
	VariantB10FormListMessageEmpty Variant = "b10-form-list-message-empty"
	VariantB10FrontMatterGenerator Variant = "b10-front-matter-generator"
	VariantB10JSONLDDateModified   Variant = "b10-jsonld-date-modified"
	VariantB10DecimalTrailingZeros Variant = "b10-decimal-trailing-zeros"
	VariantB10RateLimitHeaders     Variant = "b10-rate-limit-headers"
	VariantB10MoveNotarized        Variant = "b10-move-notarized"
	VariantB10StateChangesLatest   Variant = "b10-state-changes-latest-only"
	VariantB10ChineseDetails       Variant = "b10-chinese-message-details"
	VariantB10NoCategoryID         Variant = "b10-no-category-id"
	VariantB10DatesRefused         Variant = "b10-templates-dates-refused"
)

func blindRound10() Round {
	return Round{Name: "blind-10", Kind: "blind", Bugs: []BugInfo{
		{BugB10NumberDecimalString, "§2.1", "a number field whose value has a fraction (36.5) is written as the string \"36.5\", as the driver returns a DECIMAL column; whole numbers stay numbers"},
		{BugB10ChainedByText, "§2.1", "chained_selects values come ORDER BY option_text, not by level: 上海 (level 2) before 华东 (level 1)"},
		{BugB10DynamicMatrixUUIDEmpty, "§2.1", "a dynamic_matrix cell left empty (text null) has option_uuid \"\" from the frontend's default, not null, on a date column"},
		{BugB10UnscannedFileNoExt, "§2.1", "a file the virus scanner has not measured yet (size null) shows file_name without its extension: the display name, not the stored one"},
		{BugB10DiffTextMediaNull, "§2.1", "in sub_qrcode_edit_diff, a text field's media_items is null (an unset PHP array), not []; media fields are right"},
		{BugB10RejectedAuditLabel, "§2.1, §3.2", "the review label table has no entry for status 2: a rejected record reads 待审核, the label of 0, so two review statuses carry one text"},
		{BugB10NewEditorTypeLabel, "§2.1", "forms updated since the new editor shipped label record_template.type 0-2 标准表单, the others 普通表单: one type code, two texts"},
		{BugB10SubmitISOMinuteSeconds, "§1.3, §C1", "submit_at_iso is written with the format Y-m-d H:i:i (a typo): the seconds repeat the minutes, so it is not the instant of submit_at"},
		{BugB10ShareNumberPrefixed, "§4.1, §2.1", "getRecord by record_url (the share view) writes record_number with the organization's code before it (HDZJ-R2026000001): not the payload by record_id"},
		{BugB10MaskLongTextThird, "§2.1, §C8", "the generic mask keeps a third of a string of 5 or more characters in front and its last character: 三号***门 shows three characters of an address"},
		{BugB10JSONLDMaskByTitle, "§C8", "the json-ld exporter masks only fields titled like personal data (姓名, 手机号, 身份证号, ...): a masked field titled 持卡人 or 位置 is in clear in json-ld"},
		{BugB10CredentialMarkdownIDCode, "§2.2", "the credential records' markdown template writes the certificate code as record_id (record_id: hx810001)"},
		{BugB10NoFormMarkdownH2, "§2.2", "a record without a form gets its heading from the fallback template, which writes ## : no top-level heading"},
		{BugB10CredentialJSONLDSameAs, "§2.2", "the credential records' json-ld writes the record URL as sameAs (the credential exporter), with no url member"},
		{BugB10DefaultFormatNoNotary, "§4.1", "getRecord without format uses the summary serializer, which leaves trusted_notary out: not the payload of format json"},
		{BugB10RecordIDInt32Wrap, "§4.1", "record_id is cast to a 32-bit integer before the lookup: 4295767297 answers record 800001"},
		{BugB10BothAddressesURLWins, "§4.1", "getRecord with record_id and record_url naming different records answers the record_url's: a record_id other than the one asked for"},
		{BugB10FormatArrayFirst, "§C1", "getRecord reads format [\"markdown\"] as its first element (PHP's reset()) and serves it: a member of the wrong type is a success"},
		{BugB10SearchTotalUnionAll, "§4.3", "with search_key, total is a UNION ALL count over name, note and number: a form matching in two of them counts twice"},
		{BugB10ActiveISOFromCreated, "§1.3, §C1", "active_at_iso is written from active_at ?: created_at: a form never active has active_at 0 and a non-empty active_at_iso"},
		{BugB10MaxFallsBackDefault, "§8", "getFormList treats page_size >= 20 as out of range and falls back to the default: page_size 20, the maximum itself, serves 10"},
		{BugB10ProjectCarriedOver, "§2.3", "the form serializer's project variable is not reset in the loop: a form linked to no project after one linked to one shows that project"},
		{BugB10StartSecondsDropped, "§4.4, §C5", "start_time is parsed to the minute (a cached layout without seconds): 14:04:30 lets in an item created at 14:04:00"},
		{BugB10QrcodesWindowCountAll, "§4.5", "listQrcodes with start_time or end_time counts total over every template's sub-codes in the window (the count query lost template_id)"},
		{BugB10TokenIsPageNumber, "§4.4", "page tokens carry a page number multiplied by the request's page_size: a walk that changes page_size between pages skips or repeats items"},
		{BugB10QrcodesBadToken404, "§4.5, §C3", "listQrcodes with a bad page_token answers 404 template not found (the token names the template), not 400"},
		{BugB10ByURLTotalPageOnly, "§4.4, §4.5", "listQrcodes by the template's full URL counts total on the page it serves (the short-link service's count), not every item"},
		{BugB10FarEastOffsetServerZone, "§4.4, §C5", "an offset beyond +12:00 (+13:00, +14:00) fails the validator's range check and the time is read in the server's zone, UTC+08:00"},
		{BugB10QrcodesTokenSkipsTenancy, "§C2", "listQrcodes with a page_token serves the template the token names without looking it up for the key: another organization's key walks our sub-codes"},
		{BugB10FinishedFlow100326, "§3.1, §7", "set_next_certificate_status on a finished flow (a terminal status) answers 100326, no next status, checked before finished: 100324 is due"},
		{BugB10VerifySubmitAtNow, "§4.2", "verify's success writes submit_at from the flow engine's updated_at: the time of the verify, not the record's submit_at"},
		{BugB10ExpiredAuthMoveCommitted, "§3.1, §7", "the authorization code is checked after the move is written: an expired code answers 100327, yet the record moved"},
		{BugB10ReadKeyNextWithFrom, "§5", "set_next_certificate_status with from_certificate_status is the kiosk's self-service redeem: a read key may do it"},
		{BugB10LimitedScopeByTplID, "§5, §C2", "a key's form restriction is checked against the request's tpl_id when sent, not the record's form: a limited key naming its own form gets 100323, not 100328"},
		{BugB10AuthErrorLatin1, "§1.1, §C1", "401 answers come from the gateway's auth module with Content-Type application/json; charset=iso-8859-1"},
		{BugB10TemplatesTokenStartsOver, "§4.4", "templates/list with start_time or end_time builds its next token from the window's start, not from the page's last item (a keyset cursor that took the wrong bound): every later page repeats the first"},
		{BugB10VerifyByURLQueryIgnoredID, "§7, §C10", "verify reads a record URL up to its last path segment and ignores what follows ?: a URL of a record code that names no credential with a query naming one moves it"},
		{BugB10QrcodesNoTemplateAll, "§4.5", "listQrcodes without template lists every sub-code of the organization (the next API version's behaviour, merged early), not a 400"},
		{BugB10UnknownActionIsNext, "§7", "verify's action switch falls through to set_next_certificate_status for an action_type it does not know: redeem moves the record, not 100325"},
		{BugB10QrcodesURLPublic, "§5, §C2", "listQrcodes by a template's full URL goes through the public short-link resolver: a request without Authorization is served"},
		{BugB10OrgNameFromProject, "§2.1", "the record query joins org and project under one alias: a record linked to a project shows the project's name as org.name"},
	}, Variants: []VariantInfo{
		{VariantB10FormsByNumberDesc, "forms ordered by number, descending",
			"§C5: \"getFormList order | KIT; never asserted\""},
		{VariantB10VerifyMessageChinese, "verify's success message is 核销成功",
			"§1.2: a success has \"a string message\"; §C9: \"message texts | KIT; never asserted\""},
		{VariantB10FormListMessageEmpty, "getFormList's success message is \"\"",
			"§4.3: \"Success: {code: 0, message (often \\\"\\\"), ...}\""},
		{VariantB10FrontMatterGenerator, "markdown's front matter also holds lang: zh-CN and generator lines",
			"§2.2: a front-matter block \"holding at least a title and record_id\"; \"The rest of its layout is open (§C7)\""},
		{VariantB10JSONLDDateModified, "json-ld also carries dateCreated's companion dateModified and keywords",
			"§2.2: json-ld has @context, ... mainEntity; \"The rest of its layout is open (§C7)\""},
		{VariantB10DecimalTrailingZeros, "decimals written as a DECIMAL column holds them: 36.50, 31.204900",
			"§2.1: number's value is a number; RFC 8259 §6: a number's fraction may have any digits"},
		{VariantB10RateLimitHeaders, "every answer carries X-RateLimit-Limit and X-RateLimit-Remaining",
			"§8: \"Rate limits, request size limits and time-outs are open\""},
		{VariantB10MoveNotarized, "a verified credential gains a trusted_notary block for the move",
			"§C6: a move may change, add or take away \"... trusted_notary (§C7)\""},
		{VariantB10StateChangesLatest, "a verified credential's state_changes hold only the latest move",
			"§C6: a move may change, add or take away \"... state_changes\"; §2.1: state_changes is optional"},
		{VariantB10ChineseDetails, "message_detail is written in Chinese",
			"§C9: \"the runner never fails a target on the text of message or message_detail\""},
		{VariantB10NoCategoryID, "qrcode never carries category_id",
			"§2.1: qrcode \"optional category_id\""},
		{VariantB10DatesRefused, "templates/* refuse a date without time (YYYY-MM-DD) as start_time or end_time with a 400",
			"§C5: \"a time without zone and a date, where accepted\"; §4.4 asks for ISO 8601 times"},
	}}
}

// b10Fields rewrites every field of a Record's groups.
func b10Fields(rec obj, fn func(f obj) obj) obj {
	groups, ok := rec.get("tpl_groups").([]any)
	if !ok {
		return rec
	}
	out := make([]any, len(groups))
	for i, g := range groups {
		gob, isObj := g.(obj)
		fields, isList := gob.get("fields").([]any)
		if !isObj || !isList {
			out[i] = g
			continue
		}
		fs := make([]any, len(fields))
		for j, f := range fields {
			fs[j] = f
			if fo, isF := f.(obj); isF {
				fs[j] = fn(fo)
			}
		}
		out[i] = b9Set(gob, "fields", fs)
	}
	return b9Set(rec, "tpl_groups", out)
}

// b10Value rewrites one field's value as round 10's bugs and variants do.
func (s *Server) b10Value(typ string, v any) any {
	switch {
	case typ == "number" && s.opts.has(BugB10NumberDecimalString):
		v = withMember(v, "value", func(n any) any {
			if f, ok := n.(float64); ok && f != math.Trunc(f) {
				return strconv.FormatFloat(f, 'f', -1, 64)
			}
			return n
		})
	case typ == "chained_selects" && s.opts.has(BugB10ChainedByText):
		v = withMember(v, "values", func(l any) any {
			list, _ := l.([]any)
			sorted := append([]any(nil), list...)
			sort.SliceStable(sorted, func(i, j int) bool {
				a, _ := sorted[i].(obj).get("option_text").(string)
				b, _ := sorted[j].(obj).get("option_text").(string)
				return a < b
			})
			return sorted
		})
	case typ == "dynamic_matrix" && s.opts.has(BugB10DynamicMatrixUUIDEmpty):
		v = b9Walk(v, func(ob obj) obj {
			if b9Has(ob, "option_uuid") && ob.get("text") == nil && ob.get("option_uuid") == nil {
				return b9Set(ob, "option_uuid", "")
			}
			return ob
		})
	case typ == "file" && s.opts.has(BugB10UnscannedFileNoExt):
		v = eachObj(v, func(it obj) obj {
			name, _ := it.get("file_name").(string)
			if i := strings.LastIndexByte(name, '.'); it.get("size") == nil && i > 0 {
				return b9Set(it, "file_name", name[:i])
			}
			return it
		})
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB10DiffTextMediaNull):
		v = eachObj(v, func(it obj) obj {
			if t, _ := it.get("field_type").(string); b10Media[t] {
				return it
			}
			for _, side := range []string{"before_value", "after_value"} {
				if so, ok := it.get(side).(obj); ok {
					it = b9Set(it, side, b9Set(so, "media_items", nil))
				}
			}
			return it
		})
	case (typ == "number" || typ == "address") && s.opts.is(VariantB10DecimalTrailingZeros):
		for _, k := range []string{"value", "lat", "lng"} {
			digits := 2
			if k != "value" {
				digits = 6
			}
			v = withMember(v, k, func(n any) any {
				if f, ok := n.(float64); ok {
					return json.Number(strconv.FormatFloat(f, 'f', digits, 64))
				}
				return n
			})
		}
	}
	return v
}

// b10AllSubcodes is listQrcodes without template as a bug serves it: every
// sub-code of the key's organization (false: not served so).
func (s *Server) b10AllSubcodes(k *apiKey, p params) (any, *apiError, bool) {
	if _, sent := p["template"]; sent || !s.opts.has(BugB10QrcodesNoTemplateAll) {
		return nil, nil, false
	}
	var items []item
	for _, t := range s.data.templates {
		if t.org != k.org {
			continue
		}
		for _, c := range t.subs {
			items = append(items, item{c.id, c.created, o("name", c.name, "id", c.id, "coding", c.coding)})
		}
	}
	page, err := s.cursorPage(p, "qrcodes|*|"+itoa(k.org), items, false, false)
	return page, err, true
}

// b10Action reads an action_type the service does not know as a bug's
// switch does: as set_next_certificate_status.
func (s *Server) b10Action(p params) {
	a, _ := p["action_type"].(string)
	if a != "" && a != "set_certificate_status" && a != "set_next_certificate_status" && s.opts.has(BugB10UnknownActionIsNext) {
		p["action_type"] = "set_next_certificate_status"
	}
}

// b10PublicKey is the key a bug's public short-link resolver serves a
// listQrcodes request by template URL without Authorization with (nil:
// none).
func (s *Server) b10PublicKey(ep string, r *http.Request) *apiKey {
	return s.keylessTemplateURL(ep, r, BugB10QrcodesURLPublic)
}

// keylessTemplateURL is the first key of the data for a listQrcodes
// request that names its template by full URL and carries no
// Authorization, when bug is on (nil otherwise): what a public page in
// front of the service lets through. Blind rounds 10 and 12 each wrote
// this bug from the contract, and each keeps its own name for it.
func (s *Server) keylessTemplateURL(ep string, r *http.Request, bug Bug) *apiKey {
	if ep != "templates/listQrcodes" || strings.TrimSpace(r.Header.Get("Authorization")) != "" || !s.opts.has(bug) {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var p struct {
		Template string `json:"template"`
	}
	if json.Unmarshal(raw, &p) != nil || !strings.HasPrefix(p.Template, "https://") {
		return nil
	}
	return &s.data.keys[0]
}

// b10Media are the media field types of sub_qrcode_edit_diff.
var b10Media = map[string]bool{"image": true, "signature": true, "audio": true, "video": true, "file": true}

// b10Record rewrites a Record (json) as round 10's bugs and variants do;
// asked is the format the request named ("" for none).
func (s *Server) b10Record(r *record, rec obj, byURL bool, asked string) obj {
	rec = b10Fields(rec, func(f obj) obj {
		typ, _ := f.get("field_type").(string)
		return b9Set(f, "field_value", s.b10Value(typ, f.get("field_value")))
	})
	if a, ok := rec.get("audit").(obj); ok && a.get("status") == 2 && s.opts.has(BugB10RejectedAuditLabel) {
		rec = b9Set(rec, "audit", b9Set(a, "status_text", auditTexts[0]))
	}
	if t, ok := rec.get("record_template").(obj); ok && r.form != nil && r.form.typ <= 2 && r.form.updated >= at(10, 0, 0) && s.opts.has(BugB10NewEditorTypeLabel) {
		rec = b9Set(rec, "record_template", b9Set(t, "type_text", "标准表单"))
	}
	if s.opts.has(BugB10SubmitISOMinuteSeconds) {
		t := time.Unix(r.submit, 0).In(zone)
		rec = b9Set(rec, "submit_at_iso", t.Format("2006-01-02 15:04:")+t.Format("04")+"(UTC+08:00)")
	}
	if org, ok := rec.get("org").(obj); ok && r.project != nil && s.opts.has(BugB10OrgNameFromProject) {
		rec = b9Set(rec, "org", b9Set(org, "name", r.project.name))
	}
	if byURL && s.opts.has(BugB10ShareNumberPrefixed) {
		rec = b9Set(rec, "record_number", strings.ToUpper(s.data.org(r.org).code)+"-"+r.number)
	}
	if asked == "" && s.opts.has(BugB10DefaultFormatNoNotary) {
		rec = b9Without(rec, "trusted_notary")
	}
	if qr, ok := rec.get("qrcode").(obj); ok && s.opts.is(VariantB10NoCategoryID) {
		rec = b9Set(rec, "qrcode", b9Without(qr, "category_id"))
	}
	if s.verified(r) && s.opts.is(VariantB10MoveNotarized) && rec.get("trusted_notary") == nil {
		when := s.b9LastVerify(r)
		rec = append(rec, member{"trusted_notary", o("tx_hash", "0x"+strconv.FormatInt(r.id*7919+when, 16),
			"evidence_url", "https://notary.foreign.example/e/"+r.code, "notarized_at", when, "notarized_at_iso", s.iso(when))})
	}
	if l, ok := rec.get("state_changes").([]any); ok && len(l) > 1 && s.verified(r) && s.opts.is(VariantB10StateChangesLatest) {
		rec = b9Set(rec, "state_changes", l[len(l)-1:])
	}
	return rec
}

// b10Mask is the generic mask of a bug that keeps a third of a long
// string (false: the service's own mask).
func (s *Server) b10Mask(typ string, r []rune) (string, bool) {
	n := len(r)
	switch typ {
	case "name", "customer_name", "recorder", "tel", "customer_mobile", "identity":
		return "", false
	}
	if n < 5 || !s.opts.has(BugB10MaskLongTextThird) {
		return "", false
	}
	keep := (n + 2) / 3
	return string(r[:keep]) + strings.Repeat("*", n-keep-1) + string(r[n-1:]), true
}

// b10PersonalTitles are the field titles a bug's json-ld exporter masks.
var b10PersonalTitles = map[string]bool{"姓名": true, "手机号": true, "身份证号": true, "客户姓名": true, "客户手机": true}

// b10JSONLD rewrites a json-ld representation as round 10 does.
func (s *Server) b10JSONLD(r *record, ld any) any {
	ob, ok := ld.(obj)
	if !ok {
		return ld
	}
	if s.opts.has(BugB10JSONLDMaskByTitle) {
		clear := map[string]string{}
		for _, g := range r.groups {
			for _, f := range g.fields {
				if v, isStr := f.value.(string); isStr && f.masked && !b10PersonalTitles[f.title] {
					clear[s.mask(f.typ, v)] = v
				}
			}
		}
		ob = b9Walk(ob, func(x obj) obj {
			for i, m := range x {
				if str, isStr := m.val.(string); isStr && clear[str] != "" {
					x[i].val = clear[str]
				}
			}
			return x
		}).(obj)
	}
	if r.cert != nil && s.opts.has(BugB10CredentialJSONLDSameAs) {
		for i := range ob {
			if ob[i].key == "url" {
				ob[i].key = "sameAs"
			}
		}
	}
	if s.opts.is(VariantB10JSONLDDateModified) {
		when := r.submit
		if t := s.b9LastVerify(r); t != 0 {
			when = t
		}
		ob = append(ob, member{"dateModified", time.Unix(when, 0).In(zone).Format(time.RFC3339)},
			member{"keywords", []any{"记录", s.title(r)}})
	}
	return ob
}

// b10Markdown rewrites a markdown representation as round 10 does.
func (s *Server) b10Markdown(r *record, md string) string {
	if r.cert != nil && s.opts.has(BugB10CredentialMarkdownIDCode) {
		md = strings.Replace(md, "\nrecord_id: "+itoa(r.id)+"\n", "\nrecord_id: "+r.code+"\n", 1)
	}
	if r.form == nil && s.opts.has(BugB10NoFormMarkdownH2) {
		md = strings.Replace(md, "\n# ", "\n## ", 1)
	}
	if s.opts.is(VariantB10FrontMatterGenerator) && strings.HasPrefix(md, "---\n") {
		md = "---\nlang: zh-CN\ngenerator: \"foreign-records 4.2\"\n" + md[4:]
	}
	return md
}

// b10Format reads a format sent as an array as its first element (a bug).
func (s *Server) b10Format(p params) {
	if l, isList := p["format"].([]any); isList && len(l) > 0 && s.opts.has(BugB10FormatArrayFirst) {
		p["format"] = l[0]
	}
}

// b10RecordID is the id a bug's 32-bit cast looks up.
func (s *Server) b10RecordID(id int64) int64 {
	if s.opts.has(BugB10RecordIDInt32Wrap) {
		return int64(int32(id))
	}
	return id
}

// b10ByID says whether getRecord looks the record up by id: a bug lets
// record_url win when both are sent.
func (s *Server) b10ByID(hasID, hasURL bool) bool {
	return hasID && !(hasURL && s.opts.has(BugB10BothAddressesURLWins))
}

// b10FormTotal is getFormList's total as a bug's UNION ALL count gives it.
func (s *Server) b10FormTotal(k *apiKey, key, number string, total int64) int64 {
	key = strings.ToLower(strings.TrimSpace(key))
	if key == "" || !s.opts.has(BugB10SearchTotalUnionAll) {
		return total
	}
	var n int64
	for _, f := range s.data.forms {
		if f.org != k.org || number != "" && f.number != number {
			continue
		}
		for _, hay := range []string{f.name, f.note, f.number} {
			if strings.Contains(strings.ToLower(hay), key) {
				n++
			}
		}
	}
	return n
}

// b10FormSize drops a page_size a bug's range check refuses, so that the
// default serves.
func (s *Server) b10FormSize(p params) {
	if n, ok, _ := p.int("page_size"); ok && n >= formMaxSize && s.opts.has(BugB10MaxFallsBackDefault) {
		delete(p, "page_size")
	}
}

// b10Form rewrites one form of a getFormList page; prev is the project the
// serializer's loop variable holds.
func (s *Server) b10Form(f *form, out obj, prev **project) obj {
	if f.active == 0 && s.opts.has(BugB10ActiveISOFromCreated) {
		out = b9Set(out, "active_at_iso", s.iso(f.created))
	}
	if s.opts.has(BugB10ProjectCarriedOver) {
		if f.project != nil {
			*prev = f.project
		} else if *prev != nil {
			out = b9Set(out, "project", o("id", (*prev).id, "name", (*prev).name, "number", (*prev).number))
		}
	}
	return out
}

// b10FormsAnswer wraps a getFormList success as a variant writes it.
func (s *Server) b10FormsAnswer(page obj) any {
	if s.opts.is(VariantB10FormListMessageEmpty) {
		return b9Answer{data: page, message: "", setMessage: true}
	}
	return page
}

// b10FormsLess is a variant's order of forms (nil: another's).
func (s *Server) b10FormsLess() func(a, b *form) bool {
	if !s.opts.is(VariantB10FormsByNumberDesc) {
		return nil
	}
	return func(a, b *form) bool { return a.number > b.number }
}

var (
	b10Seconds = regexp.MustCompile(`^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:(\d\d)`)
	b10FarEast = regexp.MustCompile(`\+(1[3-4]):(\d\d)$`)
)

// b10Window rewrites a read creation-time window as round 10's bugs do.
func (s *Server) b10Window(p params, w window) window {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	if m := b10Seconds.FindStringSubmatch(start); m != nil && w.hasStart && s.opts.has(BugB10StartSecondsDropped) {
		secs, _ := strconv.ParseInt(m[1], 10, 64)
		w.start -= secs
	}
	if s.opts.has(BugB10FarEastOffsetServerZone) {
		shift := func(v string) int64 {
			m := b10FarEast.FindStringSubmatch(v)
			if m == nil {
				return 0
			}
			h, _ := strconv.ParseInt(m[1], 10, 64)
			mi, _ := strconv.ParseInt(m[2], 10, 64)
			return h*3600 + mi*60 - 8*3600
		}
		if w.hasStart {
			w.start += shift(start)
		}
		if w.hasE {
			w.end += shift(end)
		}
	}
	return w
}

// b10TimeRefused refuses a date without time as a variant does.
func (s *Server) b10TimeRefused(p params) *apiError {
	if !s.opts.is(VariantB10DatesRefused) {
		return nil
	}
	for _, name := range []string{"start_time", "end_time"} {
		if v, _ := p[name].(string); len(v) == len("2006-01-02") {
			return paramError(name, name+" must be a date and time such as 2026-01-02T03:04:05+08:00")
		}
	}
	return nil
}

// b10Offset is the offset a bug's page-number token stands for.
func (s *Server) b10Offset(offset, size int64) int64 {
	if s.opts.has(BugB10TokenIsPageNumber) {
		return offset * size
	}
	return offset
}

// b10TokenError rewrites a listQrcodes page_token error as a bug does.
func (s *Server) b10TokenError(qrcodes bool, e *apiError) *apiError {
	if e != nil && qrcodes && e.param == "page_token" && s.opts.has(BugB10QrcodesBadToken404) {
		return &apiError{code: 404, message: "模板不存在", detail: "no template for this page_token"}
	}
	return e
}

// b10Cursor rewrites a cursor page as round 10's bugs do: the token of a
// page-number bug, the restart of a windowed templates walk.
func (s *Server) b10Cursor(templates bool, filter string, offset, size int64, w window, page obj) obj {
	if next, _ := page.get("next_page_token").(string); next == "" {
		return page
	}
	if s.opts.has(BugB10TokenIsPageNumber) {
		page = b9Set(page, "next_page_token", s.token(offset/size+1, filter))
	}
	if templates && (w.hasStart || w.hasE) && s.opts.has(BugB10TemplatesTokenStartsOver) {
		page = b9Set(page, "next_page_token", s.token(0, filter))
	}
	return page
}

// b10QrcodesPage rewrites a listQrcodes page as round 10's bugs do.
func (s *Server) b10QrcodesPage(k *apiKey, p params, viaURL bool, page any) any {
	b, ok := page.(obj)
	if !ok {
		return page
	}
	if viaURL && s.opts.has(BugB10ByURLTotalPageOnly) {
		l, _ := b.get("list").([]any)
		b = b9Set(b, "total", int64(len(l)))
	}
	if s.opts.has(BugB10QrcodesWindowCountAll) {
		if w, err := readWindow(p, timeBugs{}); err == nil && (w.hasStart || w.hasE) {
			var n int64
			for _, t := range s.data.templates {
				for _, c := range t.subs {
					if t.org == k.org && w.holds(c.created) {
						n++
					}
				}
			}
			b = b9Set(b, "total", n)
		}
	}
	return b
}

// b10TokenTemplate is the template a bug's listQrcodes serves a page
// token for, whoever asks (nil: none).
func (s *Server) b10TokenTemplate(p params) *template {
	tok, _ := p["page_token"].(string)
	if tok == "" || !s.opts.has(BugB10QrcodesTokenSkipsTenancy) {
		return nil
	}
	body, _, _ := strings.Cut(tok, ".")
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil
	}
	_, after, found := strings.Cut(string(raw), "qrcodes|")
	if !found {
		return nil
	}
	coding, _, _ := strings.Cut(after, "|")
	for _, t := range s.data.templates {
		if t.coding == coding {
			return t
		}
	}
	return nil
}

// b10Finished answers set_next_certificate_status on a terminal status as
// a bug does, no next status before finished (nil: the service's own).
func (s *Server) b10Finished(cur *status, v verifyRequest) *apiError {
	if v.action == "set_next_certificate_status" && cur.terminal && len(cur.next) == 0 && s.opts.has(BugB10FinishedFlow100326) {
		return verifyError(100326, "Invalid target certificate status")
	}
	return nil
}

// b10VerifyData rewrites a verify success as round 10's bugs and variants do.
func (s *Server) b10VerifyData(data any) any {
	if d, ok := data.(obj); ok && s.opts.has(BugB10VerifySubmitAtNow) {
		data = b9Set(d, "submit_at", s.now().Unix())
	}
	if s.opts.is(VariantB10VerifyMessageChinese) {
		return b9Answer{data: data, message: "核销成功", setMessage: true}
	}
	return data
}

// b10Commit writes the move of a request refused for an expired
// authorization code, as a bug's write-then-check does.
func (s *Server) b10Commit(r *record, v verifyRequest, e *apiError) {
	if e.errorCode != 100327 || !s.opts.has(BugB10ExpiredAuthMoveCommitted) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[r.id]
	to, err := s.target(r.form.flow, st.status, v)
	if err != nil {
		return
	}
	st.changes = append(st.changes, change{from: st.status, to: to, byVerify: true})
	st.status = to
	st.verified = true
	st.verifiedAt = append(st.verifiedAt, s.now().Unix())
}

// b10ReadSets says whether a bug lets a read key make this move.
func (s *Server) b10ReadSets(p params) bool {
	from, _ := p["from_certificate_status"].(string)
	return p["action_type"] == "set_next_certificate_status" && from != "" && s.opts.has(BugB10ReadKeyNextWithFrom)
}

// b10ScopeForm is the form a key's restriction is checked against.
func (s *Server) b10ScopeForm(r *record, v verifyRequest) int64 {
	if v.hasTpl && s.opts.has(BugB10LimitedScopeByTplID) {
		return v.tplID
	}
	return r.form.id
}

// b10CertCode is the certificate code a bug's URL reader looks up.
func (s *Server) b10CertCode(code string) string {
	if !s.opts.has(BugB10VerifyByURLQueryIgnoredID) || !strings.HasPrefix(code, "https://") {
		return code
	}
	base, query, found := strings.Cut(code, "?")
	if !found {
		return code
	}
	if c := strings.TrimPrefix(query, "code="); c != query && c != "" {
		return base[:strings.LastIndexByte(base, '/')+1] + c
	}
	return base
}

// b10AuthFail writes a 401 as a bug's gateway does (false: not written).
func (s *Server) b10AuthFail(w http.ResponseWriter, sh shape, e *apiError) bool {
	if e.code != 401 || !s.opts.has(BugB10AuthErrorLatin1) {
		return false
	}
	s.writeAs(w, s.httpStatus(e), s.body(sh, e), "application/json; charset=iso-8859-1")
	return true
}

// b10Error rewrites an error's texts as a variant writes them.
func (s *Server) b10Error(e *apiError) *apiError {
	if !s.opts.is(VariantB10ChineseDetails) || e.detail == "" {
		return e
	}
	c := *e
	if e.param != "" {
		c.detail = "参数 " + e.param + " 不合法"
	} else {
		c.detail = "请求未能完成（" + itoa(int64(e.errorCode)) + "）"
	}
	return &c
}

// b10Headers are the headers a variant sends on every answer.
func (s *Server) b10Headers(w http.ResponseWriter) {
	if s.opts.is(VariantB10RateLimitHeaders) {
		w.Header().Set("X-RateLimit-Limit", "600")
		w.Header().Set("X-RateLimit-Remaining", "599")
	}
}
