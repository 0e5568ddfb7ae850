package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 8, added to bugProbes and variantProbes.
func init() {
	const (
		nextOwn  = `{"certificate_code":"hx810001","action_type":"set_next_certificate_status"}`
		record   = `{"record_id":800001}`
		markdown = `{"record_id":800001,"format":"markdown"}`
		jsonld   = `{"record_id":800001,"format":"json-ld"}`
	)
	with := func(p probe, name, value string) probe { p.reqHeader = [2]string{name, value}; return p }
	typed := func(p probe, ct string) probe { p.contentType = ct; return p }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA8Expect100HTML:           with(read(opForms, `{}`), "Expect", "100-continue"),
		foreign.BugA8PythonUAWAFHTML:         with(read(opForms, `{}`), "User-Agent", "python-requests/2.31.0"),
		foreign.BugA8CurlUAChallenge:         with(read(opForms, `{}`), "User-Agent", "curl/8.5.0"),
		foreign.BugA8GoUA429Plain:            with(read(opForms, `{}`), "User-Agent", "Go-http-client/1.1"),
		foreign.BugA8OriginNullPlain:         with(read(opForms, `{}`), "Origin", "null"),
		foreign.BugA8CrossSiteCSRFHTML:       with(read(opForms, `{}`), "Sec-Fetch-Site", "cross-site"),
		foreign.BugA8MethodOverrideHTML:      with(read(opForms, `{}`), "X-HTTP-Method-Override", "GET"),
		foreign.BugA8QueryCallbackJSONP:      read(opForms+"?callback=jQuery36001", `{}`),
		foreign.BugA8GzipRequestBodyHTML:     with(read(opForms, `{}`), "Content-Encoding", "gzip"),
		foreign.BugA8IfModifiedSince304:      with(read(opForms, `{}`), "If-Modified-Since", "Mon, 05 Jan 2026 06:00:00 GMT"),
		foreign.BugA8AcceptCharsetGBKLabel:   with(read(opForms, `{}`), "Accept-Charset", "GBK,utf-8;q=0.7,*;q=0.3"),
		foreign.BugA8AcceptMarkdownCT:        with(read(opRecord, markdown), "Accept", "text/markdown, application/json;q=0.9"),
		foreign.BugA8PlusJSONErrorsProblem:   with(read(opRecord, `{"record_id":1}`), "Accept", "application/json, application/*+json"),
		foreign.BugA8ZstdUnlabelledGzip:      {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "gzip, deflate, br, zstd"},
		foreign.BugA8FormURLEncodedNumber:    typed(read(opForms, `{"number":"FX-001"}`), "application/x-www-form-urlencoded"),
		foreign.BugA8FetchTextPlainWindow:    typed(read(opTemplates, `{"start_time":"2026-01-06"}`), "text/plain;charset=UTF-8"),
		foreign.BugA8JSONPatchWindow:         typed(read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`), "application/json-patch+json"),
		foreign.BugA8NoContentTypeSearch:     read(opForms, `{"search_key":"巡检"}`),
		foreign.BugA8QueryStringBodyIgnored:  read(opForms+"?_=1767000000000", `{"number":"FX-001"}`),
		foreign.BugA8NullPageSizeLimit0:      read(opForms, `{"page":1,"page_size":null}`),
		foreign.BugA8AnyCookieAuthenticates:  {op: opForms, body: `{}`, reqHeader: [2]string{"Cookie", "SESSION=f3a9c1d2"}},
		foreign.BugA8CookieOrgHonoured:       with(other(opForms, `{}`), "Cookie", "current_org=7001"),
		foreign.BugA8CookieLangStatusEnglish: with(write(opVerify, nextOwn), "Cookie", "lang=en"),
		foreign.BugA8QueryLangStatusEnglish:  write(opVerify+"?lang=en-us", nextOwn),
		foreign.BugA8MiniProgramRefererURL:   with(read(opRecord, record), "Referer", "https://servicewechat.com/wx5f3a9c/0/page-frame.html"),
		foreign.BugA8AxiosUATplIDStrings:     with(read(opTemplates, `{}`), "User-Agent", "axios/1.6.8"),
		foreign.BugA8DartUAISORFC3339:        with(read(opRecord, record), "User-Agent", "Dart/3.3 (dart:io)"),
		foreign.BugA8TraceparentEchoed:       with(read(opRecord, record), "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
		foreign.BugA8SaveDataPageSize5:       with(read(opForms, `{}`), "Save-Data", "on"),
		foreign.BugA8AppVersionPagingStrings: with(read(opForms, `{}`), "X-App-Version", "2.3.1"),
		foreign.BugA8TimezoneHeaderISO:       with(read(opRecord, record), "X-Timezone", "UTC"),
		foreign.BugA8TemplateURLSlashFirst:   read(opQrcodes, `{"template":"https://qa.foreign.example/tpl/fxt3107/"}`),
		foreign.BugA8SearchKeyNewlineCount:   read(opForms, `{"search_key":"巡检\n"}`),
		foreign.BugA8NumberTabDropped:        read(opForms, `{"number":"FX-001\t"}`),
		foreign.BugA8EpochNumberAsMillis:     read(opTemplates, `{"start_time":1767628800}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA8OtherContentTypeRefused: typed(read(opForms, `{}`), "text/plain"),
		foreign.VariantA8PastEndLastPage:         read(opForms, `{"page":99}`),
		foreign.VariantA8ContentTypeCapitals:     read(opForms, `{}`),
		foreign.VariantA8HTTP422ParamErrors:      read(opForms, `{"page":0}`),
		foreign.VariantA8CacheHeaders:            {key: foreign.ReadKey, op: opForms, body: `{}`, header: "Cache-Control"},
		foreign.VariantA8SuccessMessageChinese:   read(opForms, `{}`),
		foreign.VariantA8VerifyErrorsNoDetail:    write(opVerify, `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
		foreign.VariantA8JSONLDContextArray:      read(opRecord, jsonld),
		foreign.VariantA8JSONLDTypeArray:         read(opRecord, jsonld),
		foreign.VariantA8MarkdownCRLF:            read(opRecord, markdown),
		foreign.VariantA8FrontMatterFoldedTitle:  read(opRecord, markdown),
	} {
		variantProbes[v] = p
	}
}
