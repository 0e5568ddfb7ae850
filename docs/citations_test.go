package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// root is the repository, seen from this package's directory.
const root = ".."

// self is this file: its patterns would match themselves.
const self = "docs/citations_test.go"

// foreign are citations of documents that are not in the repository, each
// with what to cite instead. The patterns are built from pieces so that a
// grep for the bare words finds real citations only.
var foreign = []struct {
	re   *regexp.Regexp
	hint string
}{
	{regexp.MustCompile(`(?i)contract[- ]` + `notes`), "cite docs/contract.md §C1 to §C10"},
	{regexp.MustCompile(`(?i)kit-` + `interface`), "cite docs/cli.md"},
	{regexp.MustCompile(`(?i)service-` + `spec`), "cite docs/contract.md §1 to §9"},
	{regexp.MustCompile(`(?:^|[^\w-])` + `shared/`), "the shared documents are not in the repository; cite docs/contract.md or docs/cli.md"},
	{regexp.MustCompile(`(?i)\bissues? #?\d+`), "issue numbers mean nothing in a clone; cite the doc that holds the reason, or drop it"},
	{regexp.MustCompile(`(?:^|[\s(\[,;])#\d{1,5}\b`), "issue numbers mean nothing in a clone; cite the doc that holds the reason, or drop it"},
}

// docCite is a citation of a section of a doc: docs/contract.md §4.1,
// also written with backquotes around the file name.
var docCite = regexp.MustCompile("docs/([\\w-]+\\.md)`?((?:(?:\\s*,\\s*|\\s+and\\s+|\\s+to\\s+|\\s+or\\s+|\\s*/\\s*|\\s+)§[\\w.]*\\w)*)")

// docFile is any mention of a file under docs/.
var docFile = regexp.MustCompile(`docs/([\w-]+\.md)`)

var sectionMark = regexp.MustCompile(`§([\w.]*\w)`)

// TestCitationsStayInRepo fails on every citation of a document a clone
// does not have, and on every docs/X.md §Y whose file or heading is missing.
func TestCitationsStayInRepo(t *testing.T) {
	files := trackedFiles(t)
	if len(files) < 50 {
		t.Fatalf("found only %d files to check; is the repository where the test expects it (%s)?", len(files), root)
	}
	headings := map[string]map[string]bool{}
	for _, f := range files {
		if f == self {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			probs := lineProblems(line, headings)
			if strings.HasSuffix(f, ".md") && !strings.Contains(f, "testdata/") {
				probs = append(probs, linkProblems(f, line)...)
			}
			for _, p := range probs {
				t.Errorf("%s:%d: %s\n\t%s", f, i+1, p, strings.TrimSpace(line))
			}
		}
	}
}

// lineProblems lists what is wrong with the citations of one line.
func lineProblems(line string, headings map[string]map[string]bool) []string {
	var out []string
	for _, c := range foreign {
		if m := c.re.FindString(line); m != "" {
			out = append(out, fmt.Sprintf("cites %q, which is not in the repository: %s", strings.TrimSpace(m), c.hint))
		}
	}
	for _, m := range docFile.FindAllStringSubmatch(line, -1) {
		if sections(m[1], headings) == nil {
			out = append(out, fmt.Sprintf("cites docs/%s, which does not exist", m[1]))
		}
	}
	for _, m := range docCite.FindAllStringSubmatch(line, -1) {
		have := sections(m[1], headings)
		if have == nil {
			continue // reported above
		}
		for _, s := range sectionMark.FindAllStringSubmatch(m[2], -1) {
			if !have[s[1]] {
				out = append(out, fmt.Sprintf("cites docs/%s §%s, and that file has no heading §%s", m[1], s[1], s[1]))
			}
		}
	}
	return out
}

// sections returns the § headings of docs/name (nil when the file does not
// exist), reading each file once.
func sections(name string, cache map[string]map[string]bool) map[string]bool {
	if h, ok := cache[name]; ok {
		return h
	}
	data, err := os.ReadFile(filepath.Join(root, "docs", name))
	if err != nil {
		cache[name] = nil
		return nil
	}
	cache[name] = headingMarks(data)
	return cache[name]
}

var headingLine = regexp.MustCompile(`^#{1,6}\s+§([\w.]*\w)`)

// headingMarks collects the §Y of the Markdown headings of a document,
// skipping fenced code blocks (where # starts a comment).
func headingMarks(data []byte) map[string]bool {
	marks := map[string]bool{}
	fenced := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if m := headingLine.FindStringSubmatch(line); !fenced && m != nil {
			marks[m[1]] = true
		}
	}
	return marks
}

// checked says which files carry citations: source, docs, YAML, shell,
// and the JSON Schemas and the OpenAPI document made from them, whose
// descriptions users read in their editors and API portals.
func checked(path string) bool {
	switch filepath.Ext(path) {
	case ".go", ".md", ".yaml", ".yml", ".sh":
		return true
	case ".json":
		return strings.HasPrefix(path, "schemas/") || strings.HasPrefix(path, "openapi/")
	}
	return path == ".ci/run"
}

// trackedFiles lists the files git tracks, or, outside a git checkout,
// every file of the tree except hidden and generated directories.
func trackedFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	if out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output(); err == nil {
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" && checked(f) {
				files = append(files, f)
			}
		}
		return files
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() && rel != "." && (strings.HasPrefix(d.Name(), ".") && rel != ".ci" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && checked(filepath.ToSlash(rel)) {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCitationRules pins what counts as a citation outside the repository
// and what does not (colours, this repository's own docs).
func TestCitationRules(t *testing.T) {
	ex := func(words ...string) string { return strings.Join(words, "") }
	for _, c := range []struct {
		line string
		bad  bool
	}{
		{"// see " + ex("contract", "-notes") + " 6", true},
		{"the " + ex("contract", " notes") + " fix them", true},
		{"(" + ex("kit-", "interface") + ".md)", true},
		{"(" + ex("service-", "spec") + " 2.1)", true},
		{"../" + ex("sha", "red/") + "spec", true},
		{"// Issue 7.3: concurrency", true},
		{"target (issues 6 and 7)", true},
		{"fixed in #12.", true},
		{"(docs/contract.md §4.9)", true},
		{"docs/contract.md §C11", true},
		{"`docs/nothing-here.md`", true},
		{"docs/contract.md §C1 to §C99", true},
		{"// (docs/contract.md §4.1)", false},
		{"(`docs/contract.md` §C1 to §C10)", false},
		{"docs/contract.md §C5/§C10 and §1.3.", false},
		{"docs/cli.md and docs/mock.md", false},
		{`color: "#52C41A", "#111111"`, false},
		{"- {id: 2, name: 已核验, color: \"#52C41A\"}", false},
		{"a status may be named by its id (spec 4.2)", false},
		{"internal/sharedstate/x.go", false},
	} {
		got := lineProblems(c.line, map[string]map[string]bool{})
		if (len(got) > 0) != c.bad {
			t.Errorf("%q: problems %q; want a problem: %v", c.line, got, c.bad)
		}
	}
}

// mdLink is a Markdown link or image: [text](target) or [text](target#anchor).
var mdLink = regexp.MustCompile(`\]\(([^)\s#]*)(?:#([^)\s]*))?\)`)

// linkProblems checks the relative links of a Markdown line: the file
// must exist and, for a Markdown target, so must the heading an anchor
// names (GitHub's anchors: lower case, punctuation dropped, spaces as -).
func linkProblems(file, line string) []string {
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
		target, anchor := m[1], m[2]
		if strings.Contains(target, ":") {
			continue // http:, https:, mailto:
		}
		path := filepath.Join(filepath.Dir(file), target)
		if target == "" {
			path = file
		}
		if _, err := os.Stat(filepath.Join(root, path)); err != nil {
			out = append(out, fmt.Sprintf("links to %s, which does not exist", filepath.ToSlash(path)))
			continue
		}
		if anchor == "" || !strings.HasSuffix(path, ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		if !anchors(data)[anchor] {
			out = append(out, fmt.Sprintf("links to %s#%s, and that file has no such heading", filepath.ToSlash(path), anchor))
		}
	}
	return out
}

// anchors are the GitHub anchors of a document's headings.
func anchors(data []byte) map[string]bool {
	set := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if fenced || !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		set[slug(text)] = true
	}
	return set
}

// slug is GitHub's anchor of a heading text.
func slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLinkRules pins the checks of relative Markdown links.
func TestLinkRules(t *testing.T) {
	for _, c := range []struct {
		line string
		bad  bool
	}{
		{"[§2.1](contract.md#21-record)", false},
		{"[admin](mock.md#admin-api-same-port-prefix-__admin)", false},
		{"[schemas](../schemas/README.md)", false},
		{"[peers](https://example.com/nothing.md#x)", false},
		{"[x](contract.md#no-such-heading)", true},
		{"[x](no-such-file.md)", true},
		{"[x](#no-such-heading-here)", true},
	} {
		got := linkProblems("docs/cli.md", c.line)
		if (len(got) > 0) != c.bad {
			t.Errorf("%q: problems %q; want a problem: %v", c.line, got, c.bad)
		}
	}
}
