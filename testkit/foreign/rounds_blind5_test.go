package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of blind round 5, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	const md800001 = `{"record_id":800001,"format":"markdown"}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB5VerifySuccessHTML:        write(opVerify, moveNext),
		foreign.BugB5TemplatesErrorLatin1:     read(opTemplates, `{"start_time":"yesterday"}`),
		foreign.BugB5RecordErrorsProblemJSON:  read(opRecord, `{"record_id":1}`),
		foreign.BugB5FormErrorTwoBodies:       read(opForms, `{"page":0}`),
		foreign.BugB5BodyTrailingData:         read(opForms, `{"page":2}{"page":3}`),
		foreign.BugB5TemplatesNoKeyPublic:     {op: opTemplates, body: `{}`},
		foreign.BugB5BothAddressesAnyOrg:      other(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugB5FormMaxSizeExport:        other(opForms, `{"page_size":20}`),
		foreign.BugB5QrcodesOtherOrg403:       other(opQrcodes, `{"template":"fxt3100"}`),
		foreign.BugB5NegativeOffsetRefused:    read(opTemplates, `{"start_time":"2026-01-04T11:00:00-05:00"}`),
		foreign.BugB5CursorCountLimited:       read(opTemplates, `{"start_time":"2026-01-05","page_size":3}`),
		foreign.BugB5QrcodesKeysetInclusive:   {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"fxt3100","page_size":10}`, follow: true},
		foreign.BugB5FormOddSizeEvenLimit:     read(opForms, `{"page_size":3}`),
		foreign.BugB5FormNumberIgnoredPage:    read(opForms, `{"page":1,"number":"FX-001"}`),
		foreign.BugB5FormPageSizeBool:         read(opForms, `{"page_size":true}`),
		foreign.BugB5SearchIndexIDStrings:     read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB5RecordURLObjectEmpty500:  read(opRecord, `{"record_url":{"href":"x"}}`),
		foreign.BugB5QrcodesTemplateArray:     read(opQrcodes, `{"template":["fxt3100"]}`),
		foreign.BugB5TemplatesTimeErrorNoData: read(opQrcodes, `{"template":"fxt3100","end_time":"soon"}`),
		foreign.BugB5VerifySubmitAtShifted:    write(opVerify, moveNext),
		foreign.BugB5SubmitISOUTCAfterMove:    {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugB5VerifyStatusFirstMove:    {key: foreign.WriteKey, op: opVerify, body: moveNext, before: []string{moveNext}},
		foreign.BugB5VerifyStatusCache:        {key: foreign.WriteKey, op: opVerify, body: moveTo, before: []string{moveTo}},
		foreign.BugB5NextHonoursTo:            write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","to_certificate_status":"已作废"}`),
		foreign.BugB5CertCodeNumberAsID:       write(opVerify, `{"certificate_code":810001,"action_type":"set_next_certificate_status"}`),
		foreign.BugB5JSONLDCustomerNameClear:  read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB5JSONLDReviewedClear:      read(opRecord, `{"record_id":800006,"format":"json-ld"}`),
		foreign.BugB5JSONLDByURLNoURL:         read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"json-ld"}`),
		foreign.BugB5JSONLDMessageNull:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB5MarkdownCachedByForm:     read(opRecord, `{"record_id":810002,"format":"markdown"}`),
		foreign.BugB5QrcodeTypeTextCategory:   read(opRecord, `{"record_id":800002}`),
		foreign.BugB5OCREmptyUnitNull:         read(opRecord, rec800001),
		foreign.BugB5OwnerAddressNoFull:       read(opRecord, rec800001),
		foreign.BugB5DynamicMatrixFlattened:   read(opRecord, rec800001),
		foreign.BugB5ChecklistDescNull:        read(opRecord, rec800001),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB5FormsByCreatedDesc:  read(opForms, `{}`),
		foreign.VariantB5ItemsByDayThenName:  read(opQrcodes, `{"template":"fxt3100","page_size":6}`),
		foreign.VariantB5JSONLDTypedValues:   read(opRecord, `{"record_id":800005,"format":"json-ld"}`),
		foreign.VariantB5JSONLDNodeID:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB5FrontMatterExtra:    read(opRecord, md800001),
		foreign.VariantB5FieldHeadings:       read(opRecord, md800001),
		foreign.VariantB5ErrorsHTTP400:       read(opRecord, `{"record_id":1}`),
		foreign.VariantB5MaskLengthKept:      read(opRecord, rec800001),
		foreign.VariantB5PagingExtraMembers:  read(opForms, `{}`),
		foreign.VariantB5ScopeBeforeSwitches: write(opVerify, `{"certificate_code":"hx810005","action_type":"set_next_certificate_status","tpl_id":1}`),
		foreign.VariantB5TimeSpaceOffset:     read(opTemplates, `{"start_time":"2026-01-20 00:00:00+08:00"}`),
		foreign.VariantB5ExtraHeaders:        {key: foreign.ReadKey, op: opForms, body: `{}`, header: "X-Request-Id"},
	} {
		variantProbes[v] = p
	}
}
