package conformance

import (
	"flag"
	"github.com/rtq-kit/rtq/conformance/rules"
	"os"
	"path"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the SPEC statements table of docs/contract.md")

// TestEveryCheckCitesAStatement: a check that asserts no SPEC statement
// is either KIT (and must not fail a target) or asserts something nobody
// wrote down; a cited id must exist and be checkable.
func TestEveryCheckCitesAStatement(t *testing.T) {
	known := map[string]Statement{}
	for _, s := range Statements() {
		known[s.ID] = s
	}
	for _, c := range CheckIDs() {
		if len(c.Statements) == 0 {
			t.Errorf("check %s cites no SPEC statement (add it to checkStatements)", c.ID)
		}
		for _, id := range c.Statements {
			s, ok := known[id]
			switch {
			case !ok:
				t.Errorf("check %s cites unknown statement %s", c.ID, id)
			case s.NotChecked != "":
				t.Errorf("check %s cites %s, which the table says no client can observe", c.ID, id)
			}
		}
	}
}

// TestEveryStatementHasACheck: a SPEC statement with no check is a gap a
// PASS would hide; "not checked" needs the reason no client can observe it.
func TestEveryStatementHasACheck(t *testing.T) {
	checked := statementChecks()
	seen := map[string]bool{}
	for _, s := range Statements() {
		if seen[s.ID] {
			t.Errorf("statement id %s is used twice", s.ID)
		}
		seen[s.ID] = true
		if s.Text == "" || s.Section == "" || (s.Severity != Must && s.Severity != Should) {
			t.Errorf("statement %s: text, section and a severity of must or should are required", s.ID)
		}
		switch n := len(checked[s.ID]); {
		case s.NotChecked == "" && n == 0:
			t.Errorf("statement %s has no check", s.ID)
		case s.NotChecked != "" && n > 0:
			t.Errorf("statement %s is marked not checked, yet %v cite it", s.ID, checked[s.ID])
		}
	}
	used := map[string]bool{}
	for _, c := range CheckIDs() {
		for _, e := range checkStatements {
			if ok, _ := path.Match(e.glob, c.ID); ok {
				used[e.glob] = true
				break
			}
		}
	}
	for _, e := range checkStatements {
		if !used[e.glob] {
			t.Errorf("checkStatements entry %q is the first match of no check", e.glob)
		}
	}
}

// statementChecks maps each statement id to the ids of the checks citing it.
func statementChecks() map[string][]string {
	out := map[string][]string{}
	for _, c := range CheckIDs() {
		for _, id := range c.Statements {
			out[id] = append(out[id], c.ID)
		}
	}
	return out
}

const (
	tableBegin = "<!-- statements: begin (generated from conformance/statements.go: go test ./conformance -run TestContractDocListsEveryStatement -update) -->"
	tableEnd   = "<!-- statements: end -->"
)

// TestContractDocListsEveryStatement keeps the table of docs/contract.md,
// which readers cite, equal to the one the runner reports against.
func TestContractDocListsEveryStatement(t *testing.T) {
	const file = "../docs/contract.md"
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, tableBegin), strings.Index(doc, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q ... %q", file, tableBegin, tableEnd)
	}
	want := tableBegin + "\n" + statementTableMarkdown() + tableEnd
	if got := doc[i : j+len(tableEnd)]; got != want {
		if *update {
			if err := os.WriteFile(file, []byte(doc[:i]+want+doc[j+len(tableEnd):]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the SPEC statements table of %s is stale: run go test ./conformance -run TestContractDocListsEveryStatement -update", file)
	}
}

// statementTableMarkdown renders the statements with the checks citing
// them, generated checks folded by kind.
func statementTableMarkdown() string {
	checked := statementChecks()
	ruled := map[string]bool{}
	for _, id := range rules.Statements() {
		ruled[id] = true
	}
	var b strings.Builder
	b.WriteString("| id | section | severity | statement | evaluated on |\n|---|---|---|---|---|\n")
	for _, s := range Statements() {
		sev, checks := string(s.Severity), "—"
		if s.NotChecked != "" {
			sev = "not checked: " + s.NotChecked
		} else {
			checks = "the answers of `" + strings.Join(foldCheckIDs(checked[s.ID]), "`, `") + "`"
			if ruled[s.ID] {
				checks = "every answer it concerns (`answers." + s.ID + "`); " + checks
			}
		}
		b.WriteString("| `" + s.ID + "` | " + s.Section + " | " + sev + " | " + strings.ReplaceAll(s.Text, "|", "\\|") + " | " + checks + " |\n")
	}
	return b.String()
}

// foldCheckIDs writes per-endpoint and generated ids once, by pattern.
func foldCheckIDs(ids []string) []string {
	set := map[string]bool{}
	for _, id := range ids {
		p := strings.Split(id, ".")
		switch {
		case p[0] == "negative" && p[len(p)-1] == "notServerError":
			id = "negative.<operation>.notServerError"
		case p[0] == "negative":
			id = "negative.<operation>.*"
		case p[0] == "auth" && (p[1] == "noKey" || p[1] == "badKey"):
			id = "auth." + p[1] + ".<op>"
		}
		set[id] = true
	}
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
