package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// binArgs builds rtq into the test's temporary directory and returns the
// soak's arguments to use it.
func binArgs(t *testing.T, args ...string) []string {
	t.Helper()
	bin, err := rtqbin.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"-bin", bin}, args...)
}

// TestSoakQuick is the soak's CI mode: 3 s of mixed traffic against a
// real `rtq mock` child, every answer as expected, RSS within 60 MB.
func TestSoakQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds rtq and drives it for seconds")
	}
	var out, errs bytes.Buffer
	code := run(context.Background(), binArgs(t, "-duration", "3s", "-rss-max", "60MB"), &out, &errs)
	t.Log(out.String())
	if code != 0 || !strings.Contains(out.String(), "soak: PASS") {
		t.Fatalf("soak exit %d:\n%s\n%s", code, out.String(), errs.String())
	}
}

// TestSoakFailsPastRSSBound proves the bound has teeth: no mock fits in
// 1 MB, so the soak must fail.
func TestSoakFailsPastRSSBound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds rtq and drives it for a second")
	}
	var out, errs bytes.Buffer
	if code := run(context.Background(), binArgs(t, "-duration", "1s", "-rss-max", "1MB"), &out, &errs); code != 1 {
		t.Fatalf("exit %d with a 1 MB bound, want 1:\n%s\n%s", code, out.String(), errs.String())
	}
	if !strings.Contains(out.String(), "past the bound") {
		t.Errorf("summary does not say the bound was passed:\n%s", out.String())
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"60MB": 60 << 20, "512kb": 512 << 10, "1GB": 1 << 30, "1000": 1000, "1.5MB": 3 << 19} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MB", "-1MB", "lots"} {
		if _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) accepted", bad)
		}
	}
}
