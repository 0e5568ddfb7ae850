package foreign

import (
	"html"
	"strconv"
	"strings"
	"time"
)

// Blind round 4: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner, spread over the whole
// contract: a Go decoder that takes null for an object, a URL helper that
// forgets TLS, an ORM that stamps a column on save, input normalisation
// and count queries that drift from the list query, a loop variable that
// carries a value to the next row, a time parser that drops fractions, a
// host trusted as proof of tenancy, filters applied after the page was
// cut, error paths of one parameter or one middleware, hooks that fail
// after a commit, database types that leak into JSON (strings for
// decimals and ids, integers for booleans, nil slices as null), one
// field type's serializer, and the credential branch of the renderers.

// The bugs of blind round 4.
const (
	BugB4NullBodyServed           Bug = "b4-null-body-served-as-empty"
	BugB4RecordURLHTTP            Bug = "b4-record-url-http-scheme"
	BugB4VerifyTouchesSubmitAt    Bug = "b4-verify-stamps-submit-at"
	BugB4NumberWidthFolded        Bug = "b4-form-number-full-width-folded"
	BugB4FormOffsetDefaultSize    Bug = "b4-form-offset-default-page-size"
	BugB4FormCountQueryDrift      Bug = "b4-form-count-query-name-only"
	BugB4PageZeroAsFirst          Bug = "b4-form-page-0-as-first"
	BugB4FormNoteNull             Bug = "b4-form-empty-note-null"
	BugB4ActiveISOCarriedOver     Bug = "b4-form-active-iso-carried-over"
	BugB4CreatedISODayMonth       Bug = "b4-form-created-iso-day-month-swapped"
	BugB4FractionTruncatedStart   Bug = "b4-cursor-start-fraction-truncated"
	BugB4QrcodesURLHostTrusted    Bug = "b4-qrcodes-url-host-trusted"
	BugB4VerifyURLHostTrusted     Bug = "b4-verify-url-host-trusted"
	BugB4QrcodesFilterAfterPage   Bug = "b4-qrcodes-window-after-page-cut"
	BugB4BadEndTime500            Bug = "b4-cursor-bad-end-time-500"
	BugB4NotFoundDetailNull       Bug = "b4-record-not-found-detail-null"
	BugB4FormPagingErrorShape     Bug = "b4-form-paging-error-templates-shape"
	BugB4ScopeErrorTextPlain      Bug = "b4-verify-scope-error-text-plain"
	BugB4NextPicksLast            Bug = "b4-verify-next-picks-last-move"
	BugB4ArchiveHookFails         Bug = "b4-verify-terminal-hook-fails-after-commit"
	BugB4CertCodeCaseless         Bug = "b4-verify-certificate-code-caseless"
	BugB4VerifyIDsStrings         Bug = "b4-verify-ids-as-strings"
	BugB4PageBreakFieldsNull      Bug = "b4-page-break-fields-null"
	BugB4AddressLatLngStrings     Bug = "b4-address-lat-lng-strings"
	BugB4AuditTextFromAuditor     Bug = "b4-audit-text-from-auditor"
	BugB4ChecklistImageRelative   Bug = "b4-checklist-image-url-relative"
	BugB4ChainedDescending        Bug = "b4-chained-selects-descending"
	BugB4OCRUnitEnabledInt        Bug = "b4-ocr-unit-enabled-integer"
	BugB4FieldDescNull            Bug = "b4-field-desc-null"
	BugB4MatrixTextColumnUUID     Bug = "b4-matrix-text-column-uuid"
	BugB4DiffMediaItemsNull       Bug = "b4-diff-media-items-null"
	BugB4CredentialJSONLDNoID     Bug = "b4-credential-jsonld-no-identifier"
	BugB4MarkdownIDThousands      Bug = "b4-markdown-record-id-thousands"
	BugB4MarkdownHolderInMetadata Bug = "b4-markdown-holder-in-front-matter"
)

// The correct variants of blind round 4.
const (
	VariantB4LowerHexColours    Variant = "b4-colours-lower-case-hex"
	VariantB4TraceID            Variant = "b4-trace-id-beside-code"
	VariantB4MarkdownEscapes    Variant = "b4-markdown-cells-escaped"
	VariantB4StateBeforeChecks  Variant = "b4-verify-state-before-switches"
	VariantB4EmptyStateChanges  Variant = "b4-empty-state-changes"
	VariantB4RecorderMasked     Variant = "b4-recorder-name-masked"
	VariantB4MarkdownHTMLTable  Variant = "b4-markdown-html-tables"
	VariantB4CompactContentType Variant = "b4-content-type-without-space"
	VariantB4PaddedTokens       Variant = "b4-page-tokens-padded"
	VariantB4ParamsBeforeScope  Variant = "b4-verify-params-before-scope"
	VariantB4FormsByNumber      Variant = "b4-forms-by-number"
	VariantB4ItemsByName        Variant = "b4-cursor-items-by-name"
	VariantB4NoNotary           Variant = "b4-no-trusted-notary"
)

func blindRound4() Round {
	return Round{Name: "blind-4", Kind: "blind", Bugs: []BugInfo{
		// C1.badInput: a body that is not a JSON object (null) gets an error.
		{BugB4NullBodyServed, "§C1", "a body of JSON null is served as {} on every endpoint (json.Unmarshal of null into a map leaves it nil and no error)"},
		// 2.1.identity: record_url is the record's access URL, the one getRecord accepts.
		{BugB4RecordURLHTTP, "§2.1, §4.1", "the Record's record_url is built with the scheme the service saw behind its TLS proxy: http://, an address getRecord does not know"},
		// 4.2.successData and §2.1 submit_at: when the record was submitted.
		{BugB4VerifyTouchesSubmitAt, "§2.1, §4.2", "a verify saves the record through an ORM that stamps submit_at: after a move getRecord's submit_at and submit_at_iso are the time of the verify, no longer those verify answered"},
		// 4.3.number: exact, character for character.
		{BugB4NumberWidthFolded, "§4.3", "getFormList normalises number to half-width (NFKC) before comparing: ＦＸ-001 hits form FX-001"},
		// 4.3.disjoint, 4.3.total: pages disjoint and holding total forms.
		{BugB4FormOffsetDefaultSize, "§4.3", "getFormList computes the offset of page n with the default page size (10), whatever page_size was asked: walks at another size overlap or skip forms"},
		// 4.3.totalFilter: total counts the forms that match the filter.
		{BugB4FormCountQueryDrift, "§4.3", "getFormList's COUNT query matches search_key on the name alone while the list query matches name, note and number: total differs from the forms listed"},
		// C1.badInput: a value out of range gets an error.
		{BugB4PageZeroAsFirst, "§C1, §4.3", "getFormList reads page 0 as absent (Go's zero value) and serves the first page instead of a parameter error"},
		// 4.3.schema: note is a string, may be empty.
		{BugB4FormNoteNull, "§2.3, §4.3", "getFormList writes an empty note as null (a NULL column)"},
		// C1.timeZone: an active_at of 0 pairs with "".
		{BugB4ActiveISOCarriedOver, "§1.3, §2.3", "getFormList reuses one active_at_iso variable across rows: a form without activity (active_at 0) carries the previous form's active_at_iso"},
		// C1.timeZone: every *_iso is the same instant as its *_at.
		{BugB4CreatedISODayMonth, "§1.3, §2.3", "getFormList writes created_at_iso with the layout's day and month swapped (2006-02-01): 2026-01-05 reads 2026-05-01"},
		// 4.4.startTime: leaves out exactly the items created before it.
		{BugB4FractionTruncatedStart, "§4.4, §4.5", "templates/* truncate the fractional seconds of start_time: an item created in the bound's second, before the instant, is listed"},
		// C2.tenancy, 4.5.unknownTemplate: another organization's template is 404.
		{BugB4QrcodesURLHostTrusted, "§4.5, §C2", "listQrcodes by full URL takes the URL's host as proof of the organization and finds the coding in any organization: another organization's key lists our sub-codes with its own host and our coding"},
		// C2.tenancyVerify: another organization's key cannot move our credentials.
		{BugB4VerifyURLHostTrusted, "§4.2, §C2", "verify by full URL takes the URL's host as proof of the organization and finds the code in any organization: another organization's key moves our credential with its own host and our code"},
		// 4.4.lastToken: no empty page carries a token.
		{BugB4QrcodesFilterAfterPage, "§4.5", "listQrcodes cuts the page from every sub-code and applies start_time and end_time afterwards: short pages, and empty pages that carry a next_page_token"},
		// C3.templates / C3.listQrcodes: business errors carry code 400.
		{BugB4BadEndTime500, "§4.4, §4.5, §C3", "templates/* answer code 500 for an end_time that does not parse (a nil time dereferenced, the panic recovered), where start_time gets 400"},
		// C3.getRecord: message_detail present, a string.
		{BugB4NotFoundDetailNull, "§4.1, §C3", "getRecord's not-found error carries message_detail null (a nil *string of the lookup error)"},
		// C3.formList: getFormList errors carry error_code and message_detail.
		{BugB4FormPagingErrorShape, "§4.3, §C3", "getFormList's page and page_size errors come from a paging validator shared with templates/*, in their shape: {code, message, data}, no error_code"},
		// C1.contentType: every answer, errors included, is application/json.
		{BugB4ScopeErrorTextPlain, "§C1, §5", "verify's write-scope refusal is written by a middleware that forgets the Content-Type: text/plain (sniffed), though the body is JSON"},
		// 3.1.next: the next status of the flow.
		{BugB4NextPicksLast, "§3.1", "set_next_certificate_status takes the last move listed from the current status (ORDER BY sort DESC): 待核销 goes to 已作废, not 已核销"},
		// 3.1.move / 3.1.next: a move whose conditions hold succeeds.
		{BugB4ArchiveHookFails, "§3.1, §7", "a move into a terminal status commits, then the archive hook fails and verify answers 100319: the client sees a failure for a move that happened"},
		// 7.unknownCode: a code that names no record is 100320.
		{BugB4CertCodeCaseless, "§4.2, §7", "verify looks certificate_code up under a case-insensitive collation: HX810001, a code nobody issued, moves hx810001"},
		// 4.2.successData: record_id and org_id integers as getRecord gives them.
		{BugB4VerifyIDsStrings, "§4.2", "verify's success data carries record_id and org_id as strings (the driver returns every column as text)"},
		// 2.1.schema: TplGroup's fields is an array.
		{BugB4PageBreakFieldsNull, "§2.1", "a page-break group's fields is null (a nil slice) instead of []"},
		// 2.1.schema: address lat and lng are numbers.
		{BugB4AddressLatLngStrings, "§2.1", "an address field's lat and lng are strings (DECIMAL columns scanned as text)"},
		// 2.1.labels: different review statuses carry different texts.
		{BugB4AuditTextFromAuditor, "§2.1, §3.2", "audit.status_text is 已审核 whenever an auditor is named: approved (1) and rejected (2) records carry the same text"},
		// 2.1.schema: an ImageItem's url is a URI.
		{BugB4ChecklistImageRelative, "§2.1", "the images of a checklist item carry a relative url (/u/img-N.jpg): the CDN prefix is added for image fields only"},
		// 2.1.chainedOrder: values by ascending level.
		{BugB4ChainedDescending, "§2.1", "chained_selects values come by option_id descending (ORDER BY id DESC), so by descending level"},
		// 2.1.schema: OCR items' unit_enabled is a boolean.
		{BugB4OCRUnitEnabledInt, "§2.1", "the items of ocr_* values carry unit_enabled as 0 or 1 (a TINYINT(1) scanned as an integer)"},
		// 2.1.schema: field_desc is an optional string, never null.
		{BugB4FieldDescNull, "§2.1", "a field without a description carries field_desc null (a *string without omitempty)"},
		// 2.1.matrixUuid: a column that is not a choice has option_uuid null.
		{BugB4MatrixTextColumnUUID, "§2.1", "matrix (not dynamic_matrix) columns of type text carry a generated option_uuid"},
		// 2.1.diffMembers: media_items [] for a non-media field type.
		{BugB4DiffMediaItemsNull, "§2.1", "sub_qrcode_edit_diff's non-media items carry media_items null (a nil slice) instead of []"},
		// 2.2.jsonld: json-ld holds identifier.
		{BugB4CredentialJSONLDNoID, "§2.2", "the json-ld of a credential record comes from the certificate renderer, which leaves out identifier"},
		// 2.2.markdownId: front-matter record_id is the record's record_id.
		{BugB4MarkdownIDThousands, "§2.2", "markdown's front-matter record_id is written with a thousands separator (800,001), as the template's number filter formats numbers"},
		// C8.otherFormats: no representation shows in clear what json masks.
		{BugB4MarkdownHolderInMetadata, "§2.1, §C8", "the markdown of a credential record carries a holder key in its front matter, taken from the stored value: the holder's name json masks, in clear"},
	}, Variants: []VariantInfo{
		{VariantB4LowerHexColours, "process_status and state change colours in lower-case hex (#faad14)",
			"§2.1: color is \"#RRGGBB\" and StateChange colours are \"(colour in hex)\"; hexadecimal digits are case-insensitive (CSS Color 4 §5.2)"},
		{VariantB4TraceID, "every success except getRecord's carries a trace_id member beside code, message and data",
			"§4.1 closes getRecord's success wrapper only (\"no other member at the top\"); §1.2, §4.2 to §4.5 do not close theirs"},
		{VariantB4MarkdownEscapes, "markdown table cells backslash-escape Markdown's special characters, mask stars included (欧\\*\\*)",
			"§2.2: the markdown layout is open; §C7 \"markdown layout | KIT\"; §C8 \"Mask format | KIT\"; CommonMark 0.31 §2.4 backslash escapes"},
		{VariantB4StateBeforeChecks, "verify checks from_certificate_status and the current status (100324) before the record's switches (100321, 100322, 100323, 100329, 100327)",
			"§C6: \"The order is KIT; the codes are SPEC\""},
		{VariantB4EmptyStateChanges, "every record carries state_changes, [] when it has none",
			"§2.1: state_changes is an optional member, an array of StateChange; an empty array is one"},
		{VariantB4RecorderMasked, "recorder.name comes partly masked (李**)",
			"§2.1: recorder name string \"(may come partly masked)\""},
		{VariantB4MarkdownHTMLTable, "markdown sections are HTML tables (<table>, values HTML-escaped) under their ## headings",
			"§2.2: after the heading, sections, \"The rest of its layout is open (§C7)\"; CommonMark 0.31 §4.6 HTML blocks"},
		{VariantB4CompactContentType, "Content-Type application/json;charset=utf-8, without the space",
			"§C1: the answer's media type is application/json and its charset utf-8; RFC 9110 §8.3.1: parameters are separated by OWS ';' OWS"},
		{VariantB4PaddedTokens, "page tokens are URL-safe base64 with = padding",
			"§C5: \"page_token | KIT\", opaque; §4.4: the previous page's next_page_token is sent back as it came"},
		{VariantB4ParamsBeforeScope, "verify validates its parameters before the key's write scope: a read key with a bad body gets 100301",
			"§C6: \"The order is KIT; the codes are SPEC\" (step 1, write scope, and step 2, parameters, may swap)"},
		{VariantB4FormsByNumber, "getFormList orders forms by number (byte order), then id",
			"§C5: \"getFormList order | KIT; never asserted\""},
		{VariantB4ItemsByName, "templates and sub-codes ordered by name (byte order), then id",
			"§C5: \"templates/* order | KIT; never asserted\""},
		{VariantB4NoNotary, "no record carries trusted_notary",
			"§2.1: trusted_notary is optional and \"never defined (open; §C7)\"; §C7 \"trusted_notary | KIT\""},
	}}
}

// b4FoldWidth folds full-width ASCII (U+FF01 to U+FF5E) and the
// ideographic space to their half-width forms, as an input normaliser
// does (a bug when applied to an exact filter).
func b4FoldWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3000:
			return ' '
		}
		return r
	}, s)
}

// b4Thousands writes n with a comma every three digits (800,001).
func b4Thousands(n int64) string {
	s := itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// b4DayMonth writes a Unix time in §1.3's shape with the day and the
// month swapped (a layout typo: a bug).
func b4DayMonth(unix int64) string {
	if unix == 0 {
		return ""
	}
	t := time.Unix(unix, 0).In(zone).Format("2006-01-02 15:04:05")
	return t[:5] + t[8:10] + "-" + t[5:7] + t[10:] + "(UTC+08:00)"
}

// b4LastVerify is the time of the latest verify of r since the last
// reset (0: none).
func (s *Server) b4LastVerify(r *record) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[r.id]
	if st == nil || len(st.verifiedAt) == 0 {
		return 0
	}
	return st.verifiedAt[len(st.verifiedAt)-1]
}

// set replaces the value of key in ob (added when absent).
func (ob obj) set(key string, v any) obj {
	for i := range ob {
		if ob[i].key == key {
			ob[i].val = v
			return ob
		}
	}
	return append(ob, member{key, v})
}

// b4ValueBugs rewrites a field value as a bug of round 4 in one field
// type's serializer does; v unchanged otherwise.
func (s *Server) b4ValueBugs(typ string, v any) any {
	switch {
	case typ == "address" && s.opts.has(BugB4AddressLatLngStrings):
		dec := func(x any) any {
			f, _ := x.(float64)
			return strconv.FormatFloat(f, 'f', 7, 64)
		}
		return withMember(withMember(v, "lat", dec), "lng", dec)
	case typ == "checklist" && s.opts.has(BugB4ChecklistImageRelative):
		return eachObj(v, func(item obj) obj {
			return withMember(item, "value", func(val any) any {
				return withMember(val, "images", func(l any) any {
					return eachObj(l, func(img obj) obj {
						return withMember(img, "url", func(u any) any {
							return strings.TrimPrefix(u.(string), "https://cdn.foreign.example")
						}).(obj)
					})
				})
			}).(obj)
		})
	case typ == "chained_selects" && s.opts.has(BugB4ChainedDescending):
		return withMember(v, "values", func(l any) any {
			in, _ := l.([]any)
			out := make([]any, len(in))
			for i, e := range in {
				out[len(in)-1-i] = e
			}
			return out
		})
	case strings.HasPrefix(typ, "ocr_") && s.opts.has(BugB4OCRUnitEnabledInt):
		return withMember(v, "items", func(l any) any {
			return eachObj(l, func(it obj) obj {
				return withMember(it, "unit_enabled", func(b any) any {
					if b == true {
						return 1
					}
					return 0
				}).(obj)
			})
		})
	case typ == "matrix" && s.opts.has(BugB4MatrixTextColumnUUID):
		return withMember(v, "columns", func(cols any) any {
			return eachObj(cols, func(c obj) obj {
				if c.get("column_type") != "text" {
					return c
				}
				return withMember(c, "value", func(val any) any {
					return withMember(val, "option_uuid", func(any) any { return "u-col-" + itoa(int64(c.get("column_id").(int))) })
				}).(obj)
			})
		})
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB4DiffMediaItemsNull):
		media := map[string]bool{"image": true, "signature": true, "audio": true, "video": true, "file": true}
		return eachObj(v, func(item obj) obj {
			if t, _ := item.get("field_type").(string); media[t] {
				return item
			}
			null := func(side any) any { return withMember(side, "media_items", func(any) any { return nil }) }
			return withMember(withMember(item, "before_value", null), "after_value", null).(obj)
		})
	}
	return v
}

// withTraceID is a success whose wrapper carries a trace_id (a variant:
// allowed beside every wrapper but getRecord's).
type withTraceID struct{ data any }

// htmlSection is a "## " heading and an HTML table of the fields (a
// variant: CommonMark passes HTML blocks through).
func htmlSection(b *strings.Builder, g group, n int, es []entry) {
	head := g.title
	if !g.show || head == "" {
		head = "第 " + itoa(int64(n)) + " 部分"
	}
	b.WriteString("\n## " + head + "\n\n<table>\n<tr><th>字段</th><th>内容</th></tr>\n")
	for _, e := range es {
		b.WriteString("<tr><td>" + html.EscapeString(e.title) + "</td><td>" +
			strings.ReplaceAll(html.EscapeString(e.text), "\n", "<br>") + "</td></tr>\n")
	}
	b.WriteString("</table>\n")
}

// escapeEntries backslash-escapes Markdown's special characters in the
// titles and texts of entries (a variant).
func escapeEntries(es []entry) []entry {
	out := make([]entry, len(es))
	for i, e := range es {
		out[i] = entry{e.typ, escapeMD(e.title), escapeMD(e.text)}
	}
	return out
}

// b4FilterAfterPage is a cursor page cut from every item first, the
// window applied to the cut afterwards (a bug): the offset counts every
// item, total only those in the window.
func (s *Server) b4FilterAfterPage(items []item, holds func(int64) bool, offset, size, total int64, filter string) obj {
	all := append([]item(nil), items...)
	s.orderItems(all)
	list := []any{}
	for i := offset; i < int64(len(all)) && i < offset+size; i++ {
		if holds(all[i].created) {
			list = append(list, all[i].json)
		}
	}
	var next any
	if offset+size < int64(len(all)) {
		next = s.token(offset+size, filter)
	}
	return o("list", list, "next_page_token", next, "total", total)
}
