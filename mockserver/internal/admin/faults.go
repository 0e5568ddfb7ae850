package admin

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// maxFaultBody bounds the body of POST /__admin/faults.
const maxFaultBody = 1 << 20

// faultRoutes are the admin calls of the fault rules.
func (s *API) faultRoutes() []Route {
	return []Route{
		{"GET /__admin/faults", s.adminFaults},
		{"POST /__admin/faults", s.adminAddFaults},
		{"DELETE /__admin/faults", s.adminClearFaults},
		{"DELETE /__admin/faults/{id}", s.adminRemoveFault},
	}
}

func (s *API) adminFaults(c *chain.Call) {
	list, err := s.faultsOf(c).List()
	if err != nil {
		storeFailed(c, err)
		return
	}
	chain.AdminJSON(c, 200, map[string]any{"faults": list})
}

// adminAddFaults adds one rule or a list; all or none, a problem names the
// rule (its place in the list) and the member.
func (s *API) adminAddFaults(c *chain.Call) {
	data, ok := readBody(c, maxFaultBody, "fault rules")
	if !ok {
		return
	}
	rules, err := fault.DecodeJSON(data)
	if err == nil {
		rules, err = s.faultsOf(c).Add(rules, fault.FromAdmin, func(i int) string { return fmt.Sprintf("rule %d", i+1) })
	}
	if err != nil {
		chain.AdminError(c, contract.AdminBadRequest, err.Error())
		return
	}
	chain.AdminJSON(c, 200, map[string]any{"faults": rules})
}

func (s *API) adminClearFaults(c *chain.Call) {
	if err := s.faultsOf(c).Clear(); err != nil {
		storeFailed(c, err)
		return
	}
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}

func (s *API) adminRemoveFault(c *chain.Call) {
	id := strings.TrimPrefix(c.R.URL.Path, "/__admin/faults/")
	found, err := s.faultsOf(c).Remove(id)
	if err != nil {
		storeFailed(c, err)
		return
	}
	if !found {
		chain.AdminError(c, contract.AdminNotFound, "no fault rule "+fail.Quote(id)+"; GET /__admin/faults lists them")
		return
	}
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}
