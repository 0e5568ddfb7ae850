package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of blind round 4, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB4NullBodyServed:           read(opForms, `null`),
		foreign.BugB4RecordURLHTTP:            read(opRecord, rec800001),
		foreign.BugB4VerifyTouchesSubmitAt:    {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugB4NumberWidthFolded:        read(opForms, `{"number":"ＦＸ-001"}`),
		foreign.BugB4FormOffsetDefaultSize:    read(opForms, `{"page_size":5,"page":2}`),
		foreign.BugB4FormCountQueryDrift:      read(opForms, `{"search_key":"night"}`),
		foreign.BugB4PageZeroAsFirst:          read(opForms, `{"page":0}`),
		foreign.BugB4FormNoteNull:             read(opForms, `{}`),
		foreign.BugB4ActiveISOCarriedOver:     read(opForms, `{"page_size":20}`),
		foreign.BugB4CreatedISODayMonth:       read(opForms, `{}`),
		foreign.BugB4FractionTruncatedStart:   read(opTemplates, `{"start_time":"2026-01-01T10:00:00.5+08:00"}`),
		foreign.BugB4QrcodesURLHostTrusted:    other(opQrcodes, `{"template":"https://xl.foreign.example/tpl/fxt3100"}`),
		foreign.BugB4VerifyURLHostTrusted:     other(opVerify, `{"certificate_code":"https://xl.foreign.example/c/hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugB4QrcodesFilterAfterPage:   read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06","end_time":"2026-01-09T12:00:00+08:00","page_size":4}`),
		foreign.BugB4BadEndTime500:            read(opTemplates, `{"end_time":"tomorrow"}`),
		foreign.BugB4NotFoundDetailNull:       read(opRecord, `{"record_id":1}`),
		foreign.BugB4FormPagingErrorShape:     read(opForms, `{"page_size":"abc"}`),
		foreign.BugB4ScopeErrorTextPlain:      read(opVerify, moveNext),
		foreign.BugB4NextPicksLast:            write(opVerify, moveNext),
		foreign.BugB4ArchiveHookFails:         {key: foreign.WriteKey, op: opVerify, body: moveNext, before: []string{moveNext}},
		foreign.BugB4CertCodeCaseless:         write(opVerify, `{"certificate_code":"HX810001","action_type":"set_next_certificate_status"}`),
		foreign.BugB4VerifyIDsStrings:         write(opVerify, moveNext),
		foreign.BugB4PageBreakFieldsNull:      read(opRecord, rec800001),
		foreign.BugB4AddressLatLngStrings:     read(opRecord, rec800001),
		foreign.BugB4AuditTextFromAuditor:     read(opRecord, `{"record_id":800004}`),
		foreign.BugB4ChecklistImageRelative:   read(opRecord, rec800001),
		foreign.BugB4ChainedDescending:        read(opRecord, rec800001),
		foreign.BugB4OCRUnitEnabledInt:        read(opRecord, rec800001),
		foreign.BugB4FieldDescNull:            read(opRecord, rec800001),
		foreign.BugB4MatrixTextColumnUUID:     read(opRecord, rec800001),
		foreign.BugB4DiffMediaItemsNull:       read(opRecord, rec800001),
		foreign.BugB4CredentialJSONLDNoID:     read(opRecord, `{"record_id":810013,"format":"json-ld"}`),
		foreign.BugB4MarkdownIDThousands:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugB4MarkdownHolderInMetadata: read(opRecord, `{"record_id":810013,"format":"markdown"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB4LowerHexColours:    read(opRecord, `{"record_id":810013}`),
		foreign.VariantB4TraceID:            read(opForms, `{}`),
		foreign.VariantB4MarkdownEscapes:    read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB4StateBeforeChecks:  write(opVerify, `{"certificate_code":"hx810005","action_type":"set_certificate_status","to_certificate_status":"已核销","from_certificate_status":"已核销"}`),
		foreign.VariantB4EmptyStateChanges:  read(opRecord, rec800001),
		foreign.VariantB4RecorderMasked:     read(opRecord, rec800001),
		foreign.VariantB4MarkdownHTMLTable:  read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB4CompactContentType: read(opForms, `{}`),
		foreign.VariantB4PaddedTokens:       read(opTemplates, `{"page_size":10}`),
		foreign.VariantB4ParamsBeforeScope:  read(opVerify, `{"action_type":"set_next_certificate_status"}`),
		foreign.VariantB4FormsByNumber:      read(opForms, `{}`),
		foreign.VariantB4ItemsByName:        read(opTemplates, `{}`),
		foreign.VariantB4NoNotary:           read(opRecord, `{"record_id":800005}`),
	} {
		variantProbes[v] = p
	}
}
