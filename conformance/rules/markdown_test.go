package rules

import "testing"

// TestFrontMatterForms reads every front matter the contract allows (YAML
// 1.2 keys plain or quoted, any CommonMark line ending, white space after
// the marker, a ... end) and refuses what is no front matter.
func TestFrontMatterForms(t *testing.T) {
	cases := []struct {
		name, md, id string
		ok           bool
	}{
		{"plain LF", "---\ntitle: T\nrecord_id: 7\n---\n# T\n", "7", true},
		{"CR LF", "---\r\ntitle: T\r\nrecord_id: 7\r\n---\r\n# T\r\n", "7", true},
		{"CR alone", "---\rtitle: T\rrecord_id: 7\r---\r# T\r", "7", true},
		{"marker then space", "--- \ntitle: T\nrecord_id: 7\n---\t\n# T\n", "7", true},
		{"double-quoted keys", "---\n\"title\": \"T\"\n\"record_id\": 7\n---\n# T\n", "7", true},
		{"single-quoted key and value", "---\n'title': 'it''s'\n'record_id': '7'\n---\n# T\n", "7", true},
		{"comment and order", "---\n# by hand\nrecord_id: 7 # the id\ntitle: T\n---\n# T\n", "7", true},
		{"document end marker", "---\ntitle: T\nrecord_id: 7\n...\n# T\n", "7", true},
		{"no marker", "title: T\nrecord_id: 7\n# T\n", "", false},
		{"marker with text", "---x\ntitle: T\nrecord_id: 7\n---\n# T\n", "", false},
		{"never closed", "---\ntitle: T\nrecord_id: 7\n# T\n", "", false},
	}
	for _, c := range cases {
		front, body, ok := FrontMatter(c.md)
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if id, _ := YAMLValue(front, "record_id"); id != c.id {
			t.Errorf("%s: record_id %q, want %q", c.name, id, c.id)
		}
		if _, found := YAMLValue(front, "title"); !found {
			t.Errorf("%s: no title in %q", c.name, front)
		}
		if !HasTopHeading(body) {
			t.Errorf("%s: no heading in %q", c.name, body)
		}
	}
	if v, _ := YAMLValue("title: 'it''s # not a comment'", "title"); v != "it's # not a comment" {
		t.Errorf("a quoted value holding ' #': %q", v)
	}
	if _, found := YAMLValue("meta:\n  record_id: 7", "record_id"); found {
		t.Error("a nested key is not a top-level key")
	}
	if v, found := YAMLValue(`{"title": "T", "record_id": 7}`, "record_id"); !found || v != "7" {
		t.Errorf("a front matter written as one JSON object (a YAML flow mapping): record_id %q, %v", v, found)
	}
}

// TestFrontMatterMustParseAsYAML: a front matter whose keys read fine
// line by line but that no YAML reader takes (a plain scalar holding
// ": ", a flow sequence followed by text, a key written twice, a tab
// before a value's indentation) is found, and every form YAML allows is
// not.
func TestFrontMatterMustParseAsYAML(t *testing.T) {
	for _, c := range []struct {
		front string
		bad   bool
	}{
		{"title: T\nrecord_id: 7", false},
		{"title: \"Form: 12\"\nrecord_id: 7", false},
		{"title: 'Form: 12'\nrecord_id: 7", false},
		{"title: Form:12\nrecord_id: 7", false},
		{"title: '[draft] Form'\nrecord_id: 7", false},
		{"{title: T, record_id: 7}", false},
		{"title: Form: 12\nrecord_id: 7", true},
		{"title: [draft] Form\nrecord_id: 7", true},
		{"title: {a} b\nrecord_id: 7", true},
		{"title: T\nrecord_id: 7\ntitle: U", true},
	} {
		if p := FrontMatterProblem(c.front); (p != "") != c.bad {
			t.Errorf("%q: problem %q, want one: %v", c.front, p, c.bad)
		}
	}
}

// TestFrontMatterEmptyMemberIsNone: a key present with no value (nothing
// after the colon, an empty quoted string, YAML's null) holds no title,
// on any key of any markdown answer; a value on the line after its key,
// or a quoted "null", is a value.
func TestFrontMatterEmptyMemberIsNone(t *testing.T) {
	for _, c := range []struct {
		front  string
		filled bool
	}{
		{"title: T\nrecord_id: 7", true},
		{"title:\nrecord_id: 7", false},
		{"title: \"\"\nrecord_id: 7", false},
		{"title: ''\nrecord_id: 7", false},
		{"title: ~\nrecord_id: 7", false},
		{"title: null # no form\nrecord_id: 7", false},
		{"title: '   '\nrecord_id: 7", false},
		{"title:\n  Form 12\nrecord_id: 7", true},
		{"title: \"null\"\nrecord_id: 7", true},
		{"{title: '', record_id: 7}", false},
	} {
		v, found := YAMLValue(c.front, "title")
		if !found {
			t.Errorf("%q: no title key found", c.front)
			continue
		}
		if got := YAMLFilled(c.front, "title", v); got != c.filled {
			t.Errorf("%q: filled %v, want %v", c.front, got, c.filled)
		}
	}
}

// TestFrontMatterValuesAsYAMLResolvesThem: every form a YAML 1.2 reader
// resolves to the record's id is read as that id (a tag of the core
// schema or a local one, an anchor and its alias, a block scalar, the
// value on the next line, the core schema's other integer notations),
// and a form that resolves to another value, or to none, is not.
func TestFrontMatterValuesAsYAMLResolvesThem(t *testing.T) {
	same := []string{
		"record_id: !!int 42", "record_id: !!int \"42\"", "record_id: !!str 42", "record_id: !<tag:yaml.org,2002:int> 42",
		"record_id: !!float 42", "record_id: !id 42", "record_id: &id 42\ncopy: *id", "base: &b 42\nrecord_id: *b",
		"record_id: |-\n  42", "record_id: >-\n  42", "record_id:\n  42", "record_id: # the id\n  42",
		"record_id: 0x2A", "record_id: 0o52", "record_id: +42", "record_id: 42.0", "record_id: 4.2e1",
		"record_id: 42 # a comment", "record_id: '42'",
	}
	for _, front := range same {
		if v, ok := YAMLValue("title: T\n"+front, "record_id"); !ok || v != "42" {
			t.Errorf("%q: record_id %q (%v); want 42", front, v, ok)
		}
	}
	other := []string{"record_id: 42.5", "record_id: 0042", "record_id: !!str 0x2A", "record_id: '0x2A'", "record_id: 4_2", "record_id: 43"}
	for _, front := range other {
		if v, _ := YAMLValue("title: T\n"+front, "record_id"); v == "42" {
			t.Errorf("%q read as record_id 42", front)
		}
	}
	for _, front := range []string{"record_id: ~", "record_id: !!null ''", "record_id:"} {
		v, ok := YAMLValue("title: T\n"+front, "record_id")
		if ok && YAMLFilled("title: T\n"+front, "record_id", v) {
			t.Errorf("%q: a null read as the member %q", front, v)
		}
	}
}
