// Package rtqbin builds the rtq command of this module for tests that run
// it as a process: the replicas' `rtq mock` processes, and the rounds of
// breaks, whose many runs of `rtq conform` run outside the race detector
// that instruments the test binary (the verdicts are what those tests
// assert; the runner's races are the in-process tests' job). Tests only.
package rtqbin

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// Build compiles rtq (this module's cmd/rtq) into dir and returns the
// binary's path. Call it once per test binary (or use Shared).
//
// It first looks at (stats) every source file of the module: go test
// caches a package's result by what the test itself read, and a test
// that runs the binary may import nothing of the command, so without
// this a changed command would be "tested" by a cached pass.
func Build(dir string) (string, error) {
	return BuildCommand(dir, Rtq)
}

// Rtq is the import path of the rtq command.
const Rtq = "github.com/rtq-kit/rtq/cmd/rtq"

// BuildCommand is Build for another command of this module (a test-only
// one, like the fake's server testkit/foreign/foreignbuild), named by
// its import path: it is built without the race detector whatever the
// test binary was built with, so what it serves costs what it costs a
// user.
func BuildCommand(dir, pkg string) (string, error) {
	if err := statSources(); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, path.Base(pkg))
	out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}

// Shared builds a command once for the whole test binary, into a
// directory Cleanup removes; every later call returns the same path (or
// error). Package is the command's import path; empty is rtq.
type Shared struct {
	Package string

	once sync.Once
	dir  string
	bin  string
	err  error
}

// Path builds the command on the first call and returns its path.
func (s *Shared) Path() (string, error) {
	s.once.Do(func() {
		pkg := s.Package
		if pkg == "" {
			pkg = Rtq
		}
		s.dir, s.err = os.MkdirTemp("", "rtqbin")
		if s.err == nil {
			s.bin, s.err = BuildCommand(s.dir, pkg)
		}
	})
	return s.bin, s.err
}

// Cleanup removes what Path built; call it from TestMain after m.Run.
func (s *Shared) Cleanup() {
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// statSources stats every file of the module that can go into the
// binary: all but tests, hidden directories and node_modules.
func statSources() error {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(gomod)) == "" {
		return fmt.Errorf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	return filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && path != root && (strings.HasPrefix(e.Name(), ".") || e.Name() == "node_modules"):
			return filepath.SkipDir
		case e.IsDir() || strings.HasSuffix(e.Name(), "_test.go"):
			return nil
		}
		_, err = os.Stat(path)
		return err
	})
}
