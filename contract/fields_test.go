package contract

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDocsTableListsEveryFieldType: the table of docs/contract.md §2.1
// ("| `field_type` | `field_value` |") names every row of FieldTypes exactly
// once, in a row with the types of the same shape, and nothing else.
func TestDocsTableListsEveryFieldType(t *testing.T) {
	rows := docsFieldTypeRows(t)
	rowOf := map[string]int{}
	for i, names := range rows {
		for _, n := range names {
			if _, twice := rowOf[n]; twice {
				t.Errorf("docs/contract.md: the field-type table lists %q twice", n)
			}
			rowOf[n] = i
		}
	}
	shapeRow := map[ValueShape]int{}
	for _, ft := range FieldTypes {
		i, ok := rowOf[ft.Name]
		if !ok {
			t.Errorf("docs/contract.md: the field-type table (§2.1) has no `%s`: add it to the row of shape %s (row of contract/fields.go)", ft.Name, ft.Shape)
			continue
		}
		delete(rowOf, ft.Name)
		if j, seen := shapeRow[ft.Shape]; seen && j != i {
			t.Errorf("docs/contract.md: `%s` is in table row %d, other %s types in row %d", ft.Name, i+1, ft.Shape, j+1)
		}
		shapeRow[ft.Shape] = i
	}
	for n := range rowOf {
		t.Errorf("docs/contract.md: the field-type table lists `%s`, which contract/fields.go does not", n)
	}
}

// docsFieldTypeRows returns, per row of the docs table, the field types its
// first cell names.
func docsFieldTypeRows(t *testing.T) [][]string {
	t.Helper()
	data, err := os.ReadFile("../docs/contract.md")
	if err != nil {
		t.Fatal(err)
	}
	const header = "| `field_type` | `field_value` |"
	_, table, ok := strings.Cut(string(data), header+"\n")
	if !ok {
		t.Fatalf("docs/contract.md: no field-type table (a line %q)", header)
	}
	name := regexp.MustCompile("`([a-z_]+)`")
	var rows [][]string
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) < 3 || strings.HasPrefix(cells[1], "---") {
			continue
		}
		var names []string
		for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
			names = append(names, m[1])
		}
		rows = append(rows, names)
	}
	if len(rows) < 5 {
		t.Fatalf("docs/contract.md: the field-type table has %d rows: the test would prove nothing", len(rows))
	}
	return rows
}

// countClaims are ways of writing the number of field types (or of the
// OCR types) into prose, messages, help or tests: "N field types", "N/N
// field types", "the N ocr_* types". Written down, a count goes stale the
// day a type is added; len(FieldTypes) does not.
var countClaims = regexp.MustCompile("(?i)" + strings.Join([]string{
	`\b\d+ (allowed )?(field[ _])?types\b`,
	`field types\s+\d+/\d+`,
	`\d+/\d+ field types`,
	"\\b\\d+ `?ocr_\\*`? types",
}, "|"))

// countNear reports whether a line writes today's count of field types as
// a word next to a mention of field types ("of the N of", "!= N" beside
// FieldTypes), the claims countClaims cannot see by their wording.
var countNear = regexp.MustCompile(`(^|[^\w.])` + strconv.Itoa(len(FieldTypes)) + `([^\w.]|$)`)

// typesMentioned is a line that speaks of field types.
var typesMentioned = regexp.MustCompile(`(?i)field.?types?|\ballowed values\b|\btypes\b`)

// madeUpCounts are lines that show a report with made-up counts (the
// report's rendering tests and an example in the docs), not a claim about
// the table: file and a fragment of the line.
var madeUpCounts = map[string]string{
	"conformance/report/report_test.go": "FieldTypes:  conformance.Count{Covered: 52",
	"docs/cli.md":                       `"field_types": {"covered":`,
}

// TestNoWrittenFieldTypeCount: no file of the repository writes the count
// of field types in words; say "every field type" or compute it. The
// conformance report's own fixtures (made-up counts) are left out.
func TestNoWrittenFieldTypeCount(t *testing.T) {
	skip := map[string]bool{"contract/fields_test.go": true}
	exts := map[string]bool{".go": true, ".md": true, ".json": true, ".yaml": true, ".golden": true}
	walkRepo(t, exts, skip, func(rel string, line int, text string) {
		if frag, ok := madeUpCounts[rel]; ok && strings.Contains(text, frag) {
			return
		}
		if countClaims.MatchString(text) || (countNear.MatchString(text) && typesMentioned.MatchString(text)) {
			t.Errorf("%s:%d: writes a count of field types: say \"every field type\" or use len(contract.FieldTypes)\n\t%s", rel, line, strings.TrimSpace(text))
		}
	})
}

// TestMaskingDocsNameEveryMaskRule: where the docs say which types get
// which masking rule (the "Mask format" row of docs/contract.md §C8, the
// masking table of docs/mock.md), they name every field type with a rule
// of its own (the Mask column of contract/fields.go), and no type they name
// keeps the general rule.
func TestMaskingDocsNameEveryMaskRule(t *testing.T) {
	for _, doc := range []struct{ file, start string }{
		{"docs/contract.md", "| Mask format |"},
		{"docs/mock.md", "| field types | rule | example |"},
	} {
		text := maskingText(t, doc.file, doc.start)
		for _, ft := range FieldTypes {
			named := regexp.MustCompile(`\b` + ft.Name + `\b`).MatchString(text)
			if ft.Mask != MaskGeneral && !named {
				t.Errorf("%s, the masking rules (%q): %q has its own rule in contract/fields.go but is not named there", doc.file, doc.start, ft.Name)
			}
			if ft.Mask == MaskGeneral && strings.Contains(text, "`"+ft.Name+"`") {
				t.Errorf("%s, the masking rules (%q): names `%s` under a rule, but contract/fields.go gives it the general one", doc.file, doc.start, ft.Name)
			}
		}
	}
}

// maskingText is the line of file starting with start and, when it is a
// table header, the table's rows after it.
func maskingText(t *testing.T, file, start string) string {
	t.Helper()
	data, err := os.ReadFile("../" + file)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, start):
			in = true
		case in && !strings.HasPrefix(line, "|"):
			return b.String()
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	if !in {
		t.Fatalf("%s: no line starting %q", file, start)
	}
	return b.String()
}

// TestValueShapesListsEveryShape: the shape of every field type is one of
// ValueShapes, and every shape there is some type's, so the packages that
// check themselves against ValueShapes cover every value a record holds.
func TestValueShapesListsEveryShape(t *testing.T) {
	used := map[ValueShape]bool{}
	for _, ft := range FieldTypes {
		used[ft.Shape] = true
		if !slices.Contains(ValueShapes, ft.Shape) {
			t.Errorf("contract/fields.go: %s has shape %q, which ValueShapes does not list", ft.Name, ft.Shape)
		}
	}
	for _, s := range ValueShapes {
		if !used[s] {
			t.Errorf("contract/fields.go: ValueShapes lists %q, the shape of no field type", s)
		}
	}
}
