package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of blind round 12, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB12CompoundSurnameMask:        read(opRecord, rec800001),
		foreign.BugB12ShareChainedByText:         read(opRecord, `{"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugB12DynamicMatrixUUIDEmpty:     read(opRecord, rec800001),
		foreign.BugB12DiffAfterMediaText:         read(opRecord, rec800001),
		foreign.BugB12CredentialTemplateLabel:    read(opRecord, `{"record_id":810001}`),
		foreign.BugB12ReviewedProjectDropped:     read(opRecord, `{"record_id":800004}`),
		foreign.BugB12ManualSubmitAtString:       read(opRecord, `{"record_id":800003}`),
		foreign.BugB12CRMMarkdownClear:           read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugB12CredentialMarkdownTOML:     read(opRecord, `{"record_id":810001,"format":"markdown"}`),
		foreign.BugB12SingleGroupJSONLDArray:     read(opRecord, `{"record_id":800002,"format":"json-ld"}`),
		foreign.BugB12ShareMarkdownNoCharset:     read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"markdown"}`),
		foreign.BugB12SearchTotalDeleted:         read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB12NumberUppercased:           read(opForms, `{"number":"fx-001"}`),
		foreign.BugB12SystemFormISOT:             read(opForms, `{"number":"FX-011"}`),
		foreign.BugB12FormClampOffByOne:          read(opForms, `{"page_size":20}`),
		foreign.BugB12SearchProjectNumberName:    read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB12TemplatesStartOfDay:        read(opTemplates, `{"start_time":"2026-01-05T15:00:00+08:00"}`),
		foreign.BugB12TemplatesWestOffsetAbs:     read(opTemplates, `{"end_time":"2026-01-04T07:00:00-05:00"}`),
		foreign.BugB12QrcodesTotalIsPages:        read(opQrcodes, `{"template":"fxt3100","page_size":10}`),
		foreign.BugB12QrcodesURLLaterPage404:     {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"` + ourTpl + `","page_size":10}`, follow: true},
		foreign.BugB12QrcodesUnknownWindowEmpty:  read(opQrcodes, `{"template":"no-such-tpl","start_time":"2026-01-01"}`),
		foreign.BugB12QrcodesUnknownGatewayHTML:  read(opQrcodes, `{"template":"no-such-tpl"}`),
		foreign.BugB12TemplatesTokenErrorCode:    read(opTemplates, `{"page_token":"bogus"}`),
		foreign.BugB12NextFromHistory:            write(opVerify, `{"certificate_code":"hx810013","action_type":"set_next_certificate_status"}`),
		foreign.BugB12CodeIDIsTemplateID:         write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":50001}`),
		foreign.BugB12SharedFlowVerificationFlag: write(opVerify, `{"certificate_code":"hx830001","action_type":"set_next_certificate_status"}`),
		foreign.BugB12RepeatByID100324:           write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"11"}`),
		foreign.BugB12UnknownURLCode100301:       write(opVerify, `{"certificate_code":"`+ourURL+`hx999999","action_type":"set_next_certificate_status"}`),
		foreign.BugB12NextMessageNull:            write(opVerify, moveNext),
		foreign.BugB12ReadKeyStatusCheck:         read(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"待核销"}`),
		foreign.BugB12QrcodesByURLNoKey:          {op: opQrcodes, body: `{"template":"` + ourTpl + `"}`},
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB12JSONLDPublisher:      read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB12MarkdownH3Groups:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB12ItemsByID:            read(opTemplates, `{}`),
		foreign.VariantB12FormsByIDDesc:        read(opForms, `{}`),
		foreign.VariantB12RateLimitHeaders:     {key: foreign.ReadKey, op: opForms, body: `{}`, header: "X-RateLimit-Limit"},
		foreign.VariantB12DateOnlyRefused:      read(opTemplates, `{"start_time":"2026-01-05"}`),
		foreign.VariantB12SubmitMethodWording:  read(opRecord, rec800001),
		foreign.VariantB12QrcodeTypeTextLabel:  read(opRecord, rec800001),
		foreign.VariantB12FormListMessageEmpty: read(opForms, `{}`),
		foreign.VariantB12ProcessStatusOff:     read(opRecord, rec800001),
	} {
		variantProbes[v] = p
	}
}
