package e2e

// A hostile target must not reach the reader of a report
// through it. Its answers carry terminal escape sequences, BEL, NUL and
// markup in every member and header; every report format must come out
// without raw control characters (a terminal or CI log would run them),
// JSON must stay valid and JUnit well-formed XML.

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/runbound"
)

const hostileText = "\x1b]0;pwned\x07\x1b[2J\x1b[31m</failure><![CDATA[\x00\u202e"

func TestSecurityReportsCarryNoRawControlCharacters(t *testing.T) {
	sc := mocktest.Default(t)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// header values cannot carry control bytes (Go's client refuses
		// the answer); markup and bidi overrides they can
		w.Header().Set("Content-Type", "application/json; x=\"</failure><![CDATA[\u202e\"")
		body, _ := json.Marshal(map[string]any{"code": 0, "message": hostileText, hostileText: hostileText,
			"data": map[string]any{"list": []any{hostileText}, "format": hostileText, "next_page_token": hostileText}})
		_, _ = w.Write(append(body, []byte(" "+hostileText)...))
	}))
	t.Cleanup(ts.Close)
	rep := runbound.Run(t, conformance.Options{BaseURL: ts.URL, Profile: derive.FromScenario(sc),
		AllowWrites: true, Timeout: 2 * time.Second}, 90*time.Second)
	for _, format := range report.Formats {
		var b bytes.Buffer
		if err := report.Write(&b, format, rep); err != nil {
			t.Fatalf("%s report: %v", format, err)
		}
		for _, c := range []byte{0x1b, 0x07, 0x00} {
			if i := bytes.IndexByte(b.Bytes(), c); i >= 0 {
				t.Errorf("%s report holds raw control byte %#x near %q", format, c, b.Bytes()[max(0, i-40):min(b.Len(), i+40)])
			}
		}
		wellFormed(t, format, b.Bytes())
		if format == "html" && bytes.Contains(b.Bytes(), []byte("</failure><![CDATA[")) {
			t.Errorf("html report carries the target's markup unescaped")
		}
		if format == "text" && !bytes.Contains(b.Bytes(), []byte("pwned")) {
			t.Log("the text report quotes nothing of the hostile answers: the property holds trivially")
		}
	}
}

// wellFormed parses JSON and XML reports.
func wellFormed(t *testing.T, format string, b []byte) {
	t.Helper()
	switch format {
	case "json":
		if !json.Valid(b) {
			t.Errorf("json report is not valid JSON")
		}
	case "junit":
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			if _, err := d.Token(); err == io.EOF {
				return
			} else if err != nil {
				t.Errorf("junit report is not well-formed XML: %v", err)
				return
			}
		}
	}
}
