package state

import (
	"errors"
	"strconv"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// next and set are verify requests of a code.
func next(code string) VerifyRequest {
	return VerifyRequest{Code: code, HasCode: true, Action: contract.ActionNextStatus, HasAction: true}
}

func set(code, to string) VerifyRequest {
	r := next(code)
	r.Action, r.To, r.HasTo = contract.ActionSetStatus, to, true
	return r
}

// TestVerifyRunsItsChecksInOrder: each check of docs/contract.md §C6
// answers its own code, and an earlier check wins over a later one.
func TestVerifyRunsItsChecksInOrder(t *testing.T) {
	sc := ts.Build()
	write, limited, other := sc.Keys[1], sc.Keys[2], sc.Keys[3]
	badAction := next("NO-SUCH")
	badAction.Action = "jump"
	wrongTpl := next(ts.CertOK)
	wrongTpl.TplID, wrongTpl.HasTplID = ts.CredForm+1, true
	wrongFrom := next(ts.CertOK)
	wrongFrom.From, wrongFrom.HasFrom = strconv.Itoa(ts.StChecked), true
	cases := []struct {
		name string
		req  VerifyRequest
		key  int // 0: write, 1: limited, 2: other org
		code int
	}{
		{"no code", VerifyRequest{Action: contract.ActionNextStatus, HasAction: true}, 0, contract.ErrInvalidParams},
		{"blank code", next("  "), 0, contract.ErrInvalidParams},
		{"no action", VerifyRequest{Code: ts.CertOK, HasCode: true}, 0, contract.ErrInvalidParams},
		{"bad action before the code", badAction, 0, contract.ErrInvalidAction},
		{"set without to", set(ts.CertOK, ""), 0, contract.ErrInvalidParams},
		{"unknown code", next("NO-SUCH"), 0, contract.ErrInvalidCode},
		{"no credential", next(ts.PlainCode), 0, contract.ErrInvalidCode},
		{"another org's", next(ts.OtherCert), 0, contract.ErrInvalidCode},
		{"mine seen by another org", next(ts.CertOK), 2, contract.ErrInvalidCode},
		{"not a form of the limited key", next(ts.CertOK), 1, contract.ErrNoPermission},
		{"record verification off", next(ts.CertRecordOff), 0, contract.ErrNotEnabled},
		{"form verification off", next(ts.CertFormOff), 0, contract.ErrNotEnabled},
		{"not approved", next(ts.CertUnapproved), 0, contract.ErrNotApproved},
		{"another template", wrongTpl, 0, contract.ErrScopeMismatch},
		{"identity needed", next(ts.CertIdentity), 0, contract.ErrIdentityNeeded},
		{"auth code invalid", next(ts.CertAuthCode), 0, contract.ErrAuthCodeInvalid},
		{"from is not the current", wrongFrom, 0, contract.ErrStatusForbids},
		{"void forbids", next(ts.CertVoid), 0, contract.ErrStatusForbids},
		{"flow finished", next(ts.CertArchived), 0, contract.ErrStatusForbids},
		{"no next status", next(ts.CertStuck), 0, contract.ErrInvalidTarget},
		{"no such status", set(ts.CertOK, "不存在"), 0, contract.ErrInvalidTarget},
		{"already there", set(ts.CertOK, strconv.Itoa(ts.StUnchecked)), 0, contract.ErrInvalidTarget},
		{"not reachable", set(ts.CertOK, strconv.Itoa(ts.StArchived)), 0, contract.ErrInvalidTarget},
		{"forced failure", next(ts.CertForce), 0, contract.ErrVerifyFailed},
	}
	st, err := New(sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		_, err := st.Verify([]*scenario.Key{write, limited, other}[tc.key], tc.req)
		var e *fail.Error
		if !errors.As(err, &e) || e.ErrorCode != tc.code {
			t.Errorf("%s: %v, want %d", tc.name, err, tc.code)
		}
	}
}

func TestVerifyMovesAlongTheFlow(t *testing.T) {
	sc := ts.Build()
	st, _ := New(sc, 0)
	write, limited := sc.Keys[1], sc.Keys[2]
	v, err := st.Verify(write, next(ts.CertOK))
	if err != nil || v.To.ID != ts.StChecked || v.Rec.Code != ts.CertOK || v.Message == "" {
		t.Fatalf("next from unchecked: %+v %v", v, err)
	}
	req := set(ts.CertOK, strconv.Itoa(ts.StArchived))
	req.From, req.HasFrom = strconv.Itoa(ts.StChecked), true
	if v, err := st.Verify(write, req); err != nil || v.To.ID != ts.StArchived {
		t.Fatalf("set checked to archived: %+v %v", v, err)
	}
	if _, err := st.Verify(write, next(ts.CertOK)); err == nil {
		t.Error("a finished flow moved again")
	}
	if _, err := st.Verify(limited, next(ts.CertLimited)); err != nil {
		t.Errorf("the limited key on its own form: %v", err)
	}
}
