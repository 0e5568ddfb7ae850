package wire

import "github.com/rtq-kit/rtq/mockserver/internal/state"

// getRecord's format=json-ld (docs/contract.md §4.1, docs/contract.md §C7): the record
// as a schema.org CreativeWork whose mainEntity lists the visible fields as
// PropertyValues, values in their text form (fieldtext.go) and masked.

// jsonLD is the json-ld payload.
type jsonLD struct {
	Context    string     `json:"@context"`
	Type       string     `json:"@type"`
	Identifier string     `json:"identifier"`
	Name       string     `json:"name"`
	URL        string     `json:"url"`
	MainEntity ldItemList `json:"mainEntity"`
}

type ldItemList struct {
	Type     string            `json:"@type"`
	Name     string            `json:"name"`
	Elements []ldPropertyValue `json:"itemListElement"`
}

type ldPropertyValue struct {
	Type  string `json:"@type"`
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ldListName names mainEntity: the component data of the record.
const ldListName = "组件数据"

// title is the form name, or the record number when the record has no
// form (docs/contract.md §C10: json-ld's name; markdown's title and
// heading are the same).
func title(v state.RecordView) string {
	if v.Rec.Form != nil && v.Rec.Form.Name != "" {
		return v.Rec.Form.Name
	}
	return v.Rec.Number
}

// recordLD renders the json-ld payload: visible fields of every group that
// is not a page break, values in text form and masked.
func recordLD(v state.RecordView) *jsonLD {
	out := &jsonLD{Context: "https://schema.org", Type: "CreativeWork", Identifier: v.Rec.Code,
		Name: title(v), URL: v.Rec.URL,
		MainEntity: ldItemList{Type: "ItemList", Name: ldListName, Elements: []ldPropertyValue{}}}
	for _, g := range v.Rec.Groups {
		if g.PageBreak {
			continue
		}
		for _, f := range g.Fields {
			if f.Hidden {
				continue
			}
			out.MainEntity.Elements = append(out.MainEntity.Elements,
				ldPropertyValue{Type: "PropertyValue", Name: f.Title, Value: fieldText(f)})
		}
	}
	return out
}
