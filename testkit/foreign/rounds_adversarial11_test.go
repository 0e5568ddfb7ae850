package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 11, added to bugProbes and variantProbes.
func init() {
	const (
		nextTo   = `"action_type":"set_next_certificate_status"}`
		limNext  = `{"certificate_code":"hx820001",` + nextTo
		expired  = `{"certificate_code":"hx810008",` + nextTo
		byURLSet = `{"certificate_code":"` + ourURL + `hx810001","action_type":"set_certificate_status","to_certificate_status":"待核销"}`
	)
	limited := func(op, body string) probe { return probe{key: foreign.LimitedKey, op: op, body: body} }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA11LimitedTemplatesTokenDropped: {key: foreign.LimitedKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
		foreign.BugA11LimitedFormPageIgnored:       limited(opForms, `{"page":2}`),
		foreign.BugA11LimitedNumberCaseless:        limited(opForms, `{"number":"fx-c01"}`),
		foreign.BugA11WriteQrcodesLocalUTC:         write(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-02 08:00:00"}`),
		foreign.BugA11LimitedQrcodesStartExclusive: limited(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-02 08:00:00"}`),
		foreign.BugA11LimitedDefaultMarkdown:       limited(opRecord, `{"record_id":800001}`),
		foreign.BugA11WriteTemplatesLaterHideEmpty: {key: foreign.WriteKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
		foreign.BugA11LimitedTemplatesLocalUTC:     limited(opTemplates, `{"start_time":"2026-01-05 08:00:00"}`),
		foreign.BugA11LimitedQrcodesTotalRemaining: {key: foreign.LimitedKey, op: opQrcodes, body: `{"template":"fxt3100","page_size":5}`, follow: true},
		foreign.BugA11ConsoleOrgCookie:             {key: foreign.WriteKey, op: opVerify, body: `{"certificate_code":"hx910001",` + nextTo, reqHeader: [2]string{"Cookie", "lang=zh; current_org=7002"}},
		foreign.BugA11VerifyJSONP:                  {key: foreign.WriteKey, op: opVerify, body: moveNext, path: "/api/v2/rpc/certificates/verify?callback=cb"},
		foreign.BugA11StatusIDNumericPrefix:        write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"12abc"}`),
		foreign.BugA11SessionCookieNoKey:           {op: opForms, body: `{}`, reqHeader: [2]string{"Cookie", "PHPSESSID=8a1f6c2d0e4b7a39"}},
		foreign.BugA11RecordIDFraction:             read(opRecord, `{"record_id":800001.5}`),
		foreign.BugA11CodeNULTruncated:             write(opVerify, `{"certificate_code":"hx810001\u0000x",`+nextTo),
		foreign.BugA11TemplateNULTruncated:         read(opQrcodes, `{"template":"fxt3100\u0000x"}`),
		foreign.BugA11WindowEndDateMidnight:        read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-02","end_time":"2026-01-03"}`),
		foreign.BugA11TemplatesWindowStartExcl:     read(opTemplates, `{"start_time":"2026-01-01 10:00:00","end_time":"2026-01-31"}`),
		foreign.BugA11OffFormStatusByID:            write(opVerify, `{"certificate_code":"hx830001","action_type":"set_certificate_status","to_certificate_status":"12"}`),
		foreign.BugA11NextFromByIDIgnored:          write(opVerify, `{"certificate_code":"hx810001","from_certificate_status":"12",`+nextTo),
		foreign.BugA11LimitedAnswerStatusID:        limited(opVerify, limNext),
		foreign.BugA11RepeatByURLSucceeds:          write(opVerify, byURLSet),
		foreign.BugA11ExpiredRefusalAppends:        {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810008}`, before: []string{expired}},
		foreign.BugA11NextByURLSubmitAtNow:         write(opVerify, `{"certificate_code":"`+ourURL+`hx810001",`+nextTo),
		foreign.BugA11UnapprovedStatusByID:         write(opVerify, `{"certificate_code":"hx810005","action_type":"set_certificate_status","to_certificate_status":"12"}`),
		foreign.BugA11MarkdownNameKeepsLast:        read(opRecord, `{"record_id":810001,"format":"markdown"}`),
		foreign.BugA11ActiveISOAfterVerify:         {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-C01"}`, before: []string{moveNext}},
		foreign.BugA11RecordIDNumericPrefix:        read(opRecord, `{"record_id":"800001abc"}`),
		foreign.BugA11LimitedJSONLDKeepsLast:       limited(opRecord, `{"record_id":810001,"format":"json-ld"}`),
		foreign.BugA11TplIDNumericPrefix:           write(opVerify, `{"certificate_code":"hx810001","tpl_id":"5031abc",`+nextTo),
		foreign.BugA11MovedMarkdownIDIsNumber:      {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001,"format":"markdown"}`, before: []string{moveNext}},
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA11AuditDisabledBlocks:  read(opRecord, `{"record_id":800001}`),
		foreign.VariantA11NoProcessStatus:      read(opRecord, `{"record_id":810001}`),
		foreign.VariantA11NoStateChanges:       read(opRecord, `{"record_id":810013}`),
		foreign.VariantA11TerminalNext100326:   write(opVerify, `{"certificate_code":"hx810012",`+nextTo),
		foreign.VariantA11JSONLDNestedLists:    read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA11SystemTemplateNumber: read(opRecord, `{"record_id":800006}`),
		foreign.VariantA11MoveAddsOperator:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.VariantA11FrontMatterNoStatus:  read(opRecord, `{"record_id":810001,"format":"markdown"}`),
		foreign.VariantA11JSONLDNoStatus:       read(opRecord, `{"record_id":810001,"format":"json-ld"}`),
		foreign.VariantA11TokensVoidAfterMove:  read(opTemplates, `{"page_size":5}`),
	} {
		variantProbes[v] = p
	}
}
