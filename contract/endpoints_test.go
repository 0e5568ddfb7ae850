package contract

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// countWords are the ways today's number of endpoints is written: as a
// word and as digits.
var countWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// endpointCountClaim matches a line that writes the number of endpoints
// into prose, help or messages: "N endpoints", "N RPC endpoints", "N POST
// operations", "all N", "one of the N" beside a mention of endpoints.
// Written down, a count goes stale the day an endpoint is added;
// len(Endpoints) does not.
func endpointCountClaim() (claim, near *regexp.Regexp) {
	n := strconv.Itoa(len(Endpoints))
	count := `(` + n + `|` + countWords[len(Endpoints)] + `)`
	claim = regexp.MustCompile(`(?i)(^|[^\w.§])` + count + `\s+(\S+\s+)?(endpoints|operations)\b`)
	near = regexp.MustCompile(`(?i)\b(all|the|of)\s+` + count + `\b`)
	return claim, near
}

// endpointsMentioned is a line that speaks of endpoints.
var endpointsMentioned = regexp.MustCompile(`(?i)endpoints?\b|operations\b`)

// walkRepo calls line for every line of the repository's text files of
// the given extensions (hidden folders, node_modules and the report's
// made-up fixtures aside), and fails when it walked too few to prove
// anything.
func walkRepo(t *testing.T, exts map[string]bool, skip map[string]bool, line func(rel string, n int, text string)) {
	t.Helper()
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
		if d.IsDir() {
			if (path != ".." && strings.HasPrefix(d.Name(), ".")) || rel == "conformance/report/testdata" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !exts[filepath.Ext(path)] || skip[rel] {
			return nil
		}
		files++
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for n := 1; sc.Scan(); n++ {
			line(rel, n, sc.Text())
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("walked %d files: the test would prove nothing", files)
	}
}

// TestNoWrittenEndpointCount: no file of the repository writes the number
// of endpoints in words; say "every endpoint", "the endpoints" or compute
// it from contract.Endpoints.
func TestNoWrittenEndpointCount(t *testing.T) {
	claim, near := endpointCountClaim()
	exts := map[string]bool{".go": true, ".md": true, ".json": true, ".yaml": true, ".golden": true, ".html": true, ".js": true, ".mjs": true, ".sh": true}
	prev := ""
	walkRepo(t, exts, map[string]bool{"contract/endpoints_test.go": true}, func(rel string, n int, text string) {
		// A claim may break across lines, "the N" ending one.
		bare := strings.TrimLeft(text, " \t/#*>-")
		split := n > 1 && !claim.MatchString(prev) && !claim.MatchString(bare) && claim.MatchString(strings.TrimSpace(prev)+" "+bare)
		prev = text
		if split || claim.MatchString(text) || (near.MatchString(text) && endpointsMentioned.MatchString(text)) {
			t.Errorf("%s:%d: writes the number of endpoints: say \"every endpoint\" or use len(contract.Endpoints)\n\t%s", rel, n, strings.TrimSpace(text))
		}
	})
}

// TestEndpointNamesAreWrittenOnce: Go code names an endpoint by its row of
// contract.Endpoints (contract.GetRecord.Name, .Path()), never by a string
// of its own, so renaming or adding one is a change of contract/endpoints.go.
// The independent fake (testkit/foreign) may import only the standard
// library and is held to the table by its own test (TestServesEveryEndpoint).
func TestEndpointNamesAreWrittenOnce(t *testing.T) {
	var names []string
	for _, e := range Endpoints {
		names = append(names, regexp.QuoteMeta(e.Name))
	}
	literal := regexp.MustCompile(`"(` + regexp.QuoteMeta(PathPrefix) + `)?(` + strings.Join(names, "|") + `)"`)
	walkRepo(t, map[string]bool{".go": true}, nil, func(rel string, n int, text string) {
		code := strings.TrimSpace(text)
		if strings.HasSuffix(rel, "_test.go") || strings.HasPrefix(rel, "contract/") || strings.HasPrefix(rel, "testkit/foreign/") || strings.HasPrefix(code, "//") {
			return
		}
		if i := strings.Index(code, " // "); i >= 0 {
			code = code[:i]
		}
		if m := literal.FindString(code); m != "" {
			t.Errorf("%s:%d: writes the endpoint %s as a string: use its row of contract.Endpoints (contract/endpoints.go)\n\t%s", rel, n, m, strings.TrimSpace(text))
		}
	})
}
