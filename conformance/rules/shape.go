package rules

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/schemas"
)

// successStatements says which statement a success answer's schema is:
// the Record's for getRecord's json, the endpoint's own for the others.
var successStatements = map[string]string{
	contract.Verify.Name:        "1.2.success",
	contract.GetFormList.Name:   "4.3.schema",
	contract.TemplatesList.Name: "4.4.schema",
	contract.ListQrcodes.Name:   "4.5.schema",
}

// errorStatements: the error shape of each endpoint (§C3).
var errorStatements = map[string]string{
	contract.GetRecord.Name:     "C3.getRecord",
	contract.Verify.Name:        "C3.verify",
	contract.GetFormList.Name:   "C3.formList",
	contract.TemplatesList.Name: "C3.templates",
	contract.ListQrcodes.Name:   "C3.listQrcodes",
}

var shapeRules = []Rule{
	{"1.2.success", "a success has a string message", func(x *Exchange, _ *Env) bool {
		return x.Endpoint != nil && x.Success()
	}, func(x *Exchange, _ *Env) []string {
		if _, ok := x.Object()["message"].(string); !ok {
			return []string{"a success (code 0) without a string message"}
		}
		return nil
	}},
	successSchema(contract.Verify), successSchema(contract.GetFormList),
	successSchema(contract.TemplatesList), successSchema(contract.ListQrcodes),
	{"2.1.schema", "getRecord's json is a Record", func(x *Exchange, env *Env) bool {
		return env.Validate != nil && x.Is(contract.GetRecord) && x.Success() && isFormat(x, "json")
	}, func(x *Exchange, env *Env) []string {
		return schemaProblems(env, contract.GetRecord.Name+".response.json", x)
	}},
	{"4.1.wrapper", "getRecord's other formats have the wrapper", func(x *Exchange, env *Env) bool {
		return env.Validate != nil && x.Is(contract.GetRecord) && x.Success() && !isFormat(x, "json")
	}, func(x *Exchange, env *Env) []string {
		return schemaProblems(env, contract.GetRecord.Name+".response.json", x)
	}},
	errorShape(contract.GetRecord), errorShape(contract.Verify), errorShape(contract.GetFormList),
	errorShape(contract.TemplatesList), errorShape(contract.ListQrcodes),
	{"C3.templates", "a templates/* business error is code 400 or 404", func(x *Exchange, env *Env) bool {
		// Bad input is the client's error, which §4.4 and §4.5 place:
		// code 400 also when the target failed on it with a 5xx.
		return (x.Is(contract.TemplatesList) || x.Is(contract.ListQrcodes)) &&
			(businessError(x) || clientFault(x, env))
	}, func(x *Exchange, _ *Env) []string {
		c, _ := x.Code()
		if c != 400 && !(c == 404 && x.Is(contract.ListQrcodes)) {
			return []string{fmt.Sprintf("an error of %s to the client's request with code %d: the spec gives 400 (404 for an unknown template)", x.Endpoint.Name, c)}
		}
		return nil
	}},
	{"1.2.success", "an answer's code is an integer", func(x *Exchange, _ *Env) bool {
		// Every answer of an endpoint that is a JSON object with a code:
		// a code a client cannot read as an integer makes the answer
		// neither a success nor an error, so no other rule would see it.
		_, has := x.Object()["code"]
		return x.Endpoint != nil && has
	}, func(x *Exchange, _ *Env) []string {
		if _, ok := x.Code(); !ok {
			return []string{fmt.Sprintf("code is %s, not an integer: a client reads neither a success (code 0) nor an error code", jsonText(x.Object()["code"]))}
		}
		return nil
	}},
	{"C1.timeZone", "every *_iso is its *_at in UTC+08:00", func(x *Exchange, _ *Env) bool {
		return x.Endpoint != nil && x.Success()
	}, func(x *Exchange, _ *Env) []string { return ISOMismatches("", x.Object()) }},
}

func successSchema(ep contract.Endpoint) Rule {
	return Rule{successStatements[ep.Name], "a success of " + ep.Name + " matches its schema", func(x *Exchange, env *Env) bool {
		return env.Validate != nil && x.Is(ep) && x.Success()
	}, func(x *Exchange, env *Env) []string { return schemaProblems(env, ep.Name+".response.json", x) }}
}

// businessError is an error answer the spec places: not a refusal of the
// caller, not a limit of the kit's (413, 429) and no server error.
func businessError(x *Exchange) bool {
	c, ok := x.Code()
	return ok && c != 0 && !x.Refused() && c != 405 && c != 413 && c != 429 && c < 500 && x.Status < 500
}

// clientFault is an error answer to bad input (rules.Faults) that is no
// refusal of the caller and no limit of the kit's (413, 429): whatever
// went wrong inside the target, the client's mistake is what it answers.
func clientFault(x *Exchange, env *Env) bool {
	c, ok := x.Code()
	return ok && c != 0 && !x.Refused() && c != 405 && c != 413 && c != 429 && badInput(x, env)
}

func errorShape(ep contract.Endpoint) Rule {
	return Rule{errorStatements[ep.Name], "an error of " + ep.Name + " has its shape", func(x *Exchange, env *Env) bool {
		c, ok := x.Code()
		return env.Validate != nil && x.Is(ep) && ok && c != 0 && !x.Refused()
	}, func(x *Exchange, env *Env) []string { return schemaProblems(env, ep.Name+".error.json", x) }}
}

// schemaProblems validates the answer against file: each problem as
// "pointer: rule".
func schemaProblems(env *Env, file string, x *Exchange) []string {
	doc, _ := x.Doc()
	err := env.Validate(file, doc)
	if err == nil {
		return nil
	}
	var ve *schemas.ValidationError
	if !errors.As(err, &ve) {
		return []string{fmt.Sprintf("validate against schemas/%s: %v", file, err)}
	}
	out := []string{fmt.Sprintf("the answer does not match schemas/%s", file)}
	for i, p := range ve.Problems {
		if i == 5 {
			out = append(out, fmt.Sprintf("and %d more", len(ve.Problems)-i))
			break
		}
		ptr := p.Pointer
		if ptr == "" {
			ptr = "/"
		}
		out = append(out, ptr+": "+p.Rule)
	}
	return out
}

// isFormat says whether a getRecord request asks for format f (json
// when it names none, or names "", which the contract reads as absent).
func isFormat(x *Exchange, f string) bool {
	got := x.Param("format")
	if got == "" {
		got = "json"
	}
	return got == f
}

// jsonText writes a decoded value as JSON, for a problem's text.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
