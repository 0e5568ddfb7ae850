package conformance

import (
	"encoding/json"
	"testing"

	"github.com/rtq-kit/rtq/profile"
)

// TestUnmovedCredentialsAreTheUncasedOfAFlow: the credentials verify
// moves besides the cases are the profile's records on a form with a
// flow that no case names, grouped by form; a record of a form with no
// flow, or one a case names, is none of them.
func TestUnmovedCredentialsAreTheUncasedOfAFlow(t *testing.T) {
	form, plain := int64(31), int64(40)
	p := &profile.Profile{
		Flows: []profile.Flow{{FormID: form, Statuses: []profile.Status{{ID: 1, Name: "a", Next: []string{"b"}}, {ID: 2, Name: "b", Terminal: true}}}},
		Records: []profile.Record{
			{ID: 1, URL: "https://h/r/1", FormID: &form},
			{ID: 2, URL: "https://h/r/2", FormID: &form},
			{ID: 3, URL: "https://h/r/3", FormID: &plain},
			{ID: 4, URL: "https://h/r/4"},
		},
		Cases: []profile.Case{{Name: "c", RecordID: 1, FormID: form}},
	}
	got := (&runner{prof: p}).unmovedCredentials()
	if len(got) != 1 || len(got[form]) != 1 || got[form][0].ID != 2 {
		t.Fatalf("unmoved credentials %v, want record 2 of form %d alone", got, form)
	}
}

// TestKeyPathsTurnOverEveryPath: a key's two moves a run take both
// actions and both addresses, and the four pairs every action by every
// address and every form of the target, so over seeds the limited key
// meets each.
func TestKeyPathsTurnOverEveryPath(t *testing.T) {
	all := map[keyPathCell]bool{}
	for seed := range uint64(30) {
		a, b := keyPath(seed, profile.RoleLimited, 0), keyPath(seed, profile.RoleLimited, 1)
		if a.url == b.url {
			t.Errorf("seed %d: both moves of a run go by the same address (%v, %v)", seed, a, b)
		}
		if a.next == b.next {
			t.Errorf("seed %d: both moves of a run take the same action (%v, %v): each action is a handler of its own", seed, a, b)
		}
		all[a], all[b] = true, true
	}
	for _, want := range []keyPathCell{{false, false, false}, {false, false, true}, {false, true, false}, {false, true, true}, {true, false, false}, {true, true, false}} {
		if !all[want] {
			t.Errorf("no seed sends the path %+v", want)
		}
	}
}

// TestRefusedAsParameter: a parameter error (100301, or a 400 with no
// error_code) is what lets a move with a member the contract does not
// name go again without it; a business refusal or a success is not.
func TestRefusedAsParameter(t *testing.T) {
	for _, c := range []struct {
		doc  map[string]any
		want bool
	}{
		{map[string]any{"code": json.Number("400"), "error_code": json.Number("100301")}, true},
		{map[string]any{"code": json.Number("400"), "message": "bad"}, true},
		{map[string]any{"code": json.Number("400"), "error_code": json.Number("100326")}, false},
		{map[string]any{"code": json.Number("0"), "data": map[string]any{}}, false},
	} {
		if got := refusedAsParameter(&Exchange{Doc: c.doc}); got != c.want {
			t.Errorf("%v: %v, want %v", c.doc, got, c.want)
		}
	}
}
