package rules

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Held values (profile.Held): what the target holds for a record or a
// form, against which every answer that shows the object is judged,
// whatever asked for it: a getRecord answer in every format, by every
// key and address, before and after a move; every getFormList page; a
// verify success, which describes the record it moved (§4.2). The same
// value may be written in any form the contract allows (an instant as
// seconds or as its *_iso, in json or in a format's own members), and an
// optional object the target does not hold (a project) is absent or
// null, never an object of zero values; one it holds is shown, in every
// answer of the object alike.

// heldRecordOf is what the profile holds for the record a getRecord
// answer is of: the json payload's record_id, else the request's
// record_id, else its record_url.
func heldRecordOf(x *Exchange, env *Env) (profile.HeldRecord, bool) {
	id, ok := Int(jsonPayload(x)["record_id"])
	if !ok || !isFormat(x, "json") {
		id, ok = Int(x.requestInt("record_id"))
	}
	if !ok {
		u := x.Param("record_url")
		for rid, r := range env.Records {
			if u != "" && r.URL == u {
				id, ok = rid, true
			}
		}
	}
	h, held := env.HeldRecords[id]
	return h, ok && held
}

// instantProblem says how a shown instant (seconds, or a *_iso string)
// differs from the held one ("" when it is the same instant, or not a
// time the rule can read: the shape rules judge that).
func instantProblem(name string, v any, held int64) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		t, err := time.ParseInLocation(contract.ISOLayout, v, contract.Zone)
		if err != nil || t.Unix() == held {
			return ""
		}
		return fmt.Sprintf("%s is %q, %s; the record was submitted at %d (%s)", name, v, offBy(t.Unix()-held), held,
			time.Unix(held, 0).In(contract.Zone).Format(contract.ISOLayout))
	}
	n, ok := Int(v)
	if !ok || n == held {
		return ""
	}
	return fmt.Sprintf("%s is %d, %s; the record was submitted at %d", name, n, offBy(n-held), held)
}

func offBy(d int64) string {
	switch {
	case d > 1e9:
		return "not in seconds"
	case d%3600 == 0:
		return fmt.Sprintf("off by %d h", d/3600)
	}
	return fmt.Sprintf("off by %d s", d)
}

// projectProblem says how a shown project differs from the held one.
// absent says the member is missing: an optional member (a record's
// project) may be missing only where the object belongs to no project,
// and is shown wherever it belongs to one (2.1.held), in every answer
// alike; left out or null, it would tell a client "no project".
func projectProblem(where string, v any, absent, optional bool, p *profile.HeldProject, none bool) string {
	switch {
	case none && (v == nil && (absent && optional || !absent)):
		return ""
	case none:
		return fmt.Sprintf("%s is %s, but it is linked to no project: %s", where, short(jsonText(v)), map[bool]string{true: "absent or null", false: "null"}[optional])
	case p == nil:
		return ""
	case absent || v == nil:
		return fmt.Sprintf("%s is missing, but it belongs to project %d", where, p.ID)
	}
	obj, _ := v.(map[string]any)
	if id, _ := Int(obj["id"]); id != p.ID {
		return fmt.Sprintf("%s is %s, but it belongs to project %d", where, short(jsonText(v)), p.ID)
	}
	if p.Name != "" && obj["name"] != p.Name || p.Number != "" && obj["number"] != p.Number {
		return fmt.Sprintf("%s is %s, but project %d is {name %q, number %q}", where, short(jsonText(v)), p.ID, p.Name, p.Number)
	}
	return ""
}

// heldObjectProblems compares each member a nested object shows with the
// one held for it: a member absent or null is the shape rules' to judge
// (record_template's members may each be null, §2.1), a member shown is
// the object's own. An object held whole catches a serializer that joins
// two tables under one alias: the right id, another object's name.
func heldObjectProblems(where string, v any, h profile.HeldObject) []string {
	obj, _ := v.(map[string]any)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(h.Members())) {
		want := h.Members()[k]
		got, shown := obj[k]
		if !shown || got == nil {
			continue
		}
		if n, isInt := want.(int64); isInt {
			if g, ok := Int(got); !ok || g != n {
				out = append(out, fmt.Sprintf("%s.%s is %s, the target holds %d", where, k, short(jsonText(got)), n))
			}
			continue
		}
		if got != want {
			out = append(out, fmt.Sprintf("%s.%s is %s, the target holds %q", where, k, short(jsonText(got)), want))
		}
	}
	return out
}

// recordValueProblems compares what one object shows of a record (a json
// Record, a json-ld payload, a verify's data) with what is held.
func recordValueProblems(where string, m map[string]any, h profile.HeldRecord, withProject bool) []string {
	var out []string
	if h.SubmitAt != nil {
		for _, k := range []string{"submit_at", "submit_at_iso"} {
			if p := instantProblem(where+k, m[k], *h.SubmitAt); p != "" {
				out = append(out, p)
			}
		}
	}
	if v, ok := m["record_number"].(string); ok && h.Number != "" && v != h.Number {
		out = append(out, fmt.Sprintf("%srecord_number is %q, the record's number is %q", where, v, h.Number))
	}
	if h.OrgID != nil {
		org, _ := m["org"].(map[string]any)
		for k, v := range map[string]any{"org_id": m["org_id"], "org.id": org["id"]} {
			if n, ok := Int(v); ok && n != *h.OrgID {
				out = append(out, fmt.Sprintf("%s%s is %d, the record's organization is %d", where, k, n, *h.OrgID))
			}
		}
	}
	for _, o := range []struct {
		name string
		held *profile.HeldObject
	}{{"org", h.Org}, {"record_template", h.Template}} {
		if o.held != nil {
			out = append(out, heldObjectProblems(where+o.name, m[o.name], *o.held)...)
		}
	}
	if withProject {
		v, present := m["project"]
		if p := projectProblem(where+"project", v, !present, true, h.Project, h.NoProject); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// HeldRecordProblems compares a json Record with what is held for it.
func HeldRecordProblems(rec map[string]any, h profile.HeldRecord) []string {
	return recordValueProblems("", rec, h, true)
}

// HeldFormProblems compares the forms of a getFormList page with what is
// held for them (forms the profile holds nothing of are not judged).
func HeldFormProblems(items []map[string]any, held map[int64]profile.HeldForm) []string {
	var out []string
	for _, f := range items {
		id, _ := Int(f["id"])
		h, ok := held[id]
		if !ok {
			continue
		}
		v, present := f["project"]
		if p := projectProblem(fmt.Sprintf("form %d: project", id), v, !present, false, h.Project, h.NoProject); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var heldRules = []Rule{
	{"2.1.held", "a record's answer shows the values it holds, in every format", func(x *Exchange, env *Env) bool {
		_, ok := heldRecordOf(x, env)
		return recordSuccess("")(x, env) && ok
	}, func(x *Exchange, env *Env) []string {
		h, _ := heldRecordOf(x, env)
		_, payload := recordData(x)
		switch p := payload.(type) {
		case map[string]any:
			// json is the Record; json-ld is judged where it uses the
			// Record's own member names (its layout is the kit's).
			return recordValueProblems("", p, h, isFormat(x, "json"))
		case string:
			front, _, ok := FrontMatter(p)
			if !ok {
				return nil
			}
			m := map[string]any{}
			for _, k := range []string{"submit_at", "submit_at_iso", "record_number"} {
				if v, ok := YAMLValue(front, k); ok {
					m[k] = v
					if n, err := strconv.ParseInt(v, 10, 64); err == nil && k == "submit_at" {
						m[k] = jsonNumber(n)
					}
				}
			}
			return recordValueProblems("front matter ", m, h, false)
		}
		return nil
	}},
	{"2.3.project", "a form's project is the one it is linked to, null for none", func(x *Exchange, env *Env) bool {
		return x.Is(contract.GetFormList) && x.Success() && len(env.HeldForms) > 0
	}, func(x *Exchange, env *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		list, _ := data["list"].([]any)
		items := make([]map[string]any, 0, len(list))
		for _, it := range list {
			if f, ok := it.(map[string]any); ok {
				items = append(items, f)
			}
		}
		return HeldFormProblems(items, env.HeldForms)
	}},
	{"4.2.successData", "a verify success describes the record it moved as the record holds it", func(x *Exchange, env *Env) bool {
		_, ok := heldVerified(x, env)
		return x.Is(contract.Verify) && x.Success() && ok
	}, func(x *Exchange, env *Env) []string {
		h, _ := heldVerified(x, env)
		data, _ := x.Object()["data"].(map[string]any)
		out := recordValueProblems("data.", data, h, false)
		if id, ok := Int(data["record_id"]); ok && id != h.ID {
			out = append(out, fmt.Sprintf("data.record_id is %d, the certificate_code names record %d", id, h.ID))
		}
		return out
	}},
}

// heldVerified is what the profile holds for the record a verify names:
// by its answer's record_id, else by the certificate_code's record.
func heldVerified(x *Exchange, env *Env) (profile.HeldRecord, bool) {
	id, ok := env.CodeRecords[x.Param("certificate_code")]
	if !ok {
		data, _ := x.Object()["data"].(map[string]any)
		id, ok = Int(data["record_id"])
	}
	h, held := env.HeldRecords[id]
	return h, ok && held
}

func jsonNumber(n int64) json.Number { return json.Number(strconv.FormatInt(n, 10)) }
