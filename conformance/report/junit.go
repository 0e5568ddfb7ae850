package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/conformance"
)

type junitSuites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Time     string   `xml:"time,attr"`
	// Timestamp is when the run started.
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property"`
	Suites     []junitSuite    `xml:"testsuite"`
}

// junitProperty carries the run's identity and verdict.
type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// JUnit writes one test case per check, grouped in one suite per endpoint.
// Only must failures are <failure>s, so a dashboard's red matches exit 1;
// should and info failures are reported in system-out. A run that did not
// complete (interrupted, unreachable, set-up failure, error) adds a suite
// "rtq conform" whose one case "run" is an <error> with the reason.
func JUnit(w io.Writer, rep *conformance.Report) error {
	m := metaOf(rep)
	root := junitSuites{Name: "rtq conform " + rep.Target, Time: seconds(rep.Duration.Seconds()), Timestamp: m.Started}
	for _, p := range [][2]string{{"verdict", Verdict(rep)}, {"status", string(rep.Status)}, {"target", m.Target},
		{"profile", m.Profile}, {"rtq_version", m.Version}, {"seed", fmt.Sprint(rep.Seed)}, {"started_at", m.Started},
		{"field_types", covered(rep.Coverage.FieldTypes)}, {"error_codes", covered(rep.Coverage.ErrorCodes)},
		{"transitions", covered(rep.Coverage.Transitions)}, {"spec_statements", covered(rep.Coverage.SpecStatements)}} {
		root.Properties = append(root.Properties, junitProperty{Name: p[0], Value: p[1]})
	}
	if b := rep.Baseline; b != nil {
		for _, p := range [][2]string{{"baseline", b.Source}, {"baseline_new_failures", strings.Join(b.NewFailures, " ")},
			{"baseline_fixed", strings.Join(b.Fixed, " ")}, {"baseline_still_failing", strings.Join(b.StillFailing, " ")}} {
			root.Properties = append(root.Properties, junitProperty{Name: p[0], Value: p[1]})
		}
	}
	for _, st := range rep.Statements {
		root.Properties = append(root.Properties, junitProperty{Name: "statement." + st.ID,
			Value: fmt.Sprintf("%s, evaluated on %d answers", st.Status, st.Answers)})
	}
	index := map[string]int{}
	for _, f := range rep.Checks {
		i, ok := index[f.Endpoint]
		if !ok {
			i = len(root.Suites)
			index[f.Endpoint] = i
			root.Suites = append(root.Suites, junitSuite{Name: f.Endpoint, Time: "0"})
		}
		s := &root.Suites[i]
		c := junitCase{Name: f.ID, Classname: "rtq.conform." + strings.ReplaceAll(f.Endpoint, "/", "."), Time: seconds(f.Duration.Seconds())}
		switch {
		case rep.KnownFailure(f):
			c.SystemOut = fmt.Sprintf("%s check failed, as in the baseline (not counted): %s", f.Severity, detail(f))
		case f.Status == conformance.Fail && f.Severity == conformance.Must:
			c.Failure = &junitFailure{Message: f.Message, Type: "must (spec " + f.Spec + ")", Text: detail(f)}
			s.Failures++
		case f.Status == conformance.Fail:
			c.SystemOut = fmt.Sprintf("%s check failed (not counted): %s", f.Severity, detail(f))
		case f.Status == conformance.Skip:
			c.Skipped = &junitSkipped{Message: f.Message}
			s.Skipped++
		}
		s.Tests++
		s.Cases = append(s.Cases, c)
	}
	if rep.Status != conformance.StatusPass && rep.Status != conformance.StatusFail {
		root.Suites = append(root.Suites, junitSuite{Name: "rtq conform", Tests: 1, Errors: 1, Time: "0",
			Cases: []junitCase{{Name: "run", Classname: "rtq.conform", Time: seconds(rep.Duration.Seconds()),
				Error: &junitFailure{Message: Verdict(rep), Type: string(rep.Status), Text: rep.Reason}}}})
	}
	for _, s := range root.Suites {
		root.Tests, root.Failures, root.Skipped = root.Tests+s.Tests, root.Failures+s.Failures, root.Skipped+s.Skipped
		root.Errors += s.Errors
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func detail(f conformance.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (spec %s, severity %s)\n", f.Message, f.Spec, f.Severity)
	if f.Request != nil {
		fmt.Fprintf(&b, "request: %s\n", f.Request)
	}
	if f.Curl != "" {
		fmt.Fprintf(&b, "reproduce: %s\n", f.Curl)
	}
	for _, p := range f.Problems {
		fmt.Fprintf(&b, "  %s\n", p)
	}
	return b.String()
}

func seconds(s float64) string { return fmt.Sprintf("%.3f", s) }

// covered writes a coverage dimension as "K/N".
func covered(c conformance.Count) string { return fmt.Sprintf("%d/%d", c.Covered, c.Total) }
