package conformance

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// coverage collects what the target's answers exercised: field types in
// getRecord answers, verify error codes, and transitions the write checks
// saw succeed.
type coverage struct {
	mu          sync.Mutex
	fieldTypes  map[string]bool
	errorCodes  map[int64]bool
	transitions map[string]bool
}

func newCoverage() *coverage {
	return &coverage{fieldTypes: map[string]bool{}, errorCodes: map[int64]bool{}, transitions: map[string]bool{}}
}

// observe looks at every answer as it arrives.
func (c *coverage) observe(ep contract.Endpoint, x *Exchange) {
	obj, ok := x.Doc.(map[string]any)
	if !ok {
		return
	}
	code, _ := intOf(obj["code"])
	switch {
	case ep == contract.Verify && code != 0:
		if ec := errorCode(obj); ec != 0 {
			c.mu.Lock()
			c.errorCodes[ec] = true
			c.mu.Unlock()
		}
	case ep == contract.GetRecord && code == 0:
		c.fields(obj)
	}
}

func (c *coverage) fields(obj map[string]any) {
	data, _ := obj["data"].(map[string]any)
	rec, _ := data["data"].(map[string]any)
	if rec == nil {
		return
	}
	for _, ft := range fieldTypesOf(rec) {
		c.mu.Lock()
		c.fieldTypes[ft] = true
		c.mu.Unlock()
	}
}

// transition records a move the target made.
func (c *coverage) transition(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.transitions[name] = true
}

func (c *coverage) report(p *profile.Profile) Coverage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var cov Coverage
	cov.FieldTypes = Count{Total: len(contract.FieldTypes), Missing: []string{}}
	for _, ft := range contract.FieldTypes {
		if c.fieldTypes[ft.Name] {
			cov.FieldTypes.Covered++
		} else {
			cov.FieldTypes.Missing = append(cov.FieldTypes.Missing, ft.Name)
		}
	}
	cov.ErrorCodes = Count{Total: len(contract.VerifyErrors), Missing: []string{}}
	for _, e := range contract.VerifyErrors {
		if c.errorCodes[int64(e.Code)] {
			cov.ErrorCodes.Covered++
		} else {
			cov.ErrorCodes.Missing = append(cov.ErrorCodes.Missing, strconv.Itoa(e.Code))
		}
	}
	all := p.Transitions()
	cov.Transitions = Count{Total: len(all), Missing: []string{}}
	for _, tr := range all {
		if c.transitions[tr] {
			cov.Transitions.Covered++
		} else {
			cov.Transitions.Missing = append(cov.Transitions.Missing, tr)
		}
	}
	return cov
}

// fieldTypesOf lists the field_type of every field of a Record payload.
func fieldTypesOf(rec map[string]any) []string {
	var out []string
	groups, _ := rec["tpl_groups"].([]any)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		fields, _ := gm["fields"].([]any)
		for _, f := range fields {
			fm, _ := f.(map[string]any)
			if ft, ok := fm["field_type"].(string); ok {
				out = append(out, ft)
			}
		}
	}
	return out
}

// contentTypes remembers the transport faults of every answer (by kind:
// Content-Type, charset, body), for the transport checks that run last.
// Each distinct fault is kept once and they are reported sorted, so that
// what a report says does not depend on the order answers came in.
type contentTypes struct {
	mu  sync.Mutex
	n   int
	bad [3]map[string]bool
}

// maxFaultLines bounds the distinct faults kept of one kind.
const maxFaultLines = 1000

func (ct *contentTypes) add(x *Exchange) {
	path := x.Req.Path
	if x.Err != nil {
		return
	}
	faults := [3]string{}
	faults[0], faults[1], faults[2] = answerFaults(x)
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ct.n++
	for i, f := range faults {
		if f == "" {
			continue
		}
		if ct.bad[i] == nil {
			ct.bad[i] = map[string]bool{}
		}
		if len(ct.bad[i]) < maxFaultLines {
			ct.bad[i][fmt.Sprintf("%s %s (key %s): %s", x.Req.Method, strings.TrimPrefix(path, contract.PathPrefix), x.Req.Key, f)] = true
		}
	}
}
