package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of blind round 7, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	const md800001 = `{"record_id":800001,"format":"markdown"}`
	const byURL800001 = `{"record_url":"` + ourURL + `fxr800001"}`
	const limitedFirst = `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销"}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB7VerifyUppercasesCode:        {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugB7ByURLNoProject:              read(opRecord, byURL800001),
		foreign.BugB7ByURLMaskFlagFalse:          read(opRecord, byURL800001),
		foreign.BugB7TextMaskKeepsHalf:           read(opRecord, `{"record_id":800004}`),
		foreign.BugB7IdentityMask15:              read(opRecord, rec800001),
		foreign.BugB7MarkdownNumberIsCode:        read(opRecord, `{"record_id":810013,"format":"markdown"}`),
		foreign.BugB7MarkdownSubmittedUTC:        read(opRecord, md800001),
		foreign.BugB7FormatErrorWrongShape:       read(opRecord, `{"record_id":800001,"format":"pdf"}`),
		foreign.BugB7RecordIDZeroLatest:          read(opRecord, `{"record_id":0}`),
		foreign.BugB7NotarizedJSONLDNoIdentifier: read(opRecord, `{"record_id":800005,"format":"json-ld"}`),
		foreign.BugB7PerPageIsCount:              read(opForms, `{"page":3}`),
		foreign.BugB7CountDropsNumber:            read(opForms, `{"number":"FX-001","search_key":"巡检"}`),
		foreign.BugB7SearchPagesFromOne:          read(opForms, `{"search_key":"记录"}`),
		foreign.BugB7SearchPeekNotTrimmed:        read(opForms, `{"search_key":"记录","page_size":2}`),
		foreign.BugB7LaterPagesNoProject:         read(opForms, `{"page":2}`),
		foreign.BugB7NumberLookupISOMinuteMonth:  read(opForms, `{"number":"FX-010"}`),
		foreign.BugB7NegativePageFromEnd:         read(opForms, `{"page":-1}`),
		foreign.BugB7ReadKeyLargePage403:         read(opForms, `{"page_size":20}`),
		foreign.BugB7SearchKeyArrayJoined:        read(opForms, `{"search_key":["巡检","表"]}`),
		foreign.BugB7SearchCacheAcrossOrgs: {key: foreign.OtherOrgKey, op: opForms, body: `{"search_key":"巡检"}`,
			before: []string{`{"search_key":"巡检"}`}, beforeOp: opForms, beforeKey: foreign.ReadKey},
		foreign.BugB7TotalCappedByPageSize:   read(opTemplates, `{"page_size":2}`),
		foreign.BugB7WindowHasMoreUnfiltered: read(opTemplates, `{"start_time":"2026-01-20"}`),
		foreign.BugB7LaterPagesDropOffset: {key: foreign.ReadKey, op: opTemplates, follow: true,
			body: `{"start_time":"2026-01-07T03:10:00Z","page_size":10}`},
		foreign.BugB7CursorMaxRefused:            read(opQrcodes, `{"template":"fxt3100","page_size":100}`),
		foreign.BugB7NumericTokenAsOffset:        read(opTemplates, `{"page_token":5}`),
		foreign.BugB7ByURLTotalOrgWide:           read(opQrcodes, `{"template":"`+ourTpl+`"}`),
		foreign.BugB7FractionalEndRoundsUp:       read(opQrcodes, `{"template":"fxt3100","end_time":"2026-01-02T07:59:59.5+08:00"}`),
		foreign.BugB7UnknownTemplateURLNoMessage: read(opQrcodes, `{"template":"https://qa.foreign.example/tpl/nothing"}`),
		foreign.BugB7FromPathTransitive: write(opVerify,
			`{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档","from_certificate_status":"待核销"}`),
		foreign.BugB7StatusTextOtherFlowEmpty: {key: foreign.LimitedKey, op: opVerify, body: limitedFirst},
		foreign.BugB7ScopeErrorNoData:         {key: foreign.LimitedKey, op: opVerify, body: moveNext},
		foreign.BugB7CertCodeTrimmed:          write(opVerify, `{"certificate_code":" hx810001 ","action_type":"set_next_certificate_status"}`),
		foreign.BugB7ByURLSkipsIdentity:       write(opVerify, `{"certificate_code":"`+ourURL+`hx810007","action_type":"set_next_certificate_status"}`),
		foreign.BugB7NextSubmitAtISO:          write(opVerify, moveNext),
		foreign.BugB7UnknownPathSniffed:       read("record/getRecords", `{}`),
		foreign.BugB7StreamedBOM:              read(opRecord, rec800001),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB7FrontMatterComments: read(opRecord, md800001),
		foreign.VariantB7StateChangesNewest: {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`,
			before: []string{moveNext, moveNext}},
		foreign.VariantB7URLHostUpper:       read(opRecord, rec800001),
		foreign.VariantB7Params422:          read(opForms, `{"page":0}`),
		foreign.VariantB7TightMasks:         read(opRecord, rec800001),
		foreign.VariantB7ListsByCodeDesc:    read(opForms, `{}`),
		foreign.VariantB7MismatchParamError: read(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800002"}`),
		foreign.VariantB7EmptyErrorMessages: read(opForms, `{"page":0}`),
		foreign.VariantB7StatusInvisible:    read(opRecord, `{"record_id":810013}`),
		foreign.VariantB7SearchSubstring:    read(opForms, `{"search_key":"巡检 表"}`),
		foreign.VariantB7HeadingAnchor:      read(opRecord, md800001),
	} {
		variantProbes[v] = p
	}
}
