package main

import (
	"strings"
	"testing"
)

// A bad --fault, in either spelling, exits 2 before anything listens, naming
// the flag, its place and the member.
func TestMockBadFaultNamesFlagAndMember(t *testing.T) {
	for _, c := range []struct{ value, member string }{
		{`endpoint=record/getRecord,message="Busy, retry`, "message: the quoted value has no closing quote"},
		{`{"endpoint":"record/getRecord","error":{"code":503},"rate":2}`, "rate: must be a share"},
	} {
		code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--fault", "delay_ms=1", "--fault", c.value)
		if code != 2 || !strings.Contains(stderr, "--fault") || !strings.Contains(stderr, "(number 2)") ||
			!strings.Contains(stderr, c.member) {
			t.Errorf("--fault %s: exit %d, want 2 naming --fault number 2 and %q; stderr:\n%s", c.value, code, c.member, stderr)
		}
	}
}
