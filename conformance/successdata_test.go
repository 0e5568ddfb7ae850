package conformance

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// answered is an exchange of ep whose answer is body, decoded as the
// client decodes it.
func answered(ep contract.Endpoint, role, req, body string) *Exchange {
	x := &Exchange{Req: Request{Method: "POST", Path: contract.PathPrefix + ep.Name, Key: role, Body: req},
		Status: 200, ContentType: "application/json; charset=utf-8", Body: []byte(body)}
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	return x
}

// readOf is a getRecord json success of a record.
func readOf(id int, code, number string, org int, submit string) *Exchange {
	body := `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{` +
		`"record_id":` + strconv.Itoa(id) + `,"record_code":"` + code + `","record_url":"https://demo.example/r/` + code + `",` +
		`"record_number":"` + number + `","org":{"id":` + strconv.Itoa(org) + `},"submit_at":` + submit + `}}}`
	return answered(contract.GetRecord, profile.RoleRead, `{"record_id":`+strconv.Itoa(id)+`,"format":"json"}`, body)
}

// verified is a verify success of a certificate with the data given.
func verified(role, certificate, data string) *Exchange {
	return answered(contract.Verify, role, `{"certificate_code":"`+certificate+`","action_type":"set_next_certificate_status"}`,
		`{"code":0,"message":"ok","data":{`+data+`,"certificate_status":"已核销"}}`)
}

func judgedBetween(xs ...*Exchange) *answers {
	a := newAnswers(&profile.Profile{}, nil)
	for _, x := range xs {
		ep := contract.Verify
		if strings.HasSuffix(x.Req.Path, contract.GetRecord.Name) {
			ep = contract.GetRecord
		}
		a.judge(&ep, x)
	}
	a.judgeBetween()
	return a
}

// TestSuccessDataOnEveryVerifySuccess: every verify success of the run,
// whatever key sent it and however its certificate_code named the
// record, is put beside the reads of that record: a success that
// describes it otherwise than getRecord fails 4.2.successData, and the
// statement counts every success it was judged on.
func TestSuccessDataOnEveryVerifySuccess(t *testing.T) {
	reads := []*Exchange{readOf(1001, "AbC123", "NO-1", 7, "1700000000"), readOf(1002, "XyZ789", "NO-2", 7, "1700000500")}
	good := verified(profile.RoleWrite, "AbC123", `"record_id":1001,"record_number":"NO-1","org_id":7,"submit_at":1700000000`)
	for _, c := range []struct {
		name string
		x    *Exchange
		want string
	}{
		// The limited key's move by the record's URL answers the time in
		// milliseconds: no check of the cases looks at it.
		{"millis by URL", verified(profile.RoleLimited, "https://demo.example/r/XyZ789", `"record_id":1002,"record_number":"NO-2","org_id":7,"submit_at":1700000500000`), "submit_at is 1700000500000"},
		// A move by code describes the record the code does not name.
		{"another record", verified(profile.RoleWrite, "AbC123", `"record_id":1002,"record_number":"NO-2","org_id":7,"submit_at":1700000500`), "certificate_code names record 1001"},
		// org_id written as a string: getRecord writes a number.
		{"org as string", verified(profile.RoleWrite, "XyZ789", `"record_id":1002,"record_number":"NO-2","org_id":"7","submit_at":1700000500`), `org_id is "7"`},
		// record_number of the form, not the record's.
		{"form number", verified(profile.RoleWrite, "XyZ789", `"record_id":1002,"record_number":"F-0001","org_id":7,"submit_at":1700000500`), "record_number is \"F-0001\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := judgedBetween(append(append([]*Exchange{}, reads...), good, c.x)...)
			if n := len(a.ruled[rules.SuccessData]); n != 2 {
				t.Errorf("judged on %d verify successes, want 2", n)
			}
			broken := a.broken[rules.SuccessData]
			if len(broken) != 1 || broken[c.x] == nil {
				t.Fatalf("broken: %v, want the one bad success", broken)
			}
			if got := strings.Join(broken[c.x], "; "); !strings.Contains(got, c.want) {
				t.Errorf("problems %q, want %q", got, c.want)
			}
		})
	}
}

// TestSuccessDataNeedsARead: a success whose record the run never read
// is not evaluated (nothing says what getRecord gives), and a number
// written in another form of the same value is the same number.
func TestSuccessDataNeedsARead(t *testing.T) {
	a := judgedBetween(readOf(1001, "AbC123", "NO-1", 7, "1700000000"),
		verified(profile.RoleWrite, "Unread", `"record_id":1003,"record_number":"NO-3","org_id":7,"submit_at":1`),
		verified(profile.RoleWrite, "AbC123", `"record_id":1001,"record_number":"NO-1","org_id":7,"submit_at":1.7e9`))
	if n := len(a.ruled[rules.SuccessData]); n != 1 {
		t.Errorf("judged on %d, want 1 (the unread record's success is not judged)", n)
	}
	if b := a.broken[rules.SuccessData]; len(b) != 0 {
		t.Errorf("broken: %v", b)
	}
}
