package rules

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// verifyRules judge the error_code of a verify that is bad input (§7,
// §C6): a parameter missing or invalid is 100301, an action_type that is
// neither of the two 100325 (100301 accepted too). Where the request has
// faults of both kinds, the order of the checks is the kit's (§C6), so
// either code is accepted. A refusal of the caller comes first (step 1)
// and is never judged here.
var verifyRules = []Rule{
	{"7.badAction", "an unknown action_type is 100325", func(x *Exchange, _ *Env) bool {
		return verifyParamError(x) && hasFault(x, "action_type ") && !hasFault(x, "action_type missing")
	}, wantCodes(100325, 100301)},
	{"7.params", "a missing or invalid parameter is 100301", func(x *Exchange, _ *Env) bool {
		return verifyParamError(x) && !(hasFault(x, "action_type ") && !hasFault(x, "action_type missing"))
	}, wantCodes(100301)},
	{"3.1.move", "a verify success names the status it moved to", func(x *Exchange, _ *Env) bool {
		return x.Is(contract.Verify) && x.Success()
	}, func(x *Exchange, _ *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		if s, isString := data["certificate_status"].(string); !isString || strings.TrimSpace(s) == "" {
			return []string{fmt.Sprintf("a verify success gives certificate_status %s: it is the name of the status the record moved to", short(fmt.Sprint(data["certificate_status"])))}
		}
		return nil
	}},
}

// verifyParamError applies to a verify that is bad input and was not
// refused for its key.
func verifyParamError(x *Exchange) bool {
	if !x.Is(contract.Verify) || x.Refused() || errorCodeOf(x) == 100328 || x.Role == "none" || x.Role == "bad" {
		return false
	}
	c, _ := x.Code()
	return c != 413 && c != 429 && c < 500 && len(x.faults(contract.Verify)) > 0
}

func hasFault(x *Exchange, prefix string) bool {
	for _, f := range x.faults(contract.Verify) {
		if strings.HasPrefix(f, prefix) {
			return true
		}
	}
	return false
}

// stateCodes are the codes of §7 a credential's own state gives (steps 5
// to 12 of §C6): the order of the checks being the kit's, a target may
// answer one of them before it reads the parameters.
var stateCodes = []int64{100319, 100321, 100322, 100323, 100324, 100326, 100327, 100329}

// wantCodes: the answer is an error with one of the codes; faults of
// another kind in the same request add their code, and since the order
// of the checks is the kit's (§C6), so does what the certificate code
// itself may give first: 100320 for a code no profile lists, a state's
// code for one it lists.
func wantCodes(codes ...int64) func(x *Exchange, env *Env) []string {
	return func(x *Exchange, env *Env) []string {
		allowed := append([]int64(nil), codes...)
		if code := x.Param("certificate_code"); code != "" {
			if env.Codes[code] || env.Ours.RecordURLs[CanonURL(code)] {
				allowed = append(allowed, stateCodes...)
			} else {
				allowed = append(allowed, 100320)
			}
		}
		for _, f := range x.faults(contract.Verify) {
			if strings.HasPrefix(f, "action_type ") && !strings.HasPrefix(f, "action_type missing") {
				allowed = append(allowed, 100325)
			} else {
				allowed = append(allowed, 100301)
			}
		}
		got := errorCodeOf(x)
		for _, c := range allowed {
			if got == c {
				return nil
			}
		}
		return []string{fmt.Sprintf("verify with %s: error_code %d, want %v", strings.Join(x.faults(contract.Verify), "; "), got, dedupe(allowed))}
	}
}

func dedupe(cs []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}
