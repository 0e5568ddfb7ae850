package recorder

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/scenario"
)

// Render writes sc as a scenario file: a header saying what was recorded
// and what is a placeholder to review, then the scenario spelled out. The
// result is loaded back (validated) before it is returned.
func Render(sc *scenario.Scenario, notes []string) ([]byte, error) {
	body, err := scenario.Marshal(sc)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("# Recorded by rtq record from " + strings.TrimPrefix(sc.Name, "recorded from ") + ".\n")
	b.WriteString("# Review this file before committing it (docs/record.md). What a recording\n")
	b.WriteString("# cannot know is a placeholder:\n")
	b.WriteString("# - keys: the secrets are placeholders (" + ReadKeySecret + ", " + WriteKeySecret + "), never the real key.\n")
	b.WriteString("# - premasked values are as the service showed them, already masked: the real values are not here.\n")
	b.WriteString("# - certificate flows: which moves exist and which statuses are terminal are not recorded.\n")
	for _, n := range notes {
		b.WriteString("# - " + n + "\n")
	}
	if err := scenario.CheckLimits(body, scenario.Limits{}); err != nil {
		b.WriteString("# - " + overDefaults(err, len(body)) + "\n")
	}
	b.WriteString("\n")
	b.Write(body)
	out := b.Bytes()
	if _, err := scenario.Parse("recording", out, scenario.WithLimits(ownLimits(len(out)))); err != nil {
		return nil, fmt.Errorf("the recording does not load as a scenario: %w", err)
	}
	return out, nil
}

// ownLimits are limits that bytes rtq wrote itself fit: a token, a key
// and a level of nesting each take at least a byte, so none passes the
// file's size. A recording of a large service passes the defaults, which
// bound what a user's file may cost; the recorder's own output must not
// be refused by its own check.
func ownLimits(size int) scenario.Limits {
	n := roundUp(size)
	return scenario.Limits{MaxBytes: int64(n), MaxTokens: n, MaxDepth: n, MaxKeys: n}
}

// roundUp is size rounded up to a million bytes, room for the header.
func roundUp(size int) int { return (size/1_000_000 + 1) * 1_000_000 }

// overDefaults is the header note of a recording past the loader's
// default limits: the flags, with values, that load it.
func overDefaults(err error, size int) string {
	n := strconv.Itoa(roundUp(size))
	flags := []string{"--max-yaml-tokens " + n}
	if size+100_000 > int(scenario.DefaultMaxBytes) {
		flags = append(flags, "--max-scenario-bytes "+n)
	}
	for _, f := range []string{"--max-yaml-depth", "--max-yaml-keys"} {
		if strings.Contains(err.Error(), f) {
			flags = append(flags, f+" "+n)
		}
	}
	return "this file is past the scenario loader's default limits (" + err.Error() + "); rtq mock --scenario and rtq scenario validate load it with " + strings.Join(flags, " ")
}

// WriteFile replaces path with data through a temporary file in the same
// directory and a rename: a crash leaves the previous file whole.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
