package foreign

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// Limits of §8.
const (
	formDefaultSize = 10
	formMaxSize     = 20
	tplDefaultSize  = 20
	tplMaxSize      = 100
)

// pageSize reads page_size with its default and maximum under the
// service's oversize policy.
func (s *Server) pageSize(p params, def, maxSize int64) (int64, *apiError) {
	n, ok, err := p.int("page_size")
	switch {
	case err != nil:
		return 0, err
	case !ok:
		return def, nil
	case n < 1:
		return 0, paramError("page_size", "page_size must be an integer >= 1")
	case n > maxSize && s.opts.Oversize == OversizeRefuse:
		return 0, paramError("page_size", "page_size must be at most "+itoa(maxSize))
	case n > maxSize:
		return maxSize, nil
	}
	return n, nil
}

func (s *Server) getFormList(k *apiKey, p params) (any, *apiError) {
	if len(p) == 0 && s.opts.has(BugA2BareListingCached) {
		k = &apiKey{org: OrgID}
	}
	if sk, _ := p["search_key"].(string); s.opts.has(BugA3SearchEmoji500) && astral(sk) {
		return nil, &apiError{code: 500, html: true}
	}
	if sk, _ := p["search_key"].(string); s.opts.has(BugA2SearchQuoteHTML) && strings.Contains(sk, "'") {
		return nil, &apiError{code: 500, html: true}
	}
	if s.opts.has(BugA1TwoFaultsHTML) && badPaging(p, "page") && badPaging(p, "page_size") {
		return nil, &apiError{code: 500, html: true}
	}
	s.b5FormParams(p)
	in, ierr := s.b9FormParams(p)
	if ierr != nil {
		return nil, ierr
	}
	if s.opts.has(BugB7SearchKeyArrayJoined) {
		b7SearchKey(p)
	}
	if n, ok, _ := p.int("page_size"); ok && n > formDefaultSize && !k.write && s.opts.has(BugB7ReadKeyLargePage403) {
		return nil, &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "this API key's plan allows at most 10 forms a page"}
	}
	if sk, _ := p["search_key"].(string); strings.TrimSpace(sk) != "" && !k.write && s.opts.has(BugB6SearchNeedsScope) {
		return nil, &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "the search service needs a key with write scope"}
	}
	page, ok, err := p.int("page")
	if err != nil && s.opts.has(BugB2PageStringIgnored) {
		page, ok, err = 1, true, nil
	}
	if err != nil {
		return nil, err
	}
	if ok && page == 0 && s.opts.has(BugB4PageZeroAsFirst) {
		ok = false
	}
	pageGiven := ok
	fromEnd := ok && page < 0 && s.opts.has(BugB7NegativePageFromEnd)
	if !ok {
		page = 1
	} else if page < 1 && !fromEnd {
		return nil, paramError("page", "page must be an integer >= 1")
	}
	def, maxSize := int64(formDefaultSize), int64(formMaxSize)
	if s.opts.has(BugFormDefaultPageSize) || s.opts.has(BugA2WriteKeyFormDefault20) && k.write {
		def = 20
	}
	if s.opts.has(BugFormPageSizeUnbounded) || pageGiven && page > 1 && s.opts.has(BugB8LaterPageSizeUncapped) {
		maxSize = 1 << 30
	}
	if _, isStr := p["page_size"].(string); isStr && s.opts.has(BugB6FormStringSizeUnbounded) {
		maxSize = 1 << 30
	}
	if _, sized := p["page_size"]; pageGiven && !sized && s.opts.has(BugA3PageWithoutSize15) {
		def = 15
	}
	if sk, _ := p["search_key"].(string); strings.TrimSpace(sk) != "" && s.opts.has(BugA3SearchPagerUncapped) {
		maxSize = 1 << 30
	}
	if n, ok, _ := p.int("page_size"); s.opts.has(BugB1FormMaxRefused) && ok && n == maxSize {
		return nil, paramError("page_size", "page_size must be less than "+itoa(maxSize))
	}
	if n, ok, _ := p.int("page_size"); s.opts.has(BugA1FormPageSizeOne) && ok && n == 1 {
		return nil, paramError("page_size", "page_size must be an integer > 1")
	}
	if n, ok := s.a4FormSize(k, p, maxSize); ok {
		delete(p, "page_size")
		def, maxSize = n, 1<<30
	}
	asked, _, _ := p.int("page_size")
	negative := s.opts.has(BugA1FormNegativeSizeAll) && asked < 0
	if negative {
		delete(p, "page_size")
		def = 1 << 30
	}
	if s.opts.has(BugB2PerPageEchoesRequest) && asked > maxSize {
		delete(p, "page_size")
		def = maxSize
	}
	var offsetSize int64
	if s.opts.has(BugA3FormClampOffsetAsked) && asked > maxSize {
		delete(p, "page_size")
		def, offsetSize = maxSize, asked
	}
	s.b10FormSize(p)
	size, err := s.pageSize(p, def, maxSize)
	size = s.b12FormSize(size)
	if err != nil {
		if s.opts.has(BugB1PageSizeHTML) {
			err.html = true
		}
		return nil, err
	}
	key, _, err := p.str("search_key")
	if err != nil {
		err.b8Bare = s.opts.has(BugB8SearchKeyTypeErrorBare)
		return nil, err
	}
	number, _, err := p.str("number")
	if err != nil {
		return nil, err
	}
	number = s.b12Number(number)
	if pageGiven && s.opts.has(BugB5FormNumberIgnoredPage) {
		number = ""
	}
	if sk, sent := p["search_key"].(string); sent && sk == "" && s.opts.has(BugB6EmptySearchDropsNumber) {
		number = ""
	}
	forms := s.b9Forms(p, in, pageGiven, s.matchForms(k, strings.TrimSpace(key), number))
	if tk := strings.TrimSpace(key); tk != "" && number == "" && s.opts.has(BugB7SearchCacheAcrossOrgs) {
		forms = s.b7Searched(tk, func() []*form { return forms })
	}
	if s.opts.has(BugB6FormTieOrderPerPage) {
		b6TieOrder(forms, page)
	}
	if size == formMaxSize && s.opts.has(BugB5FormMaxSizeExport) {
		forms = s.b5ExportForms(strings.TrimSpace(key), number)
	}
	if s.opts.has(BugA2VerifyDuplicatesForm) {
		forms = s.joinVerifications(forms)
	}
	total := s.b11FormTotal(forms, s.b10FormTotal(k, key, number, s.a4SearchTotal(k, key, number, int64(len(forms)))))
	forms = s.b11LimitedForms(k, forms)
	if tk := strings.TrimSpace(key); tk != "" && s.opts.has(BugB8SearchTotalAllOrgs) {
		total += s.b8OtherOrgHits(k, tk, number)
	}
	if last := max((total+size-1)/size, 1); s.opts.is(VariantA2PastEndClamped) && page > last {
		page = last
	}
	start := (page - 1) * size
	if s.opts.has(BugB4FormOffsetDefaultSize) {
		start = (page - 1) * formDefaultSize
	}
	if strings.TrimSpace(key) != "" && s.opts.has(BugB7SearchPagesFromOne) {
		start = page * size
	}
	if fromEnd {
		start = max(int64(len(forms))+page*size, 0)
	}
	if tk := strings.TrimSpace(key); tk != "" && number != "" && s.opts.has(BugB7CountDropsNumber) {
		total = int64(len(s.matchForms(k, tk, "")))
	}
	if offsetSize > 0 {
		start = (page - 1) * offsetSize
	}
	if k := strings.ToLower(strings.TrimSpace(key)); k != "" && s.opts.has(BugB4FormCountQueryDrift) {
		total = 0
		for _, f := range forms {
			if strings.Contains(strings.ToLower(f.name), k) {
				total++
			}
		}
	}
	if s.opts.has(BugFormPagesOverlap) && page > 1 {
		start--
	}
	if s.opts.has(BugB1FilterFirstPageOnly) && page > 1 {
		forms = s.matchForms(k, "", "")
	}
	list := []any{}
	lastActiveISO := ""
	limit := size
	if size%2 == 1 && size > 1 && s.opts.has(BugB5FormOddSizeEvenLimit) {
		limit = size - 1
	}
	if strings.TrimSpace(key) != "" && start+size < int64(len(forms)) && s.opts.has(BugB7SearchPeekNotTrimmed) {
		limit = size + 1
	}
	var b10Prev *project
	for i := start; i < int64(len(forms)) && i < start+limit; i++ {
		f := s.b9Form(forms[i], s.b8Form(forms[i], s.formJSON(forms[i]), strings.TrimSpace(key), number), strings.TrimSpace(key))
		f = s.b12Form(forms[i], key, s.b11Form(forms[i], s.b10Form(forms[i], f, &b10Prev)))
		if page > 1 && s.opts.has(BugB8ReplicaPagesISOUTC) {
			f = b8ReplicaISO(forms[i], f)
		}
		if page > 1 && s.opts.has(BugB7LaterPagesNoProject) {
			f = f.set("project", nil)
		}
		if number != "" && s.opts.has(BugB7NumberLookupISOMinuteMonth) {
			f = f.set("updated_at_iso", b7MinuteMonth(forms[i].updated))
		}
		if strings.TrimSpace(key) != "" && s.opts.has(BugB6SearchISOHourUnpadded) {
			f = b6With(f, "created_at_iso", b6Unpadded(forms[i].created), false)
		}
		if strings.TrimSpace(key) != "" && s.opts.has(BugB5SearchIndexIDStrings) {
			f = f.set("id", itoa(forms[i].id))
		}
		if s.opts.has(BugB4ActiveISOCarriedOver) {
			if forms[i].active != 0 {
				lastActiveISO = s.iso(forms[i].active)
			} else if lastActiveISO != "" {
				f = f.set("active_at_iso", lastActiveISO)
			}
		}
		if k := strings.TrimSpace(key); s.opts.is(VariantA2SearchHighlight) && k != "" {
			f = append(f, member{"highlight", highlight(forms[i].name, k)})
		}
		list = append(list, f)
	}
	list = s.b9PastEnd(k, list, start, forms)
	if s.opts.has(BugA1PastEndTotalZero) && len(list) == 0 {
		total = 0
	}
	last := max((total+size-1)/size, 1)
	if s.opts.has(BugB3LastPageFloor) {
		last = max(total/size, 1)
	}
	if s.opts.is(VariantB3PastEndRefused) && total > 0 && page > last {
		return nil, paramError("page", "page must be at most last_page "+itoa(last))
	}
	var current any = page
	if s.opts.has(BugB3CurrentPageString) && !pageGiven {
		current = "1"
	}
	perPage := size
	if s.opts.has(BugB7PerPageIsCount) {
		perPage = int64(len(list))
	}
	if s.opts.has(BugB2PerPageEchoesRequest) && asked > maxSize || negative {
		perPage = asked
	}
	if asked, isStr := p["page"].(string); isStr && s.opts.has(BugA2CurrentPageString) {
		current = asked
	}
	pageInfo := o("current_page", current, "last_page", last, "per_page", perPage, "total", total)
	if s.opts.is(VariantB5PagingExtraMembers) {
		from, to := start+1, start+int64(len(list))
		if len(list) == 0 {
			from, to = 0, 0
		}
		pageInfo = append(pageInfo, member{"from", from}, member{"to", to})
		return o("version", "v1", "list", list, "page", pageInfo, "has_more", page < last), nil
	}
	return s.b12FormsMessage(s.b11FormsAnswer(key, s.b12FormsAnswer(key, s.b10FormsAnswer(o("version", "v1", "list", list, "page", pageInfo))))), nil
}

// matchForms are the forms the key sees that match the filters, in the
// service's order.
func (s *Server) matchForms(k *apiKey, key, number string) []*form {
	var out []*form
	if s.opts.has(BugB1SearchDropsNumber) && key != "" {
		number = ""
	}
	for _, f := range s.data.forms {
		leak := s.opts.has(BugOtherOrgSeesForms) || s.opts.has(BugB1SearchOtherOrg) && key != "" ||
			s.opts.has(BugB3BothFiltersDropOrg) && key != "" && number != "" ||
			s.opts.has(BugA1NumberOtherOrg) && number != "" && key == "" ||
			s.opts.has(BugA2LimitedKeyFormsAllOrgs) && k.forms != nil ||
			s.opts.has(BugB6SearchNumberGlobal) && key != "" && strings.EqualFold(f.number, key)
		if f.org != k.org && !leak {
			continue
		}
		if s.opts.is(VariantA4LimitedReadScope) && k.forms != nil && !slices.Contains(k.forms, f.id) ||
			s.opts.is(VariantA4SystemFormsHidden) && f.typ > 2 {
			continue
		}
		byNumber, byKey := s.b11NumberMatches(f, key, number, s.numberMatches(f, number)), s.searchMatches(f, key)
		if s.opts.has(BugFiltersOr) && number != "" && key != "" {
			if byNumber || byKey {
				out = append(out, f)
			}
			continue
		}
		if byNumber && byKey {
			out = append(out, f)
		}
	}
	s.orderForms(out, key)
	return out
}

func (s *Server) numberMatches(f *form, number string) bool {
	if s.opts.has(BugB3NumberTrimmed) {
		number = strings.TrimSpace(number)
	}
	if s.opts.has(BugB4NumberWidthFolded) {
		number = b4FoldWidth(number)
	}
	number, byProject := s.a4NumberMatches(f, number)
	if byProject {
		return true
	}
	switch {
	case number == "":
		return true
	case s.opts.has(BugNumberPrefix):
		return strings.HasPrefix(f.number, number)
	case s.opts.has(BugNumberCaseless):
		return strings.EqualFold(f.number, number)
	case s.opts.has(BugA1NumberLikeWildcards):
		return likeMatches(f.number, number)
	case s.opts.has(BugA3NumberSeparatorsIgnored):
		return stripSeparators(f.number) == stripSeparators(number)
	}
	return f.number == number
}

func (s *Server) searchMatches(f *form, key string) bool {
	if key == "" {
		return true
	}
	hay := strings.ToLower(f.name + "\x00" + f.note + "\x00" + f.number)
	if s.opts.has(BugB2SearchIgnoresNumberField) {
		hay = strings.ToLower(f.name + "\x00" + f.note)
	}
	if s.opts.is(VariantA15Subsequence) {
		for _, w := range strings.Fields(strings.ToLower(key)) {
			if !a15Subsequence(hay, w) {
				return false
			}
		}
		return true
	}
	if s.opts.Search == SearchSubstring {
		return strings.Contains(hay, strings.ToLower(key))
	}
	for _, w := range strings.Fields(strings.ToLower(key)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

func (s *Server) orderForms(forms []*form, key string) {
	less := func(a, b *form) bool { return a.id < b.id }
	switch {
	case s.b12FormsLess() != nil:
		less = s.b12FormsLess()
	case s.b10FormsLess() != nil:
		less = s.b10FormsLess()
	case s.b9FormsLess() != nil:
		less = s.b9FormsLess()
	case s.b7FormsLess() != nil:
		less = s.b7FormsLess()
	case s.opts.is(VariantB8FormsByProject):
		less = func(a, b *form) bool {
			pa, pb := int64(math.MaxInt64), int64(math.MaxInt64)
			if a.project != nil {
				pa = a.project.id
			}
			if b.project != nil {
				pb = b.project.id
			}
			if pa != pb {
				return pa < pb
			}
			return a.id < b.id
		}
	case s.opts.is(VariantB1FormsByName):
		less = func(a, b *form) bool {
			if a.name != b.name {
				return a.name < b.name
			}
			return a.id < b.id
		}
	case s.opts.is(VariantB5FormsByCreatedDesc):
		less = func(a, b *form) bool {
			if a.created != b.created {
				return a.created > b.created
			}
			return a.id > b.id
		}
	case s.opts.is(VariantB4FormsByNumber):
		less = func(a, b *form) bool {
			if a.number != b.number {
				return a.number < b.number
			}
			return a.id < b.id
		}
	case s.opts.Order == OrderNewestFirst:
		less = func(a, b *form) bool {
			if a.updated != b.updated {
				return a.updated > b.updated
			}
			return a.id > b.id
		}
	}
	rank := func(f *form) int { return 0 }
	if s.opts.Search == SearchWords && key != "" {
		k := strings.ToLower(key)
		rank = func(f *form) int {
			if strings.Contains(strings.ToLower(f.name), k) {
				return 0
			}
			return 1
		}
	}
	sort.SliceStable(forms, func(i, j int) bool {
		if ri, rj := rank(forms[i]), rank(forms[j]); ri != rj {
			return ri < rj
		}
		return less(forms[i], forms[j])
	})
}

var formTypeTexts = map[int]string{0: "普通表单", 1: "普通表单", 2: "普通表单", 3: "保密承诺书",
	7: "码状态变更表单", 12: "身份组申请表单", 13: "子码编辑表单", 21: "码留言表单", 22: "码协作表单"}

func (s *Server) formJSON(f *form) obj {
	var proj any
	if f.project != nil {
		proj = o("id", f.project.id, "name", f.project.name, "number", f.project.number)
	} else if s.opts.has(BugB1ProjectEmptyArray) {
		proj = []any{}
	} else if s.opts.has(BugA3FormProjectZero) {
		proj = o("id", 0, "name", "", "number", "")
	}
	activeISO := s.iso(f.active)
	if f.active == 0 && s.opts.has(BugB1ActiveZeroEpoch) {
		activeISO = time.Unix(0, 0).In(zone).Format("2006-01-02 15:04:05") + "(UTC+08:00)"
	}
	active := f.active
	if t := s.lastVerify(f); t != 0 && s.opts.has(BugA2VerifyActiveISOStale) {
		active = t
	}
	if t := s.a5Activity(f); t != 0 {
		active, activeISO = t, s.iso(t)
	}
	updatedISO := s.iso(f.updated)
	if s.opts.has(BugB3UpdatedISOFromCreated) {
		updatedISO = s.iso(f.created)
	}
	var note any = f.note
	if f.note == "" && s.opts.has(BugB4FormNoteNull) {
		note = nil
	}
	createdISO := s.iso(f.created)
	if s.opts.has(BugB4CreatedISODayMonth) {
		createdISO = b4DayMonth(f.created)
	}
	var typeText any = formTypeTexts[f.typ]
	if f.typ >= 10 && s.opts.has(BugB6FormTypeTextHighNull) {
		typeText = nil
	}
	updated := f.updated
	if f.project != nil && s.opts.has(BugB6ProjectUpdatedAtMillis) {
		updated *= 1000
	}
	out := o("id", f.id, "name", f.name, "type", f.typ, "type_text", typeText, "number", f.number,
		"note", note, "created_at", f.created, "created_at_iso", createdISO,
		"updated_at", updated, "updated_at_iso", updatedISO,
		"active_at", active, "active_at_iso", activeISO, "project", proj)
	if s.opts.is(VariantB3ListItemsExtra) {
		out = append(out, member{"icon_url", "https://cdn.foreign.example/icon/form-" + itoa(f.id) + ".png"})
	}
	return out
}

// highlight is a form name with the search key marked (a variant).
func highlight(name, key string) string {
	i := strings.Index(strings.ToLower(name), strings.ToLower(key))
	if i < 0 {
		return name
	}
	return name[:i] + "【" + name[i:i+len(key)] + "】" + name[i+len(key):]
}

// joinVerifications lists each form once more per verify made on its
// credentials since the last reset, as a join with the verification log
// does (a bug).
func (s *Server) joinVerifications(forms []*form) []*form {
	var out []*form
	for _, f := range forms {
		out = append(out, f)
		for range s.verifications(f) {
			out = append(out, f)
		}
	}
	return out
}

// verifications are the times of the verifies made on a form's
// credentials since the last reset.
func (s *Server) verifications(f *form) []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for _, r := range s.data.records {
		if st := s.certs[r.id]; st != nil && r.form == f {
			out = append(out, st.verifiedAt...)
		}
	}
	return out
}

// lastVerify is the time of the latest verify on a form's credentials (0:
// none since the last reset).
func (s *Server) lastVerify(f *form) int64 {
	var last int64
	for _, t := range s.verifications(f) {
		last = max(last, t)
	}
	return last
}

// badPaging says whether page or page_size is sent and not an integer >= 1.
func badPaging(p params, name string) bool {
	n, ok, err := p.int(name)
	return err != nil || ok && n < 1
}

// likeMatches is SQL LIKE without escaping (a bug): _ matches any one
// character, % any run of characters.
func likeMatches(s, pattern string) bool {
	var re strings.Builder
	re.WriteString("^")
	for _, r := range pattern {
		switch r {
		case '_':
			re.WriteString(".")
		case '%':
			re.WriteString(".*")
		default:
			re.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	re.WriteString("$")
	ok, _ := regexp.MatchString(re.String(), s)
	return ok
}
