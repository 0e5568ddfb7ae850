package admin

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/profile/derive"
)

// maxScenarioBytes bounds the YAML of POST /__admin/scenario.
const maxScenarioBytes = 16 << 20

type Route struct {
	Pattern string
	Run     chain.Step
}

// Routes is the admin API of docs/cli.md, same port, /__admin.
func (s *API) Routes() []Route {
	return append([]Route{
		{"GET /__admin/health", s.adminHealth},
		{"GET /__admin/profile", s.adminProfile},
		{"POST /__admin/reset", s.adminReset},
		{"GET /__admin/requests", s.adminRequests},
		{"DELETE /__admin/requests", s.adminClearRequests},
		{"POST /__admin/scenario", s.adminScenario},
		{"GET /__admin/scenario", s.adminScenarioSummary},
		{"GET /__admin/coverage", s.adminCoverage},
		{"POST /__admin/coverage/reset", s.adminCoverageReset},
	}, s.faultRoutes()...)
}

// Auth requires "Authorization: Bearer <AdminToken>" when a token is
// set. Digests are compared in constant time, so neither the token's
// content nor its length leaks through timing.
func (s *API) Auth(next chain.Step) chain.Step {
	if s.opts.AdminToken == "" {
		return next
	}
	want := sha256.Sum256([]byte(s.opts.AdminToken))
	return func(c *chain.Call) {
		tok, _ := chain.Bearer(c.R.Header["Authorization"])
		got := sha256.Sum256([]byte(tok))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			chain.AdminError(c, contract.AdminUnauthorized, "the admin API needs Authorization: Bearer <admin token>")
			return
		}
		next(c)
	}
}

// adminHealth is ok while the store answers; else 503 "store
// unreachable: ..." (rtq health prints it).
func (s *API) adminHealth(c *chain.Call) {
	if s.opts.Health != nil {
		if err := s.opts.Health(c.R.Context()); err != nil {
			chain.AdminError(c, contract.AdminStoreDown, err.Error())
			return
		}
	}
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}

func (s *API) adminProfile(c *chain.Call) {
	chain.AdminJSON(c, 200, derive.FromScenario(c.St.Scenario()))
}

func (s *API) adminReset(c *chain.Call) {
	if err := s.resetOf(c); err != nil {
		storeFailed(c, err)
		return
	}
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}

// adminRequests answers the journal, narrowed by the filters of the query
// (path, key, status, limit); a bad filter is a 400 naming it.
func (s *API) adminRequests(c *chain.Call) {
	f, err := journal.ParseFilter(c.R.URL.RawQuery)
	if err != nil {
		chain.AdminError(c, contract.AdminBadRequest, err.Error())
		return
	}
	out, err := s.journalOf(c).AppendJSON(c.Out[:0], f)
	if err != nil {
		storeFailed(c, err)
		return
	}
	c.Write(200, 0, out)
}

func (s *API) adminClearRequests(c *chain.Call) {
	if err := s.journalOf(c).Clear(); err != nil {
		storeFailed(c, err)
		return
	}
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}

// storeFailed answers an admin call the store failed: 503 when it could
// not be reached, else an internal error.
func storeFailed(c *chain.Call, err error) {
	var e *fail.Error
	if errors.As(err, &e) && e.Code == contract.StoreUnreachable.Status && e.ErrorCode == contract.StoreUnreachable.Code {
		chain.AdminError(c, contract.AdminStoreDown, e.Detail)
		return
	}
	chain.AdminError(c, contract.AdminInternal, err.Error())
}

// adminProblem is one problem of a rejected scenario.
type adminProblem struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// adminScenario replaces the scenario with the YAML body (any Content-Type).
// A scenario with problems is rejected whole and the old one kept.
// One upload is loaded at a time: a second one meanwhile gets 429, so
// parallel uploads cannot multiply the bounded cost of one.
func (s *API) adminScenario(c *chain.Call) {
	if c.R.ContentLength > maxScenarioBytes { // refused before waiting for anything
		readBody(c, maxScenarioBytes, "the scenario")
		return
	}
	if !s.Loading.CompareAndSwap(false, true) {
		c.W.Header()["Retry-After"] = []string{"1"}
		chain.AdminError(c, contract.AdminBusy, "another scenario is being loaded; post again when it is done")
		return
	}
	defer s.Loading.Store(false)
	data, ok := readBody(c, maxScenarioBytes, "the scenario")
	if !ok {
		return
	}
	sc, err := s.opts.ParseScenario("scenario.yaml", data)
	if err != nil {
		s.answerScenarioError(c, err)
		return
	}
	if err := s.Replace(sc); err != nil {
		storeFailed(c, err)
		return
	}
	chain.AdminJSON(c, 200, map[string]string{"status": "ok", "scenario": sc.Name})
}

// Unknown answers any other /__admin path or method.
func (s *API) Unknown(c *chain.Call) {
	for _, a := range s.Routes() {
		method, path, _ := strings.Cut(a.Pattern, " ")
		if path == c.R.URL.Path {
			c.W.Header()["Allow"] = []string{method}
			chain.AdminError(c, contract.AdminMethod, "use "+a.Pattern)
			return
		}
	}
	chain.AdminError(c, contract.AdminNotFound, "no admin call at "+c.R.URL.Path+"; see docs/mock.md")
}
