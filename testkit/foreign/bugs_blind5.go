package foreign

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Blind round 5: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug holds on the
// answer a reader looks at first and breaks on another one a real client
// meets: a less-used path (a second router group, an export query, a
// search index, a share page, a review renderer), a parameter combined
// with another, a page size that is odd or at the maximum, an offset west
// of UTC, the second verify or the second within a cache's life, a member
// sent with a type the handler did not expect, an error path whose
// middleware writes its own header or forgets to return.

// The bugs of blind round 5.
const (
	BugB5VerifySuccessHTML        Bug = "b5-verify-success-text-html"
	BugB5TemplatesErrorLatin1     Bug = "b5-templates-errors-charset-latin1"
	BugB5RecordErrorsProblemJSON  Bug = "b5-record-errors-problem-json"
	BugB5FormErrorTwoBodies       Bug = "b5-form-param-error-then-success"
	BugB5BodyTrailingData         Bug = "b5-body-trailing-data-ignored"
	BugB5TemplatesNoKeyPublic     Bug = "b5-templates-list-without-key-public"
	BugB5BothAddressesAnyOrg      Bug = "b5-record-id-and-url-any-org"
	BugB5FormMaxSizeExport        Bug = "b5-form-page-size-20-export-query"
	BugB5QrcodesOtherOrg403       Bug = "b5-qrcodes-other-org-403"
	BugB5NegativeOffsetRefused    Bug = "b5-cursor-negative-offset-refused"
	BugB5CursorCountLimited       Bug = "b5-cursor-window-count-limited"
	BugB5QrcodesKeysetInclusive   Bug = "b5-qrcodes-keyset-inclusive"
	BugB5FormOddSizeEvenLimit     Bug = "b5-form-odd-page-size-even-limit"
	BugB5FormNumberIgnoredPage    Bug = "b5-form-number-ignored-with-page"
	BugB5FormPageSizeBool         Bug = "b5-form-page-size-true-as-1"
	BugB5SearchIndexIDStrings     Bug = "b5-form-search-index-id-strings"
	BugB5RecordURLObjectEmpty500  Bug = "b5-record-url-object-empty-500"
	BugB5QrcodesTemplateArray     Bug = "b5-qrcodes-template-array-first"
	BugB5TemplatesTimeErrorNoData Bug = "b5-templates-time-error-no-data"
	BugB5VerifySubmitAtShifted    Bug = "b5-verify-submit-at-shifted-8h"
	BugB5SubmitISOUTCAfterMove    Bug = "b5-submit-iso-utc-after-verify"
	BugB5VerifyStatusFirstMove    Bug = "b5-verify-status-of-first-move"
	BugB5VerifyStatusCache        Bug = "b5-verify-status-cached-1s"
	BugB5NextHonoursTo            Bug = "b5-next-honours-to-status"
	BugB5CertCodeNumberAsID       Bug = "b5-verify-code-number-as-record-id"
	BugB5JSONLDCustomerNameClear  Bug = "b5-jsonld-customer-name-clear"
	BugB5JSONLDReviewedClear      Bug = "b5-jsonld-under-review-clear"
	BugB5JSONLDByURLNoURL         Bug = "b5-jsonld-by-url-share-page"
	BugB5JSONLDMessageNull        Bug = "b5-jsonld-message-null"
	BugB5MarkdownCachedByForm     Bug = "b5-markdown-cached-per-form"
	BugB5QrcodeTypeTextCategory   Bug = "b5-qrcode-type-text-by-category"
	BugB5OCREmptyUnitNull         Bug = "b5-ocr-empty-unit-null"
	BugB5OwnerAddressNoFull       Bug = "b5-owner-address-no-full-address"
	BugB5DynamicMatrixFlattened   Bug = "b5-dynamic-matrix-first-row-only"
	BugB5ChecklistDescNull        Bug = "b5-checklist-empty-description-null"
)

// The correct variants of blind round 5.
const (
	VariantB5FormsByCreatedDesc  Variant = "b5-forms-by-created-desc"
	VariantB5ItemsByDayThenName  Variant = "b5-cursor-items-by-day-then-name"
	VariantB5JSONLDTypedValues   Variant = "b5-jsonld-typed-values"
	VariantB5JSONLDNodeID        Variant = "b5-jsonld-node-id-language"
	VariantB5FrontMatterExtra    Variant = "b5-markdown-front-matter-extra-keys"
	VariantB5FieldHeadings       Variant = "b5-markdown-field-headings"
	VariantB5ErrorsHTTP400       Variant = "b5-errors-http-400"
	VariantB5MaskLengthKept      Variant = "b5-mask-length-kept"
	VariantB5PagingExtraMembers  Variant = "b5-paging-extra-members"
	VariantB5ScopeBeforeSwitches Variant = "b5-verify-scope-before-switches"
	VariantB5TimeSpaceOffset     Variant = "b5-time-space-before-offset"
	VariantB5ExtraHeaders        Variant = "b5-extra-response-headers"
)

func blindRound5() Round {
	return Round{Name: "blind-5", Kind: "blind", Bugs: []BugInfo{
		// Transport: headers and bodies on one path only.
		{BugB5VerifySuccessHTML, "§1.1, §C1", "verify's successes are returned by a controller that writes a string: Content-Type text/html; charset=utf-8 on a JSON body (its errors are right)"},
		{BugB5TemplatesErrorLatin1, "§1.1, §C1", "templates/* errors are written by the gateway's error page module: Content-Type application/json; charset=iso-8859-1 over UTF-8 bytes (模板不存在 reads as mojibake)"},
		{BugB5RecordErrorsProblemJSON, "§1.1, §C1", "getRecord errors go through an RFC 7807 middleware: Content-Type application/problem+json, not application/json"},
		{BugB5FormErrorTwoBodies, "§1.1, §C1", "getFormList writes its parameter error and, missing a return, then the success of an empty page: two JSON objects in one body"},
		{BugB5BodyTrailingData, "§C1", "the body is decoded once without checking for what follows: {\"page\":2}{\"page\":3} or {} garbage is served as its first object instead of a parameter error"},
		// Tenancy through a less-used path.
		{BugB5TemplatesNoKeyPublic, "§5, §C2", "templates/list is left in the public router group (the QR landing page uses it): without an Authorization header it lists the main organization's templates"},
		{BugB5BothAddressesAnyOrg, "§4.1, §C2", "getRecord with both record_id and record_url looks the record up by URL platform-wide and only compares the id: another organization's key reads our record by sending both"},
		{BugB5FormMaxSizeExport, "§4.3, §C2", "getFormList at page_size 20 (the maximum) takes the export query, which has no organization clause: every organization's forms are listed and counted"},
		{BugB5QrcodesOtherOrg403, "§4.5, §C2", "listQrcodes of another organization's template answers code 403 (no access) instead of 404: it tells \"not yours\" from \"not there\""},
		// Time windows and cursors.
		{BugB5NegativeOffsetRefused, "§4.4, §4.5, §C5", "templates/* validate start_time and end_time with a pattern that allows + or Z only: an instant written with an offset west of UTC (2026-01-04T11:00:00-05:00) is a 400"},
		{BugB5CursorCountLimited, "§4.4, §4.5", "templates/* count a windowed query over the LIMITed subquery: with start_time or end_time, total is at most page_size"},
		{BugB5QrcodesKeysetInclusive, "§4.5", "listQrcodes continues a walk from the previous page's last item inclusive (>= on the keyset): every page after the first repeats the item the previous page ended with"},
		// getFormList paging and filters.
		{BugB5FormOddSizeEvenLimit, "§4.3", "getFormList rounds an odd page_size down to an even LIMIT for its two-column grid while the offset and per_page use the size asked: at page_size 3, 5 or 7 each page drops a form and the walk holds fewer than total"},
		{BugB5FormNumberIgnoredPage, "§4.3", "getFormList takes the exact-number shortcut only for the first request (page absent): with page sent, number is dropped and every form is listed"},
		{BugB5FormPageSizeBool, "§C1", "getFormList reads page_size true as 1 (PHP's (int) cast) instead of a parameter error"},
		{BugB5SearchIndexIDStrings, "§2.3, §4.3", "getFormList with search_key is served from the search index, which keeps document ids as strings: each form's id is \"5001\", not 5001"},
		// Less-common bad inputs.
		{BugB5RecordURLObjectEmpty500, "§C1", "getRecord with record_url an object or an array panics on the type assertion; the recovery middleware writes HTTP 500 with an empty body"},
		{BugB5QrcodesTemplateArray, "§C1, §4.5", "listQrcodes with template an array of codings serves the first one instead of a parameter error"},
		{BugB5TemplatesTimeErrorNoData, "§4.4, §C3", "templates/* errors for a start_time or end_time that does not parse come from the date validator: {code, message}, no data"},
		// State after one or two verifies.
		{BugB5VerifySubmitAtShifted, "§4.2", "verify reads the record's submit time from a DATETIME column in local time as if it were UTC: its submit_at is 8 hours later than getRecord's"},
		{BugB5SubmitISOUTCAfterMove, "§1.3, §C1", "after a verify the moved record is re-rendered by the write model's serializer: submit_at_iso in UTC while still labelled (UTC+08:00)"},
		{BugB5VerifyStatusFirstMove, "§3.1, §4.2", "verify reads the new status back through a per-record cache filled on the first move and never invalidated: from the second move on, certificate_status repeats the first move's status"},
		{BugB5VerifyStatusCache, "§3.1, §7", "verify reads the current status from a cache that lives 1 s: a move within a second of another sees the status before it, so a repeated move succeeds again, a next move is refused, and concurrent moves all succeed"},
		{BugB5NextHonoursTo, "§3.1", "set_next_certificate_status with a to_certificate_status sent moves to that status when it is reachable, not to the next status of the flow"},
		{BugB5CertCodeNumberAsID, "§4.2, §7", "verify reads a certificate_code sent as a JSON number as a record id and moves that credential, instead of 100301"},
		// Formats disagreeing.
		{BugB5JSONLDCustomerNameClear, "§C8", "json-ld masks with its own list of name types, which lacks customer_name: the customer's name json masks is in clear"},
		{BugB5JSONLDReviewedClear, "§C8", "json-ld of a record under review (it has an audit block) is built by the reviewer's renderer: masked values in clear"},
		{BugB5JSONLDByURLNoURL, "§2.2, §4.1", "getRecord json-ld by record_url is the share page's document, which links the record as sameAs: no url member"},
		{BugB5JSONLDMessageNull, "§1.2", "getRecord json-ld answers message null (the translation key of that branch is missing)"},
		{BugB5MarkdownCachedByForm, "§2.2", "markdown is cached under the form id alone: every record of a form gets the markdown of the form's first record, its record_id included"},
		// Record payload.
		{BugB5QrcodeTypeTextCategory, "§2.1", "qrcode.type_text of an ordinary code (type 0) in a directory reads 普通二维码, outside one 普通码: one code, two labels"},
		{BugB5OCREmptyUnitNull, "§2.1", "an OCR item without a unit carries unit null (a NULL column) instead of \"\""},
		{BugB5OwnerAddressNoFull, "§2.1", "owner_address leaves full_address out (a computed column the query does not select)"},
		{BugB5DynamicMatrixFlattened, "§2.1", "dynamic_matrix goes through the matrix serializer: {columns} of the first row, not {rows}"},
		{BugB5ChecklistDescNull, "§2.1", "a checklist item without a description carries description null instead of \"\""},
	}, Variants: []VariantInfo{
		{VariantB5FormsByCreatedDesc, "getFormList orders forms by created_at descending, then id descending",
			"§C5: \"getFormList order | KIT; never asserted\""},
		{VariantB5ItemsByDayThenName, "templates and sub-codes grouped by creation day (UTC+08:00), newest day first, by name within a day",
			"§C5: \"templates/* order | KIT; never asserted\""},
		{VariantB5JSONLDTypedValues, "json-ld writes a number field's value as a schema.org QuantitativeValue {value, unitText}, not a text",
			"§2.2: \"The rest of its layout is open (§C7)\"; §C7 \"json-ld layout | KIT\""},
		{VariantB5JSONLDNodeID, "json-ld carries @id (the record URL) and inLanguage zh-CN beside the six members",
			"§2.2: an object with the six members, \"The rest of its layout is open (§C7)\"; JSON-LD 1.1 §3.3 node identifiers"},
		{VariantB5FrontMatterExtra, "markdown front matter also carries org, form_id (null without a form) and a tags list",
			"§2.2: a front-matter block holding \"at least a title and record_id\""},
		{VariantB5FieldHeadings, "markdown sections write each field as a ### heading followed by its value as a paragraph",
			"§2.2: after the top-level heading, sections, \"The rest of its layout is open (§C7)\"; §C7 \"markdown layout | KIT\""},
		{VariantB5ErrorsHTTP400, "every error answers HTTP 400 on the status line whatever its body's code",
			"§C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\""},
		{VariantB5MaskLengthKept, "masks keep the value's length: names keep the first character (欧***), phones 3 + 4, identity numbers 4 + 4, other strings the first and the last",
			"§C8: \"Mask format | KIT\"; §2.1 only says the value is shown desensitized"},
		{VariantB5PagingExtraMembers, "getFormList's page also carries from and to, and the data of getFormList and templates/* a has_more boolean",
			"§4.3 and §4.4 list the members a success carries and close neither (only §2.1 and §4.1's wrapper are closed)"},
		{VariantB5ScopeBeforeSwitches, "verify checks tpl_id and code_id (100323) before the record's switches (100321, 100322)",
			"§C6: \"The order is KIT; the codes are SPEC\""},
		{VariantB5TimeSpaceOffset, "start_time and end_time also accept a space before an offset (2026-01-05 00:00:00+08:00)",
			"§C5: \"start_time / end_time\": the forms accepted beyond ISO 8601 are KIT; RFC 3339 §5.6 lets a space stand for T"},
		{VariantB5ExtraHeaders, "every answer carries Cache-Control: no-store and X-Request-Id, and a 401 WWW-Authenticate: Bearer",
			"§C1 constrains only the Content-Type of an answer; RFC 9110 §11.6.1 WWW-Authenticate"},
	}}
}

// b5Answer is a success written otherwise than the default: another
// Content-Type, or a null message (bugs).
type b5Answer struct {
	data        any
	contentType string
	nullMessage bool
}

// b5ErrorType is the Content-Type a bug writes on an endpoint's errors
// ("" for the default).
func (s *Server) b5ErrorType(sh shape) string {
	switch {
	case sh == shapeTemplates && s.opts.has(BugB5TemplatesErrorLatin1):
		return "application/json; charset=iso-8859-1"
	case sh == shapeRecord && s.opts.has(BugB5RecordErrorsProblemJSON):
		return "application/problem+json"
	}
	return ""
}

// b5SecondBody writes, after an error, the success of an empty first
// page, as a handler that forgot to return does (a bug).
func (s *Server) b5SecondBody(w http.ResponseWriter) {
	b, err := encode(o("code", 0, "message", s.opts.Message, "data", o("version", "v1", "list", []any{},
		"page", o("current_page", 1, "last_page", 1, "per_page", formDefaultSize, "total", 0))))
	if err == nil {
		_, _ = w.Write(b)
	}
}

// b5FormParams rewrites getFormList's parameters as a bug reads them.
func (s *Server) b5FormParams(p params) {
	if p["page_size"] == true && s.opts.has(BugB5FormPageSizeBool) {
		p["page_size"] = json.Number("1")
	}
}

// b5ExportForms are the forms matching the filters in every organization
// (the export query without its organization clause: a bug).
func (s *Server) b5ExportForms(key, number string) []*form {
	var out []*form
	for _, f := range s.data.forms {
		if s.numberMatches(f, number) && s.searchMatches(f, key) {
			out = append(out, f)
		}
	}
	s.orderForms(out, key)
	return out
}

// b5ByURLAnyOrg finds the record a URL names in any organization and
// keeps it when its id is the one sent (a bug: no organization check).
func (s *Server) b5ByURLAnyOrg(id int64, url string) *record {
	for _, r := range s.data.records {
		if s.data.recordURL(r) == url && r.id == id {
			return r
		}
	}
	return nil
}

// b5OtherOrgTemplate says whether ref names another organization's
// template.
func (s *Server) b5OtherOrgTemplate(k *apiKey, ref string) bool {
	for _, t := range s.data.templates {
		if t.org != k.org && (t.coding == ref || s.data.templateURL(t) == ref) {
			return true
		}
	}
	return false
}

// b5WestOfUTC says whether a time is written with a negative offset
// (-hh:mm at its end).
func b5WestOfUTC(v string) bool {
	if len(v) < 25 {
		return false
	}
	tail := v[len(v)-6:]
	return tail[0] == '-' && tail[3] == ':' && strings.Trim(tail[1:3]+tail[4:], "0123456789") == ""
}

// b5ShareLD is the share page's json-ld: the record linked as sameAs,
// no url member (a bug).
func b5ShareLD(ld obj) obj {
	out := make(obj, 0, len(ld))
	for _, m := range ld {
		if m.key == "url" {
			out = append(out, member{"sameAs", m.val})
			continue
		}
		out = append(out, m)
	}
	return out
}

// b5MarkdownSource is the record whose markdown a cache keyed by form
// serves for r: the form's first record (a bug).
func (s *Server) b5MarkdownSource(r *record) *record {
	if !s.opts.has(BugB5MarkdownCachedByForm) || r.form == nil {
		return r
	}
	for _, x := range s.data.records {
		if x.form == r.form {
			return x
		}
	}
	return r
}

// b5Cached is a credential's status as a 1 s cache holds it.
type b5Cached struct {
	status *status
	at     time.Time
}

// b5CachedStatus is the status a verify reads through a cache that lives
// one second (a bug); the caller holds mu.
func (s *Server) b5CachedStatus(id int64, cur *status) *status {
	now := s.now()
	if c, ok := s.b5cache[id]; ok && now.Sub(c.at) < time.Second {
		return c.status
	}
	if s.b5cache == nil {
		s.b5cache = map[int64]b5Cached{}
	}
	s.b5cache[id] = b5Cached{cur, now}
	return cur
}

// b5FirstMove is the status the first verify since the last reset moved
// a record to (nil: none yet).
func b5FirstMove(st *certState) *status {
	for _, c := range st.changes {
		if c.byVerify {
			return c.to
		}
	}
	return nil
}

// b5CodeByID reads a certificate_code sent as a JSON number as the id of
// a credential of the key's organization, as a bug does; p unchanged
// otherwise.
func (s *Server) b5CodeByID(k *apiKey, p params) {
	n, isNum := p["certificate_code"].(json.Number)
	if !isNum || !s.opts.has(BugB5CertCodeNumberAsID) {
		return
	}
	id, err := n.Int64()
	if err != nil {
		return
	}
	for _, r := range s.data.records {
		if r.id == id && r.org == k.org && r.cert != nil {
			p["certificate_code"] = r.code
		}
	}
}

// b5ValueBugs rewrites a field value as a bug of round 5 in one field
// type's serializer does; v unchanged otherwise.
func (s *Server) b5ValueBugs(typ string, v any) any {
	switch {
	case strings.HasPrefix(typ, "ocr_") && s.opts.has(BugB5OCREmptyUnitNull):
		return withMember(v, "items", func(l any) any {
			return eachObj(l, func(it obj) obj {
				return withMember(it, "unit", func(u any) any {
					if u == "" {
						return nil
					}
					return u
				}).(obj)
			})
		})
	case typ == "owner_address" && s.opts.has(BugB5OwnerAddressNoFull):
		ob, _ := v.(obj)
		var out obj
		for _, m := range ob {
			if m.key != "full_address" {
				out = append(out, m)
			}
		}
		return out
	case typ == "dynamic_matrix" && s.opts.has(BugB5DynamicMatrixFlattened):
		rows, _ := v.(obj).get("rows").([]any)
		var cols any = []any{}
		if len(rows) > 0 {
			cols = rows[0].(obj).get("columns")
		}
		return o("columns", cols)
	case typ == "checklist" && s.opts.has(BugB5ChecklistDescNull):
		return eachObj(v, func(item obj) obj {
			return withMember(item, "value", func(val any) any {
				return withMember(val, "description", func(d any) any {
					if d == "" {
						return nil
					}
					return d
				})
			}).(obj)
		})
	}
	return v
}

// b5DayThenName orders a before b by creation day, newest first, then
// by name, then id (a variant).
func b5DayThenName(a, b item) bool {
	da, db := time.Unix(a.created, 0).In(zone).Format("2006-01-02"), time.Unix(b.created, 0).In(zone).Format("2006-01-02")
	if da != db {
		return da > db
	}
	na, _ := a.json.get("name").(string)
	nb, _ := b.json.get("name").(string)
	if na != nb {
		return na < nb
	}
	return a.id < b.id
}

// b5MaskKept masks keeping the value's length (a variant).
func b5MaskKept(typ, v string) string {
	r := []rune(v)
	n := len(r)
	stars := func(k int) string { return strings.Repeat("*", max(k, 1)) }
	switch {
	case n == 0:
		return v
	case typ == "name" || typ == "customer_name" || typ == "recorder" || n <= 2:
		return string(r[:1]) + stars(n-1)
	case (typ == "tel" || typ == "customer_mobile") && n >= 8:
		return string(r[:3]) + stars(n-7) + string(r[n-4:])
	case typ == "identity" && n >= 9:
		return string(r[:4]) + stars(n-8) + string(r[n-4:])
	}
	return string(r[:1]) + stars(n-2) + string(r[n-1:])
}

// b5TypedValue is a json-ld PropertyValue whose number value is a
// QuantitativeValue (a variant).
func b5TypedValue(e entry) obj {
	if e.typ == "number" {
		num, unit, _ := strings.Cut(e.text, " ")
		if f, err := strconv.ParseFloat(num, 64); err == nil {
			return o("@type", "PropertyValue", "propertyID", e.typ,
				"value", o("@type", "QuantitativeValue", "value", f, "unitText", unit))
		}
	}
	return o("@type", "PropertyValue", "propertyID", e.typ, "value", e.text)
}

// b5FrontMatter is the variant's extra front-matter keys.
func (s *Server) b5FrontMatter(r *record) string {
	formID := "null"
	if r.form != nil {
		formID = itoa(r.form.id)
	}
	return fmt.Sprintf("org: %q\nform_id: %s\ntags:\n  - 记录\n  - %q\n", s.data.org(r.org).name, formID, r.qr.name)
}

// b5FieldSection is a "## " heading and a "### " heading per field with
// its value as a paragraph (a variant).
func b5FieldSection(b *strings.Builder, g group, n int, es []entry) {
	head := g.title
	if !g.show || head == "" {
		head = fmt.Sprintf("第 %d 部分", n)
	}
	fmt.Fprintf(b, "\n## %s\n", head)
	for _, e := range es {
		text := e.text
		if text == "" {
			text = "（空）"
		}
		fmt.Fprintf(b, "\n### %s\n\n%s\n", e.title, strings.ReplaceAll(text, "\n", "  \n"))
	}
}

// b5Headers sets the variant's extra headers on an answer.
func (s *Server) b5Headers(w http.ResponseWriter, status int) {
	if !s.opts.is(VariantB5ExtraHeaders) {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Request-Id", "fx-5b2e")
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="rtq-foreign"`)
	}
}
