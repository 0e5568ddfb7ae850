package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

// withBaseline is sample compared with a baseline in which
// getRecord.wrapper (still failing) and getRecord.json.schema (fixed)
// failed: formList.filter.searchKey is the one new failure, a should.
func withBaseline(t *testing.T, failed ...string) *conformance.Report {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"checks":[`)
	for i, id := range failed {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":"` + id + `","status":"fail"}`)
	}
	b.WriteString(`]}`)
	base, err := conformance.ParseBaseline("base.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	rep := sample()
	rep.Status = ""
	return rep.WithBaseline(base).Finish(rep.StartedAt.Add(time.Second))
}

// Every format shows the new failures, the fixed and the still failing,
// and a run fails only for a must check that did not fail in the baseline.
func TestEveryFormatShowsTheBaseline(t *testing.T) {
	rep := withBaseline(t, "getRecord.wrapper", "getRecord.json.schema")
	if rep.Status != conformance.StatusPass {
		t.Fatalf("status %s: the only must failure is in the baseline", rep.Status)
	}
	d := rep.Baseline
	if strings.Join(d.NewFailures, ",") != "formList.filter.searchKey" || strings.Join(d.Fixed, ",") != "getRecord.json.schema" ||
		strings.Join(d.StillFailing, ",") != "getRecord.wrapper" || d.NewMust != 0 {
		t.Fatalf("baseline diff %+v", d)
	}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Write(&b, format, rep); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"base.json", "formList.filter.searchKey", "getRecord.json.schema", "getRecord.wrapper", "no new must failure(s) against the baseline"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s report does not show %q:\n%s", format, want, out)
			}
		}
		if format == "junit" && strings.Contains(out, "<failure") {
			t.Errorf("junit: a failure the baseline knows is a <failure>:\n%s", out)
		}
	}
	if rep := withBaseline(t, "getRecord.json.schema"); rep.Status != conformance.StatusFail || rep.Baseline.NewMust != 1 {
		t.Fatalf("a must failure the baseline lacks: status %s, %+v", rep.Status, rep.Baseline)
	}
}

func TestBaselineMustBeAReport(t *testing.T) {
	for _, bad := range []string{`not json`, `{"target":"x"}`, `[]`} {
		if _, err := conformance.ParseBaseline("b.json", []byte(bad)); err == nil {
			t.Errorf("%q accepted as a baseline", bad)
		}
	}
}
