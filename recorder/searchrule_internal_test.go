package recorder

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

// searchCapture is a capture holding forms with these texts (name, note,
// number), every one of them.
func searchCapture(texts [][3]string) *Capture {
	c := NewCapture()
	for i, t := range texts {
		id := int64(100 + i)
		c.forms[id] = &formItem{ID: id, Name: t[0], Note: t[1], Number: t[2]}
		c.formOrder = append(c.formOrder, id)
	}
	c.formsTotal = int64(len(texts))
	return c
}

// learnt runs the probes against a service reading search_key by truth,
// and says what the recording settled and what it named unsettled.
func learnt(t *testing.T, texts [][3]string, truth scenario.Search) (*scenario.Search, []string, int) {
	t.Helper()
	c := searchCapture(texts)
	forms := c.searchForms()
	sent, err := probeSearchWith(c, func(key string) (searchSeen, error) {
		total, ids := predict(&truth, forms, key, 1, probeSize)
		return searchSeen{key: key, page: 1, perPage: probeSize, total: total, ids: ids}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rule, unsettled := settleSearch(consistent(forms, c.searchesSeen()))
	return rule, unsettled, sent
}

var searchTexts = [][3]string{
	{"巡检小结", "", "fx-001"}, {"设备巡检表", "每日巡检使用", "FX-001"}, {"码协作记录", "外包巡检", "FX-016"},
	{"配电房巡检", "", "FX-021"}, {"设备维修单", "Night shift 夜班", "FX-010"}, {"访客登记", "月度检查", "FX-004"},
}

// Every reading the mock knows is told apart by a handful of probes over
// forms whose texts allow it: the recording settles the service's.
func TestTheProbesSettleTheServicesReading(t *testing.T) {
	for _, truth := range []scenario.Search{
		scenario.KitSearch,
		{Match: scenario.SearchAllWords, Trim: true, Fields: scenario.SearchFields, NameFirst: true}, // the foreign fake's
		{Match: scenario.SearchAnyWord, Fields: scenario.SearchFields},
		{Match: scenario.SearchWhole, CaseExact: true, Trim: true, Fields: []string{"name", "note"}},
		{Match: scenario.SearchAllWords, Fields: []string{"name"}},
	} {
		rule, unsettled, sent := learnt(t, searchTexts, truth)
		if rule == nil {
			t.Errorf("%+v: nothing settled: %v", truth, unsettled)
			continue
		}
		// What the forms cannot tell may differ; every search answers alike.
		for _, k := range probeKeys(searchTexts2forms(searchTexts)) {
			a1, b1 := predict(&truth, searchTexts2forms(searchTexts), k, 1, probeSize)
			a2, b2 := predict(rule, searchTexts2forms(searchTexts), k, 1, probeSize)
			if a1 != a2 || fmt.Sprint(b1) != fmt.Sprint(b2) {
				t.Errorf("%+v: settled %+v, which answers %q otherwise", truth, *rule, k)
				break
			}
		}
		if sent > maxSearchProbes {
			t.Errorf("%+v: %d probes, at most %d", truth, sent, maxSearchProbes)
		}
	}
}

func searchTexts2forms(texts [][3]string) []searchForm {
	return searchCapture(texts).searchForms()
}

// What the forms cannot tell is named, and read as the kit does: forms
// without a cased letter say nothing of case.
func TestWhatNoProbeTellsIsNamedNotGuessed(t *testing.T) {
	uncased := [][3]string{{"巡检小结", "", "001"}, {"设备巡检表", "每日巡检", "002"}, {"访客登记", "", "003"}}
	truth := scenario.Search{Match: scenario.SearchWhole, CaseExact: true, Fields: scenario.SearchFields}
	rule, unsettled, _ := learnt(t, uncased, truth)
	if rule == nil || rule.CaseExact {
		t.Errorf("case cannot be told here: the kit's (ignore) should be kept, got %+v", rule)
	}
	if !strings.Contains(strings.Join(unsettled, "\n"), "whether case matters") {
		t.Errorf("unsettled should name case: %v", unsettled)
	}
	// A reading the mock does not know (a key matching names from their
	// start only) leaves no candidate: not settled, the kit's stays.
	c := searchCapture(searchTexts)
	forms := c.searchForms()
	_, err := probeSearchWith(c, func(key string) (searchSeen, error) {
		var ids []int64
		for _, f := range forms {
			if strings.HasPrefix(f.name, key) {
				ids = append(ids, f.id)
			}
		}
		return searchSeen{key: key, page: 1, perPage: probeSize, total: int64(len(ids)), ids: ids}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rule, unsettled := settleSearch(consistent(forms, c.searchesSeen())); rule != nil || len(unsettled) != 1 {
		t.Errorf("a prefix search: settled %+v, unsettled %v; want none settled, named", rule, unsettled)
	}
}

// One choice of a probe key over 5,000 forms, with every candidate left:
// the first round, the dearest (probeWork bounds it).
func BenchmarkProbeChoiceManyForms(b *testing.B) {
	var texts [][3]string
	for i := range 5000 {
		texts = append(texts, [3]string{fmt.Sprintf("表单%d号巡检", i), fmt.Sprintf("备注 %d", i%37), fmt.Sprintf("FX-%05d", i)})
	}
	forms := searchTexts2forms(texts)
	cands := consistent(forms, nil)
	for b.Loop() {
		nextProbe(forms, cands, nil)
	}
}
