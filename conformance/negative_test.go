package conformance

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// namesNoRecord says whether a verify body can name no record on any
// target: it is no JSON object, its certificate_code is no string, or it is
// the probe code no target holds.
func namesNoRecord(body string) bool {
	var m map[string]any
	if json.Unmarshal([]byte(body), &m) != nil {
		return true
	}
	code, ok := m["certificate_code"].(string)
	literal := strings.NewReplacer("%", "", "_", "", `\`, "", "'", "", `"`, "").Replace(code)
	return !ok || strings.Contains(code, probeCode) || strings.TrimSpace(code) == "" || strings.Contains(probeCode, literal)
}

// lenientlyReadable: member holds a digit string ("123") or a number with
// a fraction part (5.0), values a lenient service may take for an integer.
func lenientlyReadable(body, member string) bool {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return false
	}
	switch v := m[member].(type) {
	case string:
		_, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err == nil
	case json.Number:
		return strings.ContainsAny(string(v), ".eE")
	}
	return false
}

// TestNegativeCasesAreBoundedStableAndSafe: the generator gives every
// endpoint its cases, the same on every call, no lenient-readable value,
// and verify bodies that name no record.
func TestNegativeCasesAreBoundedStableAndSafe(t *testing.T) {
	a, err := negativeCases(DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := negativeCases(DefaultSeed)
	if len(a) < 60 || len(a) > 150 || len(a) != len(b) {
		t.Fatalf("%d then %d cases; want the same bounded set", len(a), len(b))
	}
	base := map[string]any{"certificate_code": probeCode, "action_type": contract.ActionNextStatus, "record_id": 1}
	per := map[string]int{}
	for i, c := range a {
		body, again := string(c.body(base)), string(b[i].body(base))
		if c.id != b[i].id || body != again {
			t.Errorf("case %d: %s %q then %s %q", i, c.id, body, b[i].id, again)
		}
		per[c.ep.Name]++
		if lenientlyReadable(body, c.member) {
			t.Errorf("%s sends a value a lenient service may read as a number: %s", c.id, body)
		}
		if c.ep == contract.Verify && !namesNoRecord(body) {
			t.Errorf("%s names a record: %s", c.id, body)
		}
	}
	for _, ep := range contract.Endpoints {
		if per[ep.Name] < 8 {
			t.Errorf("%s: %d cases; want every member and body kind", ep.Name, per[ep.Name])
		}
	}
}
