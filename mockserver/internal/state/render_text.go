package state

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// json-ld payload (contract-notes 7).
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
// form (contract-notes 10, json-ld name; markdown uses the same).
func title(v view) string {
	if v.rec.Form != nil && v.rec.Form.Name != "" {
		return v.rec.Form.Name
	}
	return v.rec.Number
}

// recordLD renders the json-ld payload: visible fields of every group that
// is not a page break, values in text form and masked.
func recordLD(v view) *jsonLD {
	out := &jsonLD{Context: "https://schema.org", Type: "CreativeWork", Identifier: v.rec.Code,
		Name: title(v), URL: v.rec.URL,
		MainEntity: ldItemList{Type: "ItemList", Name: ldListName, Elements: []ldPropertyValue{}}}
	for _, g := range v.rec.FieldGroups() {
		if g.PageBreak {
			continue
		}
		for _, f := range g.Fields {
			if f.Hidden {
				continue
			}
			out.MainEntity.Elements = append(out.MainEntity.Elements,
				ldPropertyValue{Type: "PropertyValue", Name: f.Title, Value: FieldText(f)})
		}
	}
	return out
}

// recordMarkdown renders the markdown payload (contract-notes 7 and 10):
// front matter, a top-level heading, a section per titled group; page
// breaks and hidden fields left out, values masked and escaped.
func recordMarkdown(v view) string {
	var b strings.Builder
	t := title(v)
	b.WriteString("---\n")
	yamlLine(&b, "title", t)
	b.WriteString("record_id: " + strconv.FormatInt(v.rec.ID, 10) + "\n")
	yamlLine(&b, "record_number", v.rec.Number)
	yamlLine(&b, "record_code", v.rec.Code)
	yamlLine(&b, "record_url", v.rec.URL)
	yamlLine(&b, "submit_at", contract.ISO(v.rec.SubmitAt))
	yamlLine(&b, "recorder", recorderName(v.rec))
	if v.status != nil {
		yamlLine(&b, "certificate_status", v.status.Name)
	}
	b.WriteString("---\n\n# " + escapeMD(t) + "\n")
	for _, g := range v.rec.FieldGroups() {
		if g.PageBreak {
			continue
		}
		b.WriteString("\n")
		if g.ShowTitle && g.Title != "" {
			b.WriteString("## " + escapeMD(g.Title) + "\n\n")
		}
		for _, f := range g.Fields {
			if f.Hidden {
				continue
			}
			b.WriteString("- **" + escapeMD(f.Title) + "**: " + escapeMD(FieldText(f)) + "\n")
		}
	}
	return b.String()
}

// yamlLine writes key: "value" with the value as a JSON string, which is a
// valid YAML double-quoted scalar whatever it holds.
func yamlLine(b *strings.Builder, key, value string) {
	q, _ := json.Marshal(value)
	b.WriteString(key + ": " + string(q) + "\n")
}

// mdEscaper backslash-escapes the characters that would start Markdown
// syntax inside a line; line breaks in a value become hard breaks that keep
// the text inside its list item.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `|`, `\|`, `~`, `\~`, `#`, `\#`, `&`, `\&`, `!`, `\!`,
	"\r\n", "\\\n  ", "\n", "\\\n  ", "\r", "\\\n  ",
)

func escapeMD(s string) string { return mdEscaper.Replace(s) }
