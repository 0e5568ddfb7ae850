package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The soak in miniature, bounded by a count: every answer the clients
// got was judged, the curve has its first and last samples, and the
// summary says the windows.
func TestSoakCountsAndJudgesEveryExchange(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"-exchanges", "400", "-duration", "10m", "-every", "10m", "-clients", "2"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, out.String(), errs.String())
	}
	for _, want := range []string{"proxysoak: 400 exchanges", "heap start", `"reads":4096`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), " exchanges  "); n < 2 {
		t.Errorf("%d samples, want the first and the last:\n%s", n, out.String())
	}
}

// Bad flags are a usage error.
func TestSoakRefusesBadFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"-clients", "0"}, &out, &errs); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
}
