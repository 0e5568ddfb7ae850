package answer

import "testing"

// A nil *ErrorRules is the kit's throughout: every question answers "no
// rule", so a scenario without a recorded service needs no rules at all.
func TestNilRulesAreTheKits(t *testing.T) {
	var r *ErrorRules
	if _, ok := r.Message("record/getRecord", 400); ok {
		t.Error("nil rules give a message")
	}
	if r.DetailInMessage("record/getRecord") {
		t.Error("nil rules put the detail in the message")
	}
	if _, ok := r.StatusFor(400); ok {
		t.Error("nil rules give a status")
	}
	if _, ok := r.CaughtFor("record/getRecord", "bad_key"); ok {
		t.Error("nil rules give a caught answer")
	}
}

// A caught answer is found by endpoint and situation both, and never for
// an error without a situation.
func TestCaughtIsFoundByEndpointAndSituation(t *testing.T) {
	r := &ErrorRules{Caught: []Caught{{Endpoint: "a", Situation: "x", Code: 1}, {Endpoint: "b", Situation: "x", Code: 2}}}
	if c, ok := r.CaughtFor("b", "x"); !ok || c.Code != 2 {
		t.Errorf("b/x: %v %v, want code 2", c, ok)
	}
	for _, q := range [][2]string{{"a", "y"}, {"c", "x"}, {"a", ""}} {
		if _, ok := r.CaughtFor(q[0], q[1]); ok {
			t.Errorf("%s/%q: found, want none", q[0], q[1])
		}
	}
}

// Omits names exactly the members of Omit.
func TestOmitsNamesOmit(t *testing.T) {
	r := &Record{Omit: []string{"audit.status"}}
	if !r.Omits("audit.status") || r.Omits("audit.status_text") {
		t.Errorf("Omits over %v is wrong", r.Omit)
	}
}
