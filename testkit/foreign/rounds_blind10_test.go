package foreign_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// b10QrcodesToken is the next_page_token of the first page of template
// fxt3100's sub-codes as the correct build issues it to our read key.
func b10QrcodesToken() string {
	req := httptest.NewRequest("POST", "/api/v2/rpc/"+opQrcodes, strings.NewReader(`{"template":"fxt3100"}`))
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

// The probes of blind round 10, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	afterMoves := func(body string, moves ...string) probe {
		return probe{key: foreign.ReadKey, op: opRecord, body: body, before: moves}
	}
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB10NumberDecimalString:      read(opRecord, rec800001),
		foreign.BugB10ChainedByText:            read(opRecord, rec800001),
		foreign.BugB10DynamicMatrixUUIDEmpty:   read(opRecord, rec800001),
		foreign.BugB10UnscannedFileNoExt:       read(opRecord, rec800001),
		foreign.BugB10DiffTextMediaNull:        read(opRecord, rec800001),
		foreign.BugB10RejectedAuditLabel:       read(opRecord, `{"record_id":800004}`),
		foreign.BugB10NewEditorTypeLabel:       read(opRecord, `{"record_id":800005}`),
		foreign.BugB10SubmitISOMinuteSeconds:   read(opRecord, rec800001),
		foreign.BugB10ShareNumberPrefixed:      read(opRecord, `{"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugB10MaskLongTextThird:        read(opRecord, `{"record_id":800004}`),
		foreign.BugB10JSONLDMaskByTitle:        read(opRecord, `{"record_id":800006,"format":"json-ld"}`),
		foreign.BugB10CredentialMarkdownIDCode: read(opRecord, `{"record_id":810001,"format":"markdown"}`),
		foreign.BugB10NoFormMarkdownH2:         read(opRecord, `{"record_id":800003,"format":"markdown"}`),
		foreign.BugB10CredentialJSONLDSameAs:   read(opRecord, `{"record_id":810001,"format":"json-ld"}`),
		foreign.BugB10DefaultFormatNoNotary:    read(opRecord, `{"record_id":800005}`),
		foreign.BugB10RecordIDInt32Wrap:        read(opRecord, `{"record_id":4295767297}`),
		foreign.BugB10BothAddressesURLWins:     read(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800002"}`),
		foreign.BugB10FormatArrayFirst:         read(opRecord, `{"record_id":800001,"format":["markdown"]}`),
		foreign.BugB10SearchTotalUnionAll:      read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB10ActiveISOFromCreated:     read(opForms, `{"page_size":20}`),
		foreign.BugB10MaxFallsBackDefault:      read(opForms, `{"page_size":20}`),
		foreign.BugB10ProjectCarriedOver:       read(opForms, `{}`),
		foreign.BugB10StartSecondsDropped:      read(opTemplates, `{"start_time":"2026-01-05T14:04:30+08:00"}`),
		foreign.BugB10QrcodesWindowCountAll:    read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-01"}`),
		foreign.BugB10TokenIsPageNumber:        read(opTemplates, `{"page_size":5}`),
		foreign.BugB10QrcodesBadToken404:       read(opQrcodes, `{"template":"fxt3100","page_token":"bogus"}`),
		foreign.BugB10ByURLTotalPageOnly:       read(opQrcodes, `{"template":"`+ourTpl+`"}`),
		foreign.BugB10FarEastOffsetServerZone:  read(opTemplates, `{"start_time":"2026-01-05T20:04:00+14:00"}`),
		foreign.BugB10QrcodesTokenSkipsTenancy: other(opQrcodes, `{"template":"fxt3100","page_token":"`+b10QrcodesToken()+`"}`),
		foreign.BugB10FinishedFlow100326: {key: foreign.WriteKey, op: opVerify, body: `{"certificate_code":"hx810013","action_type":"set_next_certificate_status"}`,
			before: []string{`{"certificate_code":"hx810013","action_type":"set_next_certificate_status"}`}},
		foreign.BugB10VerifySubmitAtNow:        write(opVerify, moveNext),
		foreign.BugB10ExpiredAuthMoveCommitted: afterMoves(`{"record_id":810008}`, `{"certificate_code":"hx810008","action_type":"set_next_certificate_status"}`),
		foreign.BugB10ReadKeyNextWithFrom:      read(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"待核销"}`),
		foreign.BugB10LimitedScopeByTplID: {key: foreign.LimitedKey, op: opVerify,
			body: `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5032}`},
		foreign.BugB10AuthErrorLatin1:           {key: "fx-no-such-key", op: opForms, body: `{}`},
		foreign.BugB10TemplatesTokenStartsOver:  read(opTemplates, `{"start_time":"2026-01-02","page_size":5}`),
		foreign.BugB10VerifyByURLQueryIgnoredID: write(opVerify, `{"certificate_code":"`+ourURL+`nothing?code=hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugB10QrcodesNoTemplateAll:      read(opQrcodes, `{}`),
		foreign.BugB10UnknownActionIsNext:       write(opVerify, `{"certificate_code":"hx810001","action_type":"redeem"}`),
		foreign.BugB10QrcodesURLPublic:          {op: opQrcodes, body: `{"template":"` + ourTpl + `"}`},
		foreign.BugB10OrgNameFromProject:        read(opRecord, rec800001),
	} {
		bugProbes[b] = p
	}
	limits := read(opForms, `{}`)
	limits.header = "X-RateLimit-Limit"
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB10FormsByNumberDesc:    read(opForms, `{}`),
		foreign.VariantB10VerifyMessageChinese: write(opVerify, moveNext),
		foreign.VariantB10FormListMessageEmpty: read(opForms, `{}`),
		foreign.VariantB10FrontMatterGenerator: read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB10JSONLDDateModified:   read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB10DecimalTrailingZeros: read(opRecord, rec800001),
		foreign.VariantB10RateLimitHeaders:     limits,
		foreign.VariantB10MoveNotarized:        afterMoves(`{"record_id":810001}`, moveNext),
		foreign.VariantB10StateChangesLatest:   afterMoves(`{"record_id":810001}`, moveNext, moveNext),
		foreign.VariantB10ChineseDetails:       read(opForms, `{"page":0}`),
		foreign.VariantB10NoCategoryID:         read(opRecord, `{"record_id":800002}`),
		foreign.VariantB10DatesRefused:         read(opTemplates, `{"end_time":"2026-01-05"}`),
	} {
		variantProbes[v] = p
	}
}
