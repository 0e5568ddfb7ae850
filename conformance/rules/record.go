package rules

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// DefaultMaskChars are the characters a masked value may use to hide parts.
const DefaultMaskChars = profile.DefaultMaskChars

// recordSuccess applies to a getRecord success in format f ("" : any).
func recordSuccess(f string) func(x *Exchange, _ *Env) bool {
	return func(x *Exchange, _ *Env) bool {
		return x.Is(contract.GetRecord) && x.Success() && (f == "" || isFormat(x, f))
	}
}

// recordData is data of a getRecord answer; payload its data.data.
func recordData(x *Exchange) (data map[string]any, payload any) {
	data, _ = x.Object()["data"].(map[string]any)
	return data, data["data"]
}

// jsonPayload is the Record of a json answer (nil when it is none).
func jsonPayload(x *Exchange) map[string]any {
	_, p := recordData(x)
	m, _ := p.(map[string]any)
	return m
}

var recordRules = []Rule{
	{"4.1.wrapper", "the wrapper holds code, message and data {format, content_type, data}", recordSuccess(""), func(x *Exchange, _ *Env) []string {
		var out []string
		for _, k := range slices.Sorted(maps.Keys(x.Object())) {
			if k != "code" && k != "message" && k != "data" {
				out = append(out, fmt.Sprintf("the wrapper has %q besides code, message and data", k))
			}
		}
		data, _ := recordData(x)
		for _, k := range []string{"format", "content_type", "data"} {
			if _, ok := data[k]; !ok {
				out = append(out, fmt.Sprintf("data lacks %q", k))
			}
		}
		return out
	}},
	{"4.1.formatEcho", "data.format echoes the format asked for", recordSuccess(""), func(x *Exchange, _ *Env) []string {
		want := x.Param("format")
		if want == "" {
			return nil
		}
		if data, _ := recordData(x); data["format"] != want {
			return []string{fmt.Sprintf("data.format is %v, the request asked for %s", data["format"], want)}
		}
		return nil
	}},
	{"4.1.defaultFormat", "without format the answer is json", func(x *Exchange, env *Env) bool {
		return recordSuccess("")(x, env) && x.Param("format") == ""
	}, func(x *Exchange, _ *Env) []string {
		if data, _ := recordData(x); data["format"] != "json" {
			return []string{fmt.Sprintf("without format: data.format is %v, want the default json", data["format"])}
		}
		return nil
	}},
	contentTypeRule("json", "4.1.contentType.json", "an object"),
	contentTypeRule("json-ld", "4.1.contentType.jsonld", "an object"),
	contentTypeRule("markdown", "4.1.contentType.markdown", "a string"),
	{"2.2.jsonld", "json-ld holds its members", recordSuccess("json-ld"), func(x *Exchange, _ *Env) []string {
		_, p := recordData(x)
		obj, ok := p.(map[string]any)
		if !ok {
			return []string{"the json-ld payload is not an object"}
		}
		var out []string
		for _, k := range []string{"@context", "@type", "identifier", "name", "url", "mainEntity"} {
			if _, ok := obj[k]; !ok {
				out = append(out, fmt.Sprintf("the json-ld payload lacks %q", k))
			}
		}
		return append(out, JSONLDTypes(obj)...)
	}},
	{"2.2.markdown", "markdown is front matter with title and record_id, then a top-level heading", recordSuccess("markdown"), func(x *Exchange, _ *Env) []string {
		_, p := recordData(x)
		s, ok := p.(string)
		if !ok {
			return []string{"the markdown payload is not a string"}
		}
		front, body, ok := FrontMatter(s)
		if !ok {
			return []string{"markdown does not begin with a --- front-matter block"}
		}
		var out []string
		if p := FrontMatterProblem(front); p != "" {
			out = append(out, p)
		}
		for _, k := range []string{"title", "record_id"} {
			switch v, ok := YAMLValue(front, k); {
			case !ok:
				out = append(out, fmt.Sprintf("the front matter lacks %q", k))
			case !YAMLFilled(front, k, v):
				out = append(out, fmt.Sprintf("the front matter's %q is empty: a member present with no value is not the member", k))
			}
		}
		if !HasTopHeading(body) {
			out = append(out, "markdown has no top-level heading after its front matter")
		}
		return out
	}},
	{"2.2.markdownId", "markdown's record_id is the record's", func(x *Exchange, env *Env) bool {
		_, ok := Int(x.requestInt("record_id"))
		return recordSuccess("markdown")(x, env) && ok
	}, func(x *Exchange, _ *Env) []string {
		_, p := recordData(x)
		s, _ := p.(string)
		front, _, _ := FrontMatter(s)
		want, _ := Int(x.requestInt("record_id"))
		if v, ok := YAMLValue(front, "record_id"); ok && v != strconv.FormatInt(want, 10) {
			return []string{fmt.Sprintf("the front matter says record_id %s, the request asked for %d", short(v), want)}
		}
		return nil
	}},
	{"2.1.identity", "the record answered is the one asked for", recordSuccess("json"), func(x *Exchange, env *Env) []string {
		rec := jsonPayload(x)
		want, byID := x.reqInt("record_id")
		u := x.Param("record_url")
		var asByID, asByURL []string
		if byID {
			if got, _ := Int(rec["record_id"]); got != want {
				asByID = append(asByID, fmt.Sprintf("record_id is %v, the request asked for %d", rec["record_id"], want))
			}
			if r, known := env.Records[want]; known && r.URL != "" && !SameURL(rec["record_url"], r.URL) {
				asByID = append(asByID, fmt.Sprintf("record %d: record_url is %v, the profile says %s", want, rec["record_url"], r.URL))
			}
		}
		if u != "" {
			if !SameURL(rec["record_url"], u) {
				asByURL = append(asByURL, fmt.Sprintf("record_url is %v, the request asked for %s", rec["record_url"], short(u)))
			}
			if id, known := env.recordAt(u); known {
				if got, _ := Int(rec["record_id"]); got != id {
					asByURL = append(asByURL, fmt.Sprintf("record_id is %v, the record at %s is %d", rec["record_id"], short(u), id))
				}
			}
		}
		// Two members that name two records leave the answer to the
		// service (docs/contract.md §C10, KIT): either record is the one
		// asked for, never a third.
		if byID && u != "" && env.namesTwo(want, u) && (len(asByID) == 0 || len(asByURL) == 0) {
			return nil
		}
		return append(asByID, asByURL...)
	}},
	{"2.1.fields", "a record holds the fields the profile lists, masked where it says", func(x *Exchange, env *Env) bool {
		_, known := env.Records[recordID(x)]
		return recordSuccess("json")(x, env) && known
	}, func(x *Exchange, env *Env) []string {
		rec, want := jsonPayload(x), env.Records[recordID(x)]
		have, masked := map[string]bool{}, map[int64]bool{}
		for _, f := range Fields(rec) {
			ft, _ := f["field_type"].(string)
			have[ft] = true
			if opts, _ := f["options"].(map[string]any); opts["is_masked"] == true {
				id, _ := Int(f["field_id"])
				masked[id] = true
			}
		}
		var out []string
		for _, ft := range want.FieldTypes {
			if !have[ft] {
				out = append(out, fmt.Sprintf("the profile says the record holds a %s field, the answer has none", ft))
			}
		}
		for _, id := range want.MaskedFields {
			if !masked[id] {
				out = append(out, fmt.Sprintf("field %d should be masked (options.is_masked true)", id))
			}
		}
		return out
	}},
	{"2.1.masked", "a masked string shows a mask character and no more than its type's share", recordSuccess("json"), func(x *Exchange, env *Env) []string {
		chars := env.maskChars()
		var out []string
		rec := jsonPayload(x)
		id, _ := Int(rec["record_id"])
		lengths := map[int64]int{}
		for _, m := range env.HeldRecords[id].Masked {
			lengths[m.Field] = m.Length
		}
		for _, f := range Fields(rec) {
			opts, _ := f["options"].(map[string]any)
			s, isString := f["field_value"].(string)
			if opts["is_masked"] != true || !isString || s == "" {
				continue
			}
			id, _ := Int(f["field_id"])
			ft, _ := f["field_type"].(string)
			if !strings.ContainsAny(s, chars) {
				out = append(out, fmt.Sprintf("field %d (%v): is_masked but the value shows no mask character (%s)", id, ft, chars))
			} else if p := MaskProblem(ft, s, chars, lengths[id]); p != "" {
				out = append(out, fmt.Sprintf("field %d: %s", id, p))
			}
		}
		// The recorder's name "may come partly masked" (§2.1): when it
		// shows a mask character, it is a masked name.
		recorder, _ := rec["recorder"].(map[string]any)
		if s, _ := recorder["name"].(string); strings.ContainsAny(s, chars) {
			if p := MaskProblem("name", s, chars, 0); p != "" {
				out = append(out, "recorder.name: "+p)
			}
		}
		return out
	}},
	valueRule("2.1.chainedOrder", "chained_selects"),
	valueRule("2.1.diffMembers", "sub_qrcode_edit_diff"),
	valueRule("2.1.matrixUuid", "matrix", "dynamic_matrix"),
	valueRule("2.1.fileName", "file"),
	{"1.4.chinese", "generated texts are Chinese", func(x *Exchange, env *Env) bool {
		return recordSuccess("json")(x, env) || x.Is(contract.GetFormList) && x.Success()
	}, func(x *Exchange, _ *Env) []string {
		var out []string
		for _, p := range GeneratedTexts(x.Object()) {
			if p.Text != "" && !HasCJK(p.Text) {
				out = append(out, fmt.Sprintf("%s %q has no Chinese characters", p.Where, short(p.Text)))
			}
		}
		return out
	}},
}

// recordID is the id of the record a getRecord answer holds (0: none).
func recordID(x *Exchange) int64 {
	id, _ := Int(jsonPayload(x)["record_id"])
	return id
}

func contentTypeRule(format, statement, payloadType string) Rule {
	want := ""
	for _, f := range contract.Formats {
		if f.Name == format {
			want = f.ContentType
		}
	}
	return Rule{statement, "format " + format + ": its content_type and payload", recordSuccess(format), func(x *Exchange, _ *Env) []string {
		data, p := recordData(x)
		var out []string
		if data["content_type"] != want {
			out = append(out, fmt.Sprintf("content_type is %v, want %q", data["content_type"], want))
		}
		if got := JSONType(p); got != payloadType {
			out = append(out, fmt.Sprintf("data.data is %s, want %s", got, payloadType))
		}
		return out
	}}
}

// valueRule applies ValueRules of the field types to every field of a json record.
func valueRule(statement string, types ...string) Rule {
	return Rule{statement, "the values of " + strings.Join(types, ", ") + " fields", func(x *Exchange, env *Env) bool {
		if !recordSuccess("json")(x, env) {
			return false
		}
		for _, f := range Fields(jsonPayload(x)) {
			for _, t := range types {
				if f["field_type"] == t {
					return true
				}
			}
		}
		return false
	}, func(x *Exchange, _ *Env) []string {
		var out []string
		for _, f := range Fields(jsonPayload(x)) {
			ft, _ := f["field_type"].(string)
			for _, t := range types {
				if ft != t {
					continue
				}
				id, _ := Int(f["field_id"])
				for _, p := range ValueRules[ft](f["field_value"]) {
					out = append(out, fmt.Sprintf("field %d (%s): %s", id, ft, p))
				}
			}
		}
		return out
	}}
}

// Fields lists every Field object of a Record payload.
func Fields(rec map[string]any) []map[string]any {
	var out []map[string]any
	groups, _ := rec["tpl_groups"].([]any)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		fs, _ := gm["fields"].([]any)
		for _, f := range fs {
			if fm, ok := f.(map[string]any); ok {
				out = append(out, fm)
			}
		}
	}
	return out
}

// JSONLDTypes lists the members of a json-ld payload whose JSON type is
// wrong: mainEntity is an item list, an object (docs/contract.md §2.2); @context and
// @type follow JSON-LD itself (a context is a string, an object or an
// array; a type a string or an array of strings).
func JSONLDTypes(obj map[string]any) []string {
	var out []string
	if v, ok := obj["mainEntity"]; ok {
		if _, isObj := v.(map[string]any); !isObj {
			out = append(out, fmt.Sprintf("mainEntity is %s, want an object (an item list)", JSONType(v)))
		}
	}
	switch v := obj["@context"].(type) {
	case nil, string, map[string]any, []any:
	default:
		out = append(out, fmt.Sprintf("@context is %s, want a string, an object or an array", JSONType(v)))
	}
	switch v := obj["@type"].(type) {
	case nil, string:
	case []any:
		for _, e := range v {
			if _, ok := e.(string); !ok {
				out = append(out, "@type is an array holding something other than strings")
				break
			}
		}
	default:
		out = append(out, fmt.Sprintf("@type is %s, want a string or an array of strings", JSONType(v)))
	}
	return out
}

// JSONType names the JSON type of a decoded value.
func JSONType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return "a number"
}

// ISOMismatches walks a JSON value and reports every X_iso that is not
// the instant X_at in UTC+08:00 (docs/contract.md §1.3). A zero X_at must
// pair with "" where only "none" is meant (active_at).
func ISOMismatches(ptr string, v any) []string {
	var out []string
	isoWalk([]string{ptr}, v, &out)
	return out
}

// isoWalk is ISOMismatches below path, in the order of sorted keys; a
// pointer is written only for a mismatch, and only members that are an
// X_iso or hold more members are visited: a record has hundreds of
// plain values and few times.
func isoWalk(path []string, v any, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		var keys []string
		for k, e := range v {
			if nested(e) || strings.HasSuffix(k, "_iso") {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if base, ok := strings.CutSuffix(k, "_iso"); ok {
				if msg := isoPair(base, v[base], v[k]); msg != "" {
					*out = append(*out, strings.Join(append(path, k), "/")+": "+msg)
				}
			}
			isoWalk(append(path, k), v[k], out)
		}
	case []any:
		for i, e := range v {
			if nested(e) {
				isoWalk(append(path, strconv.Itoa(i)), e, out)
			}
		}
	}
}

// nested says v is an object or an array.
func nested(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// isoPair judges one X_iso against its X. Only active_at has "none": 0
// goes with "" and only then (docs/contract.md §2.3); every other X_iso is a time.
func isoPair(name string, at, iso any) string {
	n, ok := at.(json.Number)
	if !ok {
		return "" // no companion *_at: only the schema's pattern applies
	}
	secs, err := n.Int64()
	if err != nil {
		return "the *_at companion is not an integer"
	}
	s, _ := iso.(string)
	if name == "active_at" {
		switch {
		case secs == 0 && s == "":
			return ""
		case secs == 0:
			return fmt.Sprintf("active_at is 0 (none), so active_at_iso is \"\", not %q", s)
		case s == "":
			return fmt.Sprintf("active_at_iso is \"\" (none), but active_at is %d", secs)
		}
	}
	got, err := time.ParseInLocation(contract.ISOLayout, s, contract.Zone)
	if err != nil {
		return fmt.Sprintf("not of the shape Y-m-d H:i:s(UTC+08:00): %q", s)
	}
	if got.Unix() != secs {
		return fmt.Sprintf("%q is not the instant %d in UTC+08:00 (off by %ds)", s, secs, got.Unix()-secs)
	}
	return ""
}

// Text is a text the service generates, and where it sits.
type Text struct{ Where, Text string }

// GeneratedTexts are the texts the service generates (docs/contract.md
// §1.4): the submit method and every type_text, status_text and
// audit_status_text, wherever they sit.
func GeneratedTexts(v any) []Text {
	out := []Text{}
	var walk func(ptr string, v any)
	walk = func(ptr string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if s, ok := e.(string); ok && (k == "type_text" || k == "status_text" || k == "audit_status_text" || k == "submit_method") {
					out = append(out, Text{ptr + "/" + k, s})
				}
				walk(ptr+"/"+k, e)
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s/%d", ptr, i), e)
			}
		}
	}
	walk("", v)
	sort.Slice(out, func(i, j int) bool { return out[i].Where < out[j].Where })
	return out
}

// HasCJK says whether s holds a Chinese character.
func HasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// recordAt is the id of the record the profile gives the URL u, if it
// gives one.
func (env *Env) recordAt(u string) (int64, bool) {
	for id, r := range env.Records {
		if r.URL != "" && SameURL(u, r.URL) {
			return id, true
		}
	}
	return 0, false
}

// namesTwo says whether the profile shows record id and the URL u to be
// two records: id's own URL is another, or u is another record's.
func (env *Env) namesTwo(id int64, u string) bool {
	if r, known := env.Records[id]; known && r.URL != "" {
		return !SameURL(u, r.URL)
	}
	at, known := env.recordAt(u)
	return known && at != id
}
