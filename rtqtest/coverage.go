package rtqtest

import (
	"strings"

	"github.com/rtq-kit/rtq/covreport"
)

// Coverage is the consumer coverage of the calls the code under test made
// so far, every namespace joined (docs/mock.md, "Consumer coverage"):
// which endpoints, parameters, error answers, shapes, field types and
// certificate moves it met, what it never met, and the duties of a
// client it broke. Reset keeps it; ResetCoverage forgets it.
func (m *Mock) Coverage() covreport.Report { return m.Server.Coverage("*") }

// ResetCoverage forgets the consumer coverage counted so far.
func (m *Mock) ResetCoverage() { m.Server.ResetCoverage("*") }

// MustCover fails the test (without stopping it) for each entry the code
// under test never met: the gaps the team declared its tests must cover.
// An entry is "DIMENSION: ID" as the report names it, for example
// "errors: record/getRecord 100404/404" or "shapes: templates/list empty
// list"; one the report does not list fails too, so a typo is not a pass.
func (m *Mock) MustCover(entries ...string) {
	m.t.Helper()
	r := m.Coverage()
	for _, e := range entries {
		dim, id, _ := strings.Cut(e, ":")
		id = strings.TrimSpace(id)
		d := r.Dimension(strings.TrimSpace(dim))
		if d == nil {
			m.t.Errorf("rtqtest: MustCover(%q): no dimension %q; the report has %s", e, dim, strings.Join(covreport.DimensionNames, ", "))
			continue
		}
		n, listed := d.Count(id)
		switch {
		case !listed:
			m.t.Errorf("rtqtest: MustCover(%q): %s lists no %q; its entries: %s", e, dim, id, ids(d))
		case n == 0:
			m.t.Errorf("rtqtest: the code under test never met %s: %s (%d/%d of %s covered)", dim, id, d.Covered, d.Total, dim)
		}
	}
}

// ExpectNoFindings fails the test (without stopping it) for each duty of
// a client the code under test broke, with the first request that broke it.
func (m *Mock) ExpectNoFindings() {
	m.t.Helper()
	for _, f := range m.Coverage().Findings {
		m.t.Errorf("rtqtest: the code under test broke %s %d times: %s; first: %s %s (Content-Type %q) %s",
			f.Duty, f.Count, f.Message, f.Request.Method, f.Request.Path, f.Request.ContentType, f.Request.Body)
	}
}

func ids(d *covreport.Dimension) string {
	out := make([]string, 0, len(d.Entries))
	for _, e := range d.Entries {
		out = append(out, e.ID)
	}
	return strings.Join(out, ", ")
}
