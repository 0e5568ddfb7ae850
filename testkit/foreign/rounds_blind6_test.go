package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of blind round 6, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	const md800001 = `{"record_id":800001,"format":"markdown"}`
	const ld800001 = `{"record_id":800001,"format":"json-ld"}`
	const byURL800001 = `{"record_url":"` + ourURL + `fxr800001"}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB6ShareURLNoKey:     {op: opRecord, body: byURL800001},
		foreign.BugB6ReadKeyCodeScoped: read(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":50001}`),
		foreign.BugB6LimitedKeyTrustedAfter: {key: foreign.LimitedKey, op: opVerify, body: moveNext, beforeKey: foreign.LimitedKey,
			before: []string{`{"certificate_code":"hx820001","action_type":"set_next_certificate_status"}`}},
		foreign.BugB6StringIDAnyOrg:         read(opRecord, `{"record_id":"900001"}`),
		foreign.BugB6SearchNumberGlobal:     read(opForms, `{"search_key":"XL-001"}`),
		foreign.BugB6TemplateCodingCaseless: read(opQrcodes, `{"template":"FXT3100"}`),
		foreign.BugB6RecordURLWidthFolded:   read(opRecord, `{"record_url":"`+ourURL+`ｆｘｒ800001"}`),
		foreign.BugB6FormTieOrderPerPage:    read(opForms, `{"page":2,"page_size":4}`),
		foreign.BugB6QrcodesEndDateLater: {key: foreign.ReadKey, op: opQrcodes, follow: true,
			body: `{"template":"fxt3100","end_time":"2026-01-09","page_size":4}`},
		foreign.BugB6EmptySearchDropsNumber:  read(opForms, `{"number":"FX-001","search_key":""}`),
		foreign.BugB6TemplatesLocalEndUTC:    read(opTemplates, `{"end_time":"2026-01-05 12:00:00"}`),
		foreign.BugB6TemplatesEqualBounds:    read(opTemplates, `{"start_time":"2026-01-01 10:00:00","end_time":"2026-01-01 10:00:00"}`),
		foreign.BugB6SearchISOHourUnpadded:   read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB6ProjectUpdatedAtMillis:  read(opForms, `{}`),
		foreign.BugB6MarkdownReviewedH2:      read(opRecord, `{"record_id":800002,"format":"markdown"}`),
		foreign.BugB6JSONLDNoContextNoForm:   read(opRecord, `{"record_id":800003,"format":"json-ld"}`),
		foreign.BugB6ByURLJSONNoCharset:      read(opRecord, byURL800001),
		foreign.BugB6MaskPersonalTypesOnly:   read(opRecord, `{"record_id":800004}`),
		foreign.BugB6MarkdownByURLClear:      read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"markdown"}`),
		foreign.BugB6ScopedSkipsIdentity:     write(opVerify, `{"certificate_code":"hx810007","action_type":"set_next_certificate_status","tpl_id":5031}`),
		foreign.BugB6UnreachableFrom100324:   write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档","from_certificate_status":"待核销"}`),
		foreign.BugB6TplIDFractionTruncated:  write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5031.5}`),
		foreign.BugB6QrcodeTypeTextLostMoved: {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugB6TemplatesBadToken410:    read(opTemplates, `{"page_token":"bogus"}`),
		foreign.BugB6QrcodesStreamComma:      read(opQrcodes, `{"template":"fxt3100","page_size":50}`),
		foreign.BugB6QrcodesEmptyWindow204:   read(opQrcodes, `{"template":"fxt3100","start_time":"2027-01-01"}`),
		foreign.BugB6OCRUnitNull:             read(opRecord, rec800001),
		foreign.BugB6AddressLatLngString:     read(opRecord, rec800001),
		foreign.BugB6UntitledGroupNull:       read(opRecord, rec800001),
		foreign.BugB6FormTypeTextHighNull:    read(opForms, `{"number":"FX-013"}`),
		foreign.BugB6TemplatesEmptyNoMessage: read(opTemplates, `{"start_time":"2027-01-01"}`),
		foreign.BugB6ByURLCacheKey: {key: foreign.ReadKey, op: opRecord, body: `{"record_url":"` + ourURL + `fxr800002"}`,
			before: []string{byURL800001}, beforeOp: opRecord, beforeKey: foreign.ReadKey},
		foreign.BugB6FormStringSizeUnbounded: read(opForms, `{"page_size":"50"}`),
		foreign.BugB6JSONLDHTTPContentType:   read(opRecord, ld800001),
		foreign.BugB6QrcodesTokenNullString:  read(opQrcodes, `{"template":"fxt3107","start_time":"2026-01-01"}`),
		foreign.BugB6CredentialTemplateLabel: read(opRecord, `{"record_id":810013}`),
		foreign.BugB6SearchNeedsScope:        read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB6VerifyReplayCache:       {key: foreign.WriteKey, op: opVerify, body: moveTo, before: []string{moveTo}},
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB6PythonSeparators:   read(opForms, `{}`),
		foreign.VariantB6JSONLDIdentifierID: read(opRecord, ld800001),
		foreign.VariantB6JSONLDNameNumber:   read(opRecord, ld800001),
		foreign.VariantB6MarkdownTitleNum:   read(opRecord, md800001),
		foreign.VariantB6MarkdownBoldPairs:  read(opRecord, md800001),
		foreign.VariantB6NoRecordProject:    read(opRecord, rec800001),
		foreign.VariantB6FieldDescEmpty:     read(opRecord, rec800001),
		foreign.VariantB6URLHostCaseless:    read(opRecord, `{"record_url":"HTTPS://QA.Foreign.Example/c/fxr800001"}`),
		foreign.VariantB6LowercaseRFC3339:   read(opTemplates, `{"start_time":"2026-01-05t00:00:00z"}`),
		foreign.VariantB6OversizeClamp:      read(opForms, `{"page_size":50}`),
		foreign.VariantB6ReversedRefused:    read(opTemplates, `{"start_time":"2026-01-10","end_time":"2026-01-05"}`),
		foreign.VariantB6AuthGatewayShape:   {key: "fx-no-such-key", op: opTemplates, body: `{}`},
	} {
		variantProbes[v] = p
	}
}
