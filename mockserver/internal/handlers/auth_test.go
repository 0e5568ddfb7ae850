package handlers

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestAuthRefusesWhatTheKeyMayNotDo(t *testing.T) {
	cases := []struct {
		name   string
		ep     *contract.Endpoint
		auth   string
		status int
		code   int
		detail string
	}{
		{"no header", &contract.GetRecord, "", 401, contract.ErrUnauthorized, `"Bearer <API key>"`},
		{"not bearer", &contract.GetRecord, "Basic " + testscenario.ReadSecret, 401, contract.ErrUnauthorized, `"Bearer <API key>"`},
		{"unknown key", &contract.GetRecord, "Bearer not-a-key", 401, contract.ErrUnauthorized, "not known"},
		{"read key writes", &contract.Verify, "Bearer " + testscenario.ReadSecret, 403, fail.Forbidden(true, "").ErrorCode, "no write permission"},
		{"write-only key reads", &contract.GetFormList, "Bearer " + testscenario.WriteOnlySecret, 403, contract.ErrForbidden, "no read permission"},
	}
	for _, tc := range cases {
		c, w := newCall(t, tc.ep, nil, tc.auth)
		Auth(func(*chain.Call) { t.Errorf("%s: reached the handler", tc.name) })(c)
		a := decode(t, w)
		if w.Code != tc.status || a.ErrorCode != tc.code || !strings.Contains(a.Detail, tc.detail) {
			t.Errorf("%s: %d %+v, want %d %d naming %q", tc.name, w.Code, a, tc.status, tc.code, tc.detail)
		}
		if strings.Contains(w.Body.String(), "rtq-demo") {
			t.Errorf("%s: the answer echoes the secret: %s", tc.name, w.Body)
		}
	}
}

func TestAuthPassesTheKeyByName(t *testing.T) {
	for secret, ep := range map[string]*contract.Endpoint{
		testscenario.WriteSecret: &contract.Verify,
		testscenario.ReadSecret:  &contract.GetRecord,
	} {
		c, w := newCall(t, ep, nil, "bearer "+secret)
		reached := false
		Auth(func(c *chain.Call) { reached = c.Key != nil && c.Key.Secret == secret })(c)
		if !reached || w.Body.Len() != 0 {
			t.Errorf("%s with its key: reached %v, answered %q", ep.Name, reached, w.Body)
		}
	}
}
