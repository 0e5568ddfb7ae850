package fault

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
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

// ParseFlag reads one --fault value: KEY=VALUE pairs separated by commas
// ("endpoint=record/getRecord,error=503,times=2"); a bare "drop" means
// drop=true. The rule is validated; an error names the key.
func ParseFlag(s string) (Rule, error) {
	var r Rule
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, hasValue := strings.Cut(part, "=")
		if !hasValue && k == "drop" {
			v = "true"
		}
		set := flagSetters[k]
		if set == nil {
			return Rule{}, fmt.Errorf("%q is not a fault rule member; use %s", k, strings.Join(flagKeys(), ", "))
		}
		if !hasValue && k != "drop" {
			return Rule{}, fmt.Errorf("%s needs a value (%s=...)", k, k)
		}
		if err := set(&r, v); err != nil {
			return Rule{}, fmt.Errorf("%s: %w", k, err)
		}
	}
	if err := r.Validate("rule"); err != nil {
		return Rule{}, err
	}
	return r, nil
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
	case err == nil:
		r.ID, r.Source = "", ""
		return nil
	case errors.As(err, &te):
		return fmt.Errorf("%s: must be %s, got %s", te.Field, kindOf(te.Type.Kind().String()), te.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s is not a fault rule member; use %s", strings.TrimPrefix(err.Error(), "json: unknown field "),
			strings.Join(ruleMembers, ", "))
	default:
		return fmt.Errorf("not a JSON object: %v", err)
	}
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
