package foreign_test

import (
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of adversarial round 10, added to bugProbes and variantProbes.
func init() {
	const (
		credURL  = ourURL + "hx810001"
		nextCode = `{"certificate_code":"hx810001","action_type":"set_next_certificate_status"`
	)
	// fullWidth is a key written in full-width letters.
	fullWidth := strings.Map(func(r rune) rune {
		if r > ' ' && r < 0x7f {
			return r + 0xFEE0
		}
		return r
	}, foreign.ReadKey)
	writes := func(body string, together ...string) probe {
		return probe{key: foreign.WriteKey, op: opVerify, body: body, together: together}
	}
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA10NextNotAtomic:                 writes(`{}`, moveNext, moveNext),
		foreign.BugA10ForkWithoutFromRaces:          writes(`{}`, moveTo, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已作废"}`),
		foreign.BugA10AnswerSharedRecord:            writes(`{}`, moveNext, `{"certificate_code":"hx810002","action_type":"set_next_certificate_status"}`),
		foreign.BugA10VerifyBodyHTML413:             write(opVerify, nextCode+`,"remark":"`+strings.Repeat("核销", 12000)+`"}`),
		foreign.BugA10VerifyGet405HTML:              {key: foreign.WriteKey, op: opVerify, body: `{}`, method: "GET"},
		foreign.BugA10OtherTenantNumberCaseless:     other(opForms, `{"number":"xl-001"}`),
		foreign.BugA10OtherTenantPageSize50:         other(opForms, `{"page_size":30}`),
		foreign.BugA10OtherTenantJSONLDClear:        other(opRecord, `{"record_id":910001,"format":"json-ld"}`),
		foreign.BugA10OtherTenantFlowEditor:         other(opVerify, `{"certificate_code":"hx910001","action_type":"set_next_certificate_status"}`),
		foreign.BugA10OtherTenantLocalTimesUTC:      other(opTemplates, `{"start_time":"2026-01-05 05:00:00"}`),
		foreign.BugA10VerifyURLHostIgnored:          write(opVerify, `{"certificate_code":"https://xl.foreign.example/c/hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA10RecordURLHostIgnored:          read(opRecord, `{"record_url":"http://qa.foreign.example/c/fxr800001"}`),
		foreign.BugA10RecordURLPathCaseless:         read(opRecord, `{"record_url":"https://qa.foreign.example/C/fxr800001"}`),
		foreign.BugA10TemplateURLHostIgnored:        read(opQrcodes, `{"template":"https://cdn.foreign.example/tpl/fxt3100"}`),
		foreign.BugA10CodeOrNumber:                  other(opVerify, `{"certificate_code":"R2026810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA10QrcodesTemplateByName:         read(opQrcodes, `{"template":"设备码-01"}`),
		foreign.BugA10RecordURLBareCode:             read(opRecord, `{"record_url":"fxr800001"}`),
		foreign.BugA10NumberMatchesFormID:           read(opForms, `{"number":"5001"}`),
		foreign.BugA10TplIDFormNumber:               write(opVerify, nextCode+`,"tpl_id":"FX-C01"}`),
		foreign.BugA10EmptyTargetNext:               write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":""}`),
		foreign.BugA10RepeatAfterNext:               {key: foreign.WriteKey, op: opVerify, body: moveTo, before: []string{moveNext}},
		foreign.BugA10TplScopeSharedFlow:            write(opVerify, nextCode+`,"tpl_id":5033}`),
		foreign.BugA10StatusIDLeadingZero:           write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"012"}`),
		foreign.BugA10LimitedURLMarkdownMoved:       {key: foreign.LimitedKey, op: opRecord, body: `{"record_url":"` + credURL + `","format":"markdown"}`, before: []string{moveNext}},
		foreign.BugA10WriteURLJSONLDMoved:           {key: foreign.WriteKey, op: opRecord, body: `{"record_url":"` + credURL + `","format":"json-ld"}`, before: []string{moveNext}},
		foreign.BugA10WriteKeyLaterPagesSystemForms: write(opForms, `{"page":2}`),
		foreign.BugA10VerifiedFormNumberCache:       {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-C01"}`, before: []string{moveNext}},
		foreign.BugA10NumberTrailingPeriod:          read(opForms, `{"number":"FX-001."}`),
		foreign.BugA10XAccessToken:                  {op: opForms, body: `{}`, reqHeader: [2]string{"X-Access-Token", foreign.ReadKey}},
		foreign.BugA10KeyFullWidthFolded:            {key: fullWidth, op: opForms, body: `{}`},
		foreign.BugA10CodeInvisibleStripped:         write(opVerify, `{"certificate_code":"hx810001\u200b","action_type":"set_next_certificate_status"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA10EmptyFormatRefused:     read(opRecord, `{"record_id":800001,"format":""}`),
		foreign.VariantA10EqualBoundsRefused:     read(opTemplates, `{"start_time":"2026-01-05T10:00:00+08:00","end_time":"2026-01-05T10:00:00+08:00"}`),
		foreign.VariantA10EarlyYearsRefused:      read(opTemplates, `{"start_time":"1999-12-31"}`),
		foreign.VariantA10NumberPaddedRefused:    read(opForms, `{"number":" FX-001"}`),
		foreign.VariantA10SearchWildcardsRefused: read(opForms, `{"search_key":"FX_001"}`),
		foreign.VariantA10OneCharSearchRefused:   read(opForms, `{"search_key":"巡"}`),
		foreign.VariantA10EmptyTokenRefused:      read(opTemplates, `{"page_token":""}`),
		foreign.VariantA10CredentialJSONLDType:   read(opRecord, `{"record_id":810001,"format":"json-ld"}`),
		foreign.VariantA10JSONLDShareURL:         read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA10OrdinaryTypeLabels:     read(opRecord, `{"record_id":800002}`),
	} {
		variantProbes[v] = p
	}
}
