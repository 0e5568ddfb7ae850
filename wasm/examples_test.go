package wasm

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleMarker names, on the line before a fenced block of
// docs/frontend.md, the example file the block must be word for word.
var exampleMarker = regexp.MustCompile(`^<!-- example: (\S+) -->$`)

// exampleBookkeeping are the example files docs/frontend.md need not
// show: what npm and git keep, not what a user writes.
var exampleBookkeeping = map[string]bool{"package-lock.json": true, "package.json": true, ".gitignore": true, "README.md": true}

// exampleBuildDirs are what installing and running an example in place
// leaves behind; they are not example files.
var exampleBuildDirs = map[string]bool{"node_modules": true, "public": true, "dist": true, "storybook-static": true, "test-results": true, "playwright-report": true}

// TestFrontendExamplesAreTheDocs holds docs/frontend.md to the example
// projects that scripts/check-frontend-examples.sh runs in CI: every
// block marked <!-- example: PATH --> is that file as it is, and every
// file a user writes in examples/frontend is shown, so what the page
// teaches is what CI ran.
func TestFrontendExamplesAreTheDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "frontend.md"))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for path, block := range exampleBlocks(t, string(doc)) {
		shown[path] = true
		file, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(path)))
		if err != nil {
			t.Errorf("docs/frontend.md shows %s, which cannot be read: %v", path, err)
			continue
		}
		if block != string(file) {
			t.Errorf("docs/frontend.md's block for %s is not the file as it is: copy the file into the doc", path)
		}
	}
	files := exampleFiles(t)
	if len(files) < 8 {
		t.Fatalf("found %d files under examples/frontend: the walk lost them", len(files))
	}
	for _, f := range files {
		if !shown[f] && !exampleBookkeeping[filepath.Base(f)] {
			t.Errorf("docs/frontend.md does not show %s: add it after a <!-- example: %s --> line", f, f)
		}
	}
}

// exampleBlocks are the marked fenced blocks of a page, by the path
// their marker names; a marker not followed by a block is an error.
func exampleBlocks(t *testing.T, doc string) map[string]string {
	t.Helper()
	out := map[string]string{}
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		m := exampleMarker.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Errorf("docs/frontend.md:%d: the marker for %s is not followed by a fenced block", i+1, m[1])
			continue
		}
		var body strings.Builder
		for j := i + 2; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
			body.WriteString(lines[j] + "\n")
		}
		if _, dup := out[m[1]]; dup {
			t.Errorf("docs/frontend.md shows %s twice", m[1])
		}
		out[m[1]] = body.String()
	}
	return out
}

// exampleFiles lists examples/frontend's files, slash-separated from
// the repository's root.
func exampleFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	root := filepath.Join("..", "examples", "frontend")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && exampleBuildDirs[d.Name()] {
			return filepath.SkipDir
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".tgz") {
			rel, err := filepath.Rel("..", p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFrontendExampleLockLeavesTheTarballOpen checks that the Vitest
// example's lockfile pins no integrity for rtq-mock: the npm pack
// tarball changes with every rtq wasm, and npm ci refuses a tarball
// whose hash differs from the lockfile's (EINTEGRITY), which would fail
// CI on every change to the module.
func TestFrontendExampleLockLeavesTheTarballOpen(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "examples", "frontend", "vitest", "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	var lock struct {
		Packages map[string]map[string]any `json:"packages"`
	}
	if err := json.Unmarshal(data, &lock); err != nil {
		t.Fatalf("examples/frontend/vitest/package-lock.json: %v", err)
	}
	pkg, ok := lock.Packages["node_modules/rtq-mock"]
	if !ok {
		t.Fatal("examples/frontend/vitest/package-lock.json has no node_modules/rtq-mock: the example no longer installs the tarball")
	}
	if pkg["resolved"] != "file:rtq-mock-0.0.0.tgz" {
		t.Errorf("rtq-mock is resolved from %v, not the npm pack tarball file:rtq-mock-0.0.0.tgz", pkg["resolved"])
	}
	if _, pinned := pkg["integrity"]; pinned {
		t.Error(`examples/frontend/vitest/package-lock.json pins rtq-mock's integrity: delete that "integrity" line (docs/frontend.md says why)`)
	}
}
