package recorder

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
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
	b.WriteString("\n")
	b.Write(body)
	out := b.Bytes()
	if _, err := scenario.Parse("recording", out); err != nil {
		return nil, fmt.Errorf("the recording does not load as a scenario: %w", err)
	}
	return out, nil
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
