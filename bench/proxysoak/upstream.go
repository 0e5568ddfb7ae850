package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// fresh answers every call at once with a valid answer no earlier call
// got: the record asked for (every id its own record), a page of forms
// whose ids are new to each filter and page, a cursor page whose token
// is new to each walk. It keeps nothing, so that what the process holds
// is the proxy's.
func fresh(w http.ResponseWriter, r *http.Request) {
	var req map[string]any
	_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&req)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	num := func(name string) int64 {
		f, _ := req[name].(float64)
		return int64(f)
	}
	str := func(name string) string { s, _ := req[name].(string); return s }
	var data any
	switch ep := r.URL.Path[strings.LastIndex(r.URL.Path, "/rpc/")+len("/rpc/"):]; ep {
	case contract.GetRecord.Name:
		data = record(num("record_id"), str("format"))
	case contract.GetFormList.Name:
		page, size := max(num("page"), 1), max(num("page_size"), 1)
		list := []any{}
		for i := range size {
			id := fnv(str("search_key"))%1e9*100 + (page-1)*size + i
			list = append(list, map[string]any{"id": id, "name": fmt.Sprintf("表单 %s %d", str("search_key"), id), "number": fmt.Sprintf("F%d", id)})
		}
		data = map[string]any{"version": "v1", "list": list,
			"page": map[string]any{"current_page": page, "last_page": 3, "per_page": size, "total": 3 * size}}
	case contract.TemplatesList.Name, contract.ListQrcodes.Name:
		walk := str("page_token")
		if walk == "" {
			walk = fmt.Sprintf("w%d-0", fnv(str("start_time")+str("template")))
		}
		base, step := walk[:strings.LastIndexByte(walk, '-')], walk[strings.LastIndexByte(walk, '-')+1:]
		var n int64
		_, _ = fmt.Sscan(step, &n)
		list := []any{}
		for i := range int64(2) {
			id := fnv(base)%1e9*10 + n*2 + i
			if ep == contract.TemplatesList.Name {
				list = append(list, map[string]any{"tpl_id": id, "name": fmt.Sprintf("批次 %d", id), "coding": fmt.Sprintf("c%d", id)})
			} else {
				list = append(list, map[string]any{"id": id, "name": fmt.Sprintf("子码 %d", id), "coding": fmt.Sprintf("q%d", id)})
			}
		}
		var next any
		if n < 2 {
			next = fmt.Sprintf("%s-%d", base, n+1)
		}
		data = map[string]any{"list": list, "next_page_token": next, "total": 6}
	default:
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code":404,"error_code":100404,"message":"Not Found","message_detail":"no such operation"}`))
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok", "data": data})
}

// record is a getRecord answer's data for one record in one format.
func record(id int64, format string) map[string]any {
	if format == "" {
		format = "json"
	}
	at := 1700000000 + id
	rec := map[string]any{
		"record_id": id, "record_number": fmt.Sprintf("R%d", id), "record_code": fmt.Sprintf("rc%d", id),
		"record_url": fmt.Sprintf("https://example.com/r/rc%d", id), "submit_at": at, "submit_at_iso": iso(at),
		"submit_method": "扫码填写", "recorder": map[string]any{"auth_id": id, "user_id": id, "name": "张*"},
		"tpl_groups": []any{map[string]any{"group_id": 1, "title": "基本信息", "fields": []any{}}},
		"qrcode": map[string]any{"id": id, "name": "码", "type": 0, "type_text": "普通码", "template_id": 1,
			"qrcode_url": fmt.Sprintf("https://example.com/q/%d", id), "number": "Q1"},
		"org":             map[string]any{"id": 1, "name": "组织", "code": "org1", "logo_url": "https://example.com/logo.png"},
		"record_template": map[string]any{"id": 1, "name": "表单", "type": 0, "type_text": "普通表单", "number": "T1"},
	}
	switch format {
	case "markdown":
		return map[string]any{"format": format, "content_type": "text/markdown; charset=utf-8",
			"data": fmt.Sprintf("# R%d\n\n- submit_at_iso: %s\n", id, iso(at))}
	case "json-ld":
		return map[string]any{"format": format, "content_type": "application/ld+json; charset=utf-8",
			"data": map[string]any{"@context": "https://schema.org", "@type": "CreativeWork", "url": rec["record_url"], "identifier": rec["record_number"]}}
	}
	return map[string]any{"format": format, "content_type": "application/json; charset=utf-8", "data": rec}
}

// iso writes Unix seconds in the service's UTC+08:00 ISO shape.
func iso(unix int64) string {
	return time.Unix(unix, 0).In(time.FixedZone("UTC+8", 8*3600)).Format("2006-01-02 15:04:05") + "(UTC+08:00)"
}

// fnv is a 64-bit FNV-1a hash of s, kept positive.
func fnv(s string) int64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return int64(h >> 1)
}
