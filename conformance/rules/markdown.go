package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
)

// This file is the runner's one reader of markdown answers: every rule
// and check that looks into a markdown payload reads it here, so that a
// form the contract allows (docs/contract.md §2.2, §C7: YAML front matter,
// a CommonMark heading) is accepted everywhere or nowhere. What it reads
// as a line ending, a front-matter marker, a key or a heading follows
// CommonMark 0.31 and YAML 1.2, not the layout of one implementation.

// Lines splits a text at every line ending CommonMark and YAML know: CR
// LF, LF, and CR alone.
func Lines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Split(s, "\n")
}

// FrontMatter splits a markdown text into its YAML front matter and what
// follows, each with its lines joined by LF; ok is false when it does not
// begin with a --- block. The opening marker is a line of three dashes
// and nothing but white space after them (YAML's directives end marker);
// the block closes at the next such line or at a document end marker
// (...).
func FrontMatter(s string) (front, body string, ok bool) {
	lines := Lines(s)
	if len(lines) == 0 || !marker(lines[0], "---") {
		return "", "", false
	}
	for i := 1; i < len(lines); i++ {
		if marker(lines[i], "---") || marker(lines[i], "...") {
			return strings.Join(lines[1:i], "\n"), strings.Join(lines[i+1:], "\n"), true
		}
	}
	return "", "", false
}

// marker says whether line is m followed by nothing but white space.
func marker(line, m string) bool {
	rest, ok := strings.CutPrefix(line, m)
	return ok && strings.TrimRight(rest, " \t") == ""
}

// YAMLValue is the scalar value of a top-level front-matter key, quotes
// taken off. A key may be plain, single- or double-quoted (YAML 1.2
// §7.3); a plain value ends at a comment (" #").
//
// Any other form YAML allows for the front matter's top-level mapping (a
// flow mapping such as a JSON object, a key over several lines) is read
// by a YAML parser, so that no correct form is taken for a missing key.
//
// A value YAML 1.2 resolves otherwise than its text is read as YAML
// resolves it, so that every form a reader takes for the same value is
// that value: a scalar with node properties (a tag such as !!int or
// !!str, an anchor), an alias, a block scalar (| or >), a value on the
// lines after its key, and a plain scalar the core schema reads as an
// integer in another notation (0x2A, 0o52, +42, 42.0, 4.2e1: 42). A
// plain decimal with leading zeros keeps its text: YAML 1.1 readers take
// it for octal, 1.2 readers for decimal, so no one value is meant.
func YAMLValue(front, key string) (string, bool) {
	for _, line := range strings.Split(front, "\n") {
		k, rest, ok := yamlKey(line)
		if !ok || k != key {
			continue
		}
		raw := strings.TrimSpace(rest)
		if text, ok := strTagged(raw); ok {
			return yamlScalar(text)
		}
		if resolvedByParser(raw) {
			if v, ok := parsedScalar(front, key); ok {
				return v, true
			}
		}
		v, ok := yamlScalar(raw)
		if ok && raw != "" && raw[0] != '"' && raw[0] != '\'' {
			if n, isNum := coreInteger(v); isNum {
				return n, true
			}
		}
		return v, ok
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(front), &m); err != nil {
		return "", false
	}
	if m[key] == nil {
		return "", false
	}
	return scalarText(m[key])
}

// resolvedByParser says whether a value as written after its key's
// colon is one YAML resolves otherwise than its text: node properties
// (! a tag, & an anchor), an alias (*), a block scalar (| or >), or
// nothing on the key's line (the value follows on the next lines, or the
// key is null).
func resolvedByParser(raw string) bool {
	return raw == "" || raw[0] == '#' || strings.IndexByte("!&*|>", raw[0]) >= 0
}

// strTagged is the scalar after a core schema's str tag (!!str, or its
// verbatim form), which a reader takes as the text written whatever it
// looks like; ok is false for a value without that tag.
func strTagged(raw string) (string, bool) {
	for _, tag := range []string{"!!str", "!<tag:yaml.org,2002:str>"} {
		if rest, ok := strings.CutPrefix(raw, tag); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// parsedScalar is the scalar a YAML parser reads for the front matter's
// key, written as scalarText writes it; ok is false when the block does
// not parse or the key holds no scalar.
func parsedScalar(front, key string) (string, bool) {
	var m map[string]any
	if err := yaml.Unmarshal([]byte(front), &m); err != nil {
		return "", false
	}
	v, present := m[key]
	if !present {
		return "", false
	}
	if v == nil {
		return "", true // a null: present and empty (YAMLFilled)
	}
	return scalarText(v)
}

// scalarText writes a resolved scalar: a string as it is, a number in
// decimal (an integral float as the integer it is), anything else as Go
// prints it; a mapping or a sequence is no scalar.
func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case map[string]any, []any:
		return "", false
	case string:
		return x, true
	case float64:
		if x == float64(int64(x)) {
			return strconv.FormatInt(int64(x), 10), true
		}
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
	return fmt.Sprint(v), true
}

// coreInteger is the decimal integer a plain scalar is in YAML 1.2's
// core schema when it writes one otherwise than in plain decimal
// (hexadecimal 0x, octal 0o, a + sign, a float of integral value); ok is
// false for anything else, plain decimals included (see YAMLValue).
func coreInteger(v string) (string, bool) {
	switch {
	case coreHexOct.MatchString(v):
		n, err := strconv.ParseInt(v, 0, 64)
		return strconv.FormatInt(n, 10), err == nil
	case corePlus.MatchString(v):
		n, err := strconv.ParseInt(v[1:], 10, 64)
		return strconv.FormatInt(n, 10), err == nil
	case coreFloat.MatchString(v) && !coreDecimal.MatchString(v):
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f != float64(int64(f)) {
			return "", false
		}
		return strconv.FormatInt(int64(f), 10), true
	}
	return "", false
}

// The core schema's integer and float notations (YAML 1.2.2 §10.3.2).
var (
	coreHexOct  = regexp.MustCompile(`^0x[0-9a-fA-F]+$|^0o[0-7]+$`)
	corePlus    = regexp.MustCompile(`^\+[0-9]+$`)
	coreFloat   = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	coreDecimal = regexp.MustCompile(`^-?[0-9]+$`)
)

// YAMLFilled says whether the front matter's key, whose scalar read line
// by line is v (YAMLValue), holds a value: a member present and empty
// (nothing after the colon, "", null, ~) is not the member. A value
// written on the lines after its key ("title:" then an indented line) is
// read by a YAML parser, so that no correct form is taken for an empty
// one; a block no parser reads is FrontMatterProblem's to report.
func YAMLFilled(front, key, v string) bool {
	if strings.TrimSpace(v) != "" && !yamlNull[v] {
		return true
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(front), &m); err != nil {
		return strings.TrimSpace(v) != ""
	}
	switch x := m[key].(type) {
	case nil:
		return false
	case string:
		return strings.TrimSpace(x) != ""
	}
	return true
}

// yamlNull are the plain scalars YAML 1.2's core schema reads as null.
var yamlNull = map[string]bool{"~": true, "null": true, "Null": true, "NULL": true}

// FrontMatterProblem says why a front matter is no YAML mapping, or ""
// when it is one. The keys are read line by line (YAMLValue) so that
// every form YAML allows is found; that a client's YAML reader reads the
// block at all is asked here, of the whole block: a plain scalar holding
// ": " or starting with "[" reads fine line by line and fails every
// parser (YAML 1.2 §7.3.3), and so does a key written twice.
func FrontMatterProblem(front string) string {
	var m map[string]any
	err := yaml.Unmarshal([]byte(front), &m)
	if err == nil {
		return ""
	}
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return "the front matter is no YAML mapping: " + strings.TrimSpace(msg)
}

// yamlKey reads the key of a top-level mapping line ("key: value"); rest
// is what follows the colon.
func yamlKey(line string) (key, rest string, ok bool) {
	if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
		return "", "", false
	}
	if line[0] == '"' || line[0] == '\'' {
		k, n, ok := quoted(line)
		if !ok {
			return "", "", false
		}
		after := strings.TrimLeft(line[n:], " \t")
		rest, ok := strings.CutPrefix(after, ":")
		return k, rest, ok
	}
	for i := 0; i < len(line); i++ {
		if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t') {
			return strings.TrimRight(line[:i], " \t"), line[i+1:], true
		}
	}
	return "", "", false
}

// yamlScalar reads a flow scalar: quoted (its quotes and escapes undone)
// or plain (up to a comment).
func yamlScalar(v string) (string, bool) {
	if v != "" && (v[0] == '"' || v[0] == '\'') {
		s, _, ok := quoted(v)
		return s, ok
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = v[:i]
	}
	if strings.HasPrefix(v, "#") {
		v = ""
	}
	return strings.TrimSpace(v), true
}

// quoted reads the quoted scalar s begins with and says how many bytes
// it took: single quotes escape a quote by doubling it, double quotes
// use backslash escapes (read as JSON's, which YAML's include).
func quoted(s string) (string, int, bool) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case q == '\'' && s[i] == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case q == '\'' && s[i] == '\'':
			return strings.ReplaceAll(s[1:i], "''", "'"), i + 1, true
		case q == '"' && s[i] == '\\':
			i++
		case q == '"' && s[i] == '"':
			u, err := strconv.Unquote(s[:i+1])
			if err != nil {
				return s[1:i], i + 1, true
			}
			return u, i + 1, true
		}
	}
	return "", 0, false
}

// HasTopHeading says whether a CommonMark text holds a top-level heading
// in either syntax: ATX ("# Title", up to three spaces before, the title
// after a space or nothing) or setext (a line of text underlined with =).
func HasTopHeading(body string) bool {
	lines := Lines(body)
	for i, line := range lines {
		t := strings.TrimLeft(line, " ")
		if len(line)-len(t) > 3 {
			continue
		}
		if t == "#" || strings.HasPrefix(t, "# ") || strings.HasPrefix(t, "#\t") {
			return true
		}
		if i > 0 && strings.TrimSpace(lines[i-1]) != "" && len(t) > 0 && strings.Trim(strings.TrimRight(t, " \t"), "=") == "" {
			prev := strings.TrimLeft(lines[i-1], " ")
			if len(lines[i-1])-len(prev) <= 3 && !strings.HasPrefix(prev, "#") && !strings.HasPrefix(prev, "---") {
				return true
			}
		}
	}
	return false
}
