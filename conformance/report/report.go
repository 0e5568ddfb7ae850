// Package report renders a conformance.Report for people (text), for
// scripts (json, the shape of kit-interface.md) and for CI dashboards
// (junit). Every format renders the same Findings.
package report

import (
	"errors"
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/conformance"
)

// Formats lists the accepted --format values; html is planned.
var Formats = []string{"text", "json", "junit", "html"}

// ErrNotYet is returned for a format that is planned but not built.
var ErrNotYet = errors.New("not yet")

// Write renders rep in format to w.
func Write(w io.Writer, format string, rep *conformance.Report) error {
	switch format {
	case "text", "":
		return Text(w, rep)
	case "json":
		return JSON(w, rep)
	case "junit":
		return JUnit(w, rep)
	case "html":
		return fmt.Errorf("format html: %w (planned; use text, json or junit)", ErrNotYet)
	}
	return fmt.Errorf("unknown format %q: want text, json or junit", format)
}
