package wire

import (
	"encoding/json"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryFormatHasAPayload: a format added to contract.Formats without
// its renderer fails here, not as a panic on the first request.
func TestEveryFormatHasAPayload(t *testing.T) {
	for _, f := range contract.Formats {
		if payloads[f.Name] == nil {
			t.Errorf("format %s has no payload renderer", f.Name)
		}
	}
	if len(payloads) != len(contract.Formats) {
		t.Errorf("%d renderers for %d formats", len(payloads), len(contract.Formats))
	}
}

func TestEnvelopesFrameTheirItems(t *testing.T) {
	items := [][]byte{[]byte(`{"a":1}`), []byte(`{"b":2}`)}
	item := func(i int) []byte { return items[i] }
	cases := []struct{ name, got, want string }{
		{"page with next", string(AppendCursorPage(nil, "ok", 2, item, "tok", 7)),
			`{"code":0,"message":"ok","data":{"list":[{"a":1},{"b":2}],"next_page_token":"tok","total":7}}`},
		{"last page", string(AppendCursorPage(nil, "ok", 0, item, "", 0)),
			`{"code":0,"message":"ok","data":{"list":[],"next_page_token":null,"total":0}}`},
		{"form list", string(AppendFormList(nil, "", 1, item, FormPage{Current: 2, Last: 3, PerPage: 1, Total: 3})),
			`{"code":0,"message":"","data":{"version":"v1","list":[{"a":1}],"page":{"current_page":2,"last_page":3,"per_page":1,"total":3}}}`},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, c.got, c.want)
		}
		if !json.Valid([]byte(c.got)) {
			t.Errorf("%s: not JSON", c.name)
		}
	}
}

// TestListsAppendWithoutAllocating: a page reuses the caller's buffer.
func TestListsAppendWithoutAllocating(t *testing.T) {
	items := [][]byte{[]byte(`{"a":1}`), []byte(`{"b":2}`)}
	buf := make([]byte, 0, 1024)
	allocs := testing.AllocsPerRun(100, func() {
		buf = AppendCursorPage(buf[:0], "ok", 2, func(i int) []byte { return items[i] }, "tok", 2)
		buf = AppendFormList(buf[:0], "", 2, func(i int) []byte { return items[i] }, FormPage{1, 1, 2, 2})
	})
	if allocs != 0 {
		t.Errorf("%v allocations per page, want 0", allocs)
	}
}
