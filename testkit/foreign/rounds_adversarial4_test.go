package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 4, added to bugProbes and variantProbes.
func init() {
	const (
		// listToken is templates/list's token for its second page of 5,
		// without a window.
		listToken = "NXxsaXN0fDcwMDF8LXwt.KzbFK77YxWN2V0sG"
		md810013  = `{"record_id":810013,"format":"markdown"}`
		limitedTo = `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销"}`
	)
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA4EscapedStatusLiteral:     write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"\u5df2\u6838\u9500"}`),
		foreign.BugA4SearchCountAnyWord:       read(opForms, `{"search_key":"巡检 记录"}`),
		foreign.BugA4SearchCountUntrimmed:     read(opForms, `{"search_key":"巡检 "}`),
		foreign.BugA4TokenOtherWindow500:      read(opTemplates, `{"page_size":5,"start_time":"2026-01-10","page_token":"`+listToken+`"}`),
		foreign.BugA4SameDayWindowWholeDay:    read(opTemplates, `{"start_time":"2026-01-05 12:00:00","end_time":"2026-01-05 13:00:00"}`),
		foreign.BugA4EndTimeInt32:             read(opTemplates, `{"end_time":"2099-01-01"}`),
		foreign.BugA4StringSizeConcat:         read(opTemplates, `{"page_size":"5","page_token":"`+listToken+`"}`),
		foreign.BugA4LimitedErrorEnvelope:     {key: foreign.LimitedKey, op: opForms, body: `{"page":0}`},
		foreign.BugA4OtherOrgByURLHost:        other(opRecord, `{"record_url":"https://xl.foreign.example/c/fxr900001"}`),
		foreign.BugA4LimitedIgnoresFrom:       {key: foreign.LimitedKey, op: opVerify, body: `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销","from_certificate_status":"已注销"}`},
		foreign.BugA4LimitedNextUnsupported:   {key: foreign.LimitedKey, op: opVerify, body: `{"certificate_code":"hx820001","action_type":"set_next_certificate_status"}`},
		foreign.BugA4LimitedTplUnchecked:      {key: foreign.LimitedKey, op: opVerify, body: `{"certificate_code":"hx820001","action_type":"set_next_certificate_status","tpl_id":5031}`},
		foreign.BugA4FrontMatterFlowTitle:     read(opRecord, md810013),
		foreign.BugA4FrontMatterColonTitle:    read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA4SubcodeAsTemplate:        read(opQrcodes, `{"template":"fxs40000"}`),
		foreign.BugA4SubcodeCertCode:          write(opVerify, `{"certificate_code":"fxs40000","action_type":"set_next_certificate_status"}`),
		foreign.BugA4TemplateByTplID:          read(opQrcodes, `{"template":"9101"}`),
		foreign.BugA4NumberMatchesProject:     read(opForms, `{"number":"PRJ-002"}`),
		foreign.BugA4NumberNULTruncated:       read(opForms, `{"number":"FX-001\u0000X"}`),
		foreign.BugA4BOMBodyHTML:              read(opForms, "\ufeff{\"page\":2}"),
		foreign.BugA4DoubleEncodedBody:        read(opForms, `"{\"number\":\"FX-001\"}"`),
		foreign.BugA4WriteKeyOversizeServed:   write(opForms, `{"page_size":50}`),
		foreign.BugA4PerPageAliasUncapped:     read(opForms, `{"per_page":50}`),
		foreign.BugA4SizeStringUncapped:       read(opForms, `{"page_size":"50"}`),
		foreign.BugA4SingleTemplateNoFilter:   other(opTemplates, `{"end_time":"2026-01-02"}`),
		foreign.BugA4SmallTemplateNoFilter:    read(opQrcodes, `{"template":"fxt3107","start_time":"2026-01-05"}`),
		foreign.BugA4ReversedWindowUnfiltered: read(opTemplates, `{"start_time":"2026-01-10","end_time":"2026-01-05"}`),
		foreign.BugA4WriteKeyTemplateURL404:   write(opQrcodes, `{"template":"`+ourTpl+`"}`),
		foreign.BugA4ForwardedHostURL:         {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, reqHeader: [2]string{"X-Forwarded-Host", "api.partner.example"}},
		foreign.BugA4StaffNetworkUnmasked:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, reqHeader: [2]string{"X-Forwarded-For", "10.20.30.40, 203.0.113.7"}},
		foreign.BugA4StringIDSkipsTenancy:     read(opRecord, `{"record_id":"910001"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA4StaffAuditBlock:      write(opRecord, `{"record_id":800001}`),
		foreign.VariantA4NotarizedOnMove:      {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.VariantA4RFC3339Only:          read(opTemplates, `{"start_time":"2026-01-05"}`),
		foreign.VariantA4MarkdownGroupedMasks: read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantA4LimitedReadScope:     {key: foreign.LimitedKey, op: opRecord, body: `{"record_id":800001}`},
		foreign.VariantA4WriteKeyNoRead:       write(opForms, `{}`),
		foreign.VariantA4URLHostCaseless:      read(opRecord, `{"record_url":"HTTPS://QA.FOREIGN.EXAMPLE/c/fxr800001"}`),
		foreign.VariantA4SystemFormsHidden:    read(opForms, `{}`),
		foreign.VariantA4ErrorsWithData:       read(opRecord, `{}`),
		foreign.VariantA4MixedMaskChars:       read(opRecord, `{"record_id":800001}`),
		foreign.VariantA4VerifyCreated201:     write(opVerify, moveNext),
	} {
		variantProbes[v] = p
	}
	_ = limitedTo
}
