package profile

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
)

// semanticProblems are the rules a JSON Schema cannot say: names that must
// resolve, values that must be known to the contract, uniqueness.
func semanticProblems(p *Profile) []Problem {
	var out []Problem
	add := func(path, format string, args ...any) {
		out = append(out, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
	}
	seen := map[int64]bool{}
	for i, r := range p.Records {
		if seen[r.ID] {
			add(fmt.Sprintf("/records/%d/id", i), "record id %d is listed twice", r.ID)
		}
		seen[r.ID] = true
		for j, ft := range r.FieldTypes {
			if _, ok := contract.FieldTypeByName(ft); !ok {
				add(fmt.Sprintf("/records/%d/field_types/%d", i, j), "unknown field type %q (not one of spec 2.1)", ft)
			}
		}
	}
	for i, f := range p.Flows {
		out = append(out, flowProblems(fmt.Sprintf("/flows/%d", i), f)...)
	}
	names := map[string]bool{}
	for i, c := range p.Cases {
		path := fmt.Sprintf("/cases/%d", i)
		if names[c.Name] {
			add(path+"/name", "case name %q is used twice", c.Name)
		}
		names[c.Name] = true
		out = append(out, caseProblems(p, path, c)...)
	}
	return out
}

func flowProblems(path string, f Flow) []Problem {
	var out []Problem
	names := map[string]bool{}
	for _, s := range f.Statuses {
		names[s.Name] = true
	}
	for i, s := range f.Statuses {
		for j, n := range s.Next {
			if !names[n] {
				out = append(out, Problem{
					Path:    fmt.Sprintf("%s/statuses/%d/next/%d", path, i, j),
					Message: fmt.Sprintf("next status %q is not a status of this flow", n),
				})
			}
		}
	}
	return out
}

func caseProblems(p *Profile, path string, c Case) []Problem {
	var out []Problem
	if c.FormID != 0 || c.Start != "" {
		f := p.Flow(c.FormID)
		switch {
		case f == nil:
			out = append(out, Problem{Path: path + "/form_id", Message: fmt.Sprintf("no flow for form %d", c.FormID)})
		case c.Start != "" && !f.has(c.Start):
			out = append(out, Problem{Path: path + "/start", Message: fmt.Sprintf("start %q is not a status of form %d's flow", c.Start, c.FormID)})
		}
	}
	for i, s := range c.Steps {
		sp := fmt.Sprintf("%s/steps/%d", path, i)
		if s.Action == contract.ActionSetStatus && s.To == "" && s.Expect.ErrorCode != contract.ErrInvalidParams {
			out = append(out, Problem{Path: sp + "/to", Message: "set_certificate_status needs a target status (or expect 100301)"})
		}
		if s.Expect.ErrorCode != 0 && !knownVerifyCode(s.Expect.ErrorCode) {
			out = append(out, Problem{Path: sp + "/expect/error_code", Message: fmt.Sprintf("%d is not a verify error code of spec 7", s.Expect.ErrorCode)})
		}
	}
	return out
}

func (f *Flow) has(name string) bool {
	for _, s := range f.Statuses {
		if s.Name == name {
			return true
		}
	}
	return false
}

func knownVerifyCode(code int) bool {
	_, ok := contract.VerifyError(code)
	return ok
}
