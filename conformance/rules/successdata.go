package rules

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"

	"github.com/rtq-kit/rtq/contract"
)

// SuccessData is the statement that no one answer can show broken: a
// verify success describes the record it verified as getRecord gives it
// (§4.2). It is judged between answers, every verify success against
// the reads of the record its certificate_code names: by the runner over
// every answer of the run (every key, every address, every move), and
// by an observer of live traffic over the reads it remembers. Both judge
// by DescribesRecord, so that a verify one fails the other fails too.
const SuccessData = "4.2.successData"

// betweenStatements are the statements judged between answers, listed
// with the rules' own (Statements): each is a finding answers.<id> too.
var betweenStatements = []string{SuccessData}

// Facts are what a verify success says of the record it verified, and
// what a read of the record gives for the same members: its id, number,
// organization and submission time, as the answer wrote them.
type Facts struct {
	// ID is the record's id (0 when the answer gives none that reads as
	// an integer); RecordID is record_id as written.
	ID                                int64
	RecordID, Number, OrgID, SubmitAt any
}

// VerifiedFacts is what a verify success says of its record, and the
// certificate_code that named it; ok is false for any other answer.
func VerifiedFacts(x *Exchange) (f Facts, certificate string, ok bool) {
	if !x.Is(contract.Verify) || !x.Success() {
		return Facts{}, "", false
	}
	data, _ := x.Object()["data"].(map[string]any)
	if data == nil {
		return Facts{}, "", false
	}
	return VerifyDataFacts(data), x.Param("certificate_code"), true
}

// VerifyDataFacts are the facts of a verify success's data.
func VerifyDataFacts(data map[string]any) Facts {
	f := Facts{RecordID: data["record_id"], Number: data["record_number"], OrgID: data["org_id"], SubmitAt: data["submit_at"]}
	f.ID = idOf(f.RecordID)
	return f
}

// RecordFacts are the facts of a Record (getRecord's json payload).
func RecordFacts(rec map[string]any) Facts {
	org, _ := rec["org"].(map[string]any)
	f := Facts{RecordID: rec["record_id"], Number: rec["record_number"], OrgID: org["id"], SubmitAt: rec["submit_at"]}
	f.ID = idOf(f.RecordID)
	return f
}

// ReadFacts is what a getRecord success in json gives of its record, and
// the code and URL that name it; ok is false for any other answer.
func ReadFacts(x *Exchange) (f Facts, code, url string, ok bool) {
	if !recordSuccess("json")(x, nil) {
		return Facts{}, "", "", false
	}
	rec := jsonPayload(x)
	if rec == nil {
		return Facts{}, "", "", false
	}
	f = RecordFacts(rec)
	code, _ = rec["record_code"].(string)
	url, _ = rec["record_url"].(string)
	return f, code, url, f.ID != 0
}

// idOf reads a record id written as an integer or as its digit string
// (so that a verify whose id is a string is compared, and found
// otherwise than getRecord writes it).
func idOf(v any) int64 {
	if s, ok := v.(string); ok {
		v = json.Number(s)
	}
	id, _ := Int(v)
	return id
}

// DescribesRecord says what a verify success (v) says of the record its
// certificate_code names (named, 0 when no read names it) otherwise than
// getRecord gives it (r: a json read of that record, or of the record v
// names itself when named is 0): nil when it describes it.
func DescribesRecord(v Facts, named int64, r Facts) []string {
	var out []string
	if named != 0 && v.ID != named {
		out = append(out, fmt.Sprintf("record_id is %s, and certificate_code names record %d", valueText(v.RecordID), named))
	}
	for _, m := range []struct {
		name      string
		got, want any
	}{
		{"record_id", v.RecordID, r.RecordID},
		{"record_number", v.Number, r.Number},
		{"org_id", v.OrgID, r.OrgID},
		{"submit_at", v.SubmitAt, r.SubmitAt},
	} {
		if m.name == "record_id" && v.ID != r.ID {
			continue // said above: another record altogether
		}
		if !sameValue(m.got, m.want) {
			out = append(out, fmt.Sprintf("%s is %s, getRecord gives %s for record %d", m.name, valueText(m.got), valueText(m.want), r.ID))
		}
	}
	return out
}

// sameValue compares two decoded JSON values, numbers by their value
// (1700000000 and 1.7e9 are one number; "1700000000" is a string).
func sameValue(a, b any) bool {
	na, okA := a.(json.Number)
	nb, okB := b.(json.Number)
	if okA && okB {
		ra, okRA := new(big.Rat).SetString(string(na))
		rb, okRB := new(big.Rat).SetString(string(nb))
		return okRA && okRB && ra.Cmp(rb) == 0 || na == nb
	}
	return reflect.DeepEqual(a, b)
}

// valueText writes a decoded value as JSON, so that a string and a
// number read apart in a message ("absent" for none).
func valueText(v any) string {
	if v == nil {
		return "absent"
	}
	return short(jsonText(v))
}
