// Package report renders a conformance.Report for people (text), for
// scripts (json, the shape docs/cli.md documents) and for CI dashboards
// (junit) and for CI artifacts people open (html). Every format renders
// the same Findings.
package report

import (
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/conformance"
)

// Formats lists the accepted --format values.
var Formats = []string{"text", "json", "junit", "html"}

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
		return HTML(w, rep)
	}
	return fmt.Errorf("unknown format %q: want text, json, junit or html", format)
}
