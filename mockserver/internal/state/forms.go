package state

import (
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/scenario"
)

// FormEntry is a form as getFormList lists it: the form, where the
// encoder keeps its rendered item, and its searchable texts lower-cased
// once.
type FormEntry struct {
	Form  *answer.Form
	Item  Cell
	lower [3]string // name, note, number
}

func (st *State) indexForms(forms []*scenario.Form) {
	for _, f := range forms {
		if f.Org == nil {
			continue
		}
		e := &FormEntry{Form: formOf(f),
			lower: [3]string{strings.ToLower(f.Name), strings.ToLower(f.Note), strings.ToLower(f.Number)}}
		o := st.org(f.Org.ID)
		o.forms = append(o.forms, e)
	}
	byID := !st.sc.Service.FormsInFile()
	for _, o := range st.orgs {
		if byID { // else in file order: a recorded service's own
			sort.SliceStable(o.forms, func(i, j int) bool { return o.forms[i].Form.ID < o.forms[j].Form.ID })
		}
		for _, e := range o.forms {
			o.byNumber[e.Form.Number] = append(o.byNumber[e.Form.Number], e)
		}
	}
}

// FormQuery is a validated getFormList request: Page >= 1, PageSize in
// 1..20 (already clamped), Search "" and Number nil when absent.
type FormQuery struct {
	Page     int64
	PageSize int64
	Search   string
	Number   *string
}

// FormList answers getFormList. Without search_key the page is cut
// straight out of the sorted slice; with it the org's forms are scanned
// once, keeping only the page.
func (st *State) FormList(key *scenario.Key, q FormQuery) FormPage {
	var forms []*FormEntry
	if o := st.orgs[orgID(key)]; o != nil {
		forms = o.forms
		if q.Number != nil {
			forms = o.byNumber[*q.Number]
		}
	}
	var total int64
	var page []*FormEntry
	if rule := st.sc.Service.Searches(); rule != nil && q.Search != "" {
		total, page = searchPage(forms, q, rule.Read(q.Search))
	} else {
		total, page = pageOf(forms, q)
	}
	last := (total + q.PageSize - 1) / q.PageSize
	if last < 1 {
		last = 1
	}
	return FormPage{Forms: page, Current: q.Page, Last: last, PerPage: q.PageSize, Total: total,
		Message: st.message(contract.GetFormList.Name)}
}

// pageOf counts the matching forms and returns the requested page of them.
func pageOf(forms []*FormEntry, q FormQuery) (int64, []*FormEntry) {
	from := pageStart(forms, q)
	if q.Search == "" {
		n := int64(len(forms))
		if from >= n {
			return n, nil
		}
		return n, forms[from:min(from+q.PageSize, n)]
	}
	needle := strings.ToLower(q.Search)
	var total int64
	var page []*FormEntry
	for _, e := range forms {
		if !strings.Contains(e.lower[0], needle) && !strings.Contains(e.lower[1], needle) && !strings.Contains(e.lower[2], needle) {
			continue
		}
		if total >= from && total < from+q.PageSize {
			page = append(page, e)
		}
		total++
	}
	return total, page
}

// pageStart is the index of the page's first form, past the end (without
// overflowing) for a page beyond the last.
func pageStart(forms []*FormEntry, q FormQuery) int64 {
	if q.Page-1 <= int64(len(forms))/q.PageSize+1 {
		return (q.Page - 1) * q.PageSize
	}
	return int64(len(forms)) + 1
}

// searchPage is pageOf under a recorded service's reading of search_key
// (scenario.Search): the forms the key finds, those it puts first before
// the others, each part in the list's order.
func searchPage(forms []*FormEntry, q FormQuery, key scenario.SearchKey) (int64, []*FormEntry) {
	from := pageStart(forms, q)
	var total int64
	var page []*FormEntry
	for _, first := range []bool{true, false} {
		for _, e := range forms {
			f := e.Form
			if key.FirstIn(f.Name, e.lower[0]) != first || !key.In(&[3]string{f.Name, f.Note, f.Number}, &e.lower) {
				continue
			}
			if total >= from && total < from+q.PageSize {
				page = append(page, e)
			}
			total++
		}
	}
	return total, page
}
