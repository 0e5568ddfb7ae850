package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 14, added to bugProbes and variantProbes.
// The requests of a probe come from one remote address, as over one
// keep-alive connection.
func init() {
	const (
		refuse   = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档"}`
		bareRead = `{"record_id":800001}`
	)
	after := func(op, key string, p probe, before ...string) probe {
		p.beforeOp, p.beforeKey, p.before = op, key, before
		return p
	}
	hundred := make([]string, 99)
	for i := range hundred {
		hundred[i] = `{}`
	}
	br := probe{key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "gzip, deflate, br", header: "Content-Encoding"}
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA14KeepAliveNoKey:          after(opForms, foreign.ReadKey, probe{op: opForms, body: `{}`}, `{}`),
		foreign.BugA14KeepAliveUnknownKey:     after(opForms, foreign.ReadKey, probe{key: "fx-no-such-key", op: opForms, body: `{}`}, `{}`),
		foreign.BugA14KeepAliveCut100:         after(opForms, foreign.ReadKey, read(opForms, `{}`), hundred...),
		foreign.BugA14BrotliEdgeCache:         br,
		foreign.BugA14BrotliTruncated:         br,
		foreign.BugA14KeepAliveWriteScope:     after(opVerify, foreign.WriteKey, read(opVerify, moveNext), `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
		foreign.BugA14KeepAliveFirstOrg:       after(opForms, foreign.ReadKey, other(opForms, `{}`), `{}`),
		foreign.BugA14StaticVerifiedRecord:    after(opRecord, foreign.ReadKey, write(opVerify, moveNext), bareRead),
		foreign.BugA14RefusedTargetKept:       after(opVerify, foreign.WriteKey, write(opVerify, moveNext), refuse),
		foreign.BugA14RefusalLock:             after(opVerify, foreign.WriteKey, write(opVerify, moveTo), refuse, refuse, refuse, refuse, refuse),
		foreign.BugA14StaticPageSize:          after(opForms, foreign.ReadKey, read(opForms, `{}`), `{"page_size":3}`),
		foreign.BugA14StaticSearchKey:         after(opForms, foreign.ReadKey, read(opForms, `{}`), `{"search_key":"巡检"}`),
		foreign.BugA14FormSizeSnap:            read(opForms, `{"page_size":15,"page":2}`),
		foreign.BugA14SearchTiesPerPage:       read(opForms, `{"search_key":"巡检","page_size":2,"page":2}`),
		foreign.BugA14ScrollToken:             {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":5}`, follow: true, replay: true},
		foreign.BugA14StaticTemplate:          after(opQrcodes, foreign.ReadKey, read(opQrcodes, `{}`), `{"template":"fxt3100"}`),
		foreign.BugA14LeapDay500:              read(opTemplates, `{"start_time":"2028-02-29"}`),
		foreign.BugA14LeapSecond500:           read(opTemplates, `{"end_time":"2016-12-31T23:59:60Z"}`),
		foreign.BugA14StaticWindow:            after(opTemplates, foreign.ReadKey, read(opTemplates, `{}`), `{"start_time":"2026-01-20"}`),
		foreign.BugA14StaticTimeZone:          after(opForms, foreign.ReadKey, read(opForms, `{"number":"FX-001"}`), `{"timezone":"America/New_York"}`),
		foreign.BugA14ShardLocalIDCache:       after(opRecord, foreign.OtherOrgKey, read(opRecord, `{"record_id":810001}`), `{"record_id":910001}`),
		foreign.BugA14CodeCacheFolded:         after(opVerify, foreign.WriteKey, write(opVerify, `{"certificate_code":"HX810001","action_type":"set_next_certificate_status"}`), moveNext),
		foreign.BugA14RecordURLCacheFolded:    after(opRecord, foreign.ReadKey, read(opRecord, `{"record_url":"`+ourURL+`FXR800001"}`), `{"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugA14CodingCacheFolded:       after(opQrcodes, foreign.ReadKey, read(opQrcodes, `{"template":"FXT3100"}`), `{"template":"fxt3100"}`),
		foreign.BugA14StaticRecordURLHost:     after(opRecord, foreign.ReadKey, read(opRecord, bareRead), `{"record_url":"HTTPS://QA.FOREIGN.EXAMPLE/c/fxr800001"}`),
		foreign.BugA14StaticFormat:            after(opRecord, foreign.ReadKey, read(opRecord, bareRead), `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA14StaticJSONLDContext:     after(opRecord, foreign.ReadKey, read(opRecord, `{"record_id":800001,"format":"json-ld"}`), `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA14StaticErrorCode:         after(opVerify, foreign.WriteKey, write(opVerify, refuse), `{"certificate_code":"hx810005","action_type":"set_next_certificate_status"}`),
		foreign.BugA14StaticCodeZero:          after(opForms, foreign.ReadKey, read(opForms, `{"page":0}`), `{}`),
		foreign.BugA14StaticRecordNotFound:    after(opRecord, foreign.ReadKey, read(opRecord, `{"record_id":123}`), bareRead),
		foreign.BugA14StaticTemplatesStatus:   after(opQrcodes, foreign.ReadKey, read(opTemplates, `{"start_time":"yesterday"}`), `{"template":"nothing"}`),
		foreign.BugA14StaticUnknownTemplateOK: after(opQrcodes, foreign.ReadKey, read(opQrcodes, `{"template":"nothing"}`), `{"template":"fxt3100"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA14Brotli:          br,
		foreign.VariantA14Zstd:            {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "gzip, deflate, br, zstd", header: "Content-Encoding"},
		foreign.VariantA14GzipFileName:    {key: foreign.ReadKey, op: opForms, body: `{}`, gzip: true, header: "Content-Encoding"},
		foreign.VariantA14GzipTwoMembers:  {key: foreign.ReadKey, op: opForms, body: `{}`, gzip: true, header: "Content-Encoding"},
		foreign.VariantA14KeepAlive100:    after(opForms, foreign.ReadKey, probe{key: foreign.ReadKey, op: opForms, body: `{}`, header: "Connection"}, hundred...),
		foreign.VariantA14MediaTypeParams: read(opForms, `{}`),
		foreign.VariantA14ContextObject:   read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA14TokensTilde:     read(opTemplates, `{}`),
		foreign.VariantA14TimingTrailer:   {key: foreign.ReadKey, op: opForms, body: `{}`, header: "Trailer"},
		foreign.VariantA14RecordCache:     after(opRecord, foreign.ReadKey, probe{key: foreign.ReadKey, op: opRecord, body: bareRead, header: "X-Cache"}, bareRead),
	} {
		variantProbes[v] = p
	}
}
