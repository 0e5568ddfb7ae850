package mockserver

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

func defaultMock(t *testing.T) (*mock, *scenario.Scenario) {
	t.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatalf("default scenario: %v", err)
	}
	return startMock(t, sc, Options{}), sc
}

// TestDefaultScenarioEveryRecordEveryFormatEveryKey reads each record of
// the embedded scenario in each format with each key; every answer passes
// the schemas (send checks), and only the record's own organization sees it.
func TestDefaultScenarioEveryRecordEveryFormatEveryKey(t *testing.T) {
	m, sc := defaultMock(t)
	for _, r := range sc.Records {
		for _, k := range sc.Keys {
			for _, f := range contract.Formats {
				for _, sel := range []string{fmt.Sprintf(`"record_id":%d`, r.ID), fmt.Sprintf(`"record_url":%q`, r.URL)} {
					a := m.post(t, contract.GetRecord, k.Secret, fmt.Sprintf(`{%s,"format":%q}`, sel, f.Name))
					own := k.Org.ID == r.Org.ID
					if own && a.code() != 0 || !own && a.code() != 404 {
						t.Fatalf("record %d key %s format %s: %s", r.ID, k.Name, f.Name, a.raw)
					}
				}
			}
		}
	}
}

func TestDefaultScenarioListsWalk(t *testing.T) {
	m, sc := defaultMock(t)
	var org int64 = -1 // walk() reads with readKey; find its organization
	for _, k := range sc.Keys {
		if k.Secret == readKey {
			org = k.Org.ID
		}
	}
	for _, size := range []int{1, 7, 100} {
		walk(t, m, contract.TemplatesList, ``, size)
		for _, tpl := range sc.Templates {
			if tpl.Org.ID != org {
				continue
			}
			seen, _ := walk(t, m, contract.ListQrcodes, fmt.Sprintf(`"template":%q,`, tpl.Coding), size)
			if len(seen) != len(tpl.SubCodes) {
				t.Errorf("template %s: %d sub-codes listed, %d in the scenario", tpl.Coding, len(seen), len(tpl.SubCodes))
			}
		}
	}
	for page := int64(1); ; page++ {
		p := getForms(t, m, fmt.Sprintf(`{"page":%d,"page_size":20}`, page))
		if p.current >= p.last {
			break
		}
	}
}

// TestDefaultScenarioEveryCertificateAnswersInShape moves every credential
// with set_next and checks the answer's shape; reset puts them back.
func TestDefaultScenarioEveryCertificateAnswersInShape(t *testing.T) {
	m, sc := defaultMock(t)
	var write *scenario.Key
	for _, k := range sc.Keys {
		if k.Write && k.Forms == nil && k.Org.ID == sc.Orgs[0].ID {
			write = k
		}
	}
	if write == nil {
		t.Fatal("the default scenario has no unrestricted write key of its first org")
	}
	for _, r := range sc.Records {
		if r.Cert == nil {
			continue
		}
		a := m.post(t, contract.Verify, write.Secret, setNext(r.Code))
		if a.code() != 0 && a.code() != 400 {
			t.Errorf("certificate %s: %s", r.Code, a.raw)
		}
	}
	m.Reset()
}
