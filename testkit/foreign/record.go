package foreign

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// withRequestID is a success whose wrapper carries a request_id (a bug).
type withRequestID struct{ data any }

var formats = map[string]string{
	"json":     "application/json; charset=utf-8",
	"json-ld":  "application/ld+json; charset=utf-8",
	"markdown": "text/markdown; charset=utf-8",
}

func (s *Server) getRecord(k *apiKey, p params) (any, *apiError) {
	switch p["record_url"].(type) {
	case map[string]any, []any:
		if s.opts.has(BugB5RecordURLObjectEmpty500) {
			return nil, &apiError{code: 500, empty: true}
		}
	}
	s.b8Format(p)
	s.b10Format(p)
	id, hasID, err := p.int("record_id")
	if hasID {
		id = s.b10RecordID(s.b8RecordID(id))
	}
	url, hasURL, uerr := p.str("record_url")
	if err != nil && s.opts.has(BugB2BadRecordIDWithURL) && hasURL && url != "" {
		hasID, err = false, nil
	}
	if err != nil {
		return nil, err
	}
	if uerr != nil {
		return nil, uerr
	}
	if hasID && id == 0 && s.opts.has(BugB7RecordIDZeroLatest) {
		id = s.b7Newest(k)
	}
	format, _, err := p.str("format")
	if err != nil {
		return nil, err
	}
	asked := format
	if hasURL && url != "" && !hasID && s.b8EdgeHost(url) {
		return nil, &apiError{code: 404, message: "Not Found", b8Bare: true}
	}
	unmasked := format == "" && s.opts.has(BugB2DefaultFormatUnmasked)
	if format == "" || s.opts.has(BugB1ByURLIgnoresFormat) && hasURL && url != "" && !hasID {
		format = "json"
	}
	ct, ok := formats[format]
	if !ok && s.opts.has(BugB3UnknownFormatJSON) {
		format, ct, ok = "json", formats["json"], true
	}
	if !ok {
		e := paramError("format", "format must be json, json-ld or markdown")
		e.b7Shape = s.opts.has(BugB7FormatErrorWrongShape)
		return nil, e
	}
	if format == "json-ld" && s.opts.has(BugB3JSONLDNoCharset) {
		ct = "application/ld+json"
	}
	hasURL = hasURL && url != ""
	if e := s.b9RecordURL(url, hasURL); e != nil {
		return nil, e
	}
	if e := s.b9NoAddress(); e != nil && !hasID && !hasURL {
		return nil, e
	}
	if !hasID && !hasURL {
		return nil, paramError("record_id", "record_id or record_url is required")
	}
	url = s.b6URL(url)
	if s.opts.has(BugB6RecordURLWidthFolded) {
		url = b6Halfwidth(url)
	}
	byIDOnly := hasID && !hasURL
	if a, ok := s.b11Cached(id, byIDOnly, format); ok {
		return a, nil
	}
	hasID = s.b10ByID(hasID, hasURL)
	r := s.find(s.a4OwnerKey(k, p, id), id, hasID, url, hasURL, format != "json")
	if _, isStr := p["record_id"].(string); r == nil && isStr && hasID && !hasURL && s.opts.has(BugB6StringIDAnyOrg) {
		r = s.b6AnyOrgRecord(id)
	}
	if r != nil && s.opts.is(VariantA4LimitedReadScope) && k.forms != nil && (r.form == nil || !slices.Contains(k.forms, r.form.id)) {
		return nil, &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "this API key may not read this form's records"}
	}
	if r != nil && r.cert != nil && r.cert.authExpired && s.opts.has(BugA2ExpiredAuthRecordHTML) {
		return nil, &apiError{code: 500, html: true}
	}
	if r == nil && hasID && hasURL && s.opts.is(VariantB7MismatchParamError) &&
		s.find(k, id, true, "", false, format != "json") != nil && s.find(k, 0, false, url, true, format != "json") != nil {
		return nil, paramError("record_url", "record_id and record_url name different records")
	}
	if r == nil {
		if a, ok := s.b9Unknown(format); ok {
			return a, nil
		}
		if s.opts.has(BugB1UnknownURLCodeZero) && hasURL && !hasID {
			return nil, nil
		}
		if s.opts.is(VariantA1OtherOrg403) && s.theirs(k, id, hasID, url, hasURL) {
			return nil, &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "this record belongs to another organization"}
		}
		return nil, s.notFound("no record with this record_id or record_url")
	}
	byURL := hasURL && !hasID
	var payload any
	switch format {
	case "json":
		unmasked = unmasked || hasID && hasURL && s.opts.has(BugB3BothIDsUnmasked) || p[a4StaffNetworkParam] == true
		staff := k.write && k.org == r.org
		rec := s.recordJSON(r, unmasked || staff && s.opts.has(BugA2WriteKeyUnmasked) || s.b8LimitedOwner(k, r), byURL && s.opts.has(BugA1ByURLStaleAfterMove))
		rec = s.b8Record(k, r, rec, asked)
		rec = s.b9Record(r, rec, byURL)
		rec = s.b10Record(r, rec, byURL, asked)
		rec = s.b11Record(r, rec, byURL)
		rec = s.b12Record(r, rec, byURL)
		if asked, isStr := p["record_id"].(string); isStr && s.opts.has(BugA3RecordIDEchoedString) {
			rec = rec.set("record_id", asked)
		}
		if byURL && r.org != OrgID && s.opts.has(BugA4OtherOrgByURLHost) {
			rec = rec.set("record_url", "https://"+s.data.org(OrgID).host+"/c/"+r.code)
		}
		if h, _ := p[a4ForwardedHostParam].(string); h != "" {
			rec = rec.set("record_url", "https://"+h+"/c/"+r.code)
		}
		if staff && s.opts.is(VariantA4StaffAuditBlock) && rec.get("audit") == nil {
			rec = append(rec, member{"audit", o("enabled", false)})
		}
		if staff && s.opts.has(BugA2WriteKeyStaffMembers) {
			rec = append(rec, member{"internal_remark", "核对会员卡原件"}, member{"reviewer_id", 61007})
		}
		if byURL && s.opts.has(BugB7ByURLNoProject) {
			rec = b7Without(rec, "project")
		}
		if byURL && s.opts.has(BugB7ByURLMaskFlagFalse) {
			rec = b7FlagsCleared(rec)
		}
		payload = rec
		if byURL && s.opts.has(BugB6ByURLJSONNoCharset) {
			ct = "application/json"
		}
	case "json-ld":
		payload = s.jsonLD(r, s.opts.has(BugB2JSONLDByURLLeaksMasked) && byURL || s.opts.has(BugB5JSONLDReviewedClear) && r.audit != nil ||
			k.write && s.opts.has(BugB8WriteKeyJSONLDClear))
		payload = s.b12JSONLD(r, s.b11JSONLD(r, s.b10JSONLD(r, s.b9JSONLD(r, payload))))
		if ld, isObj := payload.(obj); isObj && byURL && s.opts.has(BugB8ByURLJSONLDIdentifierURL) {
			payload = b8Set(ld, "identifier", s.data.recordURL(r))
		}
		if byURL && s.opts.has(BugB5JSONLDByURLNoURL) {
			payload = b5ShareLD(payload.(obj))
		}
		if s.opts.has(BugB1JSONLDAsString) {
			text, _ := encode(payload)
			payload = string(text)
		}
	default:
		payload = s.b12Markdown(r, s.b11Markdown(r, s.b10Markdown(r, s.b9Markdown(r, s.markdown(s.b5MarkdownSource(r), byURL), byURL))))
		if s.opts.has(BugB2MarkdownContentTypePlain) {
			ct = "text/plain; charset=utf-8"
		}
	}
	ct = s.b12ContentType(format, byURL, ct)
	echo := format
	if s.opts.has(BugFormatNotEchoed) {
		echo = "json"
	}
	if s.opts.has(BugB3FormatEchoInternal) && format == "json-ld" {
		echo = "jsonld"
	}
	data := o("format", echo, "content_type", ct, "data", payload)
	if byURL && s.opts.has(BugB6ByURLCacheKey) {
		if c := s.b6Cached(format, data); c != nil {
			data = c.(obj)
		}
	}
	if format == "json-ld" && s.opts.has(BugB6JSONLDHTTPContentType) {
		return b6Answer{data: data, contentType: "application/ld+json; charset=utf-8"}, nil
	}
	if s.opts.has(BugWrapperExtraMember) {
		return withRequestID{data}, nil
	}
	if format == "json-ld" && s.opts.has(BugB5JSONLDMessageNull) {
		return b5Answer{data: data, nullMessage: true}, nil
	}
	return s.b11RecordAnswer(r, byIDOnly, format, s.b9RecordAnswer(format, data)), nil
}

// find looks a record up by id and/or URL in the key's organization; both
// given must name the same record. rendered says the answer is json-ld or
// markdown (a bug skips the organization there).
func (s *Server) find(k *apiKey, id int64, hasID bool, url string, hasURL bool, rendered bool) *record {
	if hasID && hasURL && s.opts.has(BugB5BothAddressesAnyOrg) {
		return s.b5ByURLAnyOrg(id, url)
	}
	var byID, byURL *record
	for _, r := range s.data.records {
		own := r.org == k.org || s.opts.has(BugA2LimitedKeyRecordsOther) && k.forms != nil ||
			s.opts.has(BugA2MovedRecordAnyOrg) && s.verified(r)
		if hasID && r.id == id && (own || s.opts.has(BugB1OtherFormatsOtherOrg) && rendered) {
			byID = r
		}
		if hasURL && own && s.opts.has(BugA3RecordURLCaseless) && strings.EqualFold(s.data.recordURL(r), url) ||
			hasURL && own && s.opts.has(BugA3RecordURLResolvesQRCode) && url == "https://"+s.data.org(r.org).host+"/q/"+r.qr.number {
			byURL = r
		}
		lost := s.opts.has(BugB3ByURLLostAfterVerify) && s.verified(r)
		if hasURL && sameURL(s.data.recordURL(r), url) && !s.opts.has(BugByURLNotFound) && !lost && (own || s.opts.has(BugB1ByURLCrossesOrgs)) {
			byURL = r
		}
	}
	switch {
	case hasID && hasURL && byID != byURL:
		return nil
	case hasID:
		return byID
	}
	return byURL
}

// iso writes §1.3's companion string; 0 is "".
func (s *Server) iso(unix int64) string {
	if unix == 0 {
		return ""
	}
	t := time.Unix(unix, 0).In(zone)
	if s.opts.has(BugISOInUTC) {
		t = t.UTC()
	}
	return t.Format("2006-01-02 15:04:05") + "(UTC+08:00)"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

var templateTypeTexts = map[int]string{0: "普通表单", 1: "普通表单", 2: "普通表单", 3: "保密承诺书",
	7: "手动变更码状态", 12: "加入身份组申请", 13: "子码编辑记录", 21: "码留言", 22: "码协作记录"}

var auditTexts = map[int]string{0: "待审核", 1: "已通过", 2: "已驳回"}

// theirs says whether the record asked for is another organization's.
func (s *Server) theirs(k *apiKey, id int64, hasID bool, url string, hasURL bool) bool {
	for _, r := range s.data.records {
		if r.org != k.org && (hasID && r.id == id || hasURL && s.data.recordURL(r) == url) {
			return true
		}
	}
	return false
}

// recordJSON is the Record of §2.1; clear renders masked values in clear
// (never sent: the bug that leaks them); stale shows a credential's
// status as it was before any verify (a cache a verify missed: a bug).
func (s *Server) recordJSON(r *record, clear, stale bool) obj {
	d, asNull := s.data, s.opts.OptionalAsNull
	org := d.org(r.org)
	submit, method := r.submit, r.method
	if s.opts.has(BugB1VerifyRewritesMethod) && s.verified(r) {
		method = "核销"
	}
	if t := s.b4LastVerify(r); t != 0 && s.opts.has(BugB4VerifyTouchesSubmitAt) {
		submit = t
	}
	url := s.b7URL(d.recordURL(r))
	code := r.code
	if s.opts.has(BugB7VerifyUppercasesCode) && s.verified(r) {
		code = strings.ToUpper(r.code)
		url = strings.TrimSuffix(url, r.code) + code
	}
	if s.opts.has(BugB4RecordURLHTTP) {
		url = "http://" + strings.TrimPrefix(url, "https://")
	}
	recorder := r.recorder
	if s.opts.is(VariantB4RecorderMasked) {
		recorder = s.mask("name", recorder)
	}
	submitISO := s.iso(submit)
	if s.opts.has(BugB5SubmitISOUTCAfterMove) && s.verified(r) {
		submitISO = time.Unix(submit, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
	}
	who := o("auth_id", r.authID, "user_id", s.userID(r), "name", recorder)
	if s.opts.has(BugB8VerifyRewritesRecorder) && s.verified(r) {
		who = o("auth_id", int64(69001), "user_id", int64(69001), "name", "核销员")
	}
	out := o("record_id", r.id, "record_number", r.number, "record_code", code, "record_url", url,
		"submit_at", submit, "submit_at_iso", submitISO, "submit_method", method,
		"recorder", who,
		"tpl_groups", s.groups(r, clear))
	if r.project != nil && !s.opts.is(VariantB6NoRecordProject) {
		out = append(out, member{"project", o("id", r.project.id, "name", r.project.name, "number", r.project.number)})
	}
	if r.project == nil && r.cert != nil && s.opts.has(BugB8CredentialProjectZero) {
		out = append(out, member{"project", o("id", 0, "name", "", "number", "")})
	}
	var formID int64
	if r.form != nil {
		formID = r.form.id
	}
	qrText := "普通码"
	if r.qr.category != nil && s.opts.has(BugB5QrcodeTypeTextCategory) {
		qrText = "普通二维码"
	}
	qrText = s.a5QrText(r, qrText)
	qr := o("id", r.qr.id, "name", r.qr.name, "type", 0, "type_text", qrText, "template_id", formID,
		"qrcode_url", "https://"+org.host+"/q/"+r.qr.number, "number", r.qr.number)
	if r.qr.category != nil && s.opts.has(BugB2CategoryIDString) {
		qr = append(qr, member{"category_id", itoa(*r.qr.category)})
	} else if r.qr.category != nil {
		qr = append(qr, member{"category_id", *r.qr.category})
	} else {
		qr = qr.optional(asNull, "category_id", nil)
	}
	if s.opts.has(BugB6QrcodeTypeTextLostMoved) && s.verified(r) {
		qr = b6With(qr, "type_text", nil, true)
	}
	out = append(out, member{"qrcode", qr},
		member{"org", o("id", org.id, "name", org.name, "code", org.code, "logo_url", org.logo)},
		member{"record_template", s.b6Template(r, s.recordTemplate(r.form))})
	out = s.auditBlock(out, r)
	out = s.certBlocks(out, r, stale)
	if n := s.a4Notary(r); n != nil && r.notary == nil {
		out = append(out, member{"trusted_notary", n})
	}
	if n := r.notary; n != nil && !s.opts.is(VariantB4NoNotary) {
		iso := s.iso(n.at)
		if s.opts.has(BugB1NotaryISOUTC) {
			iso = time.Unix(n.at, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
		}
		out = append(out, member{"trusted_notary", o("tx_hash", n.tx, "evidence_url", n.evidence,
			"notarized_at", n.at, "notarized_at_iso", iso)})
	}
	return out
}

// userID is the recorder's user id (a bug: null for a record added by hand).
func (s *Server) userID(r *record) any {
	if s.opts.has(BugB3ManualUserNull) && r.method == "手动添加" {
		return nil
	}
	return r.userID
}

func (s *Server) recordTemplate(f *form) obj {
	if f == nil && s.opts.has(BugB3NoFormTemplateEmpty) {
		return obj{}
	}
	if f == nil {
		return o("id", nil, "name", nil, "type", nil, "type_text", nil, "number", nil)
	}
	return o("id", f.id, "name", f.name, "type", f.typ, "type_text", templateTypeTexts[f.typ], "number", f.number)
}

func (s *Server) auditBlock(out obj, r *record) obj {
	asNull := s.opts.OptionalAsNull
	a := r.audit
	if a == nil {
		if asNull {
			return append(out, member{"audit", o("enabled", false)})
		}
		return out
	}
	b := o("enabled", true)
	if a.stage != "" {
		b = append(b, member{"current_stage_id", int64(len(a.stage))}, member{"current_stage_title", a.stage})
	} else {
		b = b.optional(asNull, "current_stage_id", nil).optional(asNull, "current_stage_title", nil)
	}
	var code any = a.status
	if s.opts.has(BugB2AuditStatusString) {
		code = itoa(int64(a.status))
	}
	text := auditTexts[a.status]
	if s.opts.has(BugB4AuditTextFromAuditor) {
		text = "待审核"
		if a.auditor != "" {
			text = "已审核"
		}
	}
	if s.opts.has(BugB2AuditTextsDiffer) && r.cert != nil && a.status == 0 {
		text = "审核中"
	}
	b = append(b, member{"status", code}, member{"status_text", text})
	if a.auditor != "" {
		b = append(b, member{"auditor_name", a.auditor})
	} else {
		b = b.optional(asNull, "auditor_name", nil)
	}
	return append(out, member{"audit", b})
}

// certBlocks shows a credential's status as the specification shows a
// status: process_status and the state changes of its moves.
func (s *Server) certBlocks(out obj, r *record, stale bool) obj {
	s.mu.Lock()
	st := s.certs[r.id]
	var cur *status
	var changes []change
	if st != nil {
		cur, changes = st.status, append([]change(nil), st.changes...)
	}
	if len(changes) == 0 && s.opts.is(VariantA5StatusOnceHistory) {
		cur = nil
	}
	s.mu.Unlock()
	if s.opts.is(VariantA2StatusAsField) || s.opts.is(VariantB7StatusInvisible) {
		cur = nil // shown as a field of the record instead, or not at all
	}
	if stale && cur != nil {
		cur = r.form.flow.ref(r.cert.start)
		var before []change
		for _, c := range changes {
			if !c.byVerify {
				before = append(before, c)
			}
		}
		changes = before
	}
	if cur == nil {
		if s.opts.OptionalAsNull {
			out = append(out, member{"process_status", o("enabled", false, "text", nil, "color", nil)})
		}
		if s.opts.is(VariantB4EmptyStateChanges) {
			out = append(out, member{"state_changes", []any{}})
		}
		return out
	}
	color := cur.color
	if s.opts.is(VariantB4LowerHexColours) {
		color = strings.ToLower(color)
	}
	if s.opts.has(BugB2ProcessColorNoHash) {
		color = strings.TrimPrefix(color, "#")
	}
	out = append(out, member{"process_status", o("enabled", true, "text", cur.name, "color", color)})
	if len(changes) == 0 {
		if s.opts.is(VariantB4EmptyStateChanges) {
			out = append(out, member{"state_changes", []any{}})
		}
		return out
	}
	f := r.form.flow
	list := make([]any, 0, len(changes))
	colour := func(c change, st *status) string {
		if c.byVerify && s.opts.has(BugB2StateChangeColorName) {
			return colourNames[st.color]
		}
		if s.opts.is(VariantB4LowerHexColours) {
			return strings.ToLower(st.color)
		}
		return st.color
	}
	for _, c := range changes {
		list = append(list, o("state", o("id", f.id, "name", f.name, "number", f.number),
			"from_state_option", o("name", c.from.name, "color", colour(c, c.from)),
			"to_state_option", o("name", c.to.name, "color", colour(c, c.to))))
	}
	if s.opts.is(VariantB7StateChangesNewest) {
		slices.Reverse(list)
	}
	return append(out, member{"state_changes", list})
}

// currentStatus is a credential's status now ("" for other records).
func (s *Server) currentStatus(r *record) string {
	if st := s.statusOf(r); st != nil {
		return st.name
	}
	return ""
}

// statusOf is a credential's status now (nil for other records).
func (s *Server) statusOf(r *record) *status {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.certs[r.id]; st != nil {
		return st.status
	}
	return nil
}

func (s *Server) groups(r *record, clear bool) []any {
	clear = clear || s.opts.has(BugB1MasksLostAfterVerify) && s.verified(r) || s.opts.has(BugA3OtherOrgUnmasked) && r.org != OrgID
	out := make([]any, 0, len(r.groups))
	for i, g := range r.groups {
		if g.pageBreak && s.opts.is(VariantA3NoPageBreakGroups) {
			continue
		}
		fields := make([]any, 0, len(g.fields))
		for _, f := range g.fields {
			fields = append(fields, s.b8Field(r, s.fieldJSON(g, f, clear)))
		}
		if st := s.statusOf(r); i == 0 && st != nil && s.opts.is(VariantA2StatusAsField) {
			fields = append(fields, s.fieldJSON(g, field{id: 259, title: "核销状态", typ: "radio", value: option(int(st.id), st.name)}, clear))
		}
		if i == 0 {
			fields = s.a5Redeemed(r, g, fields, clear)
		}
		var fs any = fields
		if g.pageBreak && len(fields) == 0 && s.opts.has(BugB4PageBreakFieldsNull) {
			fs = nil
		}
		var title any = g.title
		if g.title == "" && s.opts.has(BugB6UntitledGroupNull) {
			title = nil
		}
		out = append(out, o("group_id", g.id, "group_title", title, "show_group_title", g.show,
			"is_page_break_group", g.pageBreak, "fields", fs))
	}
	return out
}

// shown is a field's value as served: masked strings masked.
func (s *Server) shown(f field, clear bool) (any, bool) {
	v := f.value
	if v == nil {
		v = valueOf(f.typ, f.n, s.opts.OptionalAsNull)
	}
	str, isStr := v.(string)
	if !f.masked || !isStr {
		return v, false
	}
	if clear || s.opts.has(BugUnmaskedJSON) || s.opts.has(BugB6MaskPersonalTypesOnly) && !b6Personal[f.typ] || s.opts.has(BugB3ShortValuesClear) && len([]rune(str)) <= 2 {
		return str, true
	}
	return s.mask(f.typ, str), true
}

func (s *Server) fieldJSON(g group, f field, clear bool) obj {
	v, masked := s.shown(f, clear)
	if s.opts.has(BugB1UploadTimeRFC3339) {
		v = rfc3339Uploads(v)
	}
	if s.opts.has(BugB2CustomerMobileClear) && masked && f.typ == "customer_mobile" {
		v, _ = s.shown(f, true)
	}
	if ocr, isObj := v.(obj); isObj && s.opts.has(BugB2OCRImageOmitted) && strings.HasPrefix(f.typ, "ocr_") && ocr.get("image") == nil {
		v = ocr[:len(ocr)-1]
	}
	v = s.b9Value(f.typ, s.b8Value(f.typ, s.b6ValueBugs(f.typ, s.b5ValueBugs(f.typ, s.b4ValueBugs(f.typ, s.valueBugs(f.typ, v))))))
	if s.opts.has(BugB3MaskedFlagNamesOnly) && f.typ != "name" && f.typ != "customer_name" && f.typ != "recorder" {
		masked = false
	}
	out := o("field_id", f.id, "field_title", f.title, "field_type", f.typ, "field_value", v,
		"options", o("is_result", f.result, "is_highlight", f.highlight, "is_hidden", f.hidden, "is_masked", masked))
	if f.desc != "" {
		out = append(out, member{"field_desc", f.desc})
	} else if s.opts.has(BugB4FieldDescNull) {
		out = append(out, member{"field_desc", nil})
	} else if s.opts.is(VariantB6FieldDescEmpty) {
		out = append(out, member{"field_desc", ""})
	}
	if s.opts.is(VariantB1OptionalMembers) {
		return append(out, member{"field_short_name", "f" + itoa(f.id)})
	}
	return append(out, member{"group_id", g.id})
}

// verified says whether a verify has moved r since the last reset.
func (s *Server) verified(r *record) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[r.id]
	return st != nil && st.verified
}

// rfc3339Uploads rewrites every upload_time_iso of a value in RFC 3339 (a
// bug: the media store's own format leaks through).
func rfc3339Uploads(v any) any {
	switch v := v.(type) {
	case obj:
		out := make(obj, len(v))
		for i, m := range v {
			if str, ok := m.val.(string); ok && m.key == "upload_time_iso" {
				if t, err := time.ParseInLocation("2006-01-02 15:04:05(UTC+08:00)", str, zone); err == nil {
					m.val = t.Format(time.RFC3339)
				}
			}
			out[i] = member{m.key, rfc3339Uploads(m.val)}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = rfc3339Uploads(e)
		}
		return out
	}
	return v
}

// colourNames are the names a bug writes for the flow's colours.
var colourNames = map[string]string{"#FAAD14": "orange", "#52C41A": "green", "#8C8C8C": "grey", "#F5222D": "red"}
