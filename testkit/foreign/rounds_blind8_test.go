package foreign_test

import (
	"encoding/base64"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of blind round 8, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	const qrcodesMoved = `{"template":"fxt3100","start_time":"2026-01-05T00:00:00+08:00","end_time":"2026-01-08T23:00:00-05:00","page_size":100}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB8LimitedOwnFormUnmasked:    {key: foreign.LimitedKey, op: opRecord, body: `{"record_id":820001}`},
		foreign.BugB8CustomerMobileThreeStars:  read(opRecord, rec800001),
		foreign.BugB8AILabelUnderReview:        read(opRecord, `{"record_id":800002}`),
		foreign.BugB8DefaultFormatNoNotary:     read(opRecord, `{"record_id":800005}`),
		foreign.BugB8ChainedSortedExplicitJSON: read(opRecord, `{"record_id":800001,"format":"json"}`),
		foreign.BugB8DiffMediaOmitEmpty:        read(opRecord, rec800001),
		foreign.BugB8MatrixTextColumnUUID:      read(opRecord, rec800001),
		foreign.BugB8ChecklistImagesNull:       read(opRecord, rec800001),
		foreign.BugB8MarkdownTitleEmptyNoForm:  read(opRecord, `{"record_id":800003,"format":"markdown"}`),
		foreign.BugB8WriteKeyJSONLDClear:       write(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB8ByURLJSONLDIdentifierURL:  read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"json-ld"}`),
		foreign.BugB8RecordIDInt32Wrap:         read(opRecord, `{"record_id":4295767297}`),
		foreign.BugB8FormatArrayCoerced:        read(opRecord, `{"record_id":800001,"format":["markdown"]}`),
		foreign.BugB8CredentialProjectZero:     read(opRecord, `{"record_id":810013}`),
		foreign.BugB8CodeIDMismatch100328:      write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":1}`),
		foreign.BugB8CredentialOff100325:       write(opVerify, `{"certificate_code":"hx810006","action_type":"set_next_certificate_status"}`),
		foreign.BugB8TplShadowedByCode:         write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5001,"code_id":50001}`),
		foreign.BugB8ActionDefaultsNext:        write(opVerify, `{"certificate_code":"hx810001"}`),
		foreign.BugB8FromByIDMismatch:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销","from_certificate_status":"11"}`),
		foreign.BugB8RepeatByURLIdempotent:     write(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_certificate_status","to_certificate_status":"待核销"}`),
		foreign.BugB8VerifyRewritesRecorder:    {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugB8ScopeErrorDataHint:        write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5001}`),
		foreign.BugB8XAPIKeyHeader:             {op: opForms, body: `{}`, reqHeader: [2]string{"X-API-Key", foreign.ReadKey}},
		foreign.BugB8BasicAuthAccepted:         {auth: "Basic " + base64.StdEncoding.EncodeToString([]byte(foreign.ReadKey+":")), op: opForms, body: `{}`},
		foreign.BugB8SearchTotalAllOrgs:        read(opForms, `{"search_key":"核销"}`),
		foreign.BugB8LaterPageSizeUncapped:     read(opForms, `{"page":2,"page_size":25}`),
		foreign.BugB8NumberLookupDefaultProj:   read(opForms, `{"number":"FX-002"}`),
		foreign.BugB8SearchActiveNull:          read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB8WindowEndTakesStartOffset: read(opQrcodes, qrcodesMoved),
		foreign.BugB8WindowCacheDropsOffset: {key: foreign.ReadKey, op: opTemplates, body: `{"start_time":"2026-01-07T04:00:00Z"}`,
			before: []string{`{"start_time":"2026-01-07T04:00:00+08:00"}`}, beforeOp: opTemplates, beforeKey: foreign.ReadKey},
		foreign.BugB8QrcodesByURLChildLinks:   read(opQrcodes, `{"template":"`+ourTpl+`","page_size":2}`),
		foreign.BugB8UnknownTemplateURL400:    read(opQrcodes, `{"template":"https://qa.foreign.example/tpl/nothing"}`),
		foreign.BugB8TemplatesPagingFormShape: read(opTemplates, `{"page_size":0}`),
		foreign.BugB8SearchKeyTypeErrorBare:   read(opForms, `{"search_key":5}`),
		foreign.BugB8ForeignHostEdge404:       read(opRecord, `{"record_url":"https://elsewhere.example/c/fxr800001"}`),
		foreign.BugB8AcceptXMLNegotiated:      {key: foreign.ReadKey, op: opForms, body: `{}`, reqHeader: [2]string{"Accept", "application/xml"}},
		foreign.BugB8ByURLTokenDropped:        {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"` + ourTpl + `","page_size":10}`, follow: true},
		foreign.BugB8ReplicaPagesISOUTC:       read(opForms, `{"page":2}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB8FormsByProject:         read(opForms, `{}`),
		foreign.VariantB8Float17Digits:          read(opRecord, rec800001),
		foreign.VariantB8MaskKeepTail:           read(opRecord, rec800001),
		foreign.VariantB8ErrorRequestID:         read(opForms, `{"page":0}`),
		foreign.VariantB8StrictUnknownMembers:   read(opForms, `{"pagesize":5}`),
		foreign.VariantB8RequireJSONContentType: {key: foreign.ReadKey, op: opForms, body: `{}`, contentType: "text/plain"},
		foreign.VariantB8SizesUnknown:           read(opRecord, rec800001),
		foreign.VariantB8EmptyBodyRefused:       read(opForms, ``),
		foreign.VariantB8JSONLDLanguage:         read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB8TokenBoundToSize:       read(opTemplates, `{"page_size":5}`),
		foreign.VariantB8WWWAuthenticate:        {key: "fx-no-such-key", op: opForms, body: `{}`, header: "WWW-Authenticate"},
	} {
		variantProbes[v] = p
	}
}
