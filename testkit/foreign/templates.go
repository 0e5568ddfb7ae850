package foreign

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// item is one entry of a cursor-paged list.
type item struct {
	id      int64
	created int64
	json    obj
}

// window is a creation-time filter, both bounds inclusive.
type window struct {
	start, end     int64
	hasStart, hasE bool
}

func (w window) holds(t int64) bool {
	return (!w.hasStart || t >= w.start) && (!w.hasE || t <= w.end)
}

func (w window) reversed() bool { return w.hasStart && w.hasE && w.end < w.start }

func (s *Server) listTemplates(k *apiKey, p params) (any, *apiError) {
	if org, ok := tokenOrg(p); ok && s.opts.has(BugA1TokenOtherOrg) {
		k = &apiKey{org: org}
	}
	var items []item
	_, windowed := p["start_time"]
	_, windowedEnd := p["end_time"]
	allOrgs := s.opts.has(BugB2TemplatesWindowOtherOrgs) && (windowed || windowedEnd)
	if tok, _ := p["page_token"].(string); tok != "" && s.opts.has(BugB3TemplatesLaterAllOrgs) {
		allOrgs = true
	}
	for _, t := range s.data.templates {
		if t.org == k.org || allOrgs {
			it := o("tpl_id", t.id, "name", t.name, "coding", t.coding)
			if s.opts.is(VariantB3ListItemsExtra) {
				it = append(it, member{"created_at", t.created})
			}
			items = append(items, item{t.id, t.created, s.created(it, t.created)})
		}
	}
	if len(items) <= 1 && s.opts.has(BugA4SingleTemplateNoFilter) {
		delete(p, "start_time")
		delete(p, "end_time")
	}
	page, err := s.b8CachedWindow(k, p, func() (any, *apiError) {
		return s.cursorPage(p, "list|"+itoa(k.org), items, s.opts.has(BugTemplatesIgnoreEndTime), false)
	})
	if b, ok := page.(obj); ok && s.opts.has(BugB6TemplatesEmptyNoMessage) {
		if l, _ := b.get("list").([]any); len(l) == 0 {
			return b6Answer{data: page, noMessage: true}, err
		}
	}
	if b, ok := page.(obj); ok && s.opts.has(BugB1TemplatesTotalAllOrgs) && !allOrgs {
		for i := range b {
			if b[i].key == "total" {
				b[i].val = b[i].val.(int64) + int64(len(s.data.templates)-len(items))
			}
		}
	}
	return s.b11TemplatesAnswer(page), err
}

func (s *Server) listQrcodes(k *apiKey, p params) (any, *apiError) {
	if l, isList := p["template"].([]any); isList && len(l) > 0 && s.opts.has(BugB5QrcodesTemplateArray) {
		p["template"] = l[0]
	}
	if page, err, served := s.b10AllSubcodes(k, p); served {
		return page, err
	}
	ref, _, err := p.str("template")
	if err != nil {
		return nil, err
	}
	ref = s.b6URL(ref)
	if strings.TrimSpace(ref) == "" {
		if s.opts.has(BugB1QrcodesMissing404) {
			return nil, &apiError{code: 404, message: "模板不存在", detail: "no template \"\""}
		}
		return nil, s.b11MissingTemplate(paramError("template", "template is required"))
	}
	if e := s.b9Coding(ref); e != nil {
		return nil, e
	}
	ref, served, aerr := s.a4Template(k, ref)
	if aerr != nil || served != nil {
		return served, aerr
	}
	if k.write && s.opts.has(BugA3WriteKeyQrcodesNoWindow) {
		delete(p, "start_time")
		delete(p, "end_time")
	}
	tpl := s.b10TokenTemplate(p)
	viaURL := false
	_, windowed := p["start_time"]
	_, windowedEnd := p["end_time"]
	anyOrg := s.opts.has(BugA1QrcodesWindowOtherOrg) && (windowed || windowedEnd) || s.opts.has(BugA3LimitedQrcodesAnyOrg) && k.forms != nil
	hostCoding, viaHost := strings.CutPrefix(ref, "https://"+s.data.org(k.org).host+"/tpl/")
	for _, t := range s.data.templates {
		if viaHost && t.coding == hostCoding && s.opts.has(BugB4QrcodesURLHostTrusted) {
			tpl = t
			break
		}
		byURL := sameURL(s.data.templateURL(t), ref) && !s.opts.has(BugQrcodesRefuseURL)
		if tpl == nil && t.org == k.org && s.opts.has(BugB3TemplatePrefix) && strings.HasPrefix(t.coding, ref) {
			tpl = t
			continue
		}
		caseless := s.opts.has(BugB6TemplateCodingCaseless) && strings.EqualFold(t.coding, ref)
		if (t.org == k.org || anyOrg) && (t.coding == ref || byURL || caseless) || s.opts.has(BugB1QrcodesURLCrossesOrgs) && byURL {
			tpl = t
			viaURL = byURL
			if byURL && s.opts.has(BugA1QrcodesURLDropsWindow) {
				delete(p, "start_time")
				delete(p, "end_time")
			}
		}
	}
	if e := s.b12ByURLToken(p, viaURL, ref); tpl != nil && e != nil {
		return nil, e
	}
	if tpl == nil && s.opts.has(BugB5QrcodesOtherOrg403) && s.b5OtherOrgTemplate(k, ref) {
		return nil, &apiError{code: 403, message: "无权访问该模板", detail: "the template " + quote(ref) + " belongs to another organization"}
	}
	if tpl == nil && strings.HasPrefix(ref, "https://") && s.opts.has(BugB8UnknownTemplateURL400) {
		return nil, paramError("template", "template is not the URL of a template")
	}
	if tpl == nil {
		if s.opts.has(BugQrcodesUnknownEmpty) {
			return o("list", []any{}, "next_page_token", nil, "total", 0), nil
		}
		page, e, served := s.b12UnknownTemplate(p, &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref),
			b7NoMessage: strings.HasPrefix(ref, "https://") && s.opts.has(BugB7UnknownTemplateURLNoMessage)})
		if served {
			return page, nil
		}
		return nil, e
	}
	if len(tpl.subs) <= a4SmallTemplate && s.opts.has(BugA4SmallTemplateNoFilter) {
		delete(p, "start_time")
		delete(p, "end_time")
	}
	if len(tpl.subs) == 0 && s.opts.has(BugB3EmptyTemplate404) {
		return nil, &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref)}
	}
	var items []item
	for _, c := range tpl.subs {
		var id any = c.id
		if s.opts.has(BugB3SubcodeIDString) {
			id = itoa(c.id)
		}
		it := o("name", c.name, "id", id, "coding", c.coding)
		if s.opts.is(VariantB3ListItemsExtra) {
			it = append(it, member{"created_at", c.created})
		}
		created := c.created
		if s.opts.has(BugB3WindowOnTemplateTime) {
			created = tpl.created
		}
		items = append(items, item{c.id, created, s.created(it, c.created)})
	}
	if _, isStr := p["page_token"].(string); !isStr && s.opts.has(BugB3TokenNotStringIgnored) {
		delete(p, "page_token")
	}
	scope := "qrcodes|" + tpl.coding
	if s.opts.is(VariantA2TokenAsWritten) {
		scope = "qrcodes|" + ref
	}
	if viaURL && s.opts.has(BugB8ByURLTokenDropped) {
		delete(p, "page_token")
	}
	page, err := s.cursorPage(p, scope, items, false, s.opts.has(BugStartTimeIgnored))
	if err != nil {
		return page, err
	}
	if viaURL && s.opts.has(BugB8QrcodesByURLChildLinks) {
		page = b8ChildLinks(page, s.data.templateURL(tpl))
	}
	if b, ok := page.(obj); ok && viaURL && s.opts.has(BugB7ByURLTotalOrgWide) {
		var all int64
		for _, t := range s.data.templates {
			if t.org == tpl.org {
				all += int64(len(t.subs))
			}
		}
		page = b.set("total", all)
	}
	return s.b11QrcodesAnswer(p, s.b12QrcodesPage(p, s.b9QrcodesAnswer(s.b6QrcodesAnswer(p, s.b10QrcodesPage(k, p, viaURL, page))))), nil
}

// created adds an item's creation time to it (a variant).
func (s *Server) created(item obj, at int64) obj {
	if !s.opts.is(VariantA2TemplateCreated) {
		return item
	}
	return append(item, member{"created_at", at}, member{"created_at_iso", s.iso(at)})
}

func quote(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return strconv.Quote(s)
}

// cursorPage filters, orders and pages items as §4.4 says.
func (s *Server) cursorPage(p params, scope string, items []item, ignoreEnd, ignoreStart bool) (any, *apiError) {
	templates, qrcodes := strings.HasPrefix(scope, "list|"), strings.HasPrefix(scope, "qrcodes|")
	if n, ok, _ := p.int("page_size"); ok && n == 0 && templates && s.opts.has(BugB2TemplatesPageSizeZero) {
		delete(p, "page_size")
	}
	if n, isNum := p["page_size"].(json.Number); qrcodes && isNum && s.opts.has(BugA1QrcodesFractionalSize) {
		if f, ferr := n.Float64(); ferr == nil {
			p["page_size"] = json.Number(strconv.FormatInt(int64(f), 10))
		}
	}
	_, sized := p["page_size"]
	if !sized && s.opts.has(BugA3TokenNeedsPageSize) {
		delete(p, "page_token")
	}
	if s.opts.has(BugA3FractionRefused) {
		for _, name := range []string{"start_time", "end_time"} {
			if v, _ := p[name].(string); fractional(v) {
				return nil, paramError(name, name+" must be a time such as 2026-01-02T03:04:05+08:00")
			}
		}
	}
	if n, ok, _ := p.int("page_size"); qrcodes && ok && n == tplMaxSize && s.opts.has(BugB7CursorMaxRefused) {
		return nil, paramError("page_size", "page_size must be less than "+itoa(tplMaxSize))
	}
	size, err := s.pageSize(p, tplDefaultSize, tplMaxSize)
	if err != nil {
		err.b8FormShape = templates && s.opts.has(BugB8TemplatesPagingFormShape)
		return nil, err
	}
	if qrcodes && !sized && s.opts.has(BugA2QrcodesDefaultUnlimited) {
		size = 1 << 30
	}
	step := size
	if templates && !sized && s.opts.has(BugA2TemplatesDefaultToken) {
		step = 10
	}
	if qrcodes && s.opts.has(BugB2QrcodesCap30) {
		size = min(size, 30)
	}
	tb := timeBugs{dropOffset: s.opts.has(BugB1TimeOffsetDropped), invertSign: qrcodes && s.opts.has(BugB2OffsetSignInverted),
		localUTC: qrcodes && s.opts.has(BugA1QrcodesLocalTimeUTC), dateEOD: templates && s.opts.has(BugA1TemplatesDateStartEOD),
		zLocal: qrcodes && s.opts.has(BugA1QrcodesZAsLocal), minutesDropped: templates && s.opts.has(BugB3OffsetMinutesDropped),
		basic: s.opts.is(VariantB3ISOBasicFormat), dateMidnight: s.opts.is(VariantA2DateAsMidnight),
		fractionFloor: s.opts.has(BugB4FractionTruncatedStart), endPanics: s.opts.has(BugB4BadEndTime500),
		westRefused: s.opts.has(BugB5NegativeOffsetRefused), spaceOffset: s.opts.is(VariantB5TimeSpaceOffset),
		endLocalUTC: templates && s.opts.has(BugB6TemplatesLocalEndUTC), lowercase: s.opts.is(VariantB6LowercaseRFC3339),
		rfc3339Only: s.opts.is(VariantA4RFC3339Only), endCeil: qrcodes && s.opts.has(BugB7FractionalEndRoundsUp)}
	if e := firstErr(s.b10TimeRefused(p), s.b12TimeRefused(p)); e != nil {
		return nil, e
	}
	w, err := readWindow(p, tb)
	if err != nil && templates && s.opts.has(BugB2BadTimeIgnored) {
		delete(p, "start_time")
		w, err = readWindow(p, tb)
	}
	if err != nil {
		return nil, err
	}
	w = s.b12Window(p, templates, s.b11Window(p, templates, qrcodes, s.b10Window(p, s.b9Window(p, w))))
	if qrcodes && s.opts.has(BugB8WindowEndTakesStartOffset) {
		w = b8EndInStartOffset(p, w)
	}
	if qrcodes && s.opts.has(BugB2QrcodesBoundsSwapped) {
		w.start, w.hasStart, w.end, w.hasE = w.end, w.hasE, w.start, w.hasStart
	}
	w = s.a4Window(w)
	if w.reversed() && s.opts.ReversedWindow == ReversedRefuse {
		return nil, paramError("end_time", "end_time must not be before start_time")
	}
	filter := s.a5Filter(scope+"|"+w.key(), size)
	if s.opts.is(VariantB8TokenBoundToSize) {
		filter += "|" + itoa(size)
	}
	if e := s.a4TokenWindow(p, scope, filter); e != nil {
		return nil, e
	}
	rawOffset, numeric := int64(0), false
	if templates && s.opts.has(BugB7NumericTokenAsOffset) {
		rawOffset, numeric = b7NumericToken(p)
	}
	offset, err := s.readToken(p, filter)
	err = s.b12TokenError(templates, s.b10TokenError(qrcodes, err))
	if numeric {
		offset = rawOffset
	}
	if err != nil && templates && s.opts.has(BugB6TemplatesBadToken410) {
		err.code = 410
	}
	if err != nil {
		return nil, err
	}
	offset = s.b10Offset(offset, size)
	if qrcodes && offset > 0 && s.opts.has(BugB5QrcodesKeysetInclusive) {
		offset--
	}
	served := w
	if templates && offset > 0 && s.opts.has(BugB7LaterPagesDropOffset) {
		if again, aerr := readWindow(p, timeBugs{dropOffset: true}); aerr == nil {
			served = again
		}
	}
	served.hasE = served.hasE && !ignoreEnd
	served.hasStart = served.hasStart && !ignoreStart
	served = s.a5Served(templates, qrcodes, offset, served)
	if s.opts.has(BugB1TemplatesStartExcl) && templates {
		served.start++
	}
	if s.opts.has(BugB1QrcodesEndExcl) && qrcodes {
		served.end--
	}
	if e, _ := p["end_time"].(string); qrcodes && offset > 0 && served.hasE && b6IsDate(e) && s.opts.has(BugB6QrcodesEndDateLater) {
		served.end -= 86399
	}
	equal := templates && w.hasStart && w.hasE && w.start == w.end && s.opts.has(BugB6TemplatesEqualBounds)
	holds := served.holds
	if qrcodes && s.opts.has(BugB3TimeStringCompare) {
		holds = textWindow(p)
	}
	var hits []item
	for _, it := range items {
		if holds(it.created) && !w.reversed() && !equal {
			hits = append(hits, it)
		}
	}
	s.orderItems(hits)
	if templates && s.opts.has(BugA1CursorTiesSkipped) {
		for offset > 0 && offset < int64(len(hits)) && hits[offset].created == hits[offset-1].created {
			offset++
		}
	}
	if cut := s.a5TieCut(hits, offset, size); cut != size {
		size, step = cut, cut
	}
	shown := hits
	if s.opts.has(BugB1QrcodesLaterPagesAll) && qrcodes && offset > 0 {
		shown = append([]item(nil), items...)
		s.orderItems(shown)
	}
	total := s.b11Total(templates, hits, int64(len(hits)))
	if (w.hasStart || w.hasE) && s.opts.has(BugB5CursorCountLimited) {
		total = min(total, size)
	}
	if s.opts.has(BugTemplatesTotalIgnoresTime) && strings.HasPrefix(scope, "list|") {
		total = int64(len(items))
	}
	if s.opts.has(BugB7TotalCappedByPageSize) {
		total = min(total, 10*size)
	}
	if e, _ := p["end_time"].(string); templates && w.hasE && len(e) == len("2006-01-02") && s.opts.has(BugA3DateEndTotalMidnight) {
		total = a3DateEndTotal(hits, w)
	}
	list := []any{}
	for i := offset; i < int64(len(shown)) && i < offset+size; i++ {
		list = append(list, shown[i].json)
	}
	if qrcodes && s.opts.has(BugB4QrcodesFilterAfterPage) {
		return s.b4FilterAfterPage(items, holds, offset, size, total, filter), nil
	}
	var next any
	end := offset + size
	more := int64(len(hits))
	if templates && (w.hasStart || w.hasE) && s.opts.has(BugB7WindowHasMoreUnfiltered) {
		more = int64(len(items))
	}
	switch {
	case end < more && s.opts.has(BugB7WindowHasMoreUnfiltered):
		next = s.token(end, filter)
	case int64(len(hits))-end == 1 && s.opts.has(BugA3TokenDroppedOneLeft):
		// the has-more test is off by one: no token
	case end < int64(len(hits)) && s.opts.has(BugB1TokenSkipsOne):
		next = s.token(end+1, filter)
	case end < int64(len(hits)) && s.opts.has(BugB3TokenDefaultStride):
		next = s.token(offset+tplDefaultSize, filter)
	case end < int64(len(hits)), s.opts.has(BugB1TokenOnExactLastPage) && end == int64(len(hits)) && len(list) > 0:
		next = s.token(s.a4Next(p, offset, step), filter)
	case s.opts.has(BugLastTokenNotNull):
		next = ""
	}
	if s.opts.has(BugTotalOfRemaining) {
		total -= offset
	}
	if s.opts.has(BugB2QrcodesTotalLaterPages) && qrcodes && offset > 0 {
		total = int64(len(items))
	}
	if s.opts.has(BugB2EmptyListToken) && len(hits) == 0 {
		next = s.token(0, filter)
	}
	if s.opts.is(VariantB5PagingExtraMembers) {
		return o("list", list, "next_page_token", next, "total", total, "has_more", next != nil), nil
	}
	return s.b10Cursor(templates, filter, offset, size, w, o("list", list, "next_page_token", next, "total", total)), nil
}

func (s *Server) orderItems(items []item) {
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if less := s.b12ItemsLess(); less != nil {
			return less(a, b)
		}
		if s.opts.is(VariantB5ItemsByDayThenName) {
			return b5DayThenName(a, b)
		}
		if s.opts.is(VariantB4ItemsByName) {
			na, _ := a.json.get("name").(string)
			nb, _ := b.json.get("name").(string)
			if na != nb {
				return na < nb
			}
			return a.id < b.id
		}
		if s.opts.is(VariantB1FormsByName) {
			return a.id > b.id
		}
		if s.opts.is(VariantB7ListsByCodeDesc) {
			return b7ItemsLess(a, b)
		}
		if s.opts.Order == OrderNewestFirst {
			a, b = b, a
		}
		if a.created != b.created {
			return a.created < b.created
		}
		return a.id < b.id
	})
}

// timeBugs are the ways a bug misreads a time's offset: dropped (the wall
// clock read as UTC+08:00) or applied with the wrong sign.
type timeBugs struct {
	dropOffset, invertSign bool
	// localUTC reads a time without zone as UTC, dateEOD a date alone as
	// the end of its day also as a lower bound, zLocal a trailing Z as
	// UTC+08:00, minutesDropped an offset's hours only.
	localUTC, dateEOD, zLocal, minutesDropped bool
	// basic also reads ISO 8601 basic format and times without seconds
	// (a correct variant, not a bug).
	basic bool
	// dateMidnight reads a date alone as its first instant also as an
	// upper bound (a variant).
	dateMidnight bool
	// fractionFloor truncates a start's fractional seconds; endPanics
	// answers a 500 for an end_time that does not parse (bugs).
	fractionFloor, endPanics bool
	// westRefused refuses an offset west of UTC (a bug); spaceOffset also
	// reads a space before an offset (a variant).
	westRefused, spaceOffset bool
	// endLocalUTC reads an end_time without zone as UTC (a bug);
	// lowercase also reads RFC 3339's lowercase t and z (a variant).
	endLocalUTC, lowercase bool
	// rfc3339Only refuses every form but RFC 3339 (a variant).
	rfc3339Only bool
	// endCeil rounds a fractional end_time up (a bug).
	endCeil bool
}

// readWindow reads start_time and end_time; "" counts as absent.
func readWindow(p params, tb timeBugs) (window, *apiError) {
	var w window
	var err *apiError
	if w.start, w.hasStart, err = readTime(p, "start_time", false, tb); err != nil {
		return w, err
	}
	w.end, w.hasE, err = readTime(p, "end_time", true, tb)
	if err != nil && tb.endPanics {
		err = &apiError{code: 500, errorCode: 100300, message: "System error", detail: "runtime error: invalid memory address or nil pointer dereference"}
	}
	return w, err
}

func (w window) key() string {
	k := func(has bool, t int64) string {
		if !has {
			return "-"
		}
		return itoa(t)
	}
	return k(w.hasStart, w.start) + "|" + k(w.hasE, w.end)
}

// The ISO 8601 forms the service reads; times without a zone are UTC+08:00.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05"}

func readTime(p params, name string, upper bool, tb timeBugs) (int64, bool, *apiError) {
	v, ok, err := p.str(name)
	if err != nil || !ok || v == "" {
		return 0, false, err
	}
	if tb.lowercase && len(v) > 10 && v[10] == 't' {
		v = v[:10] + "T" + v[11:]
	}
	if tb.lowercase && strings.HasSuffix(v, "z") {
		v = strings.TrimSuffix(v, "z") + "Z"
	}
	if _, perr := time.Parse(time.RFC3339Nano, v); perr != nil && tb.rfc3339Only {
		return 0, false, paramError(name, name+" must be an RFC 3339 time such as 2026-01-02T03:04:05+08:00")
	}
	if tb.westRefused && b5WestOfUTC(v) {
		return 0, false, paramError(name, name+" must be an ISO 8601 time such as 2026-01-02T03:04:05+08:00")
	}
	if tb.dropOffset && len(v) > 19 && (v[10] == 'T' || v[10] == ' ') {
		if t, perr := time.ParseInLocation("2006-01-02T15:04:05", v[:10]+"T"+v[11:19], zone); perr == nil {
			return t.Unix(), true, nil
		}
	}
	if tb.zLocal && strings.HasSuffix(v, "Z") {
		v = strings.TrimSuffix(v, "Z") + "+08:00"
	}
	if d, perr := time.ParseInLocation("2006-01-02", v, zone); perr == nil {
		if (upper || tb.dateEOD) && !tb.dateMidnight {
			return d.Unix() + 86399, true, nil
		}
		return d.Unix(), true, nil
	}
	layouts := timeLayouts
	if tb.basic {
		layouts = append(append([]string(nil), timeLayouts...), basicLayouts...)
	}
	if tb.spaceOffset {
		layouts = append(append([]string(nil), timeLayouts...), "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05.999999999Z07:00")
	}
	for _, layout := range layouts {
		loc := zone
		if tb.localUTC || tb.endLocalUTC && upper {
			loc = time.UTC
		}
		t, perr := time.ParseInLocation(layout, v, loc)
		if perr != nil {
			continue
		}
		// Unix and Nanosecond, not UnixNano, which overflows outside the
		// years 1678 to 2262 (the year 1 and 9999 are times a client writes).
		secs := float64(t.Unix()) + float64(t.Nanosecond())/1e9
		if _, off := t.Zone(); tb.invertSign && off != 0 && off != 8*3600 {
			secs += 2 * float64(off)
		}
		if _, off := t.Zone(); tb.minutesDropped {
			secs += float64(off % 3600)
		}
		if upper && tb.endCeil {
			return int64(math.Ceil(secs)), true, nil
		}
		if upper || tb.fractionFloor {
			return int64(math.Floor(secs)), true, nil
		}
		return int64(math.Ceil(secs)), true, nil
	}
	return 0, false, paramError(name, name+" must be an ISO 8601 time such as 2026-01-02T03:04:05+08:00")
}

// tokenKey signs page tokens; tokens are bound to their filter.
const tokenKey = "foreign-service page tokens v1"

func (s *Server) token(offset int64, filter string) string {
	if s.opts.is(VariantB1ServerTokens) || s.opts.is(VariantB3SingleUseTokens) {
		return s.handle(offset, filter)
	}
	payload := itoa(offset) + "|" + s.a6Filter(filter)
	mac := hmac.New(sha256.New, []byte(tokenKey))
	mac.Write([]byte(payload))
	enc := base64.RawURLEncoding
	if s.opts.is(VariantB4PaddedTokens) {
		enc = base64.URLEncoding
	}
	return s.a3Token(offset, enc.EncodeToString([]byte(payload))+"."+enc.EncodeToString(mac.Sum(nil)[:12]))
}

func (s *Server) readToken(p params, filter string) (int64, *apiError) {
	tok, ok, err := p.str("page_token")
	if err != nil || !ok || tok == "" {
		return 0, err
	}
	bad := paramError("page_token", "page_token is not a token of this list")
	if s.opts.is(VariantB1ServerTokens) || s.opts.is(VariantB3SingleUseTokens) {
		s.mu.Lock()
		h, known := s.handles[tok]
		if s.opts.is(VariantB3SingleUseTokens) {
			delete(s.handles, tok)
		}
		s.mu.Unlock()
		if !known || h.filter != filter {
			return 0, bad
		}
		return h.offset, nil
	}
	off, inner, handled, valid := s.a3ReadToken(tok)
	switch {
	case !valid:
		return 0, bad
	case handled:
		return off, nil
	}
	tok = inner
	body, _, found := strings.Cut(tok, ".")
	dec := base64.RawURLEncoding
	if s.opts.is(VariantB4PaddedTokens) {
		dec = base64.URLEncoding
	}
	raw, derr := dec.DecodeString(body)
	if !found || derr != nil {
		return 0, bad
	}
	offText, rest, _ := strings.Cut(string(raw), "|")
	n, perr := strconv.ParseInt(offText, 10, 64)
	if perr != nil || n < 0 || rest != s.a6Filter(filter) || !hmac.Equal([]byte(strings.TrimPrefix(s.token(n, filter), variantA3TokenPrefix)), []byte(tok)) {
		return 0, bad
	}
	return n, nil
}

// pageHandle is what a server-side page token stands for.
type pageHandle struct {
	offset int64
	filter string
}

// handle issues a random page token and remembers what it stands for.
func (s *Server) handle(offset int64, filter string) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	tok := hex.EncodeToString(b[:])
	s.mu.Lock()
	if s.handles == nil {
		s.handles = map[string]pageHandle{}
	}
	s.handles[tok] = pageHandle{offset, filter}
	s.mu.Unlock()
	return tok
}

// tokenOrg is the organization a templates/list page token was issued for
// (a bug reads it from there, not from the key).
func tokenOrg(p params) (int64, bool) {
	tok, _ := p["page_token"].(string)
	body, _, _ := strings.Cut(tok, ".")
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return 0, false
	}
	parts := strings.Split(string(raw), "|")
	if len(parts) < 3 || parts[1] != "list" {
		return 0, false
	}
	org, err := strconv.ParseInt(parts[2], 10, 64)
	return org, err == nil
}

// basicLayouts are the ISO 8601 forms a variant reads beside timeLayouts:
// basic format, offsets without a colon, times without seconds.
var basicLayouts = []string{"20060102T150405Z0700", "20060102T150405", "2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04Z07:00", "2006-01-02T15:04Z0700", "2006-01-02T15:04", "2006-01-02 15:04"}

// textWindow compares creation times as text, as a bug does: each item's
// time written "YYYY-MM-DD HH:MM:SS" in UTC+08:00 against start_time and
// end_time as sent.
func textWindow(p params) func(int64) bool {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	return func(t int64) bool {
		at := time.Unix(t, 0).In(zone).Format("2006-01-02 15:04:05")
		return (start == "" || at >= start) && (end == "" || at <= end)
	}
}
