package mockserver

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/profile/derive"
)

// maxScenarioBytes bounds the YAML of POST /__admin/scenario.
const maxScenarioBytes = 16 << 20

type adminRoute struct {
	pattern string
	run     step
}

// adminRoutes is the admin API of docs/cli.md, same port, /__admin.
func (s *Server) adminRoutes() []adminRoute {
	return append([]adminRoute{
		{"GET /__admin/health", s.adminHealth},
		{"GET /__admin/profile", s.adminProfile},
		{"POST /__admin/reset", s.adminReset},
		{"GET /__admin/requests", s.adminRequests},
		{"DELETE /__admin/requests", s.adminClearRequests},
		{"POST /__admin/scenario", s.adminScenario},
		{"GET /__admin/scenario", s.adminScenarioSummary},
	}, s.faultRoutes()...)
}

// adminAuth requires "Authorization: Bearer <AdminToken>" when a token is
// set. Digests are compared in constant time, so neither the token's
// content nor its length leaks through timing.
func (s *Server) adminAuth(next step) step {
	if s.opts.AdminToken == "" {
		return next
	}
	want := sha256.Sum256([]byte(s.opts.AdminToken))
	return func(c *call) {
		tok, _ := bearer(c.r.Header["Authorization"])
		got := sha256.Sum256([]byte(tok))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			adminError(c, http.StatusUnauthorized, "the admin API needs Authorization: Bearer <admin token>")
			return
		}
		next(c)
	}
}

func adminJSON(c *call, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		adminError(c, http.StatusInternalServerError, "encode answer: "+err.Error())
		return
	}
	c.write(status, 0, b)
}

func adminError(c *call, status int, msg string) {
	b := append(jsonw.AppendString([]byte(`{"error":`), msg), '}')
	c.write(status, status, b)
}

func (s *Server) adminHealth(c *call) { c.write(200, 0, []byte(`{"status":"ok"}`)) }

func (s *Server) adminProfile(c *call) { adminJSON(c, 200, derive.FromScenario(c.st.Scenario())) }

func (s *Server) adminReset(c *call) {
	s.resetOf(c)
	c.write(200, 0, []byte(`{"status":"ok"}`))
}

// adminRequests answers the journal, narrowed by the filters of the query
// (path, key, status, limit); a bad filter is a 400 naming it.
func (s *Server) adminRequests(c *call) {
	f, err := parseRequestFilter(c.r.URL.RawQuery)
	if err != nil {
		adminError(c, http.StatusBadRequest, err.Error())
		return
	}
	c.write(200, 0, s.journalOf(c).appendJSON(c.out[:0], f))
}

func (s *Server) adminClearRequests(c *call) {
	s.journalOf(c).clear()
	c.write(200, 0, []byte(`{"status":"ok"}`))
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
func (s *Server) adminScenario(c *call) {
	if !s.loading.CompareAndSwap(false, true) {
		c.w.Header()["Retry-After"] = []string{"1"}
		adminError(c, http.StatusTooManyRequests, "another scenario is being loaded; post again when it is done")
		return
	}
	defer s.loading.Store(false)
	data, err := io.ReadAll(http.MaxBytesReader(c.w, c.r.Body, maxScenarioBytes))
	if err != nil {
		adminError(c, http.StatusRequestEntityTooLarge, "the scenario must be at most 16 MiB: "+err.Error())
		return
	}
	sc, err := s.opts.ParseScenario("scenario.yaml", data)
	if err != nil {
		s.answerScenarioError(c, err)
		return
	}
	s.Replace(sc)
	adminJSON(c, 200, map[string]string{"status": "ok", "scenario": sc.Name})
}

// adminUnknown answers any other /__admin path or method.
func (s *Server) adminUnknown(c *call) {
	for _, a := range s.adminRoutes() {
		method, path, _ := strings.Cut(a.pattern, " ")
		if path == c.r.URL.Path {
			c.w.Header()["Allow"] = []string{method}
			adminError(c, http.StatusMethodNotAllowed, "use "+a.pattern)
			return
		}
	}
	adminError(c, http.StatusNotFound, "no admin call at "+c.r.URL.Path+"; see docs/mock.md")
}
