package covreport

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// MaxReportBytes is the largest report file read (rtq coverage merge).
const MaxReportBytes = 64 << 20

// Formats are the formats a report is written in.
var Formats = []string{"text", "json", "junit"}

// FormatOf is the format of a report file named path: by its extension
// (.json, .xml, anything else text) unless format names one.
func FormatOf(path, format string) (string, error) {
	if format != "" {
		for _, f := range Formats {
			if f == format {
				return f, nil
			}
		}
		return "", fmt.Errorf("coverage format must be one of %s, got %q", strings.Join(Formats, ", "), format)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return "json", nil
	case ".xml":
		return "junit", nil
	}
	return "text", nil
}

// Write renders r to w in format (one of Formats).
func Write(w io.Writer, r Report, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "junit":
		return writeJUnit(w, r)
	}
	return writeText(w, r)
}

// Read decodes a JSON report, as GET /__admin/coverage answers and
// rtq mock --coverage-out writes it.
func Read(data []byte) (Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return Report{}, fmt.Errorf("read coverage report: %w", err)
	}
	if r.Dimensions.Endpoints.Entries == nil {
		return Report{}, fmt.Errorf("read coverage report: no dimensions.endpoints.entries: not a consumer-coverage report")
	}
	return r, nil
}

// writeText is the report for a person: one line per dimension, the
// missing entries named, then the findings.
func writeText(w io.Writer, r Report) error {
	ns := r.Namespace
	switch ns {
	case "":
		ns = "the root"
	case "*":
		ns = "every namespace"
	default:
		ns = fmt.Sprintf("namespace %q", ns)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "consumer coverage of %s: %d calls counted (not counted: %d admin, %d by rtq's own tools",
		ns, r.Calls, r.Excluded.Admin, r.Excluded.Kit)
	if r.Excluded.Overflow > 0 {
		fmt.Fprintf(&b, ", %d past the namespaces kept", r.Excluded.Overflow)
	}
	b.WriteString(")\n")
	r.Dimensions.Each(func(name string, d *Dimension) {
		fmt.Fprintf(&b, "%-12s %3d/%-3d %s\n", name, d.Covered, d.Total, percent(d))
		for _, id := range d.Missing {
			note := ""
			if slices.Contains(d.Unreachable, id) {
				note = " (the scenario cannot produce it)"
			}
			fmt.Fprintf(&b, "  missing: %s%s\n", id, note)
		}
	})
	if len(r.Findings) == 0 {
		b.WriteString("findings: none\n")
	}
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "finding %s (%d×): %s\n  first: %s %s (Content-Type %q) %s\n",
			f.Duty, f.Count, f.Message, f.Request.Method, f.Request.Path, f.Request.ContentType, f.Request.Body)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func percent(d *Dimension) string {
	if d.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(d.Covered)/float64(d.Total))
}

type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Name    string       `xml:"name,attr"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure"`
	Skipped   *junitMessage `xml:"skipped"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit is the report for a CI dashboard: a suite per dimension, a
// case per entry, a missing entry a failed case (skipped when the
// scenario cannot produce it), and a suite of findings, each a failed case.
func writeJUnit(w io.Writer, r Report) error {
	out := junitSuites{Name: "rtq consumer coverage"}
	r.Dimensions.Each(func(name string, d *Dimension) {
		s := junitSuite{Name: "coverage." + name}
		for _, e := range d.Entries {
			c := junitCase{Name: e.ID, Classname: "coverage." + name}
			switch {
			case e.Count > 0:
			case slices.Contains(d.Unreachable, e.ID):
				c.Skipped = &junitMessage{Message: "the scenario served cannot produce it"}
				s.Skipped++
			default:
				c.Failure = &junitMessage{Message: "never met by the client's tests", Text: name + ": " + e.ID}
				s.Failures++
			}
			s.Cases = append(s.Cases, c)
		}
		s.Tests = len(s.Cases)
		out.Suites = append(out.Suites, s)
	})
	fs := junitSuite{Name: "coverage.findings"}
	for _, f := range r.Findings {
		fs.Cases = append(fs.Cases, junitCase{Name: f.Duty, Classname: "coverage.findings",
			Failure: &junitMessage{Message: f.Message,
				Text: fmt.Sprintf("%d× first: %s %s (Content-Type %q) %s", f.Count, f.Request.Method, f.Request.Path, f.Request.ContentType, f.Request.Body)}})
	}
	fs.Tests, fs.Failures = len(fs.Cases), len(fs.Cases)
	out.Suites = append(out.Suites, fs)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
