package foreign_test

import (
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of blind round 9, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	const md800001 = `{"record_id":800001,"format":"markdown"}`
	const ld800001 = `{"record_id":800001,"format":"json-ld"}`
	const byURL800001 = `{"record_url":"` + ourURL + `fxr800001"}`
	afterMove := func(body string) probe {
		return probe{key: foreign.ReadKey, op: opRecord, body: body, before: []string{moveNext}}
	}
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB9NoFormQrcodeTemplateNull: read(opRecord, `{"record_id":800003}`),
		foreign.BugB9UnsizedImageDimsNull:     read(opRecord, rec800001),
		foreign.BugB9DiffMediaTextFileName:    read(opRecord, rec800001),
		foreign.BugB9CheckboxPHPKeys:          read(opRecord, rec800001),
		foreign.BugB9MovedStateFlowNumber:     afterMove(`{"record_id":810001}`),
		foreign.BugB9SecondReviewStageString:  read(opRecord, `{"record_id":800004}`),
		foreign.BugB9NotaryAtMillis:           read(opRecord, `{"record_id":800005}`),
		foreign.BugB9CompoundSurnameMask:      read(opRecord, rec800001),
		foreign.BugB9UnreachableMoveCommitted: {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`,
			before: []string{`{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档"}`}},
		foreign.BugB9IdentityErrorLegacy:     write(opVerify, `{"certificate_code":"hx810007","action_type":"set_next_certificate_status"}`),
		foreign.BugB9MovedMarkdownFence:      afterMove(`{"record_id":810001,"format":"markdown"}`),
		foreign.BugB9MovedTemplateLabel:      afterMove(`{"record_id":810001}`),
		foreign.BugB9SearchIndexNoProject:    read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB9FirstPageCachedOrder:    read(opForms, `{}`),
		foreign.BugB9ZeroFractionStart:       read(opTemplates, `{"start_time":"2026-01-05T14:04:00.000+08:00"}`),
		foreign.BugB9MidnightEndWholeDay:     read(opTemplates, `{"end_time":"2026-01-05T00:00:00+08:00"}`),
		foreign.BugB9WestHalfHourOffset:      read(opTemplates, `{"start_time":"2026-01-05T03:00:00-03:30"}`),
		foreign.BugB9TokenBypassesKey:        {key: "fx-no-such-key", op: opTemplates, body: `{"page_size":10,"page_token":"MTB8bGlzdHw3MDAxfC18LQ.RcTt40t06xE_R71X"}`},
		foreign.BugB9RecordURLValidatorShape: read(opRecord, `{"record_url":"fxr800001"}`),
		foreign.BugB9CodingValidator400:      read(opQrcodes, `{"template":"FXT3100"}`),
		foreign.BugB9VerifyUnknownURL100301:  write(opVerify, `{"certificate_code":"`+ourURL+`nothing","action_type":"set_next_certificate_status"}`),
		foreign.BugB9NumberArrayWhereIn:      read(opForms, `{"number":["FX-001","FX-002"]}`),
		foreign.BugB9TplIDBoolAsInt:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":true}`),
		foreign.BugB9NextMessageArray:        write(opVerify, moveNext),
		foreign.BugB9UnknownMarkdownEmpty:    read(opRecord, `{"record_id":1,"format":"markdown"}`),
		foreign.BugB9ShareViewTitledOnly:     read(opRecord, byURL800001),
		foreign.BugB9ShareMarkdownFooter:     read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"markdown"}`),
		foreign.BugB9PastEndRecommended:      read(opForms, `{"page":9}`),
		foreign.BugB9QrcodesLastTokenOmitted: read(opQrcodes, `{"template":"fxt3107"}`),
		foreign.BugB9MissingAction100325:     write(opVerify, `{"certificate_code":"hx810001"}`),
		foreign.BugB9LongSearchNoDetail:      read(opForms, `{"search_key":"`+strings.Repeat("巡检", 30)+`"}`),
		foreign.BugB9SearchNoteBytesCut:      read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB9MovedJSONLDEntityArray:  afterMove(`{"record_id":810001,"format":"json-ld"}`),
		foreign.BugB9JSONLDContextHoisted:    read(opRecord, ld800001),
		foreign.BugB9TokenErrorDataArray:     read(opTemplates, `{"page_token":"bogus"}`),
	} {
		bugProbes[b] = p
	}
	chunked := read(opForms, `{}`)
	chunked.header = "X-Accel-Buffering"
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB9FormsByActivity:   read(opForms, `{}`),
		foreign.VariantB9MoveAddsAudit:     afterMove(`{"record_id":810001}`),
		foreign.VariantB9UnknownPathBare:   read("record/getRecords", `{}`),
		foreign.VariantB9NoUploadTimes:     read(opRecord, rec800001),
		foreign.VariantB9HTMLEscapedJSON:   read(opRecord, rec800001),
		foreign.VariantB9ChunkedAnswers:    chunked,
		foreign.VariantB9NoAddress404:      read(opRecord, `{}`),
		foreign.VariantB9JSONLDHTTPContext: read(opRecord, ld800001),
		foreign.VariantB9PageBreakRules:    read(opRecord, md800001),
		foreign.VariantB9EmptyNumberExact:  read(opForms, `{"number":""}`),
		foreign.VariantB9StateNameTerminal: afterMove(`{"record_id":810001}`),
	} {
		variantProbes[v] = p
	}
}
