package state

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// formEntry is a form with its list item pre-rendered and its searchable
// texts lower-cased once.
type formEntry struct {
	form  *scenario.Form
	item  []byte
	lower [3]string // name, note, number
}

type jsonForm struct {
	ID           int64        `json:"id"`
	Name         string       `json:"name"`
	Type         int          `json:"type"`
	TypeText     string       `json:"type_text"`
	Number       string       `json:"number"`
	Note         string       `json:"note"`
	CreatedAt    int64        `json:"created_at"`
	CreatedAtISO string       `json:"created_at_iso"`
	UpdatedAt    int64        `json:"updated_at"`
	UpdatedAtISO string       `json:"updated_at_iso"`
	ActiveAt     int64        `json:"active_at"`
	ActiveAtISO  string       `json:"active_at_iso"`
	Project      *jsonProject `json:"project"`
}

func formItem(f *scenario.Form) []byte {
	j := jsonForm{ID: f.ID, Name: f.Name, Type: f.Type, TypeText: f.TypeText, Number: f.Number, Note: f.Note,
		CreatedAt: f.CreatedAt, CreatedAtISO: contract.ISO(f.CreatedAt),
		UpdatedAt: f.UpdatedAt, UpdatedAtISO: contract.ISO(f.UpdatedAt), ActiveAt: f.ActiveAt}
	if f.ActiveAt != 0 {
		j.ActiveAtISO = contract.ISO(f.ActiveAt)
	}
	if p := f.Project; p != nil {
		j.Project = &jsonProject{ID: p.ID, Name: p.Name, Number: p.Number}
	}
	return marshal(j)
}

func (st *State) indexForms(forms []*scenario.Form) {
	for _, f := range forms {
		if f.Org == nil {
			continue
		}
		e := &formEntry{form: f, item: formItem(f),
			lower: [3]string{strings.ToLower(f.Name), strings.ToLower(f.Note), strings.ToLower(f.Number)}}
		o := st.org(f.Org.ID)
		o.forms = append(o.forms, e)
	}
	for _, o := range st.orgs {
		sort.SliceStable(o.forms, func(i, j int) bool { return o.forms[i].form.ID < o.forms[j].form.ID })
		for _, e := range o.forms {
			o.byNumber[e.form.Number] = append(o.byNumber[e.form.Number], e)
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

// AppendFormList appends getFormList's success body to dst. Without
// search_key the page is cut straight out of the sorted slice; with it the
// org's forms are scanned once, keeping only the page.
func (st *State) AppendFormList(dst []byte, key *scenario.Key, q FormQuery) []byte {
	var forms []*formEntry
	if o := st.orgs[orgID(key)]; o != nil {
		forms = o.forms
		if q.Number != nil {
			forms = o.byNumber[*q.Number]
		}
	}
	total, page := pageOf(forms, q)
	last := (total + q.PageSize - 1) / q.PageSize
	if last < 1 {
		last = 1
	}
	dst = append(dst, `{"code":0,"message":"","data":{"version":"`+contract.FormListVersion+`","list":[`...)
	for i, e := range page {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, e.item...)
	}
	dst = append(dst, `],"page":{"current_page":`...)
	dst = strconv.AppendInt(dst, q.Page, 10)
	dst = append(dst, `,"last_page":`...)
	dst = strconv.AppendInt(dst, last, 10)
	dst = append(dst, `,"per_page":`...)
	dst = strconv.AppendInt(dst, q.PageSize, 10)
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, total, 10)
	return append(dst, "}}}"...)
}

// pageOf counts the matching forms and returns the requested page of them.
func pageOf(forms []*formEntry, q FormQuery) (int64, []*formEntry) {
	from := int64(len(forms)) + 1 // past the end, without overflowing
	if q.Page-1 <= int64(len(forms))/q.PageSize+1 {
		from = (q.Page - 1) * q.PageSize
	}
	if q.Search == "" {
		n := int64(len(forms))
		if from >= n {
			return n, nil
		}
		return n, forms[from:min(from+q.PageSize, n)]
	}
	needle := strings.ToLower(q.Search)
	var total int64
	var page []*formEntry
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
