package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

// Text writes a readable summary: the verdict on the first line, the run's
// identity, then failures (must, then should, then info), each with its
// check id, spec section, the request sent and what was wrong; then skips,
// the coverage and the verdict again.
func Text(w io.Writer, rep *conformance.Report) error {
	p := &printer{w: w}
	m := metaOf(rep)
	p.f("%s\n", Verdict(rep))
	if i := strings.IndexByte(rep.Reason, '\n'); i >= 0 {
		p.f("%s\n", rep.Reason[i+1:])
	}
	p.f("target:  %s\nprofile: %s\nstarted: %s, took %s\nrtq:     %s\nseed:    %d\n\n", m.Target, m.Profile, m.Started, m.Duration, m.Version, rep.Seed)
	if len(rep.Checks) == 0 {
		p.traffic(rep.Traffic)
		p.f("No check ran.\n")
		return p.err
	}
	fails := 0
	for _, sev := range []conformance.Severity{conformance.Must, conformance.Should, conformance.Info} {
		for _, f := range rep.Checks {
			if f.Status == conformance.Fail && f.Severity == sev {
				fails++
				p.failure(f, rep.KnownFailure(f))
			}
		}
	}
	if fails == 0 {
		p.f("No check failed.\n\n")
	}
	skips := 0
	for _, f := range rep.Checks {
		if f.Status == conformance.Skip {
			if skips == 0 {
				p.f("Skipped:\n")
			}
			skips++
			p.f("  %-34s %s\n", f.ID, f.Message)
		}
	}
	if skips > 0 {
		p.f("\n")
	}
	if pl := rep.Plan; pl != nil && pl.SlowDowns > 0 {
		p.f("The target asked to slow down %d times (429, or 503 with Retry-After); the run waited %v in all.\n\n",
			pl.SlowDowns, time.Duration(pl.WaitedMS)*time.Millisecond)
	}
	p.traffic(rep.Traffic)
	p.coverage(rep.Coverage)
	p.statements(rep.Statements)
	p.baseline(rep.Baseline)
	s := rep.Summary
	p.f("\n%d checks: %d passed, %d failed, %d skipped.\n", s.Total, s.Passed, s.Failed, s.Skipped)
	p.f("%s\n", Verdict(rep))
	return p.err
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) failure(f conformance.Finding, known bool) {
	label := "FAIL"
	if known {
		label = "KNOWN" // failed in the baseline too: does not fail the run
	}
	p.f("%s %-6s %s (spec %s, %s)\n", label, f.Severity, f.ID, f.Spec, f.Endpoint)
	p.f("     %s\n", f.Message)
	if len(f.Statements) > 0 {
		p.f("     statements: %s\n", strings.Join(f.Statements, ", "))
	}
	if f.Request != nil {
		p.f("     request: %s\n", f.Request)
	}
	if f.Curl != "" {
		p.f("     reproduce: %s\n", f.Curl)
	}
	for _, pr := range f.Problems {
		p.f("       %s\n", pr)
	}
	p.f("\n")
}

// traffic says what the live traffic of rtq proxy held and never
// reached; nothing for a run of rtq conform.
func (p *printer) traffic(t *conformance.Traffic) {
	if t == nil {
		return
	}
	p.f("Traffic: %d exchanges, %d judged", t.Exchanges, t.Judged)
	reasons := make([]string, 0, len(t.NotJudged))
	for why, n := range t.NotJudged {
		reasons = append(reasons, fmt.Sprintf("%d: %s", n, why))
	}
	sort.Strings(reasons)
	if len(reasons) > 0 {
		p.f("; not judged: %s", strings.Join(reasons, "; "))
	}
	if t.RefusedWrites > 0 {
		p.f("; %d writes refused (no --allow-writes)", t.RefusedWrites)
	}
	p.f("\n")
	if len(t.NeverReached) > 0 {
		p.f("Endpoints the traffic never reached: %s\n", strings.Join(t.NeverReached, ", "))
	}
	p.f("\n")
}

func (p *printer) coverage(c conformance.Coverage) {
	p.f("Coverage:\n")
	for _, row := range []struct {
		name string
		c    conformance.Count
	}{{"field types", c.FieldTypes}, {"verify error codes", c.ErrorCodes}, {"transitions", c.Transitions}, {"spec statements", c.SpecStatements}} {
		p.f("  %-20s %d/%d", row.name, row.c.Covered, row.c.Total)
		if len(row.c.Missing) > 0 {
			p.f("  missing: %s", strings.Join(row.c.Missing, ", "))
		}
		p.f("\n")
	}
}

// statements lists, per statement some check or rule looked at, how
// many answers it was evaluated on, several to a line.
func (p *printer) statements(sts []conformance.StatementResult) {
	line := ""
	for _, st := range sts {
		if st.Answers == 0 {
			continue
		}
		if line == "" {
			p.f("Answers each statement was evaluated on:\n")
		}
		cell := fmt.Sprintf("%s %d", st.ID, st.Answers)
		if len(line)+len(cell) > 96 {
			p.f("  %s\n", strings.TrimSpace(line))
			line = ""
		}
		line += fmt.Sprintf("%-24s", cell) + " "
	}
	if line != "" {
		p.f("  %s\n", strings.TrimSpace(line))
	}
}

// baseline lists what changed against the baseline report, when there is one.
func (p *printer) baseline(b *conformance.BaselineDiff) {
	if b == nil {
		return
	}
	p.f("\nAgainst the baseline %s:\n", b.Source)
	for _, row := range []struct {
		name string
		ids  []string
	}{{"new failures", b.NewFailures}, {"fixed", b.Fixed}, {"still failing", b.StillFailing}} {
		p.f("  %-20s %d", row.name, len(row.ids))
		if len(row.ids) > 0 {
			p.f("  %s", strings.Join(row.ids, ", "))
		}
		p.f("\n")
	}
}
