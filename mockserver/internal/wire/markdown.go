package wire

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// getRecord's format=markdown (docs/contract.md §4.1, docs/contract.md §C7 and §C10):
// YAML front matter, a top-level heading, a section per titled group, one
// list item per visible field. The markdown text travels as a JSON string
// in data.data.

// recordMarkdown renders the markdown payload:
// front matter, a top-level heading, a section per titled group; page
// breaks and hidden fields left out, values masked and escaped.
func recordMarkdown(v state.RecordView) string {
	var b strings.Builder
	t := title(v)
	b.WriteString("---\n")
	yamlLine(&b, "title", t)
	b.WriteString("record_id: " + strconv.FormatInt(v.Rec.ID, 10) + "\n")
	yamlLine(&b, "record_number", v.Rec.Number)
	yamlLine(&b, "record_code", v.Rec.Code)
	yamlLine(&b, "record_url", v.Rec.URL)
	yamlLine(&b, "submit_at", contract.ISO(v.Rec.SubmitAt))
	yamlLine(&b, "recorder", recorderName(v.Rec))
	if v.Status != nil {
		yamlLine(&b, "certificate_status", v.Status.Name)
	}
	b.WriteString("---\n\n# " + escapeMD(t) + "\n")
	for _, g := range v.Rec.Groups {
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
			b.WriteString("- **" + escapeMD(f.Title) + "**: " + escapeMD(fieldText(f)) + "\n")
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
