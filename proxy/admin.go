package proxy

import (
	"bytes"
	"net/http"
	"time"

	"github.com/rtq-kit/rtq/conformance/report"
)

// reportContentTypes are the media types of the report formats.
var reportContentTypes = map[string]string{
	"json": "application/json; charset=utf-8", "text": "text/plain; charset=utf-8",
	"junit": "application/xml; charset=utf-8", "html": "text/html; charset=utf-8",
}

// admin answers the proxy's own paths:
//
//	GET /__rtq-proxy/health           {"status":"ok"}
//	GET /__rtq-proxy/report?format=F  the report so far (json by default;
//	                                  text, junit, html as --format)
func (p *Proxy) admin(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		writeJSON(w, http.StatusMethodNotAllowed, map[string]any{"error": "use GET " + r.URL.Path})
		return
	}
	switch r.URL.Path {
	case AdminPrefix + "health":
		writeJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	case AdminPrefix + "report":
		format := r.URL.Query().Get("format")
		if format == "" {
			format = "json"
		}
		ct, ok := reportContentTypes[format]
		if !ok {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": "format: want one of text, json, junit, html; got " + quote(format)})
			return
		}
		p.Drain()
		var b bytes.Buffer
		if err := report.Write(&b, format, p.o.Observer.Report(time.Now())); err != nil {
			writeJSON(w, http.StatusInternalServerError, map[string]any{"error": err.Error()})
			return
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		_, _ = w.Write(b.Bytes())
	default:
		writeJSON(w, http.StatusNotFound, map[string]any{"error": "rtq proxy serves " + AdminPrefix + "health and " + AdminPrefix + "report"})
	}
}
