package e2e

import (
	"net/http"
	"strings"
)

// only applies m to requests whose path ends in op.
func only(op string, m http.HandlerFunc) middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/"+op) {
				m(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// hostileBreaks answer with what no client should have to parse: the run
// must still end, with findings on the checks concerned.
func hostileBreaks() []breakCase {
	return []breakCase{
		{"HTML error page", only("listQrcodes", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			w.Write([]byte("<html><body>502 Bad Gateway</body></html>"))
		}), []string{"listQrcodes.schema", "listQrcodes.unknown", "transport.contentType"}},
		{"connection closed without an answer", only("list", func(w http.ResponseWriter, _ *http.Request) {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
		}), []string{"templates.schema", "templates.walk.total"}},
		{"JSON array instead of an object", only("getFormList", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Write([]byte(`[1,2,3]`))
		}), []string{"formList.schema", "formList.paging.total"}},
		{"wrong HTTP Content-Type", onAnswerHeader("getRecord", "Content-Type", "text/plain"), []string{"transport.contentType", "+getRecord.wrapper"}},
	}
}

// onAnswerHeader sets a header on answers to op.
func onAnswerHeader(op, key, value string) middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/"+op) {
				next.ServeHTTP(headerWriter{w, key, value}, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

type headerWriter struct {
	http.ResponseWriter
	key, value string
}

func (h headerWriter) WriteHeader(code int) {
	h.Header().Set(h.key, h.value)
	h.ResponseWriter.WriteHeader(code)
}

func (h headerWriter) Write(b []byte) (int, error) {
	if h.Header().Get(h.key) != h.value {
		h.Header().Set(h.key, h.value)
	}
	return h.ResponseWriter.Write(b)
}
