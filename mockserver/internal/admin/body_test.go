package admin

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
)

// TestAnOversizeUploadIsRefusedUnread: a body declared over the bound is
// refused before a byte is read (no 100 Continue invited), and the
// connection closes; the answer names the bound and the size.
func TestAnOversizeUploadIsRefusedUnread(t *testing.T) {
	api := New(Config{})
	for _, tc := range []struct {
		pattern string
		length  int64
		want    string
	}{
		{"POST /__admin/faults", maxFaultBody + 1, "fault rules must be at most 1 MiB: Content-Length is 1048577"},
		{"POST /__admin/scenario", maxScenarioBytes + 1, "the scenario must be at most 16 MiB: Content-Length is 16777217"},
	} {
		_, path, _ := strings.Cut(tc.pattern, " ")
		w := serve(t, route(t, api, tc.pattern), request{method: "POST", path: path, body: unread{t}, length: tc.length})
		if msg := adminError(t, w); w.Code != 413 || msg != tc.want || w.Header().Get("Connection") != "close" {
			t.Errorf("%s: %d %q (Connection %q), want 413 %q", tc.pattern, w.Code, msg, w.Header().Get("Connection"), tc.want)
		}
	}
}

func TestAChunkedUploadIsCountedAsItIsRead(t *testing.T) {
	added := false
	api := New(Config{Faults: func(*chain.Call) namespace.Rules { added = true; return nil }})
	big := strings.NewReader("[" + strings.Repeat(" ", maxFaultBody) + "]")
	w := serve(t, route(t, api, "POST /__admin/faults"), request{method: "POST", path: "/__admin/faults", body: big, length: -1})
	if msg := adminError(t, w); w.Code != 413 || !strings.HasPrefix(msg, "fault rules must be at most 1 MiB: ") || added {
		t.Errorf("chunked over the bound: %d %q, rules reached %v", w.Code, msg, added)
	}
}
