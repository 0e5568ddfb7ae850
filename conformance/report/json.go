package report

import (
	"encoding/json"
	"io"

	"github.com/rtq-kit/rtq/conformance"
)

// JSON writes the report in the documented shape (docs/conformance.md,
// "Reports"): members are added, never renamed. verdict is the banner line
// of the other formats.
func JSON(w io.Writer, rep *conformance.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		*conformance.Report
		Verdict string `json:"verdict"`
	}{rep, Verdict(rep)})
}
