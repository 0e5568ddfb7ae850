package e2e

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile/derive"
)

// teethKitVariants differ from the mock where the contract leaves the
// choice to the service; each also guards a check of this session against
// a false alarm. None may fail a must check.
func teethKitVariants() []struct {
	name string
	m    middleware
} {
	return []struct {
		name string
		m    middleware
	}{
		// The runner's wrong-type bodies use no value a lenient reading
		// accepts: a service that reads "123" as 123 and 5.0 as 5 passes.
		{"lenient type reading", onRequest("", func(_ *http.Request, b jsonMap) {
			for _, k := range []string{"record_id", "page", "page_size", "tpl_id", "code_id"} {
				switch v := b[k].(type) {
				case string:
					if _, err := strconv.ParseInt(v, 10, 64); err == nil {
						b[k] = json.Number(v)
					}
				case json.Number:
					if f, err := v.Float64(); err == nil && f == float64(int64(f)) {
						b[k] = itoa(int64(f))
					}
				}
			}
		})},
		// Creation-time bounds that exclude the instants they name.
		{"exclusive time bounds", onRequest("", func(_ *http.Request, b jsonMap) {
			shift(b, "start_time", time.Second)
			shift(b, "end_time", -time.Second)
		})},
		// The not-found error_code of getRecord is the kit's choice.
		{"another not-found error_code", onAnswer("getRecord", func(_, a jsonMap) {
			if num(a["error_code"]) == 100404 {
				a["code"], a["error_code"] = itoa(400), itoa(40401)
			}
		})},
		// Which code and HTTP status bad input gets is the kit's choice
		// where the shape carries an error_code (templates/* say 400).
		{"bad input as code 422", onAnswer("", func(_, a jsonMap) {
			if num(a["error_code"]) == 100301 {
				a["code"] = itoa(422)
			}
		})},
		{"chunked answers", chunkedAnswers},
		{"Content-Type without charset", func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				next.ServeHTTP(&plainJSON{ResponseWriter: w}, r)
			})
		}},
	}
}

// shift moves a time member by d in every spelling the contract names
// (§C5): RFC 3339 (either case of "t" and "z"), "YYYY-MM-DD HH:MM:SS" in
// UTC+08:00, and "YYYY-MM-DD" (its first second as a lower bound, its
// last as an upper, d < 0). A service whose bounds exclude what they name
// excludes it however the instant is written; other shapes stay, for the
// service to refuse.
func shift(b jsonMap, key string, d time.Duration) {
	s, ok := b[key].(string)
	if !ok {
		return
	}
	if t, err := time.Parse(time.RFC3339Nano, rfc3339Upper(s)); err == nil {
		b[key] = t.Add(d).Format(time.RFC3339Nano)
		return
	}
	if t, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		b[key] = t.Add(d).Format(time.DateTime)
		return
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if d < 0 {
			t = t.Add(24*time.Hour - time.Second)
		}
		b[key] = t.Add(d).Format(time.RFC3339)
	}
}

// rfc3339Upper is s with the "t" between date and time and a final "z"
// in upper case, as Go's parser wants them (RFC 3339 §5.6 allows either).
func rfc3339Upper(s string) string {
	if len(s) > len(time.DateOnly) && s[len(time.DateOnly)] == 't' {
		s = s[:len(time.DateOnly)] + "T" + s[len(time.DateOnly)+1:]
	}
	if strings.HasSuffix(s, "z") {
		s = s[:len(s)-1] + "Z"
	}
	return s
}

// chunkedAnswers writes every answer in three flushed pieces, without a
// Content-Length: HTTP/1.1 chunked transfer encoding.
func chunkedAnswers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&chunkWriter{ResponseWriter: w}, r)
	})
}

type chunkWriter struct{ http.ResponseWriter }

func (c *chunkWriter) WriteHeader(code int) {
	c.Header().Del("Content-Length")
	c.ResponseWriter.WriteHeader(code)
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	c.Header().Del("Content-Length")
	f, _ := c.ResponseWriter.(http.Flusher)
	n := 0
	for _, part := range [][]byte{p[:len(p)/3], p[len(p)/3 : 2*len(p)/3], p[2*len(p)/3:]} {
		m, err := c.ResponseWriter.Write(part)
		n += m
		if err != nil {
			return n, err
		}
		if f != nil {
			f.Flush()
		}
	}
	return n, nil
}

type plainJSON struct{ http.ResponseWriter }

func (p *plainJSON) WriteHeader(code int) {
	if strings.HasPrefix(p.Header().Get("Content-Type"), "application/json") {
		p.Header().Set("Content-Type", "application/json")
	}
	p.ResponseWriter.WriteHeader(code)
}

func (p *plainJSON) Write(b []byte) (int, error) {
	if strings.HasPrefix(p.Header().Get("Content-Type"), "application/json") {
		p.Header().Set("Content-Type", "application/json")
	}
	return p.ResponseWriter.Write(b)
}

func TestTeethKitVariantsPass(t *testing.T) {
	for _, setup := range setups(t) {
		for _, v := range teethKitVariants() {
			t.Run(setup.name+"/"+v.name, func(t *testing.T) {
				t.Parallel()
				sc := setup.build()
				rep := conform(t, serve(t, v.m(newMock(t, sc).Handler())), derive.FromScenario(sc))
				if f := mustFailures(rep); len(f) > 0 {
					t.Errorf("a KIT variant failed must checks: %v", f)
				}
			})
		}
	}
}
