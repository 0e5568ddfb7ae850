package foreign

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Blind round 11: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug is one a team
// ships where the statement holds on the answer a reader checks first and
// breaks on another: one kind of record (a municipality's address, a
// credential, a record added by hand, one under review), one key (a
// limited one, none at all on the redemption page), one path through the
// code (the share view, the search engine, the continuation controller,
// the framework's validator), or a state a earlier request left behind (a
// cache, a move).

// The bugs of blind round 11.
const (
	BugB11MunicipalityCityNull      Bug = "b11-owner-address-municipality-city-null"
	BugB11AudioNoTranscriptArray    Bug = "b11-audio-no-transcript-empty-array"
	BugB11CredentialHolderKeepsLast Bug = "b11-credential-holder-mask-keeps-last"
	BugB11JSONLDTelephoneRaw        Bug = "b11-jsonld-telephone-raw"
	BugB11PledgeMarkdownBOM         Bug = "b11-pledge-markdown-bom"
	BugB11PendingJSONLDEntityText   Bug = "b11-pending-jsonld-main-entity-text"
	BugB11ReviewedMarkdownCamelID   Bug = "b11-reviewed-markdown-camel-record-id"
	BugB11MovedRecordIDRevision     Bug = "b11-moved-record-id-is-revision"
	BugB11RecordCacheByID           Bug = "b11-record-cache-keyed-by-id"
	BugB11MarkdownWrapperETag       Bug = "b11-markdown-wrapper-etag"
	BugB11MaskedNumberNaN           Bug = "b11-masked-number-nan"
	BugB11NoFormOrgZero             Bug = "b11-no-form-org-zero"
	BugB11ShareRecorderMasked       Bug = "b11-share-view-recorder-masked"
	BugB11DescriptionDropped        Bug = "b11-description-fields-dropped"
	BugB11ManualSubmitISOUTC        Bug = "b11-manual-submit-iso-utc"
	BugB11FormTotalOrdinaryOnly     Bug = "b11-form-total-ordinary-only"
	BugB11SearchNumberLowercased    Bug = "b11-search-number-lowercased"
	BugB11SystemFormProjectDropped  Bug = "b11-system-form-project-dropped"
	BugB11LimitedListCountAll       Bug = "b11-limited-key-list-count-all"
	BugB11SearchCharsetGBK          Bug = "b11-search-charset-gbk"
	BugB11TemplatesTotalDistinct    Bug = "b11-templates-total-distinct-seconds"
	BugB11QrcodesEndDateNextDay     Bug = "b11-qrcodes-end-date-next-day"
	BugB11TemplatesEndMinuteUp      Bug = "b11-templates-end-minute-rounded-up"
	BugB11QrcodesWindowTotalString  Bug = "b11-qrcodes-window-total-string"
	BugB11QrcodesLaterPageCode200   Bug = "b11-qrcodes-later-page-code-200"
	BugB11QrcodesMissingMsg         Bug = "b11-qrcodes-missing-template-msg"
	BugB11VerifyValidator422        Bug = "b11-verify-validator-422"
	BugB11ByURLSkipsAuthCode        Bug = "b11-by-url-skips-auth-code"
	BugB11VerifyNumberNoPrefix      Bug = "b11-verify-number-without-prefix"
	BugB11PermissionCachePerRecord  Bug = "b11-permission-cache-per-record"
	BugB11PublicRedeemByURL         Bug = "b11-public-redeem-by-url"
	BugB11StatusIDFirstFlow         Bug = "b11-status-id-first-flow"
)

// The correct variants of blind round 11.
const (
	VariantB11JSONLDHasPart        Variant = "b11-jsonld-has-part"
	VariantB11ProcessStatusNoColor Variant = "b11-process-status-no-color"
	VariantB11UnknownKey403        Variant = "b11-unknown-key-403"
	VariantB11HTTPMirror           Variant = "b11-http-status-mirror"
	VariantB11FieldsNoGroupID      Variant = "b11-fields-no-group-id"
	VariantB11VerifyDetailEmpty    Variant = "b11-verify-detail-empty"
	VariantB11AuditNoStage         Variant = "b11-audit-no-stage"
	VariantB11TemplatesMessageNone Variant = "b11-templates-message-empty"
	VariantB11MarkdownBulletLists  Variant = "b11-markdown-bullet-lists"
	VariantB11QrcodeCategoryNull   Variant = "b11-qrcode-category-null"
)

func blindRound11() Round {
	return Round{Name: "blind-11", Kind: "blind", Bugs: []BugInfo{
		{BugB11MunicipalityCityNull, "§2.1", "owner_address of a direct-administered municipality (province 上海市, city 上海市) has city null: the geocoder's de-duplication of a city equal to its province"},
		{BugB11AudioNoTranscriptArray, "§2.1", "an audio item the speech service never transcribed carries translated_text [] (an unset PHP array), not a string or null"},
		{BugB11CredentialHolderKeepsLast, "§2.1, §C8", "the credential module masks its holder's name with its own helper, which keeps the first and the last character: 陈*怡 shows two characters of a name"},
		{BugB11JSONLDTelephoneRaw, "§C8", "the json-ld exporter maps tel and customer_mobile fields to schema.org telephone, read from the raw column: the number json masks is in clear"},
		{BugB11PledgeMarkdownBOM, "§2.2", "the markdown template of the confidentiality-pledge form (type 3) was saved with a byte order mark: its markdown starts with U+FEFF, not the front matter"},
		{BugB11PendingJSONLDEntityText, "§2.2", "json-ld of a record pending review replaces mainEntity with the placeholder text 审核通过后可见: a string, not an item list"},
		{BugB11ReviewedMarkdownCamelID, "§2.2", "records with a review block are rendered by the review module's markdown exporter, which writes recordId: in the front matter, no record_id"},
		{BugB11MovedRecordIDRevision, "§4.1, §2.1", "a verify writes a new revision row of the record and the serializer writes that row's id as record_id: after a move getRecord answers another record_id than the one asked for"},
		{BugB11RecordCacheByID, "§C2", "getRecord answers of records that cannot change (no credential) are cached by record_id and format, not by organization: another organization's key reads a record ours read before"},
		{BugB11MarkdownWrapperETag, "§4.1", "markdown answers come from the render cache, which adds its etag beside code, message and data"},
		{BugB11MaskedNumberNaN, "§1.1, §C1", "a number field marked masked goes through the desensitizer's number branch, which writes NaN: the body is not JSON"},
		{BugB11NoFormOrgZero, "§2.1", "the organization is joined through the form: a record without a form has org {id 0, name \"\", code \"\", logo_url \"\"}"},
		{BugB11ShareRecorderMasked, "§4.1", "the share view (getRecord by record_url) masks the recorder's name for privacy: not the payload by record_id"},
		{BugB11DescriptionDropped, "§2.1", "the API serializer skips description fields as layout-only: the record's answer lacks a field it holds"},
		{BugB11ManualSubmitISOUTC, "§1.3, §C1", "records added by hand store submit time through the admin console, whose formatter writes submit_at_iso in UTC with the (UTC+08:00) label"},
		{BugB11FormTotalOrdinaryOnly, "§4.3", "getFormList's count query filters type <= 2 (a condition the list query lost): total leaves out the system forms the pages hold"},
		{BugB11SearchNumberLowercased, "§4.3", "with search_key, the query goes to the search engine, whose analyzer lowercases number: number FX-001 also hits fx-001"},
		{BugB11SystemFormProjectDropped, "§2.3", "system forms (type 3 and up) come from their own table, joined without project: linked to a project, they show project null"},
		{BugB11LimitedListCountAll, "§4.3", "a key limited to some forms lists only those, while total counts every form of the organization (the permission filter is on the list query only)"},
		{BugB11SearchCharsetGBK, "§1.1, §C1", "getFormList with search_key is answered through the search proxy, which labels its answers Content-Type application/json; charset=gbk"},
		{BugB11TemplatesTotalDistinct, "§4.4", "templates/list counts COUNT(DISTINCT created_at): two templates created in the same second count once, so total is one less than the walk holds"},
		{BugB11QrcodesEndDateNextDay, "§4.5, §C5", "listQrcodes makes a date alone as end_time inclusive twice: the controller adds a day, and the query layer reads that day to its end, so the sub-codes of the following day are let in"},
		{BugB11TemplatesEndMinuteUp, "§4.4, §C5", "templates/list rounds an end_time with seconds up to the next minute (a minute index): 14:03:30 lets in a template created at 14:04:00"},
		{BugB11QrcodesWindowTotalString, "§4.5", "listQrcodes with start_time or end_time counts through a raw query whose COUNT comes back from PDO as a string: total \"45\""},
		{BugB11QrcodesLaterPageCode200, "§1.2", "listQrcodes pages asked with a page_token come from the continuation controller, which answers code 200, not 0"},
		{BugB11QrcodesMissingMsg, "§4.5, §C3", "listQrcodes without template is refused by the old framework's validator: {code: 400, msg, data}, no message"},
		{BugB11VerifyValidator422, "§4.2, §C3", "verify's parameter errors come from the framework's validator: {code: 422, message, errors}, no error_code and no data"},
		{BugB11ByURLSkipsAuthCode, "§3.1, §7", "verify by the record's full URL goes through the scan controller, which never checks the authorization code: an expired one moves the record, not 100327"},
		{BugB11VerifyNumberNoPrefix, "§4.2", "verify's success reads record_number from the certificate table, which stores the number without its R prefix: 2026810001, not getRecord's"},
		{BugB11PermissionCachePerRecord, "§5, §C2", "the form-restriction check is cached per record, not per key and record: after a full key moved a credential, a key limited to another form moves it too"},
		{BugB11PublicRedeemByURL, "§5, §C2", "the redemption page posts set_next_certificate_status with the record's URL and no Authorization; the gateway lets it through with the organization's key"},
		{BugB11StatusIDFirstFlow, "§4.2", "a status named by its id is looked up in the first flow the service loaded: the training certificates' flow refuses its own ids with 100326"},
	}, Variants: []VariantInfo{
		{VariantB11JSONLDHasPart, "json-ld also carries hasPart, one WebPageElement per group",
			"§2.2: json-ld has @context, @type, identifier, name, url and mainEntity; \"The rest of its layout is open (§C7)\""},
		{VariantB11ProcessStatusNoColor, "process_status carries no color member",
			"§2.1: process_status: enabled boolean; \"optional, nullable: text string, color string\""},
		{VariantB11UnknownKey403, "an unknown API key is code 403, error_code 100403 (a missing one stays 401)",
			"§5 item 4: \"Failed authentication or permission may answer code 401 or 403\""},
		{VariantB11HTTPMirror, "the HTTP status line of every error equals its body's code",
			"§7: open \"the HTTP status line of an error (the kit's: §C1)\"; §C1: \"The runner judges bodies, never the status line\""},
		{VariantB11FieldsNoGroupID, "fields carry no group_id",
			"§2.1: Field \"optional field_desc string, field_short_name string, group_id integer\""},
		{VariantB11VerifyDetailEmpty, "verify's errors carry message_detail \"\"",
			"§4.2: \"plus message_detail, which may be empty or left out\""},
		{VariantB11AuditNoStage, "audit blocks carry no current_stage_id and current_stage_title",
			"§2.1: audit: enabled boolean; \"optional, each nullable: current_stage_id integer, current_stage_title string, ...\""},
		{VariantB11TemplatesMessageNone, "templates/list and listQrcodes succeed with message \"\"",
			"§1.2: a success has \"code equal to the integer 0 and a string message\""},
		{VariantB11MarkdownBulletLists, "markdown sections list fields as \"- title：value\" lines, no tables",
			"§2.2: markdown \"then sections. The rest of its layout is open (§C7)\""},
		{VariantB11QrcodeCategoryNull, "qrcode.category_id is null where the code is in no directory",
			"§2.1: qrcode \"optional category_id, integer or null (a directory id)\""},
	}}
}

// b11State is what round 11's bugs remember between requests.
type b11State struct {
	// answers are getRecord answers cached by record_id and format.
	answers map[string]any
	// permitted are the records a key's form restriction was passed for.
	permitted map[int64]bool
}

// b11Answer is a success as a bug of round 11 writes it: another code,
// another Content-Type, an extra top-level member, or NaN for a
// placeholder.
type b11Answer struct {
	data  any
	code  any
	ct    string
	extra obj
	nan   bool
}

// b11NaN stands for NaN until the body is written.
const b11NaN = "\x00b11-NaN"

// b11Succeed writes a success of b11Answer.
func (s *Server) b11Succeed(w http.ResponseWriter, x b11Answer) {
	code := x.code
	if code == nil {
		code = 0
	}
	body := append(o("code", code, "message", s.opts.Message, "data", x.data), x.extra...)
	b, err := encode(body)
	if err != nil {
		s.write(w, http.StatusOK, body)
		return
	}
	if x.nan {
		quoted, _ := json.Marshal(b11NaN)
		b = bytes.ReplaceAll(b, quoted, []byte("NaN"))
	}
	ct := x.ct
	if ct == "" {
		ct = "application/json; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// b11Put is a copy of ob with key set to v, appended when absent.
func b11Put(ob obj, key string, v any) obj {
	out := append(obj(nil), ob...)
	for i := range out {
		if out[i].key == key {
			out[i].val = v
			return out
		}
	}
	return append(out, member{key, v})
}

// b11Drop is a copy of ob without key.
func b11Drop(ob obj, key string) obj {
	out := make(obj, 0, len(ob))
	for _, m := range ob {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// b11Raw is the value a record holds for one field, before masking.
func b11Raw(r *record, id any) (field, bool) {
	for _, g := range r.groups {
		for _, f := range g.fields {
			if n, ok := id.(int64); ok && f.id == n {
				return f, true
			}
		}
	}
	return field{}, false
}

// b11Value rewrites one field's value as round 11's bugs do.
func (s *Server) b11Value(typ string, v any) any {
	switch {
	case typ == "owner_address" && s.opts.has(BugB11MunicipalityCityNull):
		if ob, ok := v.(obj); ok && ob.get("province") == ob.get("city") {
			return b11Put(ob, "city", nil)
		}
	case typ == "audio" && s.opts.has(BugB11AudioNoTranscriptArray):
		return eachObj(v, func(it obj) obj {
			if it.get("translated_text") == nil {
				return b11Put(it, "translated_text", []any{})
			}
			return it
		})
	}
	return v
}

// b11Record rewrites a Record (json) as round 11's bugs and variants do.
func (s *Server) b11Record(r *record, rec obj, byURL bool) obj {
	rec = b10Fields(rec, func(f obj) obj {
		typ, _ := f.get("field_type").(string)
		f = b11Put(f, "field_value", s.b11Value(typ, f.get("field_value")))
		opts, _ := f.get("options").(obj)
		raw, found := b11Raw(r, f.get("field_id"))
		if text, isStr := raw.value.(string); found && isStr && r.cert != nil && typ == "name" && opts.get("is_masked") == true &&
			s.opts.has(BugB11CredentialHolderKeepsLast) {
			runes := []rune(text)
			if len(runes) >= 3 {
				f = b11Put(f, "field_value", string(runes[:1])+strings.Repeat("*", len(runes)-2)+string(runes[len(runes)-1:]))
			}
		}
		if found && raw.masked && typ == "number" && s.opts.has(BugB11MaskedNumberNaN) {
			f = b11Put(f, "field_value", withMember(f.get("field_value"), "value", func(any) any { return b11NaN }))
		}
		if s.opts.is(VariantB11FieldsNoGroupID) {
			f = b11Drop(f, "group_id")
		}
		return f
	})
	if s.opts.has(BugB11DescriptionDropped) {
		groups, _ := rec.get("tpl_groups").([]any)
		out := make([]any, 0, len(groups))
		for _, g := range groups {
			gob, _ := g.(obj)
			fields, _ := gob.get("fields").([]any)
			kept := make([]any, 0, len(fields))
			for _, f := range fields {
				if fo, _ := f.(obj); fo.get("field_type") != "description" {
					kept = append(kept, f)
				}
			}
			out = append(out, b11Put(gob, "fields", kept))
		}
		rec = b11Put(rec, "tpl_groups", out)
	}
	if n := s.b11Moves(r); n > 0 && s.opts.has(BugB11MovedRecordIDRevision) {
		rec = b11Put(rec, "record_id", 1_000_000_000+r.id*10+int64(n))
	}
	if r.form == nil && s.opts.has(BugB11NoFormOrgZero) {
		rec = b11Put(rec, "org", o("id", 0, "name", "", "code", "", "logo_url", ""))
	}
	if who, ok := rec.get("recorder").(obj); ok && byURL && s.opts.has(BugB11ShareRecorderMasked) {
		rec = b11Put(rec, "recorder", b11Put(who, "name", s.mask("name", r.recorder)))
	}
	if r.method == "手动添加" && s.opts.has(BugB11ManualSubmitISOUTC) {
		rec = b11Put(rec, "submit_at_iso", time.Unix(r.submit, 0).UTC().Format("2006-01-02 15:04:05")+"(UTC+08:00)")
	}
	if ps, ok := rec.get("process_status").(obj); ok && s.opts.is(VariantB11ProcessStatusNoColor) {
		rec = b11Put(rec, "process_status", b11Drop(ps, "color"))
	}
	if a, ok := rec.get("audit").(obj); ok && s.opts.is(VariantB11AuditNoStage) {
		rec = b11Put(rec, "audit", b11Drop(b11Drop(a, "current_stage_id"), "current_stage_title"))
	}
	if qr, ok := rec.get("qrcode").(obj); ok && r.qr.category == nil && s.opts.is(VariantB11QrcodeCategoryNull) {
		rec = b11Put(rec, "qrcode", b11Put(qr, "category_id", nil))
	}
	return rec
}

// b11Moves is the number of verifies that moved r since the last reset.
func (s *Server) b11Moves(r *record) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.certs[r.id]; st != nil {
		return len(st.verifiedAt)
	}
	return 0
}

// b11Cached is a getRecord answer a bug's cache keyed by record_id and
// format serves, whoever asks (false: none).
func (s *Server) b11Cached(id int64, byIDOnly bool, format string) (any, bool) {
	if !byIDOnly || !s.opts.has(BugB11RecordCacheByID) {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.b11.answers[itoa(id)+"|"+format]
	return a, ok
}

// b11RecordAnswer is getRecord's success as round 11's bugs write it: a
// cache that remembers it, an etag beside the wrapper, NaN in the body.
func (s *Server) b11RecordAnswer(r *record, byIDOnly bool, format string, a any) any {
	if byIDOnly && r.cert == nil && s.opts.has(BugB11RecordCacheByID) {
		s.mu.Lock()
		if s.b11.answers == nil {
			s.b11.answers = map[string]any{}
		}
		s.b11.answers[itoa(r.id)+"|"+format] = a
		s.mu.Unlock()
	}
	if format == "markdown" && s.opts.has(BugB11MarkdownWrapperETag) {
		return b11Answer{data: a, extra: o("etag", `W/"md-`+itoa(r.id)+`"`)}
	}
	if format == "json" && s.opts.has(BugB11MaskedNumberNaN) {
		return b11Answer{data: a, nan: true}
	}
	return a
}

// b11JSONLD rewrites a json-ld representation as round 11 does.
func (s *Server) b11JSONLD(r *record, ld any) any {
	ob, ok := ld.(obj)
	if !ok {
		return ld
	}
	if s.opts.has(BugB11JSONLDTelephoneRaw) {
		var phones []any
		for _, g := range r.groups {
			for _, f := range g.fields {
				if v, isStr := f.value.(string); (f.typ == "tel" || f.typ == "customer_mobile") && !f.hidden {
					if !isStr {
						v, _ = valueOf(f.typ, f.n, false).(string)
					}
					phones = append(phones, v)
				}
			}
		}
		if len(phones) > 0 {
			ob = b11Put(ob, "telephone", phones)
		}
	}
	if r.audit != nil && r.audit.status == 0 && s.opts.has(BugB11PendingJSONLDEntityText) {
		ob = b11Put(ob, "mainEntity", "审核通过后可见")
	}
	if s.opts.is(VariantB11JSONLDHasPart) {
		var parts []any
		for i, g := range r.groups {
			if g.pageBreak {
				continue
			}
			name := g.title
			if name == "" {
				name = "第 " + itoa(int64(i+1)) + " 部分"
			}
			parts = append(parts, o("@type", "WebPageElement", "name", name, "position", i+1))
		}
		ob = append(ob, member{"hasPart", parts})
	}
	return ob
}

var b11Row = regexp.MustCompile(`(?m)^\| (.*) \| (.*) \|$`)

// b11Markdown rewrites a markdown representation as round 11 does.
func (s *Server) b11Markdown(r *record, md string) string {
	if r.audit != nil && s.opts.has(BugB11ReviewedMarkdownCamelID) {
		md = strings.Replace(md, "\nrecord_id: ", "\nrecordId: ", 1)
	}
	if r.form != nil && r.form.typ == 3 && s.opts.has(BugB11PledgeMarkdownBOM) {
		md = "\ufeff" + md
	}
	if s.opts.is(VariantB11MarkdownBulletLists) {
		md = strings.ReplaceAll(md, "| 字段 | 内容 |\n| --- | --- |\n", "")
		md = b11Row.ReplaceAllString(md, "- $1：$2")
	}
	return md
}

// b11FormTotal is getFormList's total as a bug's count query gives it.
func (s *Server) b11FormTotal(forms []*form, total int64) int64 {
	if !s.opts.has(BugB11FormTotalOrdinaryOnly) {
		return total
	}
	var n int64
	for _, f := range forms {
		if f.typ <= 2 {
			n++
		}
	}
	return n
}

// b11LimitedForms are the forms a bug lists to a key limited to some
// forms: only those, after total was counted.
func (s *Server) b11LimitedForms(k *apiKey, forms []*form) []*form {
	if k.forms == nil || !s.opts.has(BugB11LimitedListCountAll) {
		return forms
	}
	var out []*form
	for _, f := range forms {
		for _, id := range k.forms {
			if f.id == id {
				out = append(out, f)
			}
		}
	}
	return out
}

// b11NumberMatches is the number filter as a bug's search engine applies
// it beside a search_key.
func (s *Server) b11NumberMatches(f *form, key, number string, matches bool) bool {
	if key == "" || number == "" || !s.opts.has(BugB11SearchNumberLowercased) {
		return matches
	}
	return strings.EqualFold(f.number, number)
}

// b11Form rewrites one form of a getFormList page as round 11 does.
func (s *Server) b11Form(f *form, out obj) obj {
	if f.typ > 2 && f.project != nil && s.opts.has(BugB11SystemFormProjectDropped) {
		return b11Put(out, "project", nil)
	}
	return out
}

// b11FormsAnswer labels a getFormList success as a bug's search proxy does.
func (s *Server) b11FormsAnswer(key string, a any) any {
	if strings.TrimSpace(key) != "" && s.opts.has(BugB11SearchCharsetGBK) {
		return b11Answer{data: a, ct: "application/json; charset=gbk"}
	}
	return a
}

// b11Total is a cursor list's total as a bug's count query gives it.
func (s *Server) b11Total(templates bool, hits []item, total int64) int64 {
	if !templates || !s.opts.has(BugB11TemplatesTotalDistinct) {
		return total
	}
	seen := map[int64]bool{}
	for _, it := range hits {
		seen[it.created] = true
	}
	return int64(len(seen))
}

var b11EndSeconds = regexp.MustCompile(`^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:(\d\d)`)

// b11Window rewrites a read creation-time window as round 11's bugs do.
func (s *Server) b11Window(p params, templates, qrcodes bool, w window) window {
	end, _ := p["end_time"].(string)
	if _, err := time.Parse("2006-01-02", end); err == nil && qrcodes && w.hasE && s.opts.has(BugB11QrcodesEndDateNextDay) {
		w.end += 86400
	}
	if m := b11EndSeconds.FindStringSubmatch(end); m != nil && templates && w.hasE && s.opts.has(BugB11TemplatesEndMinuteUp) {
		if secs, _ := strconv.ParseInt(m[1], 10, 64); secs != 0 {
			w.end += 60 - secs
		}
	}
	return w
}

// b11QrcodesAnswer rewrites a listQrcodes success as round 11 does.
func (s *Server) b11QrcodesAnswer(p params, a any) any {
	page, ok := a.(obj)
	if !ok {
		return a
	}
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	if n, isInt := page.get("total").(int64); isInt && (start != "" || end != "") && s.opts.has(BugB11QrcodesWindowTotalString) {
		page = b11Put(page, "total", itoa(n))
	}
	if tok, _ := p["page_token"].(string); tok != "" && s.opts.has(BugB11QrcodesLaterPageCode200) {
		return b11Answer{data: page, code: 200}
	}
	return s.b11TemplatesAnswer(page)
}

// b11TemplatesAnswer is a templates/* success as a variant writes it.
func (s *Server) b11TemplatesAnswer(a any) any {
	if _, isObj := a.(obj); isObj && s.opts.is(VariantB11TemplatesMessageNone) {
		return b9Answer{data: a, message: "", setMessage: true}
	}
	return a
}

// b11MissingTemplate is listQrcodes' error for a missing template as a
// bug's old validator writes it.
func (s *Server) b11MissingTemplate(e *apiError) *apiError {
	if s.opts.has(BugB11QrcodesMissingMsg) {
		e.b11Body = o("code", 400, "msg", "template 不能为空", "data", obj{})
	}
	return e
}

// b11VerifyParamError is a verify parameter error as a bug's framework
// validator writes it.
func (s *Server) b11VerifyParamError(e *apiError) *apiError {
	if e == nil || e.errorCode != 100301 || !s.opts.has(BugB11VerifyValidator422) {
		return e
	}
	c := *e
	c.code = 422
	c.b11Body = o("code", 422, "message", "The given data was invalid.", "errors", o(e.param, []any{e.detail}))
	return &c
}

// b11Body is an error body as round 11's bugs and variants write it (nil:
// the service's own).
func (s *Server) b11Body(sh shape, e *apiError) obj {
	if e.b11Body != nil {
		return e.b11Body
	}
	if sh == shapeVerify && e.b8Data == nil && s.opts.is(VariantB11VerifyDetailEmpty) {
		return o("code", e.code, "message", e.message, "data", obj{}, "error_code", e.errorCode, "message_detail", "")
	}
	return nil
}

// b11SkipsAuthCode says whether a bug's scan controller skips the
// authorization code for this request.
func (s *Server) b11SkipsAuthCode(v verifyRequest) bool {
	return v.byURL && s.opts.has(BugB11ByURLSkipsAuthCode)
}

// b11VerifyData rewrites a verify success as round 11's bugs do.
func (s *Server) b11VerifyData(data any) any {
	if d, ok := data.(obj); ok && s.opts.has(BugB11VerifyNumberNoPrefix) {
		if n, isStr := d.get("record_number").(string); isStr {
			return b11Put(d, "record_number", strings.TrimPrefix(n, "R"))
		}
	}
	return data
}

// b11Permitted says whether a bug's permission cache lets any key past
// the form restriction for r.
func (s *Server) b11Permitted(r *record) bool {
	if !s.opts.has(BugB11PermissionCachePerRecord) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b11.permitted[r.id]
}

// b11Permit remembers that a move of r passed the form restriction.
func (s *Server) b11Permit(r *record) {
	if !s.opts.has(BugB11PermissionCachePerRecord) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b11.permitted == nil {
		s.b11.permitted = map[int64]bool{}
	}
	s.b11.permitted[r.id] = true
}

// b11Key is the key a bug's gateway lets a redemption page's verify
// through with (nil: none).
func (s *Server) b11Key(ep string, r *http.Request) *apiKey {
	if ep != "certificates/verify" || strings.TrimSpace(r.Header.Get("Authorization")) != "" || !s.opts.has(BugB11PublicRedeemByURL) {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var p struct {
		Code   string `json:"certificate_code"`
		Action string `json:"action_type"`
	}
	if json.Unmarshal(raw, &p) != nil || !strings.HasPrefix(p.Code, "https://") || p.Action != "set_next_certificate_status" {
		return nil
	}
	return &s.data.keys[1]
}

// b11Unauthorized rewrites the refusal of a key as a variant does: an
// unknown key is 403, a missing one stays 401.
func (s *Server) b11Unauthorized(r *http.Request, e *apiError) {
	if s.opts.is(VariantB11UnknownKey403) && bearer(r.Header.Get("Authorization")) != "" {
		e.code, e.errorCode, e.message = 403, 100403, "Forbidden"
	}
}

// b11Ref is the status a bug looks a status id up as: in the first flow
// the service loaded (false: not so).
func (s *Server) b11Ref(name string) (*status, bool) {
	if _, err := strconv.ParseInt(name, 10, 64); err != nil || !s.opts.has(BugB11StatusIDFirstFlow) {
		return nil, false
	}
	for _, f := range s.data.forms {
		if f.flow != nil {
			return f.flow.ref(name), true
		}
	}
	return nil, false
}
