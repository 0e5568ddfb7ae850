package fault

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// flagSetters are the KEY=VALUE names of rtq mock --fault: the rule's
// members, with error's own members flat (error=503,retry_after=2).
var flagSetters = map[string]func(r *Rule, v string) error{
	"endpoint":         func(r *Rule, v string) error { r.Endpoint = v; return nil },
	"key":              func(r *Rule, v string) error { r.Key = v; return nil },
	"record_id":        func(r *Rule, v string) error { return setInt64(&r.RecordID, v) },
	"record_url":       func(r *Rule, v string) error { r.RecordURL = v; return nil },
	"certificate_code": func(r *Rule, v string) error { r.CertificateCode = v; return nil },
	"rate":             func(r *Rule, v string) error { return setFloat(&r.Rate, v) },
	"times":            func(r *Rule, v string) error { return setInt(&r.Times, v) },
	"delay_ms":         func(r *Rule, v string) error { return setInt(&r.DelayMS, v) },
	"jitter_ms":        func(r *Rule, v string) error { return setInt(&r.JitterMS, v) },
	"drop":             func(r *Rule, v string) error { return setBool(&r.Drop, v) },
	"body":             func(r *Rule, v string) error { r.Body = v; return nil },
	"error":            func(r *Rule, v string) error { return setInt(&errOf(r).Code, v) },
	"code":             func(r *Rule, v string) error { return setInt(&errOf(r).Code, v) },
	"error_code":       func(r *Rule, v string) error { return setInt(&errOf(r).ErrorCode, v) },
	"message":          func(r *Rule, v string) error { errOf(r).Message = v; return nil },
	"http_status":      func(r *Rule, v string) error { return setInt(&errOf(r).HTTPStatus, v) },
	"retry_after":      func(r *Rule, v string) error { return setInt(&errOf(r).RetryAfter, v) },
}

func errOf(r *Rule) *Error {
	if r.Error == nil {
		r.Error = &Error{}
	}
	return r.Error
}

// ParseFlag reads one --fault value, in either of two spellings. A JSON
// object has the members of POST /__admin/faults and a scenario's faults:
// ({"endpoint":"record/getRecord","error":{"code":503}}). Otherwise the
// value is KEY=VALUE pairs separated by commas
// ("endpoint=record/getRecord,error=503,times=2"), with error's members
// flat; a bare "drop" means drop=true; a value in double quotes may hold
// commas (message="Busy, retry"), with \" for a quote and \\ for a
// backslash inside. The rule is validated; an error names the member.
func ParseFlag(s string) (Rule, error) {
	var r Rule
	var err error
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		err = decodeOne([]byte(t), &r)
	} else {
		err = parsePairs(s, &r)
	}
	if err != nil {
		return Rule{}, err
	}
	if err := r.Validate("rule"); err != nil {
		return Rule{}, err
	}
	return r, nil
}

// parsePairs sets r from KEY=VALUE,... pairs.
func parsePairs(s string, r *Rule) error {
	for s != "" {
		k, v, hasValue, rest, err := cutPair(s)
		if err != nil {
			return err
		}
		s = rest
		if k == "" && !hasValue {
			continue // an empty pair: ",," or a trailing comma
		}
		if !hasValue && k == "drop" {
			v = "true"
		}
		set := flagSetters[k]
		if set == nil {
			return fmt.Errorf("%q is not a fault rule member; use %s", k, strings.Join(flagKeys(), ", "))
		}
		if !hasValue && k != "drop" {
			return fmt.Errorf("%s needs a value (%s=...)", k, k)
		}
		if err := set(r, v); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

// cutPair takes the first KEY=VALUE (or bare KEY) off s and returns what
// follows its comma. A value that starts with a double quote runs to the
// closing quote, commas included.
func cutPair(s string) (k, v string, hasValue bool, rest string, err error) {
	end := strings.IndexAny(s, "=,")
	if end < 0 || s[end] == ',' {
		k, rest, _ = strings.Cut(s, ",")
		return strings.TrimSpace(k), "", false, rest, nil
	}
	k, s = strings.TrimSpace(s[:end]), strings.TrimLeft(s[end+1:], " \t")
	if !strings.HasPrefix(s, `"`) {
		v, rest, _ = strings.Cut(s, ",")
		return k, strings.TrimSpace(v), true, rest, nil
	}
	v, n, ok := unquote(s)
	if !ok {
		return k, "", true, "", fmt.Errorf("%s: the quoted value has no closing quote (write \\\" for a quote inside)", k)
	}
	rest = strings.TrimLeft(s[n:], " \t")
	if rest != "" && rest[0] != ',' {
		return k, "", true, "", fmt.Errorf("%s: a comma must follow the closing quote, got %q", k, rest)
	}
	return k, v, true, strings.TrimPrefix(rest, ","), nil
}

// unquote reads the double-quoted string at the start of s: its value and
// the bytes it took. \" is a quote and \\ a backslash; any other
// backslash stands for itself.
func unquote(s string) (v string, n int, ok bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return b.String(), i + 1, true
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			i++
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

func flagKeys() []string {
	keys := make([]string, 0, len(flagSetters))
	for k := range flagSetters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func setInt(p *int, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("must be an integer, got %q", v)
	}
	*p = n
	return nil
}

func setInt64(p *int64, v string) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return fmt.Errorf("must be an integer, got %q", v)
	}
	*p = n
	return nil
}

func setFloat(p *float64, v string) error {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return fmt.Errorf("must be a number, got %q", v)
	}
	*p = f
	return nil
}

func setBool(p *bool, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false, got %q", v)
	}
	*p = b
	return nil
}

// DecodeJSON reads the body of POST /__admin/faults: one rule or a list of
// rules. Unknown members and wrong types are errors naming the rule and
// the member; the rules are not validated here (Set.Add does it).
func DecodeJSON(data []byte) ([]Rule, error) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var raws []json.RawMessage
		if err := json.Unmarshal(data, &raws); err != nil {
			return nil, fmt.Errorf("the body must be a fault rule or a list of them: %v", err)
		}
		rules := make([]Rule, len(raws))
		for i, raw := range raws {
			if err := decodeOne(raw, &rules[i]); err != nil {
				return nil, fmt.Errorf("rule %d: %w", i+1, err)
			}
		}
		return rules, nil
	}
	var r Rule
	if err := decodeOne(data, &r); err != nil {
		return nil, fmt.Errorf("rule 1: %w", err)
	}
	return []Rule{r}, nil
}

func decodeOne(raw []byte, r *Rule) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(r)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil && dec.More():
		return errors.New("one JSON object only: something follows its closing brace")
	case err == nil:
		r.ID, r.Source = "", ""
		return nil
	case errors.As(err, &te) && te.Field == "": // the rule itself: "drop", 503, [...]
		return fmt.Errorf(`a fault rule is a JSON object, got %s; such as {"endpoint": %q, "error": {"code": 503}}`, te.Value, contract.GetRecord.Name)
	case errors.As(err, &te):
		msg := fmt.Sprintf("%s: must be %s, got %s", te.Field, kindOf(te.Type.Kind().String()), te.Value)
		if ex, ok := memberExamples[te.Field]; ok {
			msg += "; such as " + ex
		}
		return errors.New(msg)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s is not a fault rule member; use %s", strings.TrimPrefix(err.Error(), "json: unknown field "),
			strings.Join(ruleMembers, ", "))
	default:
		return fmt.Errorf("not a JSON object: %v", err)
	}
}

// memberExamples show the shape of the members a wrong type is easy for:
// {"error": 503} means the code, which goes inside the error object.
var memberExamples = map[string]string{
	"error":             `"error": {"code": 503} (and optionally "error_code", "message", "http_status", "retry_after")`,
	"error.code":        `"error": {"code": 503}`,
	"delay_ms":          `"delay_ms": 800`,
	"rate":              `"rate": 0.25`,
	"times":             `"times": 2`,
	"record_id":         `"record_id": 100001`,
	"drop":              `"drop": true`,
	"error.retry_after": `"error": {"code": 429, "retry_after": 2}`,
}

var ruleMembers = []string{"endpoint", "key", "record_id", "record_url", "certificate_code", "rate", "times",
	"delay_ms", "jitter_ms", "error", "drop", "body"}

func kindOf(k string) string {
	switch k {
	case "int", "int64":
		return "an integer"
	case "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	case "ptr", "struct":
		return "an object"
	}
	return k
}
