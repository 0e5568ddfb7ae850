package contract

import (
	"os"
	"strings"
	"testing"
)

// TestDocsRecordTableIsRecordMembers: the Record table of
// docs/contract.md §2.1 lists the members of RecordMembers, in its order,
// with its "req" marks, and every member a move may change is named in
// §C6's row on the move seen in getRecord.
func TestDocsRecordTableIsRecordMembers(t *testing.T) {
	data, err := os.ReadFile("../docs/contract.md")
	if err != nil {
		t.Fatal(err)
	}
	const header = "| member | type | req | what it is |"
	_, table, ok := strings.Cut(string(data), header+"\n")
	if !ok {
		t.Fatalf("docs/contract.md: no Record table (a line %q)", header)
	}
	var got []RecordMember
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) < 5 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		got = append(got, RecordMember{Name: strings.Trim(strings.TrimSpace(cells[1]), "`"), Required: strings.TrimSpace(cells[3]) == "req"})
	}
	if len(got) != len(RecordMembers) {
		t.Fatalf("docs/contract.md §2.1 lists %d Record members, contract.RecordMembers %d", len(got), len(RecordMembers))
	}
	for i, m := range RecordMembers {
		if got[i].Name != m.Name || got[i].Required != m.Required {
			t.Errorf("docs/contract.md §2.1 row %d is %q (req %v), contract.RecordMembers %q (req %v)", i+1, got[i].Name, got[i].Required, m.Name, m.Required)
		}
	}
	_, row, _ := strings.Cut(string(data), "| The move seen in getRecord |")
	row, _, _ = strings.Cut(row, "\n")
	for _, m := range RecordMembers {
		if named := strings.Contains(row, "`"+m.Name+"`"); named != m.Moves {
			t.Errorf("docs/contract.md §C6, the move seen in getRecord: names `%s` %v, but contract.RecordMembers says a move may change it: %v", m.Name, named, m.Moves)
		}
	}
}
