package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 7, added to bugProbes and variantProbes.
func init() {
	const (
		nextOwn  = `{"certificate_code":"hx810001","action_type":"set_next_certificate_status"`
		markdown = `{"record_id":800001,"format":"markdown"}`
	)
	at := func(path, body string) probe { return probe{key: foreign.ReadKey, path: path, body: body} }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA7DoubleSlashHTML:         at("//api/v2/rpc/record/getFormList", `{}`),
		foreign.BugA7UnknownOpInGroupHTML:    at("/api/v2/rpc/record/getRecords", `{"record_id":800001}`),
		foreign.BugA7TrailingSlash405Plain:   at("/api/v2/rpc/record/getFormList/", `{}`),
		foreign.BugA7BodyOrgIDHonoured:       other(opForms, `{"org_id":7001}`),
		foreign.BugA7BodyLangStatusEnglish:   write(opVerify, nextOwn+`,"lang":"en"}`),
		foreign.BugA7BodyTimezoneISO:         read(opRecord, `{"record_id":800001,"timezone":"UTC"}`),
		foreign.BugA7DesensitizeFalse:        read(opRecord, `{"record_id":800001,"desensitize":false}`),
		foreign.BugA7RequestIDCache:          {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800002,"request_id":"r-1"}`, before: []string{`{"record_id":800001,"request_id":"r-1"}`}, beforeOp: opRecord},
		foreign.BugA7BodyVersionV1:           read(opForms, `{"version":"v1"}`),
		foreign.BugA7AppIDMiniProgramURL:     read(opRecord, `{"record_id":800001,"appid":"wx5f3a9c"}`),
		foreign.BugA7PlatformMillis:          read(opRecord, `{"record_id":800001,"platform":"ios"}`),
		foreign.BugA7SortCountUnfiltered:     read(opForms, `{"number":"FX-001","sort":"updated_at"}`),
		foreign.BugA7OrderTotalUnwindowed:    read(opTemplates, `{"start_time":"2026-01-05","end_time":"2026-01-12","order":"desc"}`),
		foreign.BugA7FormPageTokenNoLastPage: read(opForms, `{"page_token":"p2"}`),
		foreign.BugA7TraceIDEchoed:           read(opRecord, `{"record_id":800001,"trace_id":"4bf92f3577b34da6"}`),
		foreign.BugA7VerifyRemarkNoOrgID:     write(opVerify, nextOwn+`,"remark":"前台核销"}`),
		foreign.BugA7IdempotencyReplay:       {key: foreign.WriteKey, op: opVerify, body: `{"certificate_code":"hx810002","action_type":"set_next_certificate_status","idempotency_key":"k-1"}`, before: []string{nextOwn + `,"idempotency_key":"k-1"}`}},
		foreign.BugA7ProjectIDDropsNumber:    read(opForms, `{"number":"FX-002","project_id":3001}`),
		foreign.BugA7DownloadOctetStream:     read(opRecord, `{"record_id":800001,"format":"markdown","download":true}`),
		foreign.BugA7ExactFalseNumberFuzzy:   read(opForms, `{"number":"FX-00","exact":false}`),
		foreign.BugA7OneCharSearchOtherOrg:   read(opForms, `{"search_key":"门"}`),
		foreign.BugA7OneCharSearchTotalAll:   read(opForms, `{"search_key":"表"}`),
		foreign.BugA7TNoZoneAsUTC:            read(opTemplates, `{"start_time":"2026-01-05T14:04:00"}`),
		foreign.BugA7DatetimeLocalAsUTC:      read(opQrcodes, `{"template":"fxt3100","end_time":"2026-01-06T08:12"}`),
		foreign.BugA7MinutesOffsetDropped:    read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06T08:12+08:00"}`),
		foreign.BugA7UnpaddedDateUTC:         read(opQrcodes, `{"template":"fxt3100","end_time":"2026-1-2"}`),
		foreign.BugA7NumberRevisionBase:      read(opForms, `{"number":"FX-001A"}`),
		foreign.BugA7SystemFormNumbers:       read(opForms, `{"number":"FX-011"}`),
		foreign.BugA7CapitalisedWordCount:    read(opForms, `{"search_key":"Night"}`),
		foreign.BugA7LangMarkdownIDKey:       read(opRecord, `{"record_id":800001,"format":"markdown","lang":"en-US"}`),
		foreign.BugA7IdeographicSpaceCount:   read(opForms, `{"search_key":"巡检　"}`),
		foreign.BugA7MicrosAsMillis:          read(opTemplates, `{"start_time":"2026-01-05T14:03:59.999999+08:00"}`),
		foreign.BugA7ZeroYearSelectsNone:     read(opTemplates, `{"start_time":"0001-01-01T00:00:00Z"}`),
		foreign.BugA7FullWidthSearchCount:    read(opForms, `{"search_key":"ＦＸ－Ｃ０"}`),
		foreign.BugA7Hour24SameDay:           read(opTemplates, `{"end_time":"2026-01-05T24:00:00+08:00"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA7StrictPageLenientSize: read(opForms, `{"page":"2","page_size":"3"}`),
		foreign.VariantA7StrictSizeLenientPage: read(opForms, `{"page":"2","page_size":"3"}`),
		foreign.VariantA7RecordIDWins:          read(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800002"}`),
		foreign.VariantA7LeadingWhitespace:     {key: foreign.ReadKey, op: opForms, body: `{}`, raw: true},
		foreign.VariantA7FormsOversizeClamped:  read(opForms, `{"page_size":21}`),
		foreign.VariantA7TemplatesReversed400:  read(opTemplates, `{"start_time":"2026-01-10","end_time":"2026-01-05"}`),
		foreign.VariantA7QrcodesDateEndFirst:   read(opQrcodes, `{"template":"fxt3100","end_time":"2026-01-03"}`),
		foreign.VariantA7QrcodesRFC3339Only:    read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
		foreign.VariantA7DeflateAnswers:        {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "gzip, deflate"},
		foreign.VariantA7ContinuationStrict:    read(opTemplates, `{"page_size":101}`),
		foreign.VariantA7StrictTplIDString:     write(opVerify, nextOwn+`,"tpl_id":"5031"}`),
		foreign.VariantA7FrontMatterComments:   read(opRecord, markdown),
		foreign.VariantA7JSONLDURLArray:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	} {
		variantProbes[v] = p
	}
}
