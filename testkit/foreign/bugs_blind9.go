package foreign

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Blind round 9: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug is one a team
// ships: a second code path (a share view, a search index, a homepage
// cache, a legacy bridge, a gateway, a URL validator, a history writer)
// or an edge of a value (a compound surname, an image never measured, a
// PHP array that lost its keys, a half-hour offset west of UTC, a time at
// midnight) where a statement holds on the answer a reader checks first
// and breaks on another.

// The bugs of blind round 9.
const (
	BugB9NoFormQrcodeTemplateNull Bug = "b9-no-form-qrcode-template-id-null"
	BugB9UnsizedImageDimsNull     Bug = "b9-unmeasured-image-dims-null"
	BugB9DiffMediaTextFileName    Bug = "b9-diff-media-text-is-file-name"
	BugB9CheckboxPHPKeys          Bug = "b9-checkbox-values-keep-php-keys"
	BugB9MovedStateFlowNumber     Bug = "b9-moved-state-change-id-is-flow-number"
	BugB9SecondReviewStageString  Bug = "b9-second-review-stage-id-string"
	BugB9NotaryAtMillis           Bug = "b9-notarized-at-millis"
	BugB9CompoundSurnameMask      Bug = "b9-compound-surname-mask"
	BugB9UnreachableMoveCommitted Bug = "b9-unreachable-move-committed"
	BugB9IdentityErrorLegacy      Bug = "b9-identity-error-legacy-errcode"
	BugB9MovedMarkdownFence       Bug = "b9-moved-markdown-fence-joined"
	BugB9MovedTemplateLabel       Bug = "b9-moved-template-type-label"
	BugB9SearchIndexNoProject     Bug = "b9-search-index-no-project"
	BugB9FirstPageCachedOrder     Bug = "b9-first-page-cached-order"
	BugB9ZeroFractionStart        Bug = "b9-zero-fraction-start-rounds-up"
	BugB9MidnightEndWholeDay      Bug = "b9-midnight-end-whole-day"
	BugB9WestHalfHourOffset       Bug = "b9-west-half-hour-offset"
	BugB9TokenBypassesKey         Bug = "b9-page-token-bypasses-key"
	BugB9RecordURLValidatorShape  Bug = "b9-record-url-validator-verify-shape"
	BugB9CodingValidator400       Bug = "b9-coding-validator-400"
	BugB9VerifyUnknownURL100301   Bug = "b9-verify-unknown-url-100301"
	BugB9NumberArrayWhereIn       Bug = "b9-number-array-where-in"
	BugB9TplIDBoolAsInt           Bug = "b9-tpl-id-bool-as-int"
	BugB9NextMessageArray         Bug = "b9-next-success-message-array"
	BugB9UnknownMarkdownEmpty     Bug = "b9-unknown-record-markdown-empty"
	BugB9ShareViewTitledOnly      Bug = "b9-share-view-titled-groups-only"
	BugB9ShareMarkdownFooter      Bug = "b9-share-markdown-footer"
	BugB9PastEndRecommended       Bug = "b9-past-end-recommended-forms"
	BugB9QrcodesLastTokenOmitted  Bug = "b9-qrcodes-last-token-omitted"
	BugB9MissingAction100325      Bug = "b9-missing-action-100325"
	BugB9LongSearchNoDetail       Bug = "b9-long-search-key-no-detail"
	BugB9SearchNoteBytesCut       Bug = "b9-search-note-bytes-cut"
	BugB9MovedJSONLDEntityArray   Bug = "b9-moved-jsonld-main-entity-array"
	BugB9JSONLDContextHoisted     Bug = "b9-jsonld-context-hoisted"
	BugB9TokenErrorDataArray      Bug = "b9-token-error-data-array"
)

// The correct variants of blind round 9.
const (
	VariantB9FormsByActivity   Variant = "b9-forms-by-activity"
	VariantB9MoveAddsAudit     Variant = "b9-move-adds-audit"
	VariantB9UnknownPathBare   Variant = "b9-unknown-path-bare"
	VariantB9NoUploadTimes     Variant = "b9-no-upload-times"
	VariantB9HTMLEscapedJSON   Variant = "b9-html-escaped-json"
	VariantB9ChunkedAnswers    Variant = "b9-chunked-answers"
	VariantB9NoAddress404      Variant = "b9-no-address-404"
	VariantB9JSONLDHTTPContext Variant = "b9-jsonld-http-context"
	VariantB9PageBreakRules    Variant = "b9-markdown-page-break-rules"
	VariantB9EmptyNumberExact  Variant = "b9-empty-number-exact"
	VariantB9StateNameTerminal Variant = "b9-state-name-names-terminal"
)

func blindRound9() Round {
	return Round{Name: "blind-9", Kind: "blind", Bugs: []BugInfo{
		{BugB9NoFormQrcodeTemplateNull, "§2.1", "the record without a form writes qrcode.template_id null (the ORM's nullable foreign key), not an integer; records with a form are right"},
		{BugB9UnsizedImageDimsNull, "§2.1", "an image the thumbnailer never measured (size null) has width and height null too, in image and signature fields, checklist images and OCR source images"},
		{BugB9DiffMediaTextFileName, "§2.1", "sub_qrcode_edit_diff's media items write the file's name in text_content (a legacy bridge's caption), not \"\""},
		{BugB9CheckboxPHPKeys, "§2.1", "checkbox values keep the keys array_filter left (options 1 and 3 of 3 checked): a JSON object {\"0\":…,\"2\":…}, not an array"},
		{BugB9MovedStateFlowNumber, "§2.1, §C6", "the state changes a verify appends carry state.id as the flow's number (\"HX-41\", a string); the data set's own history is right"},
		{BugB9SecondReviewStageString, "§2.1", "a record in its second review stage (复核) has audit.current_stage_id as a string, read from the review service's own table"},
		{BugB9NotaryAtMillis, "§1.3, §C1", "trusted_notary.notarized_at is in milliseconds (the notary's API), while notarized_at_iso is right: the two are no longer the same instant"},
		{BugB9CompoundSurnameMask, "§2.1, §C8", "the name mask keeps a compound surname whole (欧阳** for 欧阳建华): two characters of a name in clear, in every format"},
		{BugB9UnreachableMoveCommitted, "§3.1, §7", "set_certificate_status to a status that exists but cannot be reached answers 100326, yet the status was written before the check and is not rolled back"},
		{BugB9IdentityErrorLegacy, "§4.2, §C3", "100329 comes from the identity service's legacy bridge: its body carries errcode, not error_code"},
		{BugB9MovedMarkdownFence, "§2.2", "after a verify, markdown's front matter gains a verified_at line written without its newline: the closing --- joins it, so the front matter never closes"},
		{BugB9MovedTemplateLabel, "§2.1, §C6", "after a verify, the record is rendered from the write model, whose label for record_template.type 0 is 核销表单: a member the move may not change changes, and type 0 carries two texts"},
		{BugB9SearchIndexNoProject, "§2.3", "getFormList with search_key serves forms from the search index, which does not hold projects: project null for forms linked to one"},
		{BugB9FirstPageCachedOrder, "§4.3", "getFormList without page is served from a homepage cache ordered by id; with page it is a query ordered by last update: a walk that leaves page out first, as §4.3 says, sees forms twice and misses others"},
		{BugB9ZeroFractionStart, "§4.4, §C5", "a start_time with a fraction of zeros (.000) rounds up a second as if it had a fraction: an item created at that very second is left out"},
		{BugB9MidnightEndWholeDay, "§4.4, §C5", "an end_time at 00:00:00 is taken for a date and stretched to the day's end: items created that day after midnight are let in"},
		{BugB9WestHalfHourOffset, "§4.4, §C5", "an offset west of UTC with minutes (-03:30) applies its sign to the hours only: the instant is an hour off for either bound"},
		{BugB9TokenBypassesKey, "§5, §C2", "templates/* trust a page token as a session: a request with an unknown key and a valid page token is served"},
		{BugB9RecordURLValidatorShape, "§4.1, §C3", "getRecord with a record_url that is not a URL is refused by the URL validator shared with verify: verify's shape, no message_detail"},
		{BugB9CodingValidator400, "§4.5", "listQrcodes refuses a template coding with characters other than lower-case letters and digits with 400 before looking it up: an unknown template answers 400, not 404"},
		{BugB9VerifyUnknownURL100301, "§7", "verify of a full URL that names no record answers 100301 from the URL parser; an unknown code is 100320 as it should be"},
		{BugB9NumberArrayWhereIn, "§C1, §4.3", "getFormList with number as an array runs WHERE number IN (…): a member of the wrong type is served as a success"},
		{BugB9TplIDBoolAsInt, "§7", "verify reads tpl_id true as 1 and false as 0 (a cast): a tpl_id that is not an integer answers 100323 or moves, not 100301"},
		{BugB9NextMessageArray, "§1.2", "a set_next_certificate_status success carries the flow engine's notices as message: [] (a PHP empty array), not a string"},
		{BugB9UnknownMarkdownEmpty, "§4.1", "getRecord of an unknown record as markdown answers a success with an empty string (the renderer's nil path); json and json-ld are errors"},
		{BugB9ShareViewTitledOnly, "§2.1, §4.1", "getRecord by record_url (the share view) leaves out the groups that do not show their title: their fields are missing"},
		{BugB9ShareMarkdownFooter, "§4.1", "markdown by record_url ends with the share page's footer line: not the payload by record_id"},
		{BugB9PastEndRecommended, "§4.3, §C2", "getFormList past the last page fills the empty list with the platform's recommended forms: other organizations' forms"},
		{BugB9QrcodesLastTokenOmitted, "§4.5", "listQrcodes leaves next_page_token out on the last page (omitempty), not null"},
		{BugB9MissingAction100325, "§7", "verify without action_type answers 100325 (the switch's default), not 100301"},
		{BugB9LongSearchNoDetail, "§4.3, §C3", "getFormList with a search_key over 50 characters is refused by the search service, whose error has no message_detail"},
		{BugB9SearchNoteBytesCut, "§1.1, §C1", "the search index stores notes cut at 10 bytes: a note in Chinese ends in half a character, and the answer is not UTF-8"},
		{BugB9MovedJSONLDEntityArray, "§2.2", "after a verify, json-ld's mainEntity is an array: the fields' item list and the history's"},
		{BugB9JSONLDContextHoisted, "§4.1", "a JSON-LD middleware copies @context to the top of getRecord's json-ld answers: a member beside code, message and data"},
		{BugB9TokenErrorDataArray, "§4.4, §C3", "templates/* refuse a bad page_token with data [] (a PHP empty array), not {}; other errors are right"},
	}, Variants: []VariantInfo{
		{VariantB9FormsByActivity, "forms ordered by last activity, newest first, never-active forms last",
			"§C5: \"getFormList order | KIT; never asserted\""},
		{VariantB9MoveAddsAudit, "a verified credential shows an approved audit block with the stage 核销",
			"§C6: \"a move may change, add or take away only the members that show the record's status or its history and whose movement the specification leaves open, `audit` (§3.2), ...\"; §3.2: \"How it moves is open.\""},
		{VariantB9UnknownPathBare, "an unknown path answers HTTP 404 with {code: 404, message, data: {}}, the gateway's own body",
			"§C1: \"Unknown path | KIT\"; §C3: the answers the specification does not place are KIT"},
		{VariantB9NoUploadTimes, "no upload_time_iso on any image, audio, video or file",
			"§2.1: ImageItem \"optional upload_time_iso string\"; audio, video and file \"optional upload_time_iso\""},
		{VariantB9HTMLEscapedJSON, "<, > and & in strings written \\u003c, \\u003e and \\u0026, as Go's json.Marshal does",
			"§C1: the body is one JSON object; RFC 8259 §7: \"Any character may be escaped\""},
		{VariantB9ChunkedAnswers, "every answer sent with Transfer-Encoding chunked, in small chunks, without Content-Length",
			"§1.1 says answers are JSON, nothing of their framing; RFC 9112 §6.1: chunked is a transfer coding every HTTP/1.1 recipient must be able to parse"},
		{VariantB9NoAddress404, "getRecord without record_id and record_url answers code 404 / error_code 100404, as a record not found",
			"§C1: \"Which code, error_code and HTTP status is KIT (§C4)\"; §C4 lists only the kit's codes"},
		{VariantB9JSONLDHTTPContext, "json-ld's @context is the string http://schema.org",
			"§2.2: json-ld has @context, ...; \"The rest of its layout is open (§C7)\""},
		{VariantB9PageBreakRules, "markdown renders a page-break group as a thematic break (---) between sections",
			"§2.2: \"then sections. The rest of its layout is open (§C7)\"; CommonMark 0.31 §4.1: a line of three hyphens after a blank line is a thematic break"},
		{VariantB9EmptyNumberExact, "getFormList with number \"\" is an exact lookup of the empty number: no form",
			"§4.3: \"number | string | | exact form number\"; §C1: only a member that is JSON null counts as absent"},
		{VariantB9StateNameTerminal, "each state change a verify appends also names the operator's terminal in its state object's name (证书状态 · 前台)",
			"§2.1: StateChange \"state {id integer, name string, number string}\"; §C10: \"StateChange of a verify\" is KIT"},
	}}
}

// b9Set is a copy of ob with key set to v (appended when absent).
func b9Set(ob obj, key string, v any) obj {
	out := append(obj(nil), ob...)
	for i := range out {
		if out[i].key == key {
			out[i].val = v
			return out
		}
	}
	return append(out, member{key, v})
}

// b9Without is a copy of ob without key.
func b9Without(ob obj, key string) obj {
	var out obj
	for _, m := range ob {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// b9Walk rewrites every object in v, depth first.
func b9Walk(v any, fn func(obj) obj) any {
	switch x := v.(type) {
	case obj:
		out := make(obj, len(x))
		for i, m := range x {
			out[i] = member{m.key, b9Walk(m.val, fn)}
		}
		return fn(out)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = b9Walk(e, fn)
		}
		return out
	}
	return v
}

// b9Value rewrites a field value as round 9's bugs and variants write it.
func (s *Server) b9Value(typ string, v any) any {
	if s.opts.has(BugB9UnsizedImageDimsNull) {
		v = b9Walk(v, func(ob obj) obj {
			if ob.get("url") != nil && ob.get("width") != nil && ob.get("size") == nil && b9Has(ob, "size") {
				return b9Set(b9Set(ob, "width", nil), "height", nil)
			}
			return ob
		})
	}
	if s.opts.is(VariantB9NoUploadTimes) {
		v = b9Walk(v, func(ob obj) obj { return b9Without(ob, "upload_time_iso") })
	}
	switch {
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB9DiffMediaTextFileName):
		v = eachObj(v, func(item obj) obj {
			side := func(sv any) any {
				so, _ := sv.(obj)
				l, _ := so.get("media_items").([]any)
				if len(l) == 0 {
					return sv
				}
				first, _ := l[0].(obj)
				u, _ := first.get("url").(string)
				return b9Set(so, "text_content", u[strings.LastIndexByte(u, '/')+1:])
			}
			return b9Set(b9Set(item, "before_value", side(item.get("before_value"))), "after_value", side(item.get("after_value")))
		})
	case typ == "checkbox" && s.opts.has(BugB9CheckboxPHPKeys):
		v = withMember(v, "values", func(l any) any {
			list, _ := l.([]any)
			keyed := obj{}
			for _, e := range list {
				id, _ := e.(obj).get("option_id").(int)
				keyed = append(keyed, member{strconv.Itoa(id - 1), e})
			}
			return keyed
		})
	}
	return v
}

// b9Has says whether ob has the member key (null or not).
func b9Has(ob obj, key string) bool {
	for _, m := range ob {
		if m.key == key {
			return true
		}
	}
	return false
}

// b9Record rewrites a Record (json) as round 9's bugs and variants do.
func (s *Server) b9Record(r *record, rec obj, byURL bool) obj {
	if r.form == nil && s.opts.has(BugB9NoFormQrcodeTemplateNull) {
		if qr, ok := rec.get("qrcode").(obj); ok {
			rec = b9Set(rec, "qrcode", b9Set(qr, "template_id", nil))
		}
	}
	if r.audit != nil && r.audit.stage == "复核" && s.opts.has(BugB9SecondReviewStageString) {
		if a, ok := rec.get("audit").(obj); ok {
			rec = b9Set(rec, "audit", b9Set(a, "current_stage_id", itoa(int64(len(r.audit.stage)))))
		}
	}
	if r.notary != nil && s.opts.has(BugB9NotaryAtMillis) {
		if n, ok := rec.get("trusted_notary").(obj); ok {
			rec = b9Set(rec, "trusted_notary", b9Set(n, "notarized_at", r.notary.at*1000))
		}
	}
	moved := s.verified(r)
	if moved && s.opts.has(BugB9MovedTemplateLabel) {
		if t, ok := rec.get("record_template").(obj); ok && t.get("type") == 0 {
			rec = b9Set(rec, "record_template", b9Set(t, "type_text", "核销表单"))
		}
	}
	if moved && (s.opts.has(BugB9MovedStateFlowNumber) || s.opts.is(VariantB9StateNameTerminal)) {
		rec = s.b9StateChanges(r, rec)
	}
	if moved && s.opts.is(VariantB9MoveAddsAudit) && rec.get("audit") == nil {
		rec = append(rec, member{"audit", o("enabled", true, "current_stage_id", int64(90), "current_stage_title", "核销",
			"status", 1, "status_text", auditTexts[1], "auditor_name", "前台")})
	}
	if byURL && s.opts.has(BugB9ShareViewTitledOnly) {
		groups, _ := rec.get("tpl_groups").([]any)
		kept := []any{}
		for _, g := range groups {
			if show, _ := g.(obj).get("show_group_title").(bool); show || g.(obj).get("is_page_break_group") == true {
				kept = append(kept, g)
			}
		}
		rec = b9Set(rec, "tpl_groups", kept)
	}
	return rec
}

// b9StateChanges rewrites the state changes a verify appended.
func (s *Server) b9StateChanges(r *record, rec obj) obj {
	list, ok := rec.get("state_changes").([]any)
	if !ok {
		return rec
	}
	s.mu.Lock()
	var byVerify []bool
	if st := s.certs[r.id]; st != nil {
		for _, c := range st.changes {
			byVerify = append(byVerify, c.byVerify)
		}
	}
	s.mu.Unlock()
	if s.opts.is(VariantB7StateChangesNewest) {
		return rec
	}
	out := make([]any, len(list))
	for i, e := range list {
		out[i] = e
		if i >= len(byVerify) || !byVerify[i] {
			continue
		}
		sc := e.(obj)
		st, _ := sc.get("state").(obj)
		if s.opts.has(BugB9MovedStateFlowNumber) {
			st = b9Set(st, "id", r.form.flow.number)
		} else {
			name, _ := st.get("name").(string)
			st = b9Set(st, "name", name+" · 前台")
		}
		out[i] = b9Set(sc, "state", st)
	}
	return b9Set(rec, "state_changes", out)
}

// b9CompoundSurnames are the surnames of two characters a bug's name mask
// keeps whole.
var b9CompoundSurnames = []string{"欧阳", "司马", "诸葛", "上官", "东方", "慕容"}

// b9Mask is a name mask that keeps a compound surname whole (a bug).
func (s *Server) b9Mask(typ string, r []rune) (string, bool) {
	if !s.opts.has(BugB9CompoundSurnameMask) || len(r) < 3 || typ != "name" && typ != "customer_name" && typ != "recorder" {
		return "", false
	}
	for _, sn := range b9CompoundSurnames {
		if strings.HasPrefix(string(r), sn) {
			return sn + "**", true
		}
	}
	return "", false
}

// b9JSONLD rewrites a json-ld representation as round 9 does.
func (s *Server) b9JSONLD(r *record, ld any) any {
	ob, ok := ld.(obj)
	if !ok {
		return ld
	}
	if s.opts.is(VariantB9JSONLDHTTPContext) && b9Has(ob, "@context") {
		ob = b9Set(ob, "@context", "http://schema.org")
	}
	if s.opts.has(BugB9MovedJSONLDEntityArray) && s.verified(r) {
		var history []any
		s.mu.Lock()
		if st := s.certs[r.id]; st != nil {
			for i, c := range st.changes {
				history = append(history, o("@type", "ListItem", "position", i+1, "name", c.from.name+" → "+c.to.name))
			}
		}
		s.mu.Unlock()
		ob = b9Set(ob, "mainEntity", []any{ob.get("mainEntity"),
			o("@type", "ItemList", "name", "核销记录", "itemListElement", history)})
	}
	return ob
}

// b9Markdown rewrites a markdown representation as round 9 does.
func (s *Server) b9Markdown(r *record, md string, byURL bool) string {
	if s.opts.has(BugB9MovedMarkdownFence) && s.verified(r) {
		if i := strings.Index(md[3:], "\n---\n"); i >= 0 {
			i += 3
			md = md[:i+1] + "verified_at: \"" + s.iso(s.b9LastVerify(r)) + "\"" + md[i+1:]
		}
	}
	if s.opts.is(VariantB9PageBreakRules) {
		n := 0
		afterBreak := false
		for _, g := range r.groups {
			if g.pageBreak {
				afterBreak = true
				continue
			}
			n++
			if !afterBreak {
				continue
			}
			afterBreak = false
			head := g.title
			if !g.show || head == "" {
				head = "第 " + strconv.Itoa(n) + " 部分"
			}
			md = strings.Replace(md, "\n## "+head+"\n", "\n---\n\n## "+head+"\n", 1)
		}
	}
	if byURL && s.opts.has(BugB9ShareMarkdownFooter) {
		md += "\n> 通过分享链接查看 · " + s.data.org(r.org).name + "\n"
	}
	return md
}

// b9LastVerify is the time of the latest verify of r (0: none).
func (s *Server) b9LastVerify(r *record) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.certs[r.id]; st != nil && len(st.verifiedAt) > 0 {
		return st.verifiedAt[len(st.verifiedAt)-1]
	}
	return 0
}

// b9Answer is a success as round 9's bugs write it: members beside code,
// message and data, or another message.
type b9Answer struct {
	data    any
	extra   obj
	message any
	// setMessage says message replaces the service's own.
	setMessage bool
}

// b9RecordAnswer wraps a getRecord success as round 9's bugs write it.
func (s *Server) b9RecordAnswer(format string, data obj) any {
	if format == "json-ld" && s.opts.has(BugB9JSONLDContextHoisted) {
		if inner, ok := data.get("data").(obj); ok && inner.get("@context") != nil {
			return b9Answer{data: data, extra: o("@context", inner.get("@context"))}
		}
	}
	return data
}

// b9NoAddress is getRecord's answer to a request without record_id and
// record_url (nil: the service's own).
func (s *Server) b9NoAddress() *apiError {
	if s.opts.is(VariantB9NoAddress404) {
		return &apiError{code: 404, errorCode: 100404, message: "Record not found", detail: "no record_id or record_url names a record"}
	}
	return nil
}

// b9RecordURL refuses a record_url that is not a URL as a bug's validator
// does (nil: accepted).
func (s *Server) b9RecordURL(url string, hasURL bool) *apiError {
	if !hasURL || !s.opts.has(BugB9RecordURLValidatorShape) || strings.HasPrefix(strings.ToLower(url), "http") {
		return nil
	}
	return &apiError{code: 400, errorCode: 100301, message: "Invalid request parameters", b9Shape: shapeVerify, b9Shaped: true}
}

// b9Unknown is getRecord's answer for an unknown record as a bug's
// markdown renderer gives it (nil, false: the service's own).
func (s *Server) b9Unknown(format string) (any, bool) {
	if format != "markdown" || !s.opts.has(BugB9UnknownMarkdownEmpty) {
		return nil, false
	}
	return o("format", "markdown", "content_type", formats["markdown"], "data", ""), true
}

// b9Verify reads verify's parameters as round 9's bugs do.
func (s *Server) b9Verify(p params) *apiError {
	if b, isBool := p["tpl_id"].(bool); isBool && s.opts.has(BugB9TplIDBoolAsInt) {
		p["tpl_id"] = json.Number("0")
		if b {
			p["tpl_id"] = json.Number("1")
		}
	}
	if code, _ := p["certificate_code"].(string); code != "" && p["action_type"] == nil && s.opts.has(BugB9MissingAction100325) {
		return &apiError{code: 400, errorCode: 100325, message: "Invalid verification action", detail: "unsupported action_type \"\""}
	}
	return nil
}

// b9UnknownCode is verify's answer for a code that names no credential
// (nil: the service's own).
func (s *Server) b9UnknownCode(code string) *apiError {
	if strings.HasPrefix(code, "https://") && s.opts.has(BugB9VerifyUnknownURL100301) {
		return paramError("certificate_code", "certificate_code is not the URL of a certificate")
	}
	return nil
}

// b9VerifyError rewrites a verify error as a bug's bridge does.
func (s *Server) b9VerifyError(e *apiError) *apiError {
	if e != nil && e.errorCode == 100329 && s.opts.has(BugB9IdentityErrorLegacy) {
		e.b9Legacy = true
	}
	return e
}

// b9VerifyAnswer wraps a verify success as a bug writes it.
func (s *Server) b9VerifyAnswer(v verifyRequest, data any) any {
	if v.action == "set_next_certificate_status" && s.opts.has(BugB9NextMessageArray) {
		return b9Answer{data: data, message: []any{}, setMessage: true}
	}
	return data
}

// b9Commit writes a refused move to a status that exists but cannot be
// reached, as a bug's write-then-check does; the caller holds mu.
func (s *Server) b9Commit(f *flow, st *certState, v verifyRequest, e *apiError) {
	if e.errorCode != 100326 || v.action != "set_certificate_status" || !s.opts.has(BugB9UnreachableMoveCommitted) {
		return
	}
	to := s.ref(f, v.to)
	if to == nil || to == st.status {
		return
	}
	st.changes = append(st.changes, change{from: st.status, to: to, byVerify: true})
	st.status = to
	st.verified = true
	st.verifiedAt = append(st.verifiedAt, s.now().Unix())
}

// b9Body is an error body as round 9's bugs write it (nil: the shape's own).
func (s *Server) b9Body(sh shape, e *apiError) obj {
	switch {
	case sh == shapeGeneric && s.opts.is(VariantB9UnknownPathBare):
		return o("code", e.code, "message", e.message, "data", obj{})
	case e.b9Legacy:
		return o("code", e.code, "message", e.message, "data", obj{}, "errcode", e.errorCode)
	case e.b9Shaped && e.b9Shape == shapeVerify:
		return o("code", e.code, "message", e.message, "data", obj{}, "error_code", e.errorCode)
	case e.b9NoDetail:
		return o("code", e.code, "error_code", e.errorCode, "message", e.message)
	case sh == shapeTemplates && e.param == "page_token" && s.opts.has(BugB9TokenErrorDataArray):
		return o("code", e.code, "message", messageWithDetail(e), "data", []any{})
	}
	return nil
}

// b9FormParams reads getFormList's parameters as round 9's bugs do: the
// numbers of a number array (WHERE IN), or an error.
func (s *Server) b9FormParams(p params) ([]string, *apiError) {
	if key, _ := p["search_key"].(string); len([]rune(key)) > 50 && s.opts.has(BugB9LongSearchNoDetail) {
		return nil, &apiError{code: 400, errorCode: 100301, message: "search_key too long", b9NoDetail: true}
	}
	list, isList := p["number"].([]any)
	if !isList || !s.opts.has(BugB9NumberArrayWhereIn) {
		return nil, nil
	}
	delete(p, "number")
	in := []string{}
	for _, e := range list {
		if n, ok := e.(string); ok {
			in = append(in, n)
		}
	}
	return in, nil
}

// b9Forms filters and orders the forms of a getFormList page as round 9's
// bugs and variants do.
func (s *Server) b9Forms(p params, in []string, pageGiven bool, forms []*form) []*form {
	if in != nil {
		var kept []*form
		for _, f := range forms {
			for _, n := range in {
				if f.number == n {
					kept = append(kept, f)
					break
				}
			}
		}
		forms = kept
	}
	if n, sent := p["number"].(string); sent && n == "" && s.opts.is(VariantB9EmptyNumberExact) {
		forms = nil
	}
	if !pageGiven && s.opts.has(BugB9FirstPageCachedOrder) {
		forms = append([]*form(nil), forms...)
		sort.SliceStable(forms, func(i, j int) bool { return forms[i].id < forms[j].id })
	}
	return forms
}

// b9Form rewrites one form of a getFormList page as round 9's bugs do.
func (s *Server) b9Form(f *form, out obj, key string) obj {
	if key == "" {
		return out
	}
	if s.opts.has(BugB9SearchIndexNoProject) {
		out = b9Set(out, "project", nil)
	}
	if s.opts.has(BugB9SearchNoteBytesCut) && len(f.note) > 10 {
		out = b9Set(out, "note", b9RawString(f.note[:10]))
	}
	return out
}

// b9RawString is a string written as its bytes are, valid UTF-8 or not
// (a bug's byte cut).
type b9RawString string

// MarshalJSON writes the bytes between quotes, unchecked.
func (r b9RawString) MarshalJSON() ([]byte, error) {
	return []byte(`"` + string(r) + `"`), nil
}

// b9PastEnd is the list of a page past the end as a bug fills it.
func (s *Server) b9PastEnd(k *apiKey, list []any, start int64, forms []*form) []any {
	if len(list) > 0 || start < int64(len(forms)) || start == 0 || !s.opts.has(BugB9PastEndRecommended) {
		return list
	}
	for _, f := range s.data.forms {
		if f.org != k.org && len(list) < 5 {
			list = append(list, s.formJSON(f))
		}
	}
	return list
}

// b9FormsLess is a variant's order of forms (nil: another's).
func (s *Server) b9FormsLess() func(a, b *form) bool {
	if !s.opts.is(VariantB9FormsByActivity) {
		return nil
	}
	return func(a, b *form) bool {
		if a.active != b.active {
			return a.active > b.active
		}
		return a.id < b.id
	}
}

// b9Coding refuses a template reference as a bug's validator does.
func (s *Server) b9Coding(ref string) *apiError {
	if !s.opts.has(BugB9CodingValidator400) || strings.HasPrefix(ref, "https://") || b9CodingPattern.MatchString(ref) {
		return nil
	}
	return paramError("template", "template must be a coding of lower-case letters and digits")
}

var b9CodingPattern = regexp.MustCompile(`^[a-z0-9]+$`)

// b9QrcodesAnswer writes a listQrcodes page as a bug does.
func (s *Server) b9QrcodesAnswer(page any) any {
	if b, ok := page.(obj); ok && s.opts.has(BugB9QrcodesLastTokenOmitted) && b9Has(b, "next_page_token") && b.get("next_page_token") == nil {
		return b9Without(b, "next_page_token")
	}
	return page
}

// b9Window rewrites a read creation-time window as round 9's bugs do.
func (s *Server) b9Window(p params, w window) window {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	if w.hasStart && s.opts.has(BugB9ZeroFractionStart) && b9ZeroFraction.MatchString(start) {
		w.start++
	}
	if w.hasE && s.opts.has(BugB9MidnightEndWholeDay) && b9Midnight.MatchString(end) {
		w.end += 86399
	}
	if s.opts.has(BugB9WestHalfHourOffset) {
		if w.hasStart {
			w.start += b9WestShift(start)
		}
		if w.hasE {
			w.end += b9WestShift(end)
		}
	}
	return w
}

var (
	b9ZeroFraction = regexp.MustCompile(`T\d\d:\d\d:\d\d\.0+(Z|[+-]\d\d:\d\d)$`)
	b9Midnight     = regexp.MustCompile(`^\d{4}-\d\d-\d\d[T ]00:00:00(Z|[+-]\d\d:\d\d)?$`)
	b9WestOffset   = regexp.MustCompile(`-(\d\d):(\d\d)$`)
)

// b9WestShift is how far a bug's reading of an offset west of UTC with
// minutes moves the instant (seconds).
func b9WestShift(v string) int64 {
	m := b9WestOffset.FindStringSubmatch(v)
	if len(v) < 20 || m == nil {
		return 0
	}
	minutes, _ := strconv.Atoi(m[2])
	return -2 * int64(minutes) * 60
}

// b9TokenKey is the key a bug's gateway lets a request with an unknown
// key through with: the one its page token was issued to (nil: none).
func (s *Server) b9TokenKey(ep string, r *http.Request) *apiKey {
	if !s.opts.has(BugB9TokenBypassesKey) || !strings.HasPrefix(ep, "templates/") || bearer(r.Header.Get("Authorization")) == "" {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var p struct {
		Token string `json:"page_token"`
	}
	if json.Unmarshal(raw, &p) != nil || p.Token == "" {
		return nil
	}
	body, _, _ := strings.Cut(p.Token, ".")
	dec, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || !strings.Contains(string(dec), "|") {
		return nil
	}
	return &s.data.keys[0]
}

// b9Write writes an answer's bytes as a variant streams them.
func (s *Server) b9Write(w http.ResponseWriter, b []byte) {
	if !s.opts.is(VariantB9ChunkedAnswers) {
		_, _ = w.Write(b)
		return
	}
	f, _ := w.(http.Flusher)
	for len(b) > 0 {
		n := min(len(b), 256)
		_, _ = w.Write(b[:n])
		if f != nil {
			f.Flush()
		}
		b = b[n:]
	}
}

// b9Headers are the headers a variant's streaming writer sends (nginx
// must not buffer what it streams).
func (s *Server) b9Headers(w http.ResponseWriter) {
	if s.opts.is(VariantB9ChunkedAnswers) {
		w.Header().Set("X-Accel-Buffering", "no")
	}
}

// b9Spell writes encoded JSON as a variant spells it.
func (s *Server) b9Spell(b []byte) []byte {
	if !s.opts.is(VariantB9HTMLEscapedJSON) {
		return b
	}
	b = bytes.ReplaceAll(b, []byte("<"), []byte(`\u003c`))
	b = bytes.ReplaceAll(b, []byte(">"), []byte(`\u003e`))
	return bytes.ReplaceAll(b, []byte("&"), []byte(`\u0026`))
}
