package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// labels name each run status in the banner every format leads with.
var labels = map[conformance.RunStatus]string{
	conformance.StatusPass:        "PASS",
	conformance.StatusFail:        "FAIL",
	conformance.StatusError:       "ERROR",
	conformance.StatusSetupFailed: "SET-UP FAILED",
	conformance.StatusUnreachable: "UNREACHABLE",
	conformance.StatusInterrupted: "INTERRUPTED",
}

// Verdict is the one line a person reads first: the run's status, why, and
// what a pass does not prove (must checks skipped, partial coverage).
func Verdict(rep *conformance.Report) string {
	label := labels[rep.Status]
	if label == "" {
		label = strings.ToUpper(string(rep.Status))
	}
	var head string
	switch b := rep.Baseline; {
	case b != nil && (rep.Status == conformance.StatusPass || rep.Status == conformance.StatusFail):
		head = fmt.Sprintf("%d new must failure(s) against the baseline %s (%d new failure(s), %d fixed, %d still failing)",
			b.NewMust, b.Source, len(b.NewFailures), len(b.Fixed), len(b.StillFailing))
		if b.NewMust == 0 {
			head = "no " + head[2:]
		}
	case rep.Status == conformance.StatusPass:
		head = "no must check failed"
	case rep.Status == conformance.StatusFail:
		head = fmt.Sprintf("%d must check(s) failed", rep.MustFailed())
	default:
		head = firstLine(rep.Reason)
		if rep.Status == conformance.StatusInterrupted {
			head += fmt.Sprintf("; no verdict, %d of %d checks finished", rep.Summary.Passed+rep.Summary.Failed, rep.Summary.Total)
		}
	}
	if c := caveats(rep); len(c) > 0 {
		head += "; but " + strings.Join(c, ", ")
	}
	return label + ": " + head
}

// caveats say what a run did not certify.
func caveats(rep *conformance.Report) []string {
	var out []string
	if n := rep.MustSkipped; n > 0 {
		s := fmt.Sprintf("%d must check(s) skipped", n)
		if !rep.Writes {
			s += " (no --allow-writes)"
		}
		out = append(out, s)
	}
	if rep.CoveragePartial && len(rep.Checks) > 0 {
		out = append(out, "coverage partial")
	}
	return out
}

// passed says whether the banner is green.
func passed(rep *conformance.Report) bool { return rep.Status == conformance.StatusPass }

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// meta is the run's identity, the same in every format: which rtq, when,
// against what, with which profile, how long.
type meta struct{ Version, Started, Target, Profile, Duration string }

func metaOf(rep *conformance.Report) meta {
	m := meta{Version: rep.Version, Target: rep.Target, Profile: rep.Profile,
		Started: rep.StartedAt.Format(time.RFC3339), Duration: rep.Duration.Round(time.Millisecond).String()}
	if m.Version == "" {
		m.Version = "unknown"
	}
	if m.Profile == "" {
		m.Profile = "none"
	}
	if rep.Insecure {
		m.Target += " (" + svcclient.InsecureWarning + ")"
	}
	return m
}
