package rules

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// ourRoles are the keys of the caller's own organization.
var ourRoles = map[string]bool{"read": true, "write": true, "limited": true}

var authRules = []Rule{
	{"C2.noKey", "no key is never a success", func(x *Exchange, _ *Env) bool {
		return x.Role == "none" && x.Endpoint != nil && x.post()
	}, notSuccess("a call without an Authorization header")},
	{"C2.badKey", "a key nobody issued is never a success", func(x *Exchange, _ *Env) bool {
		return x.Role == "bad" && x.Endpoint != nil && x.post()
	}, notSuccess("a call with a key nobody issued")},
	{"C2.readKey", "the read key reads what is ours", func(x *Exchange, env *Env) bool {
		return x.Role == "read" && x.Endpoint != nil && !x.Endpoint.Write && x.post() && env.Ours.holdsAll(x.addressed())
	}, func(x *Exchange, _ *Env) []string {
		if x.Refused() {
			c, _ := x.Code()
			return []string{fmt.Sprintf("the read key refused (code %d, HTTP %d) on a read", c, x.Status)}
		}
		return nil
	}},
	{"C2.writeScope", "verify with the read key is refused", func(x *Exchange, env *Env) bool {
		return x.Role == "read" && !env.ReadKeyWrites && x.Is(contract.Verify)
	}, func(x *Exchange, env *Env) []string {
		if x.Refused() || errorCodeOf(x) == 100328 || permissionMayComeLater(x, env) {
			return nil
		}
		c, _ := x.Code()
		return []string{fmt.Sprintf("verify with a key without write permission: code %d error_code %d, want 401 or 403, or error_code 100328", c, errorCodeOf(x))}
	}},
	{"C2.tenancy", "no key sees another organization's objects", func(x *Exchange, env *Env) bool {
		return x.Endpoint != nil && !x.Endpoint.Write && x.Success() && (x.Role == "other_org" && !env.Ours.empty() || ourRoles[x.Role] && !env.Theirs.empty())
	}, func(x *Exchange, env *Env) []string {
		foreign, whose := env.Theirs, "another organization's"
		if x.Role == "other_org" {
			foreign, whose = env.Ours, "the other organization's key sees our"
		}
		return seen(x, foreign, whose)
	}},
	{"C2.tenancyVerify", "another organization's key moves none of ours", func(x *Exchange, env *Env) bool {
		return x.Role == "other_org" && x.Is(contract.Verify) && !env.Ours.empty()
	}, func(x *Exchange, env *Env) []string {
		code := x.Param("certificate_code")
		if x.Success() && env.Ours.names(code) {
			return []string{fmt.Sprintf("another organization's key verified our credential %s", short(code))}
		}
		return nil
	}},
}

func notSuccess(what string) func(x *Exchange, _ *Env) []string {
	return func(x *Exchange, _ *Env) []string {
		if x.Success() {
			return []string{what + " was answered with a success"}
		}
		return nil
	}
}

func errorCodeOf(x *Exchange) int64 {
	c, _ := Int(x.Object()["error_code"])
	return c
}

func (o Objects) empty() bool {
	return len(o.RecordIDs)+len(o.RecordURLs)+len(o.FormIDs)+len(o.Codings)+len(o.TemplateURLs) == 0
}

// addressed are the objects a request names (a record by id or URL, a
// template by coding or URL): the answer to a key that may read them
// depends on whose they are. A list without one names none.
func (x *Exchange) addressed() []any {
	p, _ := x.Params()
	var out []any
	for _, k := range []string{"record_id", "record_url", "template", "certificate_code"} {
		if v, ok := p[k]; ok && v != nil && v != "" {
			out = append(out, v)
		}
	}
	return out
}

// holdsAll says whether every addressed object is one of o's: a key may
// be refused on an object it has no right to, whether another
// organization's or one nobody knows (§C2: how such a request is answered
// is KIT), never on its own. A URL is one of o's only when it is exactly
// an object's own: under another origin, whether its path decides is the
// service's (docs/contract.md §C10).
func (o Objects) holdsAll(addressed []any) bool {
	for _, a := range addressed {
		if id, ok := Int(a); ok {
			if !o.RecordIDs[id] {
				return false
			}
			continue
		}
		s, _ := a.(string)
		if !o.RecordURLs[CanonURL(s)] && !o.Codings[s] && !o.TemplateURLs[CanonURL(s)] {
			return false
		}
	}
	return true
}

// names says whether s names one of the objects: a record URL, a coding,
// or a URL ending in one.
func (o Objects) names(s string) bool {
	if s == "" {
		return false
	}
	if o.RecordURLs[CanonURL(s)] || o.Codings[s] {
		return true
	}
	if i := strings.LastIndex(s, "/"); i >= 0 && o.Codings[s[i+1:]] {
		return true
	}
	return false
}

// seen lists the objects of o that a success answer shows: the record it
// holds, the forms and templates of a listing, the sub-codes of one of
// o's templates.
func seen(x *Exchange, o Objects, whose string) []string {
	data, _ := x.Object()["data"].(map[string]any)
	var out []string
	switch {
	case x.Is(contract.GetRecord):
		payload, _ := data["data"].(map[string]any)
		if id, ok := Int(payload["record_id"]); ok && o.RecordIDs[id] {
			out = append(out, fmt.Sprintf("%s record %d", whose, id))
		}
		if u, _ := payload["record_url"].(string); u != "" && o.RecordURLs[CanonURL(u)] && len(out) == 0 {
			out = append(out, fmt.Sprintf("%s record %s", whose, short(u)))
		}
		id, byID := Int(x.requestInt("record_id"))
		u := x.Param("record_url")
		if byID && u != "" && o.RecordIDs[id] != o.RecordURLs[CanonURL(u)] {
			// One member names a foreign record, the other one of the
			// key's own: which one a service answers is its choice
			// (docs/contract.md §C10, KIT), so the record it shows, above,
			// is what tells.
			break
		}
		if byID && o.RecordIDs[id] {
			out = append(out, fmt.Sprintf("getRecord of %s record %d is a success", whose, id))
		} else if o.RecordURLs[CanonURL(u)] {
			out = append(out, fmt.Sprintf("getRecord of %s record %s is a success", whose, u))
		}
	case x.Is(contract.GetFormList):
		for _, it := range items(data) {
			if id, ok := Int(it["id"]); ok && o.FormIDs[id] {
				out = append(out, fmt.Sprintf("%s form %d is listed", whose, id))
			}
		}
	case x.Is(contract.TemplatesList):
		for _, it := range items(data) {
			if c, _ := it["coding"].(string); o.Codings[c] {
				out = append(out, fmt.Sprintf("%s template %s is listed", whose, c))
			}
		}
	case x.Is(contract.ListQrcodes):
		if t := x.Param("template"); o.names(t) {
			out = append(out, fmt.Sprintf("listQrcodes of %s template %s is a success", whose, short(t)))
		}
	}
	return out
}

// requestInt is a request member as sent (a json.Number when a number).
func (x *Exchange) requestInt(name string) any {
	p, _ := x.Params()
	return p[name]
}

// items is data.list of a listing, its objects only.
func items(data map[string]any) []map[string]any {
	list, _ := data["list"].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, it := range list {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// permissionMayComeLater says a verify's answer names a fault that a
// service may find before it asks the key's permission (§C6: the order of
// the checks is the kit's): a parameter of the request itself (100301,
// 100325), or a certificate code no record of ours has (100320). Every
// other answer to a key without write permission must refuse it.
func permissionMayComeLater(x *Exchange, env *Env) bool {
	switch errorCodeOf(x) {
	case 100301:
		return len(x.faults(contract.Verify)) > 0 || len(x.unnamed(contract.Verify)) > 0
	case 100325:
		return len(x.faults(contract.Verify)) > 0
	case 100320:
		code := x.Param("certificate_code")
		return !env.Ours.names(code) && !env.Codes[code]
	}
	return false
}
