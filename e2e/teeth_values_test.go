package e2e

import (
	"net/http"
	"strings"
)

// valueBreaks break rules JSON Schema does not express: order, conditions
// between members, types inside json-ld, masking outside json, the
// Content-Type of errors and last_page. Each answer still passes its schema.
func valueBreaks() []breakCase {
	return []breakCase{
		{"chained_selects in descending level", onAnswer("getRecord", func(_, a jsonMap) {
			eachFieldOf(a, "chained_selects", func(f jsonMap) {
				vs := f["field_value"].(jsonMap)["values"].([]any)
				for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
					vs[i], vs[j] = vs[j], vs[i]
				}
			})
		}), []string{"getRecord.values.order"}},
		{"edit diff: text_content on a media item", onAnswer("getRecord", func(_, a jsonMap) {
			eachEditItem(a, func(it jsonMap) {
				it["field_type"] = "image"
				it["after_value"] = jsonMap{"text_content": "照片.jpg", "media_items": []any{}}
			})
		}), []string{"getRecord.values.members"}},
		{"edit diff: media_items on a text item", onAnswer("getRecord", func(_, a jsonMap) {
			eachEditItem(a, func(it jsonMap) {
				if !mediaType(it["field_type"]) {
					it["after_value"].(jsonMap)["media_items"] = []any{jsonMap{"url": "https://cdn.example/x.jpg"}}
				}
			})
		}), []string{"getRecord.values.members"}},
		{"edit diff: duration on an image item", onAnswer("getRecord", func(_, a jsonMap) {
			eachEditItem(a, func(it jsonMap) {
				it["field_type"] = "image"
				empty := jsonMap{"text_content": "", "media_items": []any{}}
				it["before_value"], it["after_value"] = empty, jsonMap{"text_content": "",
					"media_items": []any{jsonMap{"url": "https://cdn.example/x.jpg", "duration": itoa(3)}}}
			})
		}), []string{"getRecord.values.members"}},
		{"matrix: option_uuid on a text column", onAnswer("getRecord", func(_, a jsonMap) {
			for _, ft := range []string{"matrix", "dynamic_matrix"} {
				eachFieldOf(a, ft, func(f jsonMap) { setColumns(f["field_value"], "text", "uuid-1") })
			}
		}), []string{"getRecord.values.members"}},
		{"json-ld mainEntity a string", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json-ld" {
				data(a)["data"].(jsonMap)["mainEntity"] = "组件数据"
			}
		}), []string{"getRecord.format.jsonld"}},
		{"json-ld @type a number", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json-ld" {
				data(a)["data"].(jsonMap)["@type"] = itoa(7)
			}
		}), []string{"getRecord.format.jsonld"}},
		{"masked in json, clear in json-ld", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json-ld" {
				mapStrings(data(a)["data"], func(s string) string { return strings.ReplaceAll(s, "*", "某") })
			}
		}), []string{"getRecord.masked"}},
		{"masked in json, clear in markdown", onAnswer("getRecord", func(_, a jsonMap) {
			if s, ok := data(a)["data"].(string); ok && isSuccess(a) {
				data(a)["data"] = strings.ReplaceAll(s, `\*`, "某")
			}
		}), []string{"getRecord.masked"}},
		{"active_at 0 with the epoch as active_at_iso", onAnswer("getFormList", func(_, a jsonMap) {
			for _, it := range list(a) {
				if f := it.(jsonMap); num(f["active_at"]) == 0 {
					f["active_at_iso"] = "1970-01-01 08:00:00(UTC+08:00)"
				}
			}
		}), []string{"formList.iso"}},
		{"active_at_iso empty beside a time", onAnswer("getFormList", func(_, a jsonMap) {
			for _, it := range list(a) {
				if f := it.(jsonMap); num(f["active_at"]) != 0 {
					f["active_at_iso"] = ""
				}
			}
		}), []string{"formList.iso"}},
		{"last_page one too many", onAnswer("getFormList", func(_, a jsonMap) {
			if isSuccess(a) {
				pg := data(a)["page"].(jsonMap)
				pg["last_page"] = itoa(num(pg["last_page"]) + 1)
			}
		}), []string{"formList.paging.lastPage"}},
		{"errors as text/plain", textPlainErrors, []string{"+getRecord.error.notFound", "transport.contentType"}},
	}
}

// textPlainErrors labels error answers (HTTP status 400 and up) text/plain.
func textPlainErrors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&plainErrors{ResponseWriter: w}, r)
	})
}

type plainErrors struct{ http.ResponseWriter }

func (p *plainErrors) WriteHeader(code int) {
	if code >= 400 {
		p.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	p.ResponseWriter.WriteHeader(code)
}

// eachFieldOf calls f for every field of type ft of a json record answer.
func eachFieldOf(a jsonMap, ft string, f func(jsonMap)) {
	if rec := record(a); rec != nil {
		eachField(rec, func(fl jsonMap) {
			if fl["field_type"] == ft {
				f(fl)
			}
		})
	}
}

func eachEditItem(a jsonMap, f func(jsonMap)) {
	eachFieldOf(a, "sub_qrcode_edit_diff", func(fl jsonMap) {
		for _, it := range fl["field_value"].([]any) {
			f(it.(jsonMap))
		}
	})
}

func mediaType(ft any) bool {
	switch ft {
	case "image", "signature", "audio", "video", "file":
		return true
	}
	return false
}

// setColumns sets option_uuid of every column of type ct, at any depth.
func setColumns(v any, ct string, uuid any) {
	switch n := v.(type) {
	case jsonMap:
		if n["column_type"] == ct {
			if val, ok := n["value"].(jsonMap); ok {
				val["option_uuid"] = uuid
			}
		}
		for _, e := range n {
			setColumns(e, ct, uuid)
		}
	case []any:
		for _, e := range n {
			setColumns(e, ct, uuid)
		}
	}
}

// mapStrings replaces every string inside v by f of it.
func mapStrings(v any, f func(string) string) {
	switch n := v.(type) {
	case jsonMap:
		for k, e := range n {
			if s, ok := e.(string); ok {
				n[k] = f(s)
			} else {
				mapStrings(e, f)
			}
		}
	case []any:
		for i, e := range n {
			if s, ok := e.(string); ok {
				n[i] = f(s)
			} else {
				mapStrings(e, f)
			}
		}
	}
}
