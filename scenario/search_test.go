package scenario

import (
	"strings"
	"testing"
)

// Each part of a reading of search_key changes which forms a key finds.
func TestSearchReadings(t *testing.T) {
	name, note, number := "设备巡检表", "Night shift 夜班", "FX-001"
	for _, c := range []struct {
		rule  Search
		key   string
		found bool
	}{
		{KitSearch, "巡检", true},
		{KitSearch, "fx-0", true}, // case ignored
		{Search{Match: SearchWhole, CaseExact: true, Fields: SearchFields}, "fx-0", false},
		{KitSearch, "巡检 夜班", false}, // one substring
		{Search{Match: SearchAllWords, Fields: SearchFields}, "巡检 夜班", true},
		{Search{Match: SearchAllWords, Fields: SearchFields}, "巡检 白班", false},
		{Search{Match: SearchAnyWord, Fields: SearchFields}, "巡检 白班", true},
		{KitSearch, " 巡检 ", false}, // spaces are part of the key
		{Search{Match: SearchWhole, Trim: true, Fields: SearchFields}, " 巡检 ", true},
		{Search{Match: SearchWhole, Fields: []string{"name"}}, "夜班", false}, // the note is not read
		{Search{Match: SearchAllWords, Fields: SearchFields}, "   ", true},  // no word: every form
	} {
		if got := c.rule.Read(c.key).Matches(name, note, number); got != c.found {
			t.Errorf("%+v %q: found %v, want %v", c.rule, c.key, got, c.found)
		}
	}
	nameFirst := Search{Match: SearchAllWords, Trim: true, Fields: SearchFields, NameFirst: true}
	if k := nameFirst.Read(" 巡检 "); !k.First("设备巡检表") || k.First("夜班记录") {
		t.Error("name_first: a name holding the trimmed key comes first, another not")
	}
	if k := KitSearch.Read("巡检"); !k.First("夜班记录") {
		t.Error("the list's order: every found form is in the first part")
	}
}

// service.search and integers_as_strings load and are written again, and
// a wrong value names its member.
func TestSearchLoads(t *testing.T) {
	base := "name: s\norgs: [{id: 1, name: o, code: o, host: o.example}]\nkeys: [{name: r, secret: rtq-read-key, org: o, scopes: [read]}]\n"
	sc, err := Parse("s.yaml", []byte(base+"service:\n  integers_as_strings: true\n  search: {match: all_words, case: exact, trim: true, fields: [number, name], order: name_first}\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Search{Match: SearchAllWords, CaseExact: true, Trim: true, Fields: []string{"name", "number"}, NameFirst: true}
	if got := sc.Service.Searches(); got == nil || got.Match != want.Match || !got.CaseExact || !got.Trim || strings.Join(got.Fields, ",") != "name,number" || !got.NameFirst {
		t.Errorf("loaded %+v, want %+v", got, want)
	}
	if _, err := Parse("s.yaml", []byte(base+"service:\n  search: {match: fuzzy}\n")); err == nil || !strings.Contains(err.Error(), "match") {
		t.Errorf("a match the mock does not know: %v", err)
	}
	out, err := Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("again.yaml", out)
	if !sc.Service.IntegersAsStrings() {
		t.Error("integers_as_strings: true did not load")
	}
	if err != nil || again.Service.Searches() == nil || again.Service.Search.Match != SearchAllWords || !again.Service.Search.NameFirst || !again.Service.IntegersAsStrings() {
		t.Errorf("written and read again: %v %+v", err, again)
	}
}
