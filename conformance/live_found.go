package conformance

import (
	"encoding/json"
	"fmt"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// relation.live.found: what exists stays found (statements 4.1.byUrl,
// 4.5.byUrl, 4.5.unknownTemplate). The service has no call that removes
// a record or a template, so a record or template a key was shown as its
// own (a json read's record_id and record_url, templates/list's codings,
// a listQrcodes success's template) or that the profile says the read
// key sees (its records by id and URL, its templates by coding and URL)
// is found when the same key addresses it again: a request that asks for
// it and nothing else that could be wrong (getRecord by one of record_id
// or record_url, in a format of the three; listQrcodes by template, with
// at most a page_size in range) answers no "not found" and no parameter
// error (code 404 or 400). A call that may have replaced the scenario
// (Observer.Forget) makes what the space was shown, and the profile's
// facts of it, no longer known; the mock's reset keeps them.

// foundKey is one name of one object one key was shown, in one space.
type foundKey struct {
	space string
	key   [8]byte
	kind  string // "record_id", "record_url" or "template"
	name  string
}

func (k foundKey) spaceOf() string { return k.space }

// foundOf is the key of an object's name (a URL in rules.CanonURL's form).
func foundOf(space string, key [8]byte, kind, name string) foundKey {
	return foundKey{space, key, kind, rules.CanonURL(name)}
}

// liveFoundNames bounds the names remembered.
const liveFoundNames = 4096

// liveFound is what the traffic and the profile say exists.
type liveFound struct {
	shown *lru[foundKey, bool]
	// profiled are the names the profile gives of the read key's objects,
	// by kind; unprofiled the spaces they may no longer hold in.
	profiled   map[string]map[string]bool
	unprofiled map[string]bool
}

func newLiveFound(p *profile.Profile) *liveFound {
	f := &liveFound{shown: newLRU[foundKey, bool](liveFoundNames), unprofiled: map[string]bool{},
		profiled: map[string]map[string]bool{"record_id": {}, "record_url": {}, "template": {}}}
	if p == nil {
		return f
	}
	for _, r := range p.Records {
		f.profiled["record_id"][fmt.Sprint(r.ID)] = true
		if r.URL != "" {
			f.profiled["record_url"][rules.CanonURL(r.URL)] = true
		}
	}
	for _, tp := range p.Templates.Items {
		f.profiled["template"][tp.Coding] = true
		if tp.URL != "" {
			f.profiled["template"][rules.CanonURL(tp.URL)] = true
		}
	}
	return f
}

// forget: space may hold another scenario now.
func (f *liveFound) forget(space string) {
	dropSpace(f.shown, space)
	if len(f.unprofiled) < liveFoundNames {
		f.unprofiled[space] = true
	}
}

// known says the key was shown the object, or the profile gives it.
func (f *liveFound) known(space, role string, key [8]byte, kind, name string) bool {
	if name == "" {
		return false
	}
	if _, shown := f.shown.get(foundOf(space, key, kind, name)); shown {
		return true
	}
	return role == "read" && !f.unprofiled[space] && f.profiled[kind][rules.CanonURL(name)]
}

// isFormat tells a format getRecord names (contract.Formats); "" is
// json, its default.
func isFormat(s string) bool {
	if s == "" {
		return true
	}
	for _, f := range contract.Formats {
		if f.Name == s {
			return true
		}
	}
	return false
}

// judge judges an answer of getRecord or listQrcodes that asked for an
// object known to exist, and remembers what a success shows.
func (f *liveFound) judge(space string, ep contract.Endpoint, x *Exchange, obj map[string]any, key [8]byte) []relResult {
	p := x.Params()
	code, _ := intOf(obj["code"])
	success := obj != nil && obj["code"] != nil && code == 0
	data, _ := obj["data"].(map[string]any)
	var kind, name string
	switch ep {
	case contract.GetRecord:
		if success {
			if rec, _ := data["data"].(map[string]any); rec != nil {
				if id, ok := intOf(rec["record_id"]); ok {
					f.shown.put(foundOf(space, key, "record_id", fmt.Sprint(id)), true)
				}
				if u, _ := rec["record_url"].(string); u != "" {
					f.shown.put(foundOf(space, key, "record_url", u), true)
				}
			}
		}
		kind, name = askedRecord(p)
	case contract.TemplatesList:
		if success {
			for _, it := range listOf(data) {
				if m, _ := it.(map[string]any); m != nil {
					if c, _ := m["coding"].(string); c != "" {
						f.shown.put(foundOf(space, key, "template", c), true)
					}
				}
			}
		}
		return nil
	case contract.ListQrcodes:
		kind, name = "template", askedTemplate(p)
		if success && name != "" {
			f.shown.put(foundOf(space, key, kind, name), true)
		}
	default:
		return nil
	}
	if name == "" || !f.known(space, x.Req.Key, key, kind, name) {
		return nil
	}
	problem := ""
	if !success && (code == 404 || code == 400) {
		problem = fmt.Sprintf("%s %s answers code %d, and this key was shown it (or the profile says it sees it): nothing removes a record or a template", kind, name, code)
	}
	return []relResult{{id: relFoundLive, problem: problem}}
}

// askedRecord is the one name a getRecord request asks for, "" when it
// asks for something else too (two names, a format of none of the
// three, a member of no meaning).
func askedRecord(p map[string]any) (kind, name string) {
	for k, v := range p {
		switch k {
		case "format":
			if s, isString := v.(string); !isString || !isFormat(s) {
				return "", ""
			}
		case "record_id":
			id, isInt := intOf(v)
			if _, isNumber := v.(json.Number); !isInt || !isNumber || name != "" {
				return "", ""
			}
			kind, name = k, fmt.Sprint(id)
		case "record_url":
			s, _ := v.(string)
			if s == "" || name != "" {
				return "", ""
			}
			kind, name = k, s
		default:
			return "", ""
		}
	}
	return kind, name
}

// askedTemplate is the template a listQrcodes request asks for with at
// most a page_size in range beside it, "" otherwise.
func askedTemplate(p map[string]any) string {
	name := ""
	for k, v := range p {
		switch k {
		case "template":
			name, _ = v.(string)
		case "page_size":
			n, isInt := intOf(v)
			if _, isNumber := v.(json.Number); !isInt || !isNumber || n < 1 || n > contract.TemplatesMaxPageSize {
				return ""
			}
		default:
			return ""
		}
	}
	return name
}
