package report

import (
	"encoding/json"
	"io"

	"github.com/rtq-kit/rtq/conformance"
)

// JSON writes the report in the shape kit-interface.md fixes (more members
// may be added, none renamed).
func JSON(w io.Writer, rep *conformance.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rep)
}
