package e2e

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// commitHash is how a round's record names a commit.
var commitHash = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// TestFirstSightCommitsAreOnMain: every commit a round's record names
// (the runner it was measured against, and where each catch or pass was
// first seen) is a commit of this history. A branch rebased after its
// commit was named leaves a hash that names nothing; the record then
// cites what no reader can check. Skipped where there is no history to
// look in (no git, an export, a shallow clone). The oldest rounds
// name the check that learnt a catch instead; those are not looked up.
func TestFirstSightCommitsAreOnMain(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: no history to look in")
	}
	out, err := exec.Command("git", "rev-parse", "--is-shallow-repository").Output()
	if err != nil || strings.TrimSpace(string(out)) != "false" {
		t.Skipf("no whole git history here (%v %s)", err, out)
	}
	out, err = exec.Command("git", "rev-list", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-list HEAD: %v", err)
	}
	history := strings.Fields(string(out))
	onMain := func(c string) bool {
		for _, h := range history {
			if strings.HasPrefix(h, c) {
				return true
			}
		}
		return false
	}
	for name, fs := range firstSights {
		named := map[string]string{}
		if fs.runner != "" {
			named[fs.runner] = "runner"
		}
		for b, c := range fs.caughtSince {
			named[c] = "caughtSince " + string(b)
		}
		for v, c := range fs.passingSince {
			named[c] = "passingSince " + string(v)
		}
		for v, c := range fs.alarmingSince {
			named[c] = "alarmingSince " + string(v)
		}
		for c, where := range named {
			if !commitHash.MatchString(c) {
				continue // the oldest rounds name the check that learnt it
			}
			if !onMain(c) {
				t.Errorf("%s: %s names %s, which is no commit of this history (a hash from before a rebase?)", name, where, c)
			}
		}
	}
}
