package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// A middleware is a test double around the real mock handler that changes
// requests or answers in one named way.
type middleware func(http.Handler) http.Handler

// jsonMap is a decoded JSON object with exact numbers.
type jsonMap = map[string]any

// rewrite changes, for paths ending in op ("" for all), the request body
// (req may be nil) and the decoded answer (resp may be nil). A body that is
// not a JSON object passes unchanged.
func rewrite(op string, req func(r *http.Request, body jsonMap), resp func(body, answer jsonMap)) middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if op != "" && !strings.HasSuffix(r.URL.Path, "/"+op) {
				next.ServeHTTP(w, r)
				return
			}
			raw, _ := io.ReadAll(r.Body)
			body := decode(raw)
			if body != nil && req != nil {
				req(r, body)
				raw, _ = json.Marshal(body)
			}
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			out := rec.Body.Bytes()
			if answer := decode(out); answer != nil && resp != nil {
				resp(body, answer)
				out, _ = json.Marshal(answer)
			}
			for k, v := range rec.Header() {
				if k != "Content-Length" {
					w.Header()[k] = v
				}
			}
			w.WriteHeader(rec.Code)
			w.Write(out)
		})
	}
}

func decode(raw []byte) jsonMap {
	if len(bytes.TrimSpace(raw)) == 0 {
		return jsonMap{}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m jsonMap
	if dec.Decode(&m) != nil {
		return nil
	}
	// One JSON object and nothing after it: a body with more is not
	// rewritten, so that the service sees it as the client sent it.
	if len(bytes.TrimSpace(raw[dec.InputOffset():])) > 0 {
		return nil
	}
	return m
}

// onAnswer changes answers only.
func onAnswer(op string, f func(body, answer jsonMap)) middleware { return rewrite(op, nil, f) }

// onRequest changes requests only.
func onRequest(op string, f func(r *http.Request, body jsonMap)) middleware {
	return rewrite(op, f, nil)
}

// swapKey replaces the API key of requests to op that use from with to.
func swapKey(op string, from func(key string) bool, to string) middleware {
	return onRequest(op, func(r *http.Request, _ jsonMap) {
		if from(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")) {
			r.Header.Set("Authorization", "Bearer "+to)
		}
	})
}

func isKey(secret string) func(string) bool { return func(k string) bool { return k == secret } }

// unknownKey is true for a key the fixture never issued (also "").
func unknownKey(k string) bool {
	switch k {
	case testscenario.ReadSecret, testscenario.WriteSecret, testscenario.LimitedSecret, testscenario.OtherSecret:
		return false
	}
	return k != ""
}

func noKey(k string) bool { return k == "" }

// isSuccess says whether an answer is a success (code 0).
func isSuccess(a jsonMap) bool { return num(a["code"]) == 0 && a["code"] != nil }

func num(v any) int64 {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return i
}

func data(a jsonMap) jsonMap { m, _ := a["data"].(jsonMap); return m }

// record returns the Record payload of a getRecord json answer.
func record(a jsonMap) jsonMap {
	if !isSuccess(a) || data(a)["format"] != "json" {
		return nil
	}
	m, _ := data(a)["data"].(jsonMap)
	return m
}

// eachField calls f for every field of a Record payload.
func eachField(rec jsonMap, f func(field jsonMap)) {
	groups, _ := rec["tpl_groups"].([]any)
	for _, g := range groups {
		fields, _ := g.(jsonMap)["fields"].([]any)
		for _, fl := range fields {
			f(fl.(jsonMap))
		}
	}
}

func list(a jsonMap) []any { l, _ := data(a)["list"].([]any); return l }

func itoa(n int64) json.Number { return json.Number(strconv.FormatInt(n, 10)) }

// chain applies middlewares, the first outermost.
func chain(h http.Handler, ms ...middleware) http.Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}
