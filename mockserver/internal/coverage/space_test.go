package coverage

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/scenario"
)

// members is a request body's members as the chain reads them.
type members map[string][]byte

func (m members) Raw(name string) []byte { return m[name] }

type noKeys struct{}

func (noKeys) KeyBySecret(string) *scenario.Key { return nil }

func call(ep contract.Endpoint, m members, code int, s *Seen) *Call {
	r := httptest.NewRequest(http.MethodPost, ep.Path(), nil)
	r.Header.Set("Content-Type", "application/json")
	return &Call{R: r, Ep: &ep, Members: m, Status: 200, Code: code, Seen: s, Keys: noKeys{}}
}

func count(t *testing.T, r covreport.Report, dim, id string) int64 {
	t.Helper()
	n, ok := r.Dimension(dim).Count(id)
	if !ok {
		t.Fatalf("%s lists no %q", dim, id)
	}
	return n
}

func TestInjectedFaultsCountAsTheirEntries(t *testing.T) {
	var sp Space
	sp.Observe(call(contract.GetRecord, members{}, 429, &Seen{ErrorCode: 100429}))
	sp.Observe(call(contract.GetRecord, members{}, 503, &Seen{ErrorCode: 100300}))
	drop := call(contract.GetRecord, members{}, 0, &Seen{})
	drop.Status, drop.Dropped = 0, true
	sp.Observe(drop)
	r := sp.Report("", &scenario.Scenario{})
	for _, id := range []string{"record/getRecord 429", "record/getRecord 503", "record/getRecord connection dropped"} {
		if count(t, r, "errors", id) != 1 {
			t.Errorf("%s not counted once", id)
		}
	}
	if n := count(t, r, "errors", "record/getRecord 100301/400"); n != 0 {
		t.Errorf("a 400 counted %d times; none was sent", n)
	}
}

// TestOtherErrorsAreBounded: answers outside the denominators are counted
// while under maxOther kinds, and the Space stays that size after.
func TestOtherErrorsAreBounded(t *testing.T) {
	var sp Space
	for i := 0; i < 10*maxOther; i++ {
		sp.Observe(call(contract.GetFormList, members{}, 418, &Seen{ErrorCode: 200000 + i}))
	}
	if len(sp.other) != maxOther {
		t.Fatalf("%d other answers kept, want the bound %d", len(sp.other), maxOther)
	}
	r := sp.Report("", &scenario.Scenario{})
	if len(r.Dimensions.Errors.Other) != maxOther || r.Calls != int64(10*maxOther) {
		t.Errorf("report: %d others, %d calls", len(r.Dimensions.Errors.Other), r.Calls)
	}
}

func TestTraitsNameTheRecordsFieldTypes(t *testing.T) {
	rec := &scenario.Record{Groups: []scenario.Group{{Fields: []scenario.Field{
		{Type: contract.FieldTypes[0].Name}, {Type: contract.FieldTypes[len(contract.FieldTypes)-1].Name, Masked: true}}}}}
	var sp Space
	sp.Observe(call(contract.GetRecord, members{"record_id": []byte("1")}, 0, &Seen{Record: TraitsOf(rec)}))
	sc := &scenario.Scenario{Records: []*scenario.Record{rec}}
	r := sp.Report("", sc)
	fts := r.Dimensions.FieldTypes
	if fts.Covered != 2 || fts.Total != len(contract.FieldTypes) {
		t.Errorf("field types %d/%d, want 2/%d", fts.Covered, fts.Total, len(contract.FieldTypes))
	}
	if len(fts.Unreachable) != len(contract.FieldTypes)-2 {
		t.Errorf("%d unreachable field types, want every one the record lacks", len(fts.Unreachable))
	}
	if count(t, r, "shapes", "record/getRecord a masked value") != 1 {
		t.Error("masked value not counted")
	}
	if count(t, r, "shapes", "record/getRecord a record without a form") != 1 { // rec has no Form
		t.Error("record without a form not counted")
	}
	if !slices.Contains(r.Dimensions.Shapes.Missing, "record/getFormList last page") ||
		len(r.Dimensions.Shapes.Unreachable) != 1 || r.Dimensions.Shapes.Unreachable[0] != "certificates/verify a certificate moved" {
		t.Errorf("shapes missing %v unreachable %v: a scenario without a credential moves none", r.Dimensions.Shapes.Missing, r.Dimensions.Shapes.Unreachable)
	}
	for _, id := range []string{"certificates/verify 100321/400", "certificates/verify 100329/400", "certificates/verify 100328/403"} {
		if !slices.Contains(r.Dimensions.Errors.Unreachable, id) {
			t.Errorf("%s not unreachable in a scenario with no credential and no key: %v", id, r.Dimensions.Errors.Unreachable)
		}
	}
	if slices.Contains(r.Dimensions.Errors.Unreachable, "certificates/verify 100320/400") {
		t.Error("100320 (an unknown code) is reachable in every scenario")
	}
}

func TestResetForgets(t *testing.T) {
	var sp Space
	sp.Observe(call(contract.GetFormList, members{"page_size": []byte("50")}, 0, &Seen{Shape: EmptyList}))
	if r := sp.Report("", &scenario.Scenario{}); len(r.Findings) != 1 || r.Findings[0].Duty != covreport.DutyPageSize {
		t.Fatalf("findings %+v, want page_size", r.Findings)
	}
	sp.Reset()
	r := sp.Report("", &scenario.Scenario{})
	if r.Calls != 0 || len(r.Findings) != 0 || r.Dimensions.Shapes.Covered != 0 {
		t.Errorf("after Reset: %+v", r)
	}
}

// BenchmarkObserveGetRecord is what the coverage adds to a getRecord call.
func BenchmarkObserveGetRecord(b *testing.B) {
	rec := &scenario.Record{}
	for i := range 20 {
		rec.Groups = append(rec.Groups, scenario.Group{Fields: []scenario.Field{{Type: contract.FieldTypes[i].Name}}})
	}
	c := call(contract.GetRecord, members{"record_id": []byte(strconv.Itoa(5001))}, 0, &Seen{Record: TraitsOf(rec)})
	c.Authorized = true // the common call: its key in the Authorization header
	var sp Space
	b.ReportAllocs()
	for b.Loop() {
		sp.Observe(c)
	}
}

// TestFailedVerifiesAreBounded: a client that fails verifies of ever new
// certificate codes grows the Space no further than maxFailed codes, and
// a retry after a failure is still found among those kept.
func TestFailedVerifiesAreBounded(t *testing.T) {
	var sp Space
	for i := 0; i < 10*maxFailed; i++ {
		sp.Observe(call(contract.Verify, members{}, 400, &Seen{ErrorCode: 100320, Code: []byte(strconv.Itoa(i))}))
	}
	if len(sp.failed) != maxFailed {
		t.Fatalf("%d failed codes kept, want the bound %d", len(sp.failed), maxFailed)
	}
	sp.Observe(call(contract.Verify, members{}, 400, &Seen{ErrorCode: 100320, Code: []byte("0")}))
	r := sp.Report("", &scenario.Scenario{})
	if f, ok := r.Finding(covreport.DutyVerifyRetry); !ok || f.Count != 1 {
		t.Errorf("verify_retry %+v, want the one retry of code 0", f)
	}
}
