package foreign_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// a5OurToken is the page token of the second page of fxt3100's sub-codes
// at page_size 5, as the correct build issues it to our read key.
func a5OurToken() string {
	req := httptest.NewRequest("POST", "/api/v2/rpc/"+opQrcodes, strings.NewReader(`{"template":"fxt3100","page_size":5}`))
	req.Header.Set("Authorization", "Bearer "+foreign.ReadKey)
	rec := httptest.NewRecorder()
	foreign.New(foreign.Defaults()).ServeHTTP(rec, req)
	var a struct {
		Data struct {
			Token string `json:"next_page_token"`
		} `json:"data"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &a)
	return a.Data.Token
}

// The probes of adversarial round 5, added to bugProbes and variantProbes.
func init() {
	const (
		both       = `"record_id":800001,"record_url":"` + ourURL + `fxr800001"`
		windowEnd5 = `{"template":"fxt3100","end_time":"2026-01-05","page_size":5}`
	)
	// longKey is a search key of 70 characters: past the index column's
	// 64, within the validation's 255.
	longKey := strings.Repeat("巡检", 35)
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA5RecordURLTrimmed:          read(opRecord, `{"record_url":"`+ourURL+`fxr800001\n"}`),
		foreign.BugA5VerifyURLQueryStripped:    write(opVerify, `{"certificate_code":"`+ourURL+`hx810001?from=singlemessage","action_type":"set_next_certificate_status"}`),
		foreign.BugA5EmptyTemplateWindow404:    read(opQrcodes, `{"template":"fxt3114","start_time":"2026-01-01"}`),
		foreign.BugA5BothAddressesFormatJSON:   read(opRecord, `{`+both+`,"format":"markdown"}`),
		foreign.BugA5BothAddressesJSONLDNoURL:  read(opRecord, `{`+both+`,"format":"json-ld"}`),
		foreign.BugA5CertCodeTrimmed:           write(opVerify, `{"certificate_code":" hx810001 ","action_type":"set_next_certificate_status"}`),
		foreign.BugA5StatusNameTrimmed:         write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销 "}`),
		foreign.BugA5TemplateCodingTrimmed:     read(opQrcodes, `{"template":"fxt3100 "}`),
		foreign.BugA5LegacyActionAlias:         write(opVerify, `{"certificate_code":"hx810001","action_type":"next"}`),
		foreign.BugA5NextRefusesToCurrent:      write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","to_certificate_status":"待核销"}`),
		foreign.BugA5TimeLowercaseZ:            read(opTemplates, `{"start_time":"2026-01-04t06:00:00z"}`),
		foreign.BugA5TimeSpaceOffsetDropped:    read(opTemplates, `{"start_time":"2026-01-04 06:00:00+00:00"}`),
		foreign.BugA5TimeBasicOffsetDropped:    read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-05T18:00:00+0000"}`),
		foreign.BugA5TimeFractionZLocal:        read(opTemplates, `{"start_time":"2026-01-04T06:00:00.000Z"}`),
		foreign.BugA5QrcodesEndOnlyLaterPages:  {key: foreign.ReadKey, op: opQrcodes, body: windowEnd5, follow: true},
		foreign.BugA5TemplatesWindowTokenStart: {key: foreign.ReadKey, op: opTemplates, body: `{"start_time":"2026-01-02","end_time":"2026-01-10","page_size":3}`, follow: true},
		foreign.BugA5QrcodesWindowDefault10:    read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-02","end_time":"2026-01-09"}`),
		foreign.BugA5CursorStringSizeNoToken:   read(opTemplates, `{"page_size":"5"}`),
		foreign.BugA5QrcodesTemplateBeyond20:   read(opQrcodes, `{"template":"fxt3240"}`),
		foreign.BugA5FormStringPageFirst:       read(opForms, `{"page":"2","page_size":3}`),
		foreign.BugA5NumberShortcutPerPage:     read(opForms, `{"number":"FX-001"}`),
		foreign.BugA5SearchNoPagingAllHits:     read(opForms, `{"search_key":"巡检"}`),
		foreign.BugA5SearchKeyIndexOverflow:    read(opForms, `{"search_key":"`+longKey+`"}`),
		foreign.BugA5SearchDuplicateAfterMove:  {key: foreign.ReadKey, op: opForms, body: `{"search_key":"FX-C0"}`, before: []string{moveNext}},
		foreign.BugA5RecordIDAbs:               read(opRecord, `{"record_id":-800001}`),
		foreign.BugA5RecordIDWraps32:           read(opRecord, `{"record_id":4295767297}`),
		foreign.BugA5JSONLDBirthDate:           read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugA5JSONLDAbstractSnippet:     read(opRecord, `{"record_id":800004,"format":"json-ld"}`),
		foreign.BugA5NewFormsQrcodeLabel:       read(opRecord, `{"record_id":820001}`),
		foreign.BugA5FrontMatterDuplicateTitle: read(opRecord, `{"record_id":800002,"format":"markdown"}`),
		foreign.BugA5FrontMatterAliasTitle:     read(opRecord, `{"record_id":810005,"format":"markdown"}`),
		foreign.BugA5MarkdownSubmittedUTC:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA5JSONLDDateCreatedLocalZ:   read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugA5QrcodesTokenTemplate:      other(opQrcodes, `{"template":"xlt0001","page_size":5,"page_token":"`+a5OurToken()+`"}`),
		foreign.BugA5JSONLDShareURLHolder:      read(opRecord, `{"record_id":810001,"format":"json-ld"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA5CursorTieCut:         read(opTemplates, `{"page_size":22}`),
		foreign.VariantA5TokenBoundToPageSize: read(opTemplates, `{"page_size":5}`),
		foreign.VariantA5FixedLengthMask:      read(opRecord, `{"record_id":800001}`),
		foreign.VariantA5ValidationCode422:    read(opForms, `{"page":0}`),
		foreign.VariantA5TrailingSlashURLs:    read(opRecord, `{"record_id":800001}`),
		foreign.VariantA5QueryStringURLs:      read(opRecord, `{"record_id":800001}`),
		foreign.VariantA5CredentialHost:       read(opRecord, `{"record_id":810001}`),
		foreign.VariantA5MoveTouchesActivity:  {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-C01"}`, before: []string{moveNext}},
		foreign.VariantA5NameMaskKeepsLast:    read(opRecord, `{"record_id":800001}`),
		foreign.VariantA5StatusOnceHistory:    read(opRecord, `{"record_id":810001}`),
		foreign.VariantA5LengthRequired:       {key: foreign.ReadKey, op: opForms, body: `{}`, chunked: true},
		foreign.VariantA5MoveRecordsTerminal:  {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
	} {
		variantProbes[v] = p
	}
}
