package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/schemas"
)

// RequestSchema is what the rules and the generator of requests read of
// a request schema (schemas/<group>/<operation>.request.json).
type RequestSchema struct {
	Properties map[string]Property `json:"properties"`
	Required   []string            `json:"required"`
	AnyOf      []struct {
		Required []string `json:"required"`
	} `json:"anyOf"`
	If struct {
		Properties map[string]struct {
			Const any `json:"const"`
		} `json:"properties"`
	} `json:"if"`
	Then struct {
		Required []string `json:"required"`
	} `json:"then"`
}

// Property is one member of a request schema.
type Property struct {
	Type    string   `json:"type"`
	Enum    []any    `json:"enum"`
	Minimum *float64 `json:"minimum"`
	Maximum *float64 `json:"maximum"`
	Default any      `json:"default"`
	// Description is the member's description; "ISO 8601" in it marks a
	// member that takes a time (contract.TimeParams has a row for each).
	Description string `json:"description"`
}

// time says whether the member takes a time (ISO 8601, §4.4).
func (p Property) time() bool { return strings.Contains(p.Description, "ISO 8601") }

// Names are the schema's members, sorted.
func (s RequestSchema) Names() []string {
	out := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

var (
	reqSchemasOnce sync.Once
	reqSchemas     map[string]RequestSchema
	reqSchemasErr  error
)

// RequestSchemas reads every endpoint's request schema, once.
func RequestSchemas() (map[string]RequestSchema, error) {
	reqSchemasOnce.Do(func() {
		reqSchemas = map[string]RequestSchema{}
		for _, ep := range contract.Endpoints {
			raw, err := schemas.FS.ReadFile(ep.Name + ".request.json")
			if err != nil {
				reqSchemasErr = fmt.Errorf("request schemas: %w", err)
				return
			}
			var s RequestSchema
			if err := json.Unmarshal(raw, &s); err != nil {
				reqSchemasErr = fmt.Errorf("request schemas: read %s.request.json: %w", ep.Name, err)
				return
			}
			reqSchemas[ep.Name] = s
		}
	})
	return reqSchemas, reqSchemasErr
}

// Unnamed lists, sorted, the members of body that the request schema of
// ep does not name: §C1 lets a service ignore them or refuse them as a
// parameter error, so a 100301 to a request holding one may come before
// any other check (§C6's order is the kit's).
func Unnamed(ep contract.Endpoint, body []byte) []string {
	return (&Exchange{Request: body}).unnamed(ep)
}

// unnamed is Unnamed on x's request, its body parsed once for every
// rule that asks (Exchange.Params).
func (x *Exchange) unnamed(ep contract.Endpoint) []string {
	all, err := RequestSchemas()
	if err != nil {
		return nil
	}
	sch := all[ep.Name]
	p, ok := x.Params()
	if !ok {
		return nil
	}
	var out []string
	for n := range p {
		if _, named := sch.Properties[n]; !named {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Faults lists what makes a request body bad input for ep, in words: a
// body that is not a JSON object, a member of a JSON type no lenient
// reading takes (an object or an array anywhere, a string that is no
// number or a boolean where an integer goes, a number or a boolean where
// one of an enum's strings goes), a number that is not whole or below
// its minimum where an integer goes (also written as a string of
// digits), a string outside the enum, a string
// without a digit where a time goes (ISO 8601 writes none so), a
// required member missing. A value above a maximum
// is not bad input (clamping is the kit's choice, §C5), nor is "123" for
// an integer, nor an empty string (it reads as absent, §C10), nor an
// unknown member (ignored, §C1). The order is the schema's members, sorted.
func Faults(ep contract.Endpoint, body []byte) []string {
	return (&Exchange{Request: body}).faults(ep)
}

// faults is Faults on x's request, its body parsed once for every rule
// that asks (Exchange.Params).
func (x *Exchange) faults(ep contract.Endpoint) []string {
	all, err := RequestSchemas()
	if err != nil {
		return nil
	}
	sch := all[ep.Name]
	p, ok := x.Params()
	if !ok {
		return []string{"the body is not a JSON object"}
	}
	var out []string
	present := func(n string) bool {
		v, ok := p[n]
		s, isStr := v.(string)
		return ok && v != nil && !(isStr && s == "")
	}
	for _, n := range sch.Names() {
		if !present(n) {
			continue
		}
		if f := memberFault(sch.Properties[n], p[n]); f != "" {
			out = append(out, n+" "+f)
		}
	}
	for _, r := range sch.Required {
		if !present(r) {
			out = append(out, r+" missing")
		}
	}
	if len(sch.AnyOf) > 0 {
		found := false
		for _, alt := range sch.AnyOf {
			all := true
			for _, r := range alt.Required {
				all = all && present(r)
			}
			found = found || all
		}
		if !found {
			out = append(out, "none of "+anyOfNames(sch)+" given")
		}
	}
	cond := len(sch.If.Properties) > 0
	for k, c := range sch.If.Properties {
		cond = cond && p[k] == c.Const
	}
	if cond {
		for _, r := range sch.Then.Required {
			if !present(r) {
				out = append(out, r+" missing where it is required")
			}
		}
	}
	return out
}

// OffEnum says whether body names a string outside its member's enum
// (action_type "cancel"): a fault with a code of its own (100325, §7),
// so a parameter error (100301) is not the only right refusal of it, and
// a dressed request refused so does not stand for the bare one.
func OffEnum(ep contract.Endpoint, body []byte) bool {
	all, err := RequestSchemas()
	if err != nil {
		return false
	}
	sch := all[ep.Name]
	p, ok := (&Exchange{Request: body}).Params()
	if !ok {
		return false
	}
	for _, n := range sch.Names() {
		s, isStr := p[n].(string)
		if isStr && s != "" && len(sch.Properties[n].Enum) > 0 && memberFault(sch.Properties[n], s) != "" {
			return true
		}
	}
	return false
}

func anyOfNames(sch RequestSchema) string {
	var names []string
	for _, alt := range sch.AnyOf {
		names = append(names, alt.Required...)
	}
	return strings.Join(names, ", ")
}

// memberFault says what is wrong with one member's value ("" : nothing
// no lenient reading would take).
func memberFault(p Property, v any) string {
	switch v.(type) {
	case map[string]any:
		return "is an object"
	case []any:
		return "is an array"
	}
	if p.Type == "integer" {
		switch v := v.(type) {
		case bool:
			return "is a boolean"
		case string:
			// A string of a number is read as the number it writes (a
			// lenient reading, §C1) or refused: either way one that
			// writes no whole number, or one below the minimum, is bad.
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			switch {
			case err != nil:
				return fmt.Sprintf("is a string that is no number (%q)", short(v))
			case f != math.Trunc(f):
				return fmt.Sprintf("is %q, a string of a number that is not whole", short(v))
			case p.Minimum != nil && f < *p.Minimum:
				return fmt.Sprintf("is %q, a string of a number below its minimum %v", short(v), *p.Minimum)
			}
		case json.Number:
			f, err := v.Float64()
			switch {
			case err == nil && f != math.Trunc(f):
				return fmt.Sprintf("is %s, not a whole number", v)
			case err == nil && p.Minimum != nil && f < *p.Minimum:
				return fmt.Sprintf("is %s, below its minimum %v", v, *p.Minimum)
			}
		}
	}
	if s, ok := v.(string); ok && p.time() && strings.TrimSpace(s) != "" && !strings.ContainsAny(s, "0123456789") {
		// ISO 8601 writes every time with digits: a string without one
		// is no time in any form a reading of the standard takes.
		return fmt.Sprintf("is %q, no ISO 8601 time", short(s))
	}
	if len(p.Enum) > 0 {
		switch v.(type) {
		case json.Number, bool:
			return fmt.Sprintf("is %v, not one of the strings %v", v, p.Enum)
		}
		if s, ok := v.(string); ok {
			for _, e := range p.Enum {
				if e == s {
					return ""
				}
			}
			return fmt.Sprintf("is %q, not one of %v", short(s), p.Enum)
		}
	}
	return ""
}

var inputRules = []Rule{
	{"C1.badInput", "bad input is an error in the endpoint's shape", badInput, func(x *Exchange, _ *Env) []string {
		if x.Success() {
			return []string{fmt.Sprintf("bad input (%s) was answered with a success", strings.Join(x.faults(*x.Endpoint), "; "))}
		}
		return nil
	}},
	{"C1.clientError", "bad input is no server error", badInput, func(x *Exchange, _ *Env) []string {
		if x.Status >= 500 {
			return []string{fmt.Sprintf("bad input (%s) was answered with HTTP %d, a server error", strings.Join(x.faults(*x.Endpoint), "; "), x.Status)}
		}
		return nil
	}},
}

// badInput applies to a POST of an endpoint whose body is bad input.
func badInput(x *Exchange, _ *Env) bool {
	return x.Endpoint != nil && x.post() && len(x.faults(*x.Endpoint)) > 0
}
