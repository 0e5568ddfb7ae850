package chain

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/scenario"
)

// Members is a request Members split into the members an endpoint reads; other
// members are ignored (docs/contract.md §C1, forward compatibility). Values
// are checked in the endpoint's own order afterwards, so the first
// problem reported does not depend on member order in the Members.
type Members struct {
	names []string
	raws  [8][]byte
	// intStrings reads an integer sent as a string of digits ("2") as
	// the integer, as a recorded service did (scenario.Service).
	intStrings bool
}

// Parse splits the request body into the named members. A body that is
// not JSON or not an object is a 100301 parameter error; an empty one is
// {}. The result lives in the pooled call, so parsing allocates nothing.
func (c *Call) Parse(names []string) (*Members, error) {
	b := &c.Params
	*b = Members{names: names, intStrings: c.St != nil && c.St.Scenario().Service.IntegersAsStrings()}
	seen := &c.Seen
	err := jsonw.Members(c.Body, func(name, raw []byte) {
		for i, n := range names {
			if n == string(name) {
				b.raws[i] = raw
				return
			}
		}
		if seen.Unknown == nil {
			seen.Unknown = name
		}
	})
	if err != nil {
		*b, seen.NotObject = Members{}, true
		return nil, fail.Param("%s", err.Error()).In(scenario.SituationNotJSON)
	}
	seen.Empty = len(bytes.TrimSpace(c.Body)) == 0
	return b, nil
}

// Raw is the member's raw JSON value, nil when absent, null, or not
// one of the members the endpoint reads: what the consumer coverage
// reads of a request (coverage.Members).
func (b *Members) Raw(name string) []byte { return b.raw(name) }

// Parsed says the body was split into members (Parse ran and succeeded).
func (b *Members) Parsed() bool { return b.names != nil }

// raw returns the member's raw value, nil when absent or JSON null (null
// counts as absent: a client that writes every optional member as null
// gets the defaults).
func (b *Members) raw(name string) []byte {
	for i, n := range b.names {
		if n == name {
			if r := b.raws[i]; len(r) > 0 && string(r) != "null" {
				return r
			}
			return nil
		}
	}
	return nil
}

// Str reads an optional string member; "" is returned as absent when
// emptyIsAbsent.
func (b *Members) Str(name string, emptyIsAbsent bool) (string, bool, error) {
	raw := b.raw(name)
	if raw == nil {
		return "", false, nil
	}
	s, ok := jsonw.String(raw)
	if !ok {
		return "", false, fail.Param("%s must be a string, got %s", name, show(raw))
	}
	if s == "" && emptyIsAbsent {
		return "", false, nil
	}
	return s, true, nil
}

// Int reads an optional Int member that must be >= min.
func (b *Members) Int(name string, min int64) (int64, bool, error) {
	raw := b.raw(name)
	if raw == nil {
		return 0, false, nil
	}
	n, ok := b.integer(raw)
	if !ok || n < min {
		return 0, false, fail.Param("%s must be an integer >= %d, got %s", name, min, show(raw))
	}
	return n, true, nil
}

// integer reads an integer value: a JSON number, or under intStrings a
// string of digits too.
func (b *Members) integer(raw []byte) (int64, bool) {
	if n, ok := jsonw.Int(raw); ok || !b.intStrings {
		return n, ok
	}
	s, ok := jsonw.String(raw)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// AnyInt reads an optional integer member with no lower bound.
func (b *Members) AnyInt(name string) (int64, bool, error) {
	raw := b.raw(name)
	if raw == nil {
		return 0, false, nil
	}
	n, ok := b.integer(raw)
	if !ok {
		return 0, false, fail.Param("%s must be an integer, got %s", name, show(raw))
	}
	return n, true, nil
}

// PageSize reads a page size: default when absent, clamped to max, or
// refused when refuse says so (a recorded service that refused it).
func (b *Members) PageSize(def, max int64, refuse bool) (int64, error) {
	n, ok, err := b.Int("page_size", 1)
	switch {
	case err != nil:
		return 0, err
	case !ok:
		return def, nil
	case n > max && refuse:
		return 0, fail.Param("page_size must be at most %d, got %d", max, n).In(scenario.SituationPageSizeOverMax)
	case n > max:
		return max, nil
	}
	return n, nil
}

// show renders an offending value for a detail: strings quoted and cut,
// numbers as written (cut), other types by kind. Values of the request are
// echoed, never anything the server holds.
func show(raw []byte) string {
	if s, ok := jsonw.String(raw); ok {
		return fail.Quote(s)
	}
	if k := jsonw.Kind(raw); k != "a number" {
		return k
	}
	if len(raw) > 24 {
		return string(raw[:24]) + "…"
	}
	return string(raw)
}

// Bearer extracts the token of "Bearer <token>" (scheme case-insensitive).
func Bearer(values []string) (string, bool) {
	if len(values) != 1 {
		return "", false
	}
	v := values[0]
	if len(v) < 8 || !strings.EqualFold(v[:7], "Bearer ") {
		return "", false
	}
	tok := strings.TrimSpace(v[7:])
	return tok, tok != ""
}
