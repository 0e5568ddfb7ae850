package conformance

import (
	"strings"
	"testing"
)

// page is one listing answer of a walk, as the client decoded it.
func page(body string, items ...string) *Exchange {
	list := make([]any, len(items))
	for i, c := range items {
		list[i] = map[string]any{"coding": c}
	}
	return &Exchange{Req: Request{Method: "POST", Path: "/api/v2/rpc/templates/list", Key: "read", Body: body},
		Doc: map[string]any{"code": jsonNum("0"), "data": map[string]any{"list": list}}}
}

// TestRelationFailureNamesThePair: a relation that fails between two
// walks names the page that lists the item and the other walk's page, each
// as a curl line, not the last page of a walk.
func TestRelationFailureNamesThePair(t *testing.T) {
	var a, b walk
	a.add(page(`{"page_size":1}`, "T1"))
	a.add(page(`{"page_size":1,"page_token":"p2"}`, "T2"))
	b.add(page(`{"page_size":2}`, "T1", "T3"))
	b.add(page(`{"page_size":2,"page_token":"q2"}`, "T2"))
	tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "x"}}
	tk.sameSequence(a, b, "coding", "at page_size 2")
	if len(tk.failures) != 1 {
		t.Fatalf("failures %v", tk.failures)
	}
	if tk.req == nil || tk.req.Body != `{"page_size":2}` {
		t.Errorf("the finding's request is %v, want the page that lists T3", tk.req)
	}
	if !strings.Contains(tk.failures[0], "against: curl") || !strings.Contains(tk.failures[0], `{"page_size":1}`) {
		t.Errorf("the failure does not name the other walk's request: %s", tk.failures[0])
	}
}
