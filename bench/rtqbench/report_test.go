package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestReportsPrintOneMedianRowPerRun holds the text table and the Markdown
// table to the same rows: every server, mix and phase once, with the median
// of its rounds and its ratio to the baseline.
func TestReportsPrintOneMedianRowPerRun(t *testing.T) {
	r := &report{Servers: map[string]*serverFig{}}
	for _, rps := range []float64{100, 300, 200} {
		r.Runs = append(r.Runs, runFig{Server: "baseline", Mix: mixGetRecord, result: result{RPS: 1000}})
		r.Runs = append(r.Runs, runFig{Server: "rtq", Mix: mixGetRecord, result: result{RPS: rps}})
	}
	var text, md bytes.Buffer
	r.printRuns(&text)
	r.markdown(&md)
	for _, f := range []struct{ name, out, row string }{
		{"text", text.String(), "rtq "},
		{"markdown", md.String(), "| rtq |"},
	} {
		if n := strings.Count(f.out, f.row); n != 1 {
			t.Errorf("%s report has %d rtq rows, want 1:\n%s", f.name, n, f.out)
		}
		if !strings.Contains(f.out, "200") || !strings.Contains(f.out, "0.20") {
			t.Errorf("%s report lacks the median 200 req/s and its ratio 0.20:\n%s", f.name, f.out)
		}
	}
}
