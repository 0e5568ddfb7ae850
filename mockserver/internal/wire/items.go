package wire

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// The list items of getFormList, templates/list and templates/listQrcodes
// (docs/contract.md §2.3 to §2.5). Each is rendered once, the first time a page
// holds it, and kept in the state's entry (state.Cell); a page copies
// them: a scenario may hold 100,000 sub-codes.

// jsonForm is a form as getFormList lists it (docs/contract.md §2.3).
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

// FormItem renders a form as an item of getFormList's list.
func FormItem(f *answer.Form) []byte {
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

// TemplateItem renders a batch template as an item of templates/list
// (docs/contract.md §2.4), by appending.
func TemplateItem(t *answer.Template) []byte {
	b := strconv.AppendInt(append(make([]byte, 0, 64), `{"tpl_id":`...), t.ID, 10)
	b = jsonw.AppendString(append(b, `,"name":`...), t.Name)
	b = jsonw.AppendString(append(b, `,"coding":`...), t.Coding)
	return append(b, '}')
}

// SubCodeItem renders a sub-code as an item of templates/listQrcodes
// (docs/contract.md §2.5), by appending.
func SubCodeItem(s answer.SubCode) []byte {
	b := jsonw.AppendString(append(make([]byte, 0, 64), `{"name":`...), s.Name)
	b = strconv.AppendInt(append(b, `,"id":`...), s.ID, 10)
	b = jsonw.AppendString(append(b, `,"coding":`...), s.Coding)
	return append(b, '}')
}

// cached is the item kept in c, rendering and keeping it the first time.
func cached(c *state.Cell, render func() []byte) []byte {
	if b := c.Load(); b != nil {
		return b
	}
	b := render()
	c.Store(b)
	return b
}

func formItem(e *state.FormEntry) []byte {
	return cached(&e.Item, func() []byte { return FormItem(e.Form) })
}

func templateItem(e *state.TemplateEntry) []byte {
	return cached(&e.Item, func() []byte { return TemplateItem(&e.Template) })
}

func subCodeItem(e *state.SubCodeEntry) []byte {
	return cached(&e.Item, func() []byte { return SubCodeItem(e.SubCode) })
}
