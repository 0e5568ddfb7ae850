package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
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

// After a move, a record's groups may hold a field more (one that
// records the move); every field they held reads as it did, and a
// field added under an id the group holds is no addition.
func TestMoveMayAddFieldsOnly(t *testing.T) {
	f := func(id int, v string) map[string]any {
		return map[string]any{"field_id": json.Number(fmt.Sprint(id)), "field_type": "text", "field_value": v}
	}
	names := map[string]bool{"已核销": true, "待核销": true}
	before := []any{f(1, "a"), f(2, "b")}
	for _, c := range []struct {
		name  string
		after []any
		want  bool
	}{
		{"as it was", []any{f(1, "a"), f(2, "b")}, true},
		{"a field added at the end", []any{f(1, "a"), f(2, "b"), f(258, "终端")}, true},
		{"a field added between", []any{f(1, "a"), f(258, "终端"), f(2, "b")}, true},
		{"a field rewritten beside one added", []any{f(1, "a"), f(2, "c"), f(258, "终端")}, false},
		{"a field taken away", []any{f(1, "a")}, false},
		{"a field replaced", []any{f(1, "a"), f(258, "终端")}, false},
		{"a field added under a held id", []any{f(1, "a"), f(2, "b"), f(2, "c")}, false},
		{"something other than a field added", []any{f(1, "a"), f(2, "b"), "x"}, false},
	} {
		if got := showsStatusOnly(before, c.after, names); got != c.want {
			t.Errorf("%s: showsStatusOnly = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestOurTokenBesideTheirTemplate: another organization's key sending
// its own template with a page token of our walk gets a refusal or a
// page of its own; a page that continues our walk (a sub-code of ours)
// fails, whichever template it names.
func TestOurTokenBesideTheirTemplate(t *testing.T) {
	l := listing{ep: contract.ListQrcodes, name: "listQrcodes T1", filter: map[string]any{"template": "T1"}, key: "coding"}
	req := `{"template":"X1","page_size":1,"page_token":"ours"}`
	for _, c := range []struct {
		name, body string
		fail       bool
	}{
		{"continues our walk", `{"code":0,"message":"ok","data":{"list":[{"id":2,"coding":"T1-s2"}],"next_page_token":null,"total":3}}`, true},
		{"its own sub-code", `{"code":0,"message":"ok","data":{"list":[{"id":9,"coding":"X1-s1"}],"next_page_token":null,"total":1}}`, false},
		{"refused", `{"code":400,"message":"bad page_token","data":{}}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.tenancy"}}
			tk.otherSeesOwn(l, answered(contract.ListQrcodes, profile.RoleOtherOrg, req, c.body), "with its own template X1 and our token", []string{"T1-s2", "T1"})
			if tk.failed() != c.fail {
				t.Fatalf("failures %v, want a failure: %v", tk.failures, c.fail)
			}
		})
	}
}

// TestAfterMoveReads: after the first move each other key reads the
// record in json by its id; the write key in every other format by its
// URL, the limited key in one of them, by seed, every one over seeds;
// another organization's key in json alone.
func TestAfterMoveReads(t *testing.T) {
	roles := []string{profile.RoleWrite, profile.RoleLimited, profile.RoleOtherOrg}
	limited := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		got := afterMoveReads(seed, roles, 110001, "https://h/r/c-1")
		for i, role := range roles {
			var seen []string
			for _, b := range got[i] {
				seen = append(seen, fmt.Sprintf("%v %v %v", b["format"], b["record_id"], b["record_url"]))
			}
			want := []string{"<nil> 110001 <nil>", "json-ld <nil> https://h/r/c-1", "markdown <nil> https://h/r/c-1"}
			switch role {
			case profile.RoleOtherOrg:
				want = want[:1]
			case profile.RoleLimited:
				if len(seen) != 2 || seen[0] != want[0] || !strings.HasSuffix(seen[1], "<nil> https://h/r/c-1") {
					t.Fatalf("seed %d: the limited key reads %v, want json by id and one format by URL", seed, seen)
				}
				limited[seen[1]] = true
				continue
			}
			if strings.Join(seen, "; ") != strings.Join(want, "; ") {
				t.Errorf("seed %d: %s reads %v, want %v", seed, role, seen, want)
			}
		}
	}
	if len(limited) != len(afterMoveFormats) {
		t.Errorf("over 20 seeds the limited key reads by URL in %v, want every format", limited)
	}
	if b := afterMoveReads(1, roles[:1], 1, "")[0][1]; b["record_id"] != int64(1) || b["record_url"] != nil {
		t.Errorf("without a URL: %v, want by its id", b)
	}
}
