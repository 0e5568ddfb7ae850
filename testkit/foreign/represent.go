package foreign

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// mask desensitizes a string the foreign way: names keep the first
// character and two stars, phone numbers 3 + 4, identity numbers 6 + 4,
// anything else the first and last character around three stars.
func (s *Server) mask(typ, v string) string {
	if m := s.a5Mask(typ, v); m != "" {
		return m
	}
	switch {
	case s.opts.is(VariantB5MaskLengthKept):
		return b5MaskKept(typ, v)
	case s.opts.is(VariantB3MaskAll):
		return strings.Repeat("*", len([]rune(v)))
	case s.opts.is(VariantB3MaskBullets):
		return strings.ReplaceAll(s.starMask(typ, v), "*", maskBullet)
	case s.opts.is(VariantA4MixedMaskChars) && (typ == "tel" || typ == "customer_mobile"):
		return strings.ReplaceAll(s.starMask(typ, v), "*", variantA4PhoneMask)
	}
	return s.starMask(typ, v)
}

// maskBullet is the mask character of a variant.
const maskBullet = "●"

// starMask is mask with stars, the service's own mask character.
func (s *Server) starMask(typ, v string) string {
	r := []rune(v)
	n := len(r)
	if s.opts.has(BugA3MaskOneCharacter) {
		return a3Mask(typ, r)
	}
	if m, ok := s.b7Mask(typ, r); ok {
		return m
	}
	if m, ok := s.b8Mask(typ, r); ok {
		return m
	}
	if m, ok := s.b9Mask(typ, r); ok {
		return m
	}
	if m, ok := s.b10Mask(typ, r); ok {
		return m
	}
	switch {
	case n == 0:
		return v
	case typ == "name" || typ == "customer_name" || typ == "recorder":
		return string(r[:1]) + "**"
	case (typ == "tel" || typ == "customer_mobile") && n >= 8:
		return string(r[:3]) + "****" + string(r[n-4:])
	case typ == "identity" && n >= 11:
		return string(r[:6]) + "********" + string(r[n-4:])
	case n <= 2:
		return string(r[:1]) + "*"
	}
	return string(r[:1]) + "***" + string(r[n-1:])
}

// title is what the representations call a record: its form's name, or
// its number when it has no form (a bug names a credential's holder).
func (s *Server) title(r *record) string {
	if r.form != nil && r.cert != nil && s.opts.has(BugA1HolderInTitle) {
		if holder, ok := r.groups[0].fields[0].value.(string); ok {
			return holder + "的" + r.form.name
		}
	}
	if r.form != nil {
		return r.form.name
	}
	return "记录 " + r.number
}

// entry is one visible field as text.
type entry struct {
	typ, title, text string
}

// entries are the fields a reader sees: page breaks and hidden fields left
// out, masked values masked unless reveal says otherwise (a bug).
func (s *Server) entries(r *record, reveal func(field) bool) [][]entry {
	var out [][]entry
	for _, g := range r.groups {
		if g.pageBreak {
			continue
		}
		var es []entry
		for _, f := range g.fields {
			if f.hidden {
				continue
			}
			clear := reveal(f) || s.opts.has(BugA3OtherOrgUnmasked) && r.org != OrgID
			v, masked := s.shown(f, clear)
			text := textOf(v)
			if masked && !clear && s.opts.is(VariantA2OtherFormatsHide) {
				text = "******"
			}
			es = append(es, entry{f.typ, f.title, text})
		}
		out = append(out, es)
	}
	return out
}

// textOf is the text a reader sees for a value of any shape.
func textOf(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []any:
		parts := make([]string, 0, len(v))
		for _, e := range v {
			parts = append(parts, textOf(e))
		}
		return strings.Join(parts, "；")
	case obj:
		return objText(v)
	}
	return fmt.Sprint(v)
}

// objText picks the members of a value a reader cares about.
func objText(v obj) string {
	for _, k := range []string{"option_text", "full_address", "address", "file_name", "description_html"} {
		if s, ok := v.get(k).(string); ok {
			return s
		}
	}
	if n := v.get("value"); n != nil {
		if unit, _ := v.get("unit").(string); unit != "" {
			return fmt.Sprint(n, " ", unit)
		}
		if _, isObj := n.(obj); !isObj {
			return fmt.Sprint(n)
		}
	}
	for _, k := range []string{"values", "items", "columns", "rows"} {
		if l := v.get(k); l != nil {
			return textOf(l)
		}
	}
	if t := v.get("item_title"); t != nil {
		return fmt.Sprint(t, ": ", textOf(v.get("value")))
	}
	if t := v.get("column_title"); t != nil {
		val, _ := v.get("value").(obj)
		return fmt.Sprint(t, "=", textOf(val.get("text")))
	}
	if t := v.get("field_title"); t != nil {
		b, _ := v.get("before_value").(obj)
		a, _ := v.get("after_value").(obj)
		return fmt.Sprint(t, ": ", textOf(b.get("text_content")), " → ", textOf(a.get("text_content")))
	}
	if u, ok := v.get("url").(string); ok {
		return u
	}
	return ""
}

// jsonLD is the json-ld representation; leak shows masked values in
// clear (a bug).
func (s *Server) jsonLD(r *record, leak bool) obj {
	if s.opts.Layout == LayoutMockLike {
		return s.jsonLDMockLike(r, leak)
	}
	var items, groups []any
	pos := 0
	identity := func(f field) bool { return f.typ == "identity" && s.opts.has(BugA2JSONLDIdentityOtherHalf) }
	if st := s.statusOf(r); st != nil && st.forbids && s.opts.has(BugA2VoidCardJSONLDClear) {
		leak = true
	}
	reveal := s.jsonLDReveal(leak)
	for _, es := range s.entries(r, func(f field) bool { return reveal(f) || identity(f) }) {
		for i, e := range es {
			if e.typ == "identity" && s.opts.has(BugA2JSONLDIdentityOtherHalf) && len(e.text) > 14 {
				es[i].text = e.text[:14] + strings.Repeat("*", len(e.text)-14)
			}
		}
		if len(es) > 0 {
			groups = append(groups, o("@type", "ItemList", "name", "组件数据", "numberOfItems", len(es),
				"itemListElement", listItems(es)))
		}
		for _, e := range es {
			pos++
			value := o("@type", "PropertyValue", "propertyID", e.typ, "value", e.text)
			if s.opts.is(VariantB5JSONLDTypedValues) {
				value = b5TypedValue(e)
			}
			if s.opts.is(VariantB2JSONLDPlainEntries) {
				items = append(items, append(value, member{"name", e.title}))
				continue
			}
			items = append(items, o("@type", "ListItem", "position", pos, "name", e.title, "item", value))
		}
	}
	var context, typ any = o("@vocab", "https://schema.org/"), "DigitalDocument"
	if s.opts.is(VariantB1JSONLDContextList) {
		context = []any{"https://schema.org/", o("fx", "https://foreign.example/ns#")}
		typ = []any{"DigitalDocument", "fx:Record"}
	}
	if s.opts.is(VariantB8JSONLDLanguage) {
		context = o("@vocab", "https://schema.org/", "@language", "zh-CN")
	}
	var identifier, name any = r.number, s.title(r)
	if s.opts.is(VariantA1IdentifierObject) {
		identifier = o("@type", "PropertyValue", "propertyID", "record_number", "value", r.number)
	}
	if s.opts.is(VariantA1NameValueObject) {
		name = o("@value", name, "@language", "zh")
	}
	if s.opts.is(VariantB6JSONLDIdentifierID) {
		identifier = r.id
	}
	if s.opts.is(VariantB6JSONLDNameNumber) {
		name = r.number
	}
	out := o("@context", context, "@type", typ)
	if r.form == nil && s.opts.has(BugB6JSONLDNoContextNoForm) {
		out = o("@type", typ)
	}
	if s.opts.is(VariantA3JSONLDID) || s.opts.is(VariantB5JSONLDNodeID) {
		out = append(out, member{"@id", s.data.recordURL(r)}, member{"inLanguage", "zh-CN"})
	}
	if s.opts.has(BugB7NotarizedJSONLDNoIdentifier) && r.notary != nil {
		out = append(out, member{"@id", r.notary.evidence})
	} else if !(s.opts.has(BugB4CredentialJSONLDNoID) && r.cert != nil) {
		out = append(out, member{"identifier", identifier})
	}
	if !(s.opts.has(BugB2JSONLDNoNameWithoutForm) && r.form == nil) {
		out = append(out, member{"name", name})
	}
	var url any = s.b7URL(s.a5ShareURL(r, s.data.recordURL(r)))
	if s.opts.is(VariantB3JSONLDURLNode) {
		url = o("@id", url)
	}
	if !s.opts.has(BugJSONLDNoURL) {
		out = append(out, member{"url", url})
	}
	out = append(out, member{"dateCreated", s.a5DateCreated(r)})
	out = s.a5JSONLD(r, out)
	if st := s.currentStatus(r); st != "" {
		out = append(out, member{"creativeWorkStatus", st})
	}
	if s.opts.has(BugB3MainEntityPerGroup) && len(groups) > 1 {
		return append(out, member{"mainEntity", groups})
	}
	return append(out, member{"mainEntity", o("@type", "ItemList", "name", "组件数据",
		"numberOfItems", pos, "itemListElement", items)})
}

func (s *Server) jsonLDMockLike(r *record, leak bool) obj {
	items := []any{}
	for _, es := range s.entries(r, s.jsonLDReveal(leak)) {
		for _, e := range es {
			items = append(items, o("@type", "PropertyValue", "name", e.title, "value", e.text))
		}
	}
	out := o("@context", "https://schema.org", "@type", "CreativeWork")
	if !(s.opts.has(BugB4CredentialJSONLDNoID) && r.cert != nil) {
		out = append(out, member{"identifier", r.code})
	}
	out = append(out, member{"name", s.title(r)})
	if !s.opts.has(BugJSONLDNoURL) {
		out = append(out, member{"url", s.data.recordURL(r)})
	}
	return append(out, member{"mainEntity", o("@type", "ItemList", "name", "组件数据", "itemListElement", items)})
}

// markdown is the markdown representation; byURL says the record was
// asked for by its URL.
func (s *Server) markdown(r *record, byURL bool) string {
	var b strings.Builder
	t := s.title(r)
	id := itoa(r.id)
	switch {
	case s.opts.has(BugB1MarkdownIDIsNumber):
		id = r.number
	case s.opts.has(BugB2MarkdownIDZeroByURL) && byURL:
		id = "0"
	case s.opts.has(BugB4MarkdownIDThousands):
		id = b4Thousands(r.id)
	}
	if s.opts.has(BugB3CredentialMDNewline) && r.cert != nil {
		b.WriteString("\n")
	}
	b.WriteString("---\n")
	if s.opts.is(VariantA1FrontMatterSpace) {
		b.Reset()
		b.WriteString("--- \n")
	}
	switch {
	case s.opts.is(VariantA2JSONFrontMatter):
		head, _ := encode(o("title", t, "record_id", r.id, "record_number", r.number, "submitted", s.iso(r.submit)))
		b.Write(head)
		b.WriteString("\n")
	case s.opts.is(VariantA1QuotedKeys):
		fmt.Fprintf(&b, "\"title\": %q\n\"record_id\": %s\n\"record_number\": %q\n", t, id, r.number)
	case s.opts.is(VariantB2FrontMatterOrder):
		fmt.Fprintf(&b, "# written by the foreign service\nrecord_id: %s\nrecord_number: %q\ntitle: '%s'\n", id, r.number, strings.ReplaceAll(t, "'", "''"))
	case s.opts.Layout == LayoutMockLike:
		fmt.Fprintf(&b, "title: %s\nrecord_id: %s\nrecord_number: %s\n", t, id, r.number)
	case s.opts.is(VariantB3TitleBlockScalar):
		fmt.Fprintf(&b, "title: >-\n  %s\nrecord_id: %s\nrecord_number: %q\n", t, id, r.number)
	case s.opts.is(VariantA3FrontMatterIDQuoted):
		fmt.Fprintf(&b, "title: %q\nrecord_id: \"%s\"\nrecord_number: %q\n", t, id, r.number)
	case s.opts.is(VariantA3FrontMatterLists):
		fmt.Fprintf(&b, "title: %q\nrecord_id: %s\ntags:\n  - 记录\n  - %q\nlinks:\n  self: %s\n  form: %q\nrecord_number: %q\n",
			t, id, t, s.data.recordURL(r), t, r.number)
	case s.opts.is(VariantA2ChineseDates):
		fmt.Fprintf(&b, "title: %q\nrecord_id: %s\nrecord_number: %q\nsubmitted: %q\n", t, id, r.number,
			time.Unix(r.submit, 0).In(zone).Format("2006年01月02日 15:04"))
	default:
		fmTitle := t
		if s.opts.is(VariantB6MarkdownTitleNum) {
			fmTitle = r.number
		}
		title := strconv.Quote(fmTitle)
		if plain := s.a4Title(r, t); plain != "" {
			title = plain
		}
		if plain := s.a5Title(r, t); plain != "" {
			title = plain
		}
		if r.form == nil && s.opts.has(BugB8MarkdownTitleEmptyNoForm) {
			title = ""
		}
		number, submitted := r.number, s.a5Submitted(r)
		if r.cert != nil && s.opts.has(BugB7MarkdownNumberIsCode) {
			number = r.code
		}
		if s.opts.has(BugB7MarkdownSubmittedUTC) {
			submitted = time.Unix(r.submit, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
		}
		if s.opts.is(VariantB7FrontMatterComments) {
			fmt.Fprintf(&b, "# 由华东质检中心记录服务生成\ntitle: %s  # 表单名称\nrecord_id: %s  # 记录 ID\nrecord_number: %q  # 记录编号\nsubmitted: %q\n", title, id, number, submitted)
		} else {
			fmt.Fprintf(&b, "title: %s\nrecord_id: %s\nrecord_number: %q\nsubmitted: %q\n", title, id, number, submitted)
		}
		if st := s.currentStatus(r); st != "" {
			fmt.Fprintf(&b, "status: %q\n", st)
		}
		if holder, ok := r.groups[0].fields[0].value.(string); ok && r.cert != nil && s.opts.has(BugB4MarkdownHolderInMetadata) {
			fmt.Fprintf(&b, "holder: %q\n", holder)
		}
		if s.opts.is(VariantB5FrontMatterExtra) {
			b.WriteString(s.b5FrontMatter(r))
		}
		b.WriteString(s.a5FrontMatter(r))
	}
	switch {
	case s.opts.has(BugB6MarkdownReviewedH2) && r.audit != nil:
		fmt.Fprintf(&b, "---\n\n> 审核状态：%s\n\n## %s\n", auditTexts[r.audit.status], t)
	case s.opts.has(BugB1MarkdownNoHeadingNoTpl) && r.form == nil:
		b.WriteString("---\n")
	case s.opts.is(VariantB1MarkdownSetext):
		fmt.Fprintf(&b, "---\n\n%s\n%s\n", t, strings.Repeat("=", len([]rune(t))*2))
	case s.opts.is(VariantB2HeadingClosed):
		fmt.Fprintf(&b, "---\n\n# %s #\n", t)
	case s.opts.is(VariantB3HeadingTight):
		fmt.Fprintf(&b, "---\n# %s\n", t)
	case s.opts.is(VariantB2HeadingIndented):
		fmt.Fprintf(&b, "---\n\n   # %s\n", t)
	case s.opts.is(VariantA3HeadingWithNumber):
		fmt.Fprintf(&b, "---\n\n# %s · %s\n", t, r.number)
	case s.opts.is(VariantA3HeadingTab):
		fmt.Fprintf(&b, "---\n\n#\t%s\n", t)
	case s.opts.is(VariantB7HeadingAnchor):
		fmt.Fprintf(&b, "---\n\n# %s {#r-%d}\n", t, r.id)
	default:
		fmt.Fprintf(&b, "---\n\n# %s\n", t)
	}
	phone := func(typ string) bool { return typ == "tel" || typ == "customer_mobile" }
	otherHalf := s.opts.has(BugA2MarkdownPhoneOtherHalf)
	pending := r.cert != nil && r.form.flow != nil && s.currentStatus(r) == r.form.flow.statuses[0].name
	groups := s.entries(r, func(f field) bool {
		return s.opts.has(BugMarkdownLeaksMasked) ||
			s.opts.has(BugB1MarkdownMasksNamesOnly) && f.typ != "name" && f.typ != "customer_name" && f.typ != "recorder" ||
			s.opts.has(BugA1MarkdownClearAfterMove) && s.verified(r) ||
			(s.opts.has(BugA1MarkdownPhoneGrouped) || otherHalf) && phone(f.typ) ||
			s.opts.has(BugA2PendingCardMarkdown) && pending ||
			s.opts.has(BugB6MarkdownByURLClear) && byURL || s.b12MarkdownReveal(f)
	})
	clearGroups := s.entries(r, func(field) bool { return true })
	for gi, es := range groups {
		for i, e := range es {
			switch {
			case s.opts.has(BugA3MarkdownTelLink) && phone(e.typ) && strings.Contains(e.text, "*"):
				es[i].text = "[" + e.text + "](tel:" + clearGroups[gi][i].text + ")"
			case s.opts.is(VariantA4MarkdownGroupedMasks) && phone(e.typ) && strings.ContainsAny(e.text, "*"+variantA4PhoneMask):
				es[i].text = a4GroupPhone(e.text)
			case s.opts.has(BugA1MarkdownPhoneGrouped) && phone(e.typ) && len(e.text) == 11:
				es[i].text = e.text[:3] + " " + e.text[3:7] + " " + e.text[7:]
			case otherHalf && phone(e.typ) && len(e.text) == 11:
				es[i].text = e.text[:7] + "****"
			case s.opts.is(VariantA2ChineseDates) && e.typ == "date":
				if d, err := time.Parse("2006-01-02", e.text); err == nil {
					es[i].text = d.Format("2006年01月02日")
				}
			}
		}
	}
	i := 0
	for _, g := range r.groups {
		if g.pageBreak {
			continue
		}
		es := groups[i]
		i++
		if s.opts.Layout == LayoutMockLike {
			mockLikeSection(&b, g, es)
			continue
		}
		switch {
		case s.opts.is(VariantB4MarkdownHTMLTable):
			htmlSection(&b, g, i, es)
		case s.opts.is(VariantB5FieldHeadings):
			b5FieldSection(&b, g, i, es)
		case s.opts.is(VariantB6MarkdownBoldPairs):
			b6BoldSection(&b, g, i, es)
		case s.opts.is(VariantB4MarkdownEscapes):
			foreignSection(&b, g, i, escapeEntries(es))
		case s.opts.is(VariantA3MarkdownCodeSpans):
			foreignSection(&b, g, i, codeSpans(es))
		default:
			foreignSection(&b, g, i, es)
		}
	}
	if st := s.currentStatus(r); st != "" && s.opts.is(VariantA3MarkdownStatusTable) {
		fmt.Fprintf(&b, "\n## %s\n\n| 字段 | 内容 |\n| --- | --- |\n| 当前状态 | %s |\n", variantA3StatusSectionHeading, cell(st))
	}
	if s.opts.is(VariantB1MarkdownCRLF) {
		return strings.ReplaceAll(b.String(), "\n", "\r\n")
	}
	if s.opts.is(VariantA1MarkdownCR) {
		return strings.ReplaceAll(b.String(), "\n", "\r")
	}
	return b.String()
}

// foreignSection is a "## " heading (the group's title, or 第 n 部分) and
// a two-column table.
func foreignSection(b *strings.Builder, g group, n int, es []entry) {
	head := g.title
	if !g.show || head == "" {
		head = fmt.Sprintf("第 %d 部分", n)
	}
	fmt.Fprintf(b, "\n## %s\n\n| 字段 | 内容 |\n| --- | --- |\n", head)
	for _, e := range es {
		fmt.Fprintf(b, "| %s | %s |\n", cell(e.title), cell(e.text))
	}
}

func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", "<br>")
}

func mockLikeSection(b *strings.Builder, g group, es []entry) {
	if g.show && g.title != "" {
		fmt.Fprintf(b, "\n## %s\n", g.title)
	}
	b.WriteString("\n")
	for _, e := range es {
		fmt.Fprintf(b, "- %s: %s\n", escapeMD(e.title), strings.ReplaceAll(escapeMD(e.text), "\n", "\n  "))
	}
}

func escapeMD(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]()#+-.!|<>", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsonLDReveal says which masked values json-ld shows in clear: none,
// unless a bug.
func (s *Server) jsonLDReveal(leak bool) func(field) bool {
	return func(f field) bool {
		return leak || s.opts.has(BugB1JSONLDLeaksMasked) || s.opts.has(BugB5JSONLDCustomerNameClear) && f.typ == "customer_name"
	}
}

// listItems are the ListItem entries of one group's fields (a bug writes
// an item list per group).
func listItems(es []entry) []any {
	out := make([]any, 0, len(es))
	for i, e := range es {
		out = append(out, o("@type", "ListItem", "position", i+1, "name", e.title,
			"item", o("@type", "PropertyValue", "propertyID", e.typ, "value", e.text)))
	}
	return out
}
