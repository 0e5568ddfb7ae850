package conformance

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// verifyOf is a verify of certificate c with request members req,
// answered by body.
func verifyOf(c, req, body string) Observed {
	return Observed{Endpoint: contract.Verify, Method: "POST", Path: contract.Verify.Path(), Authorization: "Bearer w-123456789",
		Request: []byte(fmt.Sprintf(`{"certificate_code":%q,%s}`, c, req)), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

func verifyOK(id int64, status string) string {
	return fmt.Sprintf(`{"code":0,"message":"ok","data":{"record_number":"N","record_id":%d,"org_id":1,"submit_at":1,"certificate_status":%q}}`, id, status)
}

const verifyNo = `{"code":100326,"message":"Invalid target certificate status","error_code":100326,"message_detail":"x","data":null}`

// A verify judged against the ones before it: the same move again, or a
// move from a status the record left, may not succeed; refused, they
// pass; a status sent by id, or a move after a reset, is not judged.
func TestLiveVerifyRepeat(t *testing.T) {
	set := func(to string) string {
		return `"action_type":"set_certificate_status","to_certificate_status":"` + to + `"`
	}
	from := func(f string) string {
		return `"action_type":"set_next_certificate_status","from_certificate_status":"` + f + `"`
	}
	cases := []struct {
		name    string
		answers []Observed
		want    Status // "" when the relation is never judged
		says    string
	}{
		{"a repeat refused", []Observed{verifyOf("c1", set("已核销"), verifyOK(1, "已核销")), verifyOf("c1", set("已核销"), verifyNo)}, Pass, ""},
		{"a repeat succeeds", []Observed{verifyOf("c1", set("已核销"), verifyOK(1, "已核销")), verifyOf("c1", set("已核销"), verifyOK(1, "已核销"))}, Fail, "the same move again succeeds"},
		{"a stale from succeeds", []Observed{verifyOf("c1", from("待核销"), verifyOK(1, "已核销")), verifyOf("c1", from("待核销"), verifyOK(1, "已归档"))}, Fail, "a verify from \"待核销\" still succeeds"},
		{"a move on", []Observed{verifyOf("c1", from("待核销"), verifyOK(1, "已核销")), verifyOf("c1", from("已核销"), verifyOK(1, "已归档"))}, "", ""},
		{"a status by id", []Observed{verifyOf("c1", set("已核销"), verifyOK(1, "已核销")), verifyOf("c1", set("2"), verifyOK(1, "已归档"))}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			for _, a := range c.answers {
				o.Observe(a)
			}
			wantVerdict(t, o, relVerifyRepeat, c.want, c.says)
		})
	}
	o := newTestObserver(t)
	o.Observe(verifyOf("c1", set("已核销"), verifyOK(1, "已核销")))
	o.Forget(AllSpaces)
	o.Observe(verifyOf("c1", set("已核销"), verifyOK(1, "已核销")))
	if f := findingOf(o.Report(o.opts.Started), relVerifyRepeat); f != nil && f.Status == Fail {
		t.Fatalf("a move after a reset: %+v", f)
	}
}
