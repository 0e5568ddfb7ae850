package conformance

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

func TestDressBodyKeepsTheBodyAndAddsTheMembers(t *testing.T) {
	s := clientSite{ours: 7001, run: "abc"}
	members := []dressMember{{"org_id", otherOrgValue}, {"request_id", runRequestID}, {"desensitize", false}}
	for _, body := range []string{`{"record_id":1,"format":"json"}`, `{}`, "{\n  \"page\": 1\n}", ` {"a":"<&>"}`} {
		got, names := dressBody(body, members, profile.RoleOtherOrg, s, 1)
		if len(names) != 3 {
			t.Fatalf("%s: added %v, want three members", body, names)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(got), &m); err != nil {
			t.Fatalf("%s dressed is no JSON object: %s: %v", body, got, err)
		}
		if m["org_id"] != float64(7001) || m["request_id"] != "req-abc" || m["desensitize"] != false {
			t.Errorf("%s dressed as %s: the other organization's key must name ours, the run's request_id", body, got)
		}
		trimmed := strings.TrimLeft(body, " ")
		if !strings.HasSuffix(got, trimmed[1:]) {
			t.Errorf("%s dressed as %s: the rest of the body must stay byte for byte", body, got)
		}
	}
	for _, body := range []string{`[1]`, `"x"`, `{"a":1`, "", "{\"a\":\"\xff\"}"} {
		if got, names := dressBody(body, members, profile.RoleRead, s, 1); got != body || names != nil {
			t.Errorf("%q is no JSON object of UTF-8: dressed as %q", body, got)
		}
	}
}

func TestDressOfNeverNamesTheEndpointsMembers(t *testing.T) {
	writes := map[string]bool{}
	for _, m := range memberFamilies[len(memberFamilies)-1].members {
		writes[m.name] = true
	}
	dressed := 0
	for _, ep := range contract.Endpoints {
		own := endpointMembers(ep.Path())
		body := map[string]any{"lang": "zh-CN"}
		for d := uint64(1); d < 400; d++ {
			ms := dressOf(d*0x9E3779B97F4A7C15, ep.Path(), body)
			again := dressOf(d*0x9E3779B97F4A7C15, ep.Path(), body)
			if len(ms) != len(again) {
				t.Fatalf("dress %d of %s is not the same twice", d, ep.Name)
			}
			hasWrite := false
			for _, m := range ms {
				if _, named := own[m.name]; named && m.value != nil || m.name == "lang" {
					t.Errorf("%s dressed with %s, a member it names or the body has", ep.Name, m.name)
				}
				hasWrite = hasWrite || writes[m.name]
			}
			if len(ms) > 0 {
				dressed++
				if ep.Write != hasWrite {
					t.Errorf("%s dressed with %v: the writes' members go to writes, and every dressed write carries one", ep.Name, ms)
				}
			}
		}
	}
	if dressed == 0 {
		t.Fatal("no request was dressed")
	}
	if ms := dressOf(5, contract.GetFormList.Path(), map[string]any{"page": "2"}); ms != nil {
		t.Errorf("a body with a digit string for page was dressed with %v: its refusal would hide whose it is", ms)
	}
	if ms := dressOf(5, contract.GetFormList.Path(), map[string]any{"page_size": map[string]any{}}); ms != nil {
		t.Errorf("a body that is bad input was dressed with %v", ms)
	}
}

// TestDressWritesOwnMembersNull: a third of the dressed reads carry one
// member of the endpoint's own that the body lacks, written null (never
// a required one, never on a write).
func TestDressWritesOwnMembersNull(t *testing.T) {
	nulls := map[string]int{}
	for d := uint64(1); d < 3000; d++ {
		d := d * 0x9E3779B97F4A7C15
		for _, m := range dressOf(d, contract.GetFormList.Path(), map[string]any{"number": "XJ-1"}) {
			if m.value == nil {
				nulls[m.name]++
			}
		}
		for _, m := range dressOf(d, contract.Verify.Path(), map[string]any{"certificate_code": "C1", "action_type": "next"}) {
			if m.value == nil {
				t.Fatalf("a write carries %s null", m.name)
			}
		}
	}
	if nulls["page_size"] == 0 || nulls["number"] != 0 {
		t.Errorf("the nulls of getFormList's members: %v", nulls)
	}
}
