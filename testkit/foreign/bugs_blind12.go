package foreign

import (
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Blind round 12: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug is one a team
// ships where the statement holds on the answer a reader checks first and
// breaks on another: one spelling of a value (a compound surname, a
// lower-case number, a western offset), one kind of record (a credential,
// one under review, one added by hand, one of a single group), one path
// through the code (the share view, the search engine, the continuation
// controller, the scan controller, a gateway in front), or the history a
// move left behind.

// The bugs of blind round 12.
const (
	BugB12CompoundSurnameMask        Bug = "b12-compound-surname-mask"
	BugB12ShareChainedByText         Bug = "b12-share-chained-selects-by-text"
	BugB12DynamicMatrixUUIDEmpty     Bug = "b12-dynamic-matrix-uuid-empty"
	BugB12DiffAfterMediaText         Bug = "b12-diff-after-media-text"
	BugB12CredentialTemplateLabel    Bug = "b12-credential-template-type-text"
	BugB12ReviewedProjectDropped     Bug = "b12-reviewed-project-dropped"
	BugB12ManualSubmitAtString       Bug = "b12-manual-submit-at-string"
	BugB12CRMMarkdownClear           Bug = "b12-crm-fields-markdown-clear"
	BugB12CredentialMarkdownTOML     Bug = "b12-credential-markdown-toml"
	BugB12SingleGroupJSONLDArray     Bug = "b12-single-group-jsonld-array"
	BugB12ShareMarkdownNoCharset     Bug = "b12-share-markdown-no-charset"
	BugB12SearchTotalDeleted         Bug = "b12-search-total-counts-deleted"
	BugB12NumberUppercased           Bug = "b12-number-uppercased"
	BugB12SystemFormISOT             Bug = "b12-system-form-iso-t"
	BugB12FormClampOffByOne          Bug = "b12-form-clamp-off-by-one"
	BugB12SearchProjectNumberName    Bug = "b12-search-project-number-is-name"
	BugB12TemplatesStartOfDay        Bug = "b12-templates-start-of-day"
	BugB12TemplatesWestOffsetAbs     Bug = "b12-templates-west-offset-sign-lost"
	BugB12QrcodesTotalIsPages        Bug = "b12-qrcodes-total-is-pages"
	BugB12QrcodesURLLaterPage404     Bug = "b12-qrcodes-url-later-page-404"
	BugB12QrcodesUnknownWindowEmpty  Bug = "b12-qrcodes-unknown-window-empty"
	BugB12QrcodesUnknownGatewayHTML  Bug = "b12-qrcodes-unknown-gateway-html"
	BugB12TemplatesTokenErrorCode    Bug = "b12-templates-token-error-code"
	BugB12NextFromHistory            Bug = "b12-next-from-history"
	BugB12CodeIDIsTemplateID         Bug = "b12-code-id-is-template-id"
	BugB12SharedFlowVerificationFlag Bug = "b12-shared-flow-verification-flag"
	BugB12RepeatByID100324           Bug = "b12-repeat-by-id-100324"
	BugB12UnknownURLCode100301       Bug = "b12-unknown-url-code-100301"
	BugB12NextMessageNull            Bug = "b12-next-message-null"
	BugB12ReadKeyStatusCheck         Bug = "b12-read-key-status-check"
	BugB12QrcodesByURLNoKey          Bug = "b12-qrcodes-by-url-no-key"
)

// The correct variants of blind round 12.
const (
	VariantB12JSONLDPublisher      Variant = "b12-jsonld-publisher"
	VariantB12MarkdownH3Groups     Variant = "b12-markdown-h3-groups"
	VariantB12ItemsByID            Variant = "b12-items-by-id"
	VariantB12FormsByIDDesc        Variant = "b12-forms-by-id-desc"
	VariantB12RateLimitHeaders     Variant = "b12-rate-limit-headers"
	VariantB12DateOnlyRefused      Variant = "b12-date-only-refused"
	VariantB12SubmitMethodWording  Variant = "b12-submit-method-wording"
	VariantB12QrcodeTypeTextLabel  Variant = "b12-qrcode-type-text-label"
	VariantB12FormListMessageEmpty Variant = "b12-form-list-message-empty"
	VariantB12ProcessStatusOff     Variant = "b12-process-status-disabled-block"
)

func blindRound12() Round {
	return Round{Name: "blind-12", Kind: "blind", Bugs: []BugInfo{
		{BugB12CompoundSurnameMask, "§2.1, §C8", "the name desensitizer keeps a compound surname whole (欧阳, 司马, 诸葛, ...): 欧阳建华 shows as 欧阳**, two characters of a name in clear"},
		{BugB12ShareChainedByText, "§2.1", "the share view (getRecord by record_url, json) rebuilds chained_selects from the options cache, a map read in the order of its text keys: levels 2, 1, 3"},
		{BugB12DynamicMatrixUUIDEmpty, "§2.1", "dynamic_matrix rows come from a second table whose option_uuid column defaults to '': text and date columns carry option_uuid \"\", not null (the plain matrix is right)"},
		{BugB12DiffAfterMediaText, "§2.1", "the sub-code edit diff writes the new value's display text into after_value.text_content for media fields too: an image row's after_value carries text_content \"new.jpg\""},
		{BugB12CredentialTemplateLabel, "§2.1", "credential records are serialized by the credential module, which labels its forms 核销凭证: record_template.type 0 carries 普通表单 on one record and 核销凭证 on another"},
		{BugB12ReviewedProjectDropped, "§2.1", "records with a review block are read through the review module's query, which never joins the project: a record linked to a project shows none"},
		{BugB12ManualSubmitAtString, "§2.1", "records added by hand keep their submit time in the admin console's varchar column: submit_at comes as a string of digits"},
		{BugB12CRMMarkdownClear, "§C8", "the markdown exporter reads customer_name and customer_mobile from the CRM join, which is not desensitized: the values json masks are in clear in markdown"},
		{BugB12CredentialMarkdownTOML, "§2.2", "credential records are rendered by the certificate module's Hugo template: their markdown starts with a TOML front matter between +++ lines, not YAML between ---"},
		{BugB12SingleGroupJSONLDArray, "§2.2", "the json-ld exporter writes one ItemList per group and unwraps the list only when there are several: a record of a single group has mainEntity [ {...} ], an array"},
		{BugB12ShareMarkdownNoCharset, "§4.1", "the share view (getRecord by record_url) takes markdown's content_type from its mime table: text/markdown, no charset"},
		{BugB12SearchTotalDeleted, "§4.3", "with search_key, total is the search engine's hit count, which still holds a deleted form 巡检旧表: total is one more than the walk holds"},
		{BugB12NumberUppercased, "§4.3", "the number filter upper-cases its input (numbers \"are always upper case\"): number fx-001 finds FX-001 and not the form numbered fx-001"},
		{BugB12SystemFormISOT, "§1.3, §C1", "system forms (type 3 and up) come from their own table, whose DATETIME columns are formatted in ISO style: created_at_iso 2026-01-11T09:10:00(UTC+08:00)"},
		{BugB12FormClampOffByOne, "§8", "getFormList clamps page_size with >= instead of >: page_size 20, the maximum itself, is served as 19 per page"},
		{BugB12SearchProjectNumberName, "§2.3", "forms found by search_key come from the search index, which stores the project's name in its number: project {id, name, number: 二号厂区}"},
		{BugB12TemplatesStartOfDay, "§4.4, §C5", "templates/list passes start_time through a helper copied from the daily report, which takes the start of its day: start 15:00 lets in a template created at 14:04 that day"},
		{BugB12TemplatesWestOffsetAbs, "§4.4, §C5", "templates/list reads the offset of a time with a pattern that lost its sign: -05:00 is read as +05:00, ten hours off"},
		{BugB12QrcodesTotalIsPages, "§4.5", "listQrcodes with page_size answers the paginator's page count as total: 45 sub-codes by 10 give total 5"},
		{BugB12QrcodesURLLaterPage404, "§4.5", "listQrcodes pages asked with a page_token go to the continuation controller, which looks template up as a coding only: a walk by the template's full URL answers 404 on its second page"},
		{BugB12QrcodesUnknownWindowEmpty, "§4.5", "listQrcodes with start_time or end_time runs the windowed query before the template's existence check: an unknown template answers an empty list, code 0"},
		{BugB12QrcodesUnknownGatewayHTML, "§1.1, §4.5", "listQrcodes answers an unknown template with HTTP 404, and the gateway's error_page replaces the body with its HTML page"},
		{BugB12TemplatesTokenErrorCode, "§4.4, §C3", "templates/list renders the token decoder's exception with its error code as code: a bad page_token is {code: 100301, message, data}, not code 400"},
		{BugB12NextFromHistory, "§3.1", "set_next_certificate_status finds the current status from the last state change's from (an index off by one): a record moved once is not moved again, the answer repeating its status"},
		{BugB12CodeIDIsTemplateID, "§3.1, §7", "code_id is compared with the QR code's template_id column (the form), not its id: the credential's own code_id is 100323, its form's id passes"},
		{BugB12SharedFlowVerificationFlag, "§3.1, §7", "whether verification is enabled is read from the first form of the record's flow: a credential of a disabled form sharing its flow with an enabled one moves, not 100321"},
		{BugB12RepeatByID100324, "§7", "a target named by its id is resolved after the from check, which compares the ids and answers 100324: a repeated verification by id is 100324, not 100326"},
		{BugB12UnknownURLCode100301, "§7", "a full-URL certificate_code goes through the scan route's validator: a URL naming no record is 100301, not 100320"},
		{BugB12NextMessageNull, "§1.2", "set_next_certificate_status's success message comes from a translation key nobody added: message null"},
		{BugB12ReadKeyStatusCheck, "§5, §C2", "a verify with from_certificate_status is taken as the mobile app's status check and answered before the write permission is asked: a read key's verify succeeds (nothing moves)"},
		{BugB12QrcodesByURLNoKey, "§5, §C2", "listQrcodes by the template's full URL is the public scan page's call: the gateway lets it through without Authorization, with the organization's key"},
	}, Variants: []VariantInfo{
		{VariantB12JSONLDPublisher, "json-ld also carries publisher (the organization) and dateModified",
			"§2.2: json-ld has @context, @type, identifier, name, url and mainEntity; \"The rest of its layout is open (§C7)\""},
		{VariantB12MarkdownH3Groups, "markdown sections are ### headings, not ##",
			"§2.2: markdown \"then a top-level heading, then sections. The rest of its layout is open (§C7)\""},
		{VariantB12ItemsByID, "templates and sub-codes are listed by id, ascending, whatever their creation time",
			"§C5: templates/* order \"KIT; never asserted\""},
		{VariantB12FormsByIDDesc, "getFormList lists forms by id, descending",
			"§C5: getFormList order \"KIT; never asserted\""},
		{VariantB12RateLimitHeaders, "every answer carries X-RateLimit-Limit and X-RateLimit-Remaining headers",
			"§8: \"Rate limits, request size limits and time-outs are open\""},
		{VariantB12DateOnlyRefused, "a date alone as start_time or end_time is a 400 naming the parameter",
			"§C5: \"a time without zone and a date, where accepted, are read in UTC+08:00\""},
		{VariantB12SubmitMethodWording, "submit_method reads 扫码提交 and 后台补录",
			"§2.1: submit_method string \"how it was filled in (scanned, added by hand, ...)\"; §1.4 only asks for Chinese"},
		{VariantB12QrcodeTypeTextLabel, "qrcode.type_text of an ordinary code is 普通二维码",
			"§2.1: qrcode \"type integer (0 is an ordinary QR code), type_text string\""},
		{VariantB12FormListMessageEmpty, "getFormList succeeds with message \"\"",
			"§4.3: Success: \"{code: 0, message (often \"\"), data: ...}\""},
		{VariantB12ProcessStatusOff, "records without a process status carry process_status {\"enabled\": false}",
			"§C10: a block with enabled false is accepted for audit; \"The same for process_status.\""},
	}}
}

// b12CompoundSurnames are the two-character surnames a bug's name
// desensitizer keeps whole.
var b12CompoundSurnames = []string{"欧阳", "司马", "诸葛", "上官", "东方", "慕容", "司徒", "令狐", "皇甫", "尉迟"}

// b12RawText is the string a record holds for the field with this id
// ("", false: none, or not a string).
func b12RawText(r *record, id any) (string, bool) {
	n, ok := id.(int64)
	if !ok {
		return "", false
	}
	for _, g := range r.groups {
		for _, f := range g.fields {
			if f.id != n {
				continue
			}
			v := f.value
			if v == nil {
				v = valueOf(f.typ, f.n, false)
			}
			text, isStr := v.(string)
			return text, isStr
		}
	}
	return "", false
}

// b12Media are the field types whose diff rows carry media.
var b12Media = map[string]bool{"image": true, "signature": true, "audio": true, "video": true, "file": true}

// b12Value rewrites one field's value as round 12's bugs do.
func (s *Server) b12Value(typ string, v any, byURL bool) any {
	switch {
	case typ == "chained_selects" && byURL && s.opts.has(BugB12ShareChainedByText):
		return withMember(v, "values", func(x any) any {
			l, ok := x.([]any)
			if !ok {
				return x
			}
			out := append([]any(nil), l...)
			sort.SliceStable(out, func(i, j int) bool {
				a, _ := out[i].(obj)
				b, _ := out[j].(obj)
				ta, _ := a.get("option_text").(string)
				tb, _ := b.get("option_text").(string)
				return ta < tb
			})
			return out
		})
	case typ == "dynamic_matrix" && s.opts.has(BugB12DynamicMatrixUUIDEmpty):
		return withMember(v, "rows", func(rows any) any {
			return eachObj(rows, func(row obj) obj {
				return b11Put(row, "columns", eachObj(row.get("columns"), func(c obj) obj {
					if val, ok := c.get("value").(obj); ok && val.get("option_uuid") == nil {
						return b11Put(c, "value", b11Put(val, "option_uuid", ""))
					}
					return c
				}))
			})
		})
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB12DiffAfterMediaText):
		return eachObj(v, func(row obj) obj {
			ft, _ := row.get("field_type").(string)
			after, ok := row.get("after_value").(obj)
			media, _ := after.get("media_items").([]any)
			if !ok || !b12Media[ft] || len(media) == 0 {
				return row
			}
			first, _ := media[0].(obj)
			u, _ := first.get("url").(string)
			return b11Put(row, "after_value", b11Put(after, "text_content", u[strings.LastIndex(u, "/")+1:]))
		})
	}
	return v
}

// b12Record rewrites a Record (json) as round 12's bugs and variants do.
func (s *Server) b12Record(r *record, rec obj, byURL bool) obj {
	rec = b10Fields(rec, func(f obj) obj {
		typ, _ := f.get("field_type").(string)
		f = b11Put(f, "field_value", s.b12Value(typ, f.get("field_value"), byURL))
		opts, _ := f.get("options").(obj)
		text, isStr := b12RawText(r, f.get("field_id"))
		if isStr && opts.get("is_masked") == true && (typ == "name" || typ == "customer_name" || typ == "recorder") &&
			s.opts.has(BugB12CompoundSurnameMask) {
			for _, sur := range b12CompoundSurnames {
				if strings.HasPrefix(text, sur) && len([]rune(text)) > 2 {
					f = b11Put(f, "field_value", sur+"**")
				}
			}
		}
		return f
	})
	if tpl, ok := rec.get("record_template").(obj); ok && r.cert != nil && s.opts.has(BugB12CredentialTemplateLabel) {
		rec = b11Put(rec, "record_template", b11Put(tpl, "type_text", "核销凭证"))
	}
	if r.audit != nil && s.opts.has(BugB12ReviewedProjectDropped) {
		rec = b11Drop(rec, "project")
	}
	if n, ok := rec.get("submit_at").(int64); ok && r.method == "手动添加" && s.opts.has(BugB12ManualSubmitAtString) {
		rec = b11Put(rec, "submit_at", itoa(n))
	}
	if m, _ := rec.get("submit_method").(string); s.opts.is(VariantB12SubmitMethodWording) {
		rec = b11Put(rec, "submit_method", map[string]string{"扫码填写": "扫码提交", "手动添加": "后台补录"}[m])
	}
	if qr, ok := rec.get("qrcode").(obj); ok && s.opts.is(VariantB12QrcodeTypeTextLabel) {
		rec = b11Put(rec, "qrcode", b11Put(qr, "type_text", "普通二维码"))
	}
	if rec.get("process_status") == nil && s.opts.is(VariantB12ProcessStatusOff) {
		rec = b11Put(rec, "process_status", o("enabled", false))
	}
	return rec
}

// b12MarkdownReveal says whether a bug's markdown exporter shows the
// field in clear: the CRM's own columns.
func (s *Server) b12MarkdownReveal(f field) bool {
	return (f.typ == "customer_name" || f.typ == "customer_mobile") && s.opts.has(BugB12CRMMarkdownClear)
}

// b12Markdown rewrites a markdown representation as round 12 does.
func (s *Server) b12Markdown(r *record, md string) string {
	if r.cert != nil && s.opts.has(BugB12CredentialMarkdownTOML) && strings.HasPrefix(md, "---\n") {
		head, rest, found := strings.Cut(md[len("---\n"):], "\n---\n")
		if found {
			lines := strings.Split(head, "\n")
			for i, l := range lines {
				if k, v, ok := strings.Cut(l, ": "); ok {
					lines[i] = k + " = " + v
				}
			}
			md = "+++\n" + strings.Join(lines, "\n") + "\n+++\n" + rest
		}
	}
	if s.opts.is(VariantB12MarkdownH3Groups) {
		md = strings.ReplaceAll(md, "\n## ", "\n### ")
	}
	return md
}

// b12JSONLD rewrites a json-ld representation as round 12 does.
func (s *Server) b12JSONLD(r *record, ld any) any {
	ob, ok := ld.(obj)
	if !ok {
		return ld
	}
	groups := 0
	for _, g := range r.groups {
		if !g.pageBreak {
			groups++
		}
	}
	if me := ob.get("mainEntity"); me != nil && groups == 1 && s.opts.has(BugB12SingleGroupJSONLDArray) {
		ob = b11Put(ob, "mainEntity", []any{me})
	}
	if s.opts.is(VariantB12JSONLDPublisher) {
		org := s.data.org(r.org)
		ob = append(ob, member{"publisher", o("@type", "Organization", "name", org.name, "logo", org.logo)},
			member{"dateModified", time.Unix(r.submit, 0).In(zone).Format(time.RFC3339)})
	}
	return ob
}

// b12ContentType is getRecord's data.content_type as round 12's share
// view writes it.
func (s *Server) b12ContentType(format string, byURL bool, ct string) string {
	if format == "markdown" && byURL && s.opts.has(BugB12ShareMarkdownNoCharset) {
		return "text/markdown"
	}
	return ct
}

// b12Number is the number filter as a bug normalizes it.
func (s *Server) b12Number(number string) string {
	if s.opts.has(BugB12NumberUppercased) {
		return strings.ToUpper(number)
	}
	return number
}

// b12FormSize is getFormList's page size after a bug's clamp.
func (s *Server) b12FormSize(size int64) int64 {
	if size >= formMaxSize && s.opts.has(BugB12FormClampOffByOne) {
		return formMaxSize - 1
	}
	return size
}

// b12Form rewrites one form of a getFormList page as round 12 does.
func (s *Server) b12Form(f *form, key string, out obj) obj {
	if f.typ >= 3 && s.opts.has(BugB12SystemFormISOT) {
		for _, name := range []string{"created_at_iso", "updated_at_iso", "active_at_iso"} {
			if iso, _ := out.get(name).(string); len(iso) > 10 && iso[10] == ' ' {
				out = b11Put(out, name, iso[:10]+"T"+iso[11:])
			}
		}
	}
	if p := f.project; p != nil && strings.TrimSpace(key) != "" && s.opts.has(BugB12SearchProjectNumberName) {
		out = b11Put(out, "project", o("id", p.id, "name", p.name, "number", p.name))
	}
	return out
}

// b12DeletedForm is the form a bug's search index still holds.
var b12DeletedForm = &form{name: "巡检旧表", number: "FX-000", note: "已停用"}

// b12FormsAnswer rewrites a getFormList page as round 12's bugs do.
func (s *Server) b12FormsAnswer(key string, a any) any {
	ans, ok := a.(obj)
	page, isPage := ans.get("page").(obj)
	total, isInt := page.get("total").(int64)
	per, _ := page.get("per_page").(int64)
	if !ok || !isPage || !isInt || per < 1 || strings.TrimSpace(key) == "" || !s.opts.has(BugB12SearchTotalDeleted) ||
		!s.searchMatches(b12DeletedForm, strings.TrimSpace(key)) {
		return a
	}
	total++
	page = b11Put(b11Put(page, "total", total), "last_page", max((total+per-1)/per, 1))
	return b11Put(ans, "page", page)
}

// b12FormsMessage is a getFormList success as a variant writes it.
func (s *Server) b12FormsMessage(a any) any {
	if _, isObj := a.(obj); isObj && s.opts.is(VariantB12FormListMessageEmpty) {
		return b9Answer{data: a, message: "", setMessage: true}
	}
	return a
}

var b12Offset = regexp.MustCompile(`T\d\d:\d\d:\d\d(\.\d+)?-\d\d:\d\d$`)

// b12Window rewrites a read creation-time window as round 12's bugs do.
func (s *Server) b12Window(p params, templates bool, w window) window {
	if !templates {
		return w
	}
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	if s.opts.has(BugB12TemplatesWestOffsetAbs) {
		flip := func(v string) (int64, bool) {
			if !b12Offset.MatchString(v) {
				return 0, false
			}
			t, err := time.Parse(time.RFC3339Nano, v[:len(v)-6]+"+"+v[len(v)-5:])
			return t.Unix(), err == nil
		}
		if t, ok := flip(start); ok && w.hasStart {
			w.start = t
		}
		if t, ok := flip(end); ok && w.hasE {
			w.end = t
		}
	}
	if len(start) > len("2006-01-02") && w.hasStart && s.opts.has(BugB12TemplatesStartOfDay) {
		day := time.Unix(w.start, 0).In(zone)
		w.start = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, zone).Unix()
	}
	return w
}

// b12TimeRefused refuses a date alone as a bound (a variant).
func (s *Server) b12TimeRefused(p params) *apiError {
	if !s.opts.is(VariantB12DateOnlyRefused) {
		return nil
	}
	for _, name := range []string{"start_time", "end_time"} {
		if v, _ := p[name].(string); v != "" {
			if _, err := time.Parse("2006-01-02", v); err == nil {
				return paramError(name, name+" must be a date and time such as 2026-01-02T03:04:05+08:00")
			}
		}
	}
	return nil
}

// b12TokenError is a templates/list page_token error as a bug renders it.
func (s *Server) b12TokenError(templates bool, err *apiError) *apiError {
	if err != nil && templates && err.param == "page_token" && s.opts.has(BugB12TemplatesTokenErrorCode) {
		c := *err
		c.code = c.errorCode
		return &c
	}
	return err
}

// b12QrcodesPage rewrites a listQrcodes page as round 12's bugs do.
func (s *Server) b12QrcodesPage(p params, a any) any {
	page, ok := a.(obj)
	size, sized, _ := p.int("page_size")
	total, isInt := page.get("total").(int64)
	if !ok || !sized || size < 1 || !isInt || !s.opts.has(BugB12QrcodesTotalIsPages) {
		return a
	}
	size = min(size, tplMaxSize)
	return b11Put(page, "total", (total+size-1)/size)
}

// b12ByURLToken is a bug's continuation controller refusing a walk by the
// template's full URL (nil: served).
func (s *Server) b12ByURLToken(p params, viaURL bool, ref string) *apiError {
	if tok, _ := p["page_token"].(string); tok == "" || !viaURL || !s.opts.has(BugB12QrcodesURLLaterPage404) {
		return nil
	}
	return &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref)}
}

// b12UnknownTemplate is listQrcodes' answer for an unknown template as
// round 12's bugs give it: a page (served) or the error e rewritten.
func (s *Server) b12UnknownTemplate(p params, e *apiError) (any, *apiError, bool) {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	if (start != "" || end != "") && s.opts.has(BugB12QrcodesUnknownWindowEmpty) {
		return o("list", []any{}, "next_page_token", nil, "total", 0), nil, true
	}
	if s.opts.has(BugB12QrcodesUnknownGatewayHTML) {
		e.html = true
	}
	return nil, e, false
}

// b12NextFrom is the status a bug's set_next_certificate_status moves on
// from: the from of the record's last state change; the caller holds mu.
func (s *Server) b12NextFrom(st *certState, v verifyRequest, cur *status) *status {
	if v.action != "set_next_certificate_status" || len(st.changes) == 0 || !s.opts.has(BugB12NextFromHistory) {
		return cur
	}
	return st.changes[len(st.changes)-1].from
}

// b12Verification says whether verification is enabled for r's form (a
// bug: for the first form of its flow).
func (s *Server) b12Verification(r *record) bool {
	if s.opts.has(BugB12SharedFlowVerificationFlag) && r.form.flow != nil {
		for _, f := range s.data.forms {
			if f.flow == r.form.flow {
				return f.verification
			}
		}
	}
	return r.form.verification
}

// b12Repeat is a bug's answer to a repeated verification by status id
// (nil: none).
func (s *Server) b12Repeat(cur, to *status, v verifyRequest) *apiError {
	if to == cur && to != nil && v.to != cur.name && s.opts.has(BugB12RepeatByID100324) {
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	return nil
}

// b12UnknownCode is a bug's answer to a full-URL code that names no
// record (nil: the service's own).
func (s *Server) b12UnknownCode(v verifyRequest) *apiError {
	if v.byURL && s.opts.has(BugB12UnknownURLCode100301) {
		return paramError("certificate_code", "certificate_code is not the address of a certificate")
	}
	return nil
}

// b12VerifyAnswer is a verify success as a bug writes it.
func (s *Server) b12VerifyAnswer(v verifyRequest, data any) any {
	if _, isObj := data.(obj); isObj && v.action == "set_next_certificate_status" && s.opts.has(BugB12NextMessageNull) {
		return b5Answer{data: data, nullMessage: true}
	}
	return data
}

// b12StatusCheck is a bug's answer to a read key's verify that names
// from_certificate_status: the credential as it is (nil: refused as the
// service refuses it).
func (s *Server) b12StatusCheck(k *apiKey, p params) any {
	if k.write || p["from_certificate_status"] == nil || !s.opts.has(BugB12ReadKeyStatusCheck) {
		return nil
	}
	v, err := readVerify(p, false, false)
	if err != nil {
		return nil
	}
	r := s.credential(k, v)
	if r == nil {
		return nil
	}
	return o("record_number", r.number, "record_id", r.id, "org_id", r.org, "submit_at", r.submit,
		"certificate_status", s.currentStatus(r))
}

// b12Key is the key a bug's gateway lets the public scan page's
// listQrcodes by URL through with (nil: none).
func (s *Server) b12Key(ep string, r *http.Request) *apiKey {
	return s.keylessTemplateURL(ep, r, BugB12QrcodesByURLNoKey)
}

// b12Headers adds the headers of a variant's rate limiter.
func (s *Server) b12Headers(w http.ResponseWriter) {
	if s.opts.is(VariantB12RateLimitHeaders) {
		w.Header().Set("X-RateLimit-Limit", "600")
		w.Header().Set("X-RateLimit-Remaining", "599")
	}
}

// b12ItemsLess orders cursor items as a variant does (nil: the service's
// own order).
func (s *Server) b12ItemsLess() func(a, b item) bool {
	if s.opts.is(VariantB12ItemsByID) {
		return func(a, b item) bool { return a.id < b.id }
	}
	return nil
}

// b12FormsLess orders forms as a variant does (nil: another order).
func (s *Server) b12FormsLess() func(a, b *form) bool {
	if s.opts.is(VariantB12FormsByIDDesc) {
		return func(a, b *form) bool { return a.id > b.id }
	}
	return nil
}
