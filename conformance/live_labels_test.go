package conformance

import (
	"strings"
	"testing"
)

// labelled is a getRecord answer of record id with extra members (a
// template and an audit block) put beside its note.
func labelled(id int64, members string) Observed {
	return liveRecordWith(id, "待审核", "a", `0,`+members+`,"x":0`)
}

// A code shows one label across records: two records whose templates are
// both of type 0 but read otherwise fail, as do two review statuses that
// share one label; the same labels everywhere pass, and types may share a
// label (forms 0, 1 and 2 are all ordinary forms).
func TestLiveLabelsAcrossRecords(t *testing.T) {
	tpl := func(typ, text string) string {
		return `"record_template":{"id":1,"name":"n","type":` + typ + `,"type_text":"` + text + `"}`
	}
	audit := func(status, text string) string {
		return `"audit":{"status":` + status + `,"status_text":"` + text + `","auditor_name":"a"}`
	}
	cases := []struct {
		name    string
		answers []Observed
		want    Status
		says    string
	}{
		{"one label everywhere", []Observed{labelled(1, tpl("0", "普通表单")), labelled(2, tpl("0", "普通表单")), labelled(3, tpl("1", "普通表单"))}, Pass, ""},
		{"a template type read two ways", []Observed{labelled(1, tpl("0", "普通表单")), labelled(2, tpl("0", "证书表单"))}, Fail, "code 0 reads \"证书表单\" here and \"普通表单\""},
		{"two review statuses, one label", []Observed{labelled(1, audit("1", "已通过")), labelled(2, audit("2", "已通过"))}, Fail, "different statuses have different labels"},
		{"review statuses apart", []Observed{labelled(1, audit("1", "已通过")), labelled(2, audit("2", "已驳回")), labelled(3, audit("1", "已通过"))}, Pass, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			for _, a := range c.answers {
				o.Observe(a)
			}
			f := findingOf(o.Report(o.opts.Started), relLabelsLive)
			if f == nil || f.Status != c.want || !strings.Contains(f.Message+strings.Join(f.Problems, "\n"), c.says) {
				t.Fatalf("want %s saying %q, got %+v", c.want, c.says, f)
			}
		})
	}
}
