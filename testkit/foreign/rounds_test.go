package foreign_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// probe is a request (after some writes) whose answer shows a bug or a
// variant: it must differ between the build with it and Defaults.
type probe struct {
	key, op, body string
	// before are writes made first, on both builds alike.
	before []string
	// follow sends the request again with the first answer's
	// next_page_token, and compares that second answer.
	follow bool
	// gzip sends Accept-Encoding: gzip.
	gzip bool
	// auth, when set, is the Authorization header as sent (key unused).
	auth string
	// method, when set, is the HTTP method of the request (POST unless).
	method string
	// beforeKey, when set, is the key the writes of before are made with
	// (WriteKey unless).
	beforeKey string
	// replay sends the followed request a second time, with the same
	// page token, and compares that answer (follow must be set).
	replay bool
	// contentType, when set, is the request's Content-Type; chunked sends
	// the body without a Content-Length.
	contentType string
	chunked     bool
	// encoding, when set, is the request's Accept-Encoding.
	encoding string
	// header, when set, names a response header the answer also shows.
	header string
	// beforeOp, when set, is the operation the requests of before are
	// sent to (verify unless): reads that fill a cache, say.
	beforeOp string
	// reqHeader, when set, is one more request header: name and value.
	reqHeader [2]string
	// path, when set, is the request's path as sent (/api/v2/rpc/ and op
	// unless).
	path string
	// raw keeps the answer's body as written, white space around it too.
	raw bool
	// together are requests sent side by side after before, with the
	// probe's key and operation; their answers, in a stable order, come
	// first in what is compared (which of them wins is the build's race).
	together []string
	// http10 sends the request as HTTP/1.0; more are further request
	// headers, name and value.
	http10 bool
	more   [][2]string
}

const (
	opRecord    = "record/getRecord"
	opVerify    = "certificates/verify"
	opForms     = "record/getFormList"
	opTemplates = "templates/list"
	opQrcodes   = "templates/listQrcodes"

	moveNext = `{"certificate_code":"hx810001","action_type":"set_next_certificate_status"}`
	moveTo   = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销"}`
	ourURL   = "https://qa.foreign.example/c/"
	ourTpl   = "https://qa.foreign.example/tpl/fxt3100"
)

func read(op, body string) probe  { return probe{key: foreign.ReadKey, op: op, body: body} }
func write(op, body string) probe { return probe{key: foreign.WriteKey, op: op, body: body} }
func other(op, body string) probe { return probe{key: foreign.OtherOrgKey, op: op, body: body} }

// bugProbes show each bug of every round.
var bugProbes = map[foreign.Bug]probe{
	foreign.BugB1FilterFirstPageOnly:    read(opForms, `{"search_key":"巡检","page_size":2,"page":2}`),
	foreign.BugB1TokenSkipsOne:          {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
	foreign.BugB1QrcodesLaterPagesAll:   {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"fxt3100","start_time":"2026-01-06","end_time":"2026-01-09T12:00:00+08:00","page_size":4}`, follow: true},
	foreign.BugB1TokenOnExactLastPage:   read(opTemplates, `{"page_size":27}`),
	foreign.BugB1FormMaxRefused:         read(opForms, `{"page_size":20}`),
	foreign.BugB1SearchDropsNumber:      read(opForms, `{"number":"FX-002","search_key":"巡检"}`),
	foreign.BugB1SearchOtherOrg:         read(opForms, `{"search_key":"核销"}`),
	foreign.BugB1TemplatesStartExcl:     read(opTemplates, `{"start_time":"2026-01-01 10:00:00"}`),
	foreign.BugB1QrcodesEndExcl:         read(opQrcodes, `{"template":"fxt3100","end_time":"2026-01-02 08:00:00"}`),
	foreign.BugB1TimeOffsetDropped:      read(opTemplates, `{"start_time":"2026-01-04T16:00:00Z"}`),
	foreign.BugB1JSONLDLeaksMasked:      read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.BugB1MarkdownIDIsNumber:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugB1MarkdownNoHeadingNoTpl: read(opRecord, `{"record_id":800003,"format":"markdown"}`),
	foreign.BugB1ByURLIgnoresFormat:     read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"json-ld"}`),
	foreign.BugB1JSONLDAsString:         read(opRecord, `{"record_id":800002,"format":"json-ld"}`),
	foreign.BugB1MarkdownMasksNamesOnly: read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugB1VerifyRewritesMethod:   {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
	foreign.BugB1MasksLostAfterVerify:   {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
	foreign.BugB1ByURLCrossesOrgs:       other(opRecord, `{"record_url":"`+ourURL+`fxr800001"}`),
	foreign.BugB1VerifyURLCrossesOrgs:   other(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_next_certificate_status"}`),
	foreign.BugB1QrcodesURLCrossesOrgs:  other(opQrcodes, `{"template":"`+ourTpl+`"}`),
	foreign.BugB1VerifyURLRefused:       write(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_next_certificate_status"}`),
	foreign.BugB1VerifyStatusIDRefused:  write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"12"}`),
	foreign.BugB1TemplatesTotalAllOrgs:  read(opTemplates, `{}`),
	foreign.BugB1OtherFormatsOtherOrg:   other(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugB1UnknownCodeGeneric:     write(opVerify, `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
	foreign.BugB1CodeIDNotIntIgnored:    write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":"abc"}`),
	foreign.BugB1TplIDZeroUnscoped:      write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":0}`),
	foreign.BugB1QrcodesMissing404:      read(opQrcodes, `{}`),
	foreign.BugB1StateErrorsDataArray:   write(opVerify, `{"certificate_code":"hx810012","action_type":"set_next_certificate_status"}`),
	foreign.BugB1UnknownURLCodeZero:     read(opRecord, `{"record_url":"`+ourURL+`nothing"}`),
	foreign.BugB1PageSizeHTML:           read(opForms, `{"page_size":"abc"}`),
	foreign.BugB1ActiveZeroEpoch:        read(opForms, `{"number":"FX-004"}`),
	foreign.BugB1NotaryISOUTC:           read(opRecord, `{"record_id":800005}`),
	foreign.BugB1UploadTimeRFC3339:      read(opRecord, `{"record_id":800001}`),
	foreign.BugB1ProjectEmptyArray:      read(opForms, `{"number":"FX-002"}`),

	foreign.BugB2VerifyMovesSiblings:      {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810002}`, before: []string{moveTo}},
	foreign.BugB2VerifyOrgIDIsFormID:      write(opVerify, moveNext),
	foreign.BugB2VerifyNumberIsCode:       write(opVerify, moveNext),
	foreign.BugB2CodeIDIgnored:            write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":1}`),
	foreign.BugB2RepeatByID:               write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"11"}`),
	foreign.BugB2UnknownURL500:            write(opVerify, `{"certificate_code":"`+ourURL+`nothing","action_type":"set_next_certificate_status"}`),
	foreign.BugB2ReadKeyVerifiesByURL:     read(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_next_certificate_status"}`),
	foreign.BugB2OtherOrgVerifyWithTpl:    other(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5031}`),
	foreign.BugB2StateChangeColorName:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
	foreign.BugB2ProcessColorNoHash:       read(opRecord, `{"record_id":810001}`),
	foreign.BugB2VerifyBusinessCodeZero:   write(opVerify, `{"certificate_code":"hx810007","action_type":"set_next_certificate_status"}`),
	foreign.BugB2JSONLDByURLLeaksMasked:   read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"json-ld"}`),
	foreign.BugB2CustomerMobileClear:      read(opRecord, `{"record_id":800001}`),
	foreign.BugB2DefaultFormatUnmasked:    read(opRecord, `{"record_id":800001}`),
	foreign.BugB2PerPageEchoesRequest:     read(opForms, `{"page_size":50}`),
	foreign.BugB2QrcodesTotalLaterPages:   {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"fxt3100","start_time":"2026-01-06","end_time":"2026-01-09T12:00:00+08:00","page_size":4}`, follow: true},
	foreign.BugB2EmptyListToken:           read(opTemplates, `{"start_time":"2027-01-01"}`),
	foreign.BugB2QrcodesCap30:             read(opQrcodes, `{"template":"fxt3100","page_size":100}`),
	foreign.BugB2SearchIgnoresNumberField: read(opForms, `{"search_key":"FX-C0"}`),
	foreign.BugB2QrcodesBoundsSwapped:     read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-10"}`),
	foreign.BugB2OffsetSignInverted:       read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-05T18:00:00-06:00"}`),
	foreign.BugB2TemplatesWindowOtherOrgs: read(opTemplates, `{"start_time":"2026-01-01"}`),
	foreign.BugB2MarkdownIDZeroByURL:      read(opRecord, `{"record_url":"`+ourURL+`fxr800001","format":"markdown"}`),
	foreign.BugB2JSONLDNoNameWithoutForm:  read(opRecord, `{"record_id":800003,"format":"json-ld"}`),
	foreign.BugB2MarkdownContentTypePlain: read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugB2AuditStatusString:        read(opRecord, `{"record_id":800004}`),
	foreign.BugB2OCRImageOmitted:          read(opRecord, `{"record_id":800001}`),
	foreign.BugB2AuditTextsDiffer:         read(opRecord, `{"record_id":810005}`),
	foreign.BugB2CategoryIDString:         read(opRecord, `{"record_id":800002}`),
	foreign.BugB2FormListErrorNoDetail:    read(opForms, `{"page":0}`),
	foreign.BugB2RecordErrorCodeString:    read(opRecord, `{"record_id":1}`),
	foreign.BugB2BadRecordIDWithURL:       read(opRecord, `{"record_id":"abc","record_url":"`+ourURL+`fxr800001"}`),
	foreign.BugB2PageStringIgnored:        read(opForms, `{"page":"abc"}`),
	foreign.BugB2TemplatesPageSizeZero:    read(opTemplates, `{"page_size":0}`),
	foreign.BugB2ArrayBody:                read(opForms, `[]`),
	foreign.BugB2BadTimeIgnored:           read(opTemplates, `{"start_time":"yesterday"}`),
	foreign.BugB2QrcodesBadKey:            {key: "nobody", op: opQrcodes, body: `{"template":"fxt3100"}`},
	foreign.BugA1FormPageSizeOne:          read(opForms, `{"page_size":1}`),
	foreign.BugA1FormNegativeSizeAll:      read(opForms, `{"page_size":-1}`),
	foreign.BugA1NumberLikeWildcards:      read(opForms, `{"number":"FX-00_"}`),
	foreign.BugA1NumberOtherOrg:           read(opForms, `{"number":"XL-001"}`),
	foreign.BugA1PastEndTotalZero:         read(opForms, `{"page":4}`),
	foreign.BugA1TwoFaultsHTML:            read(opForms, `{"page":0,"page_size":0}`),
	foreign.BugA1QrcodesFractionalSize:    read(opQrcodes, `{"template":"fxt3100","page_size":2.5}`),
	foreign.BugA1QrcodesLocalTimeUTC:      read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06 08:00:00"}`),
	foreign.BugA1TemplatesDateStartEOD:    read(opTemplates, `{"start_time":"2026-01-05"}`),
	foreign.BugA1QrcodesZAsLocal:          read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06T00:30:00Z"}`),
	foreign.BugA1CursorTiesSkipped:        {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":22}`, follow: true},
	foreign.BugA1TokenOtherOrg:            other(opTemplates, `{"page_size":10,"page_token":"MTB8bGlzdHw3MDAxfC18LQ.RcTt40t06xE_R71X"}`),
	foreign.BugA1QrcodesWindowOtherOrg:    other(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
	foreign.BugA1QrcodesURLDropsWindow:    read(opQrcodes, `{"template":"`+ourTpl+`","start_time":"2026-01-06"}`),
	foreign.BugA1CodeIDIsRecordID:         write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","code_id":50001}`),
	foreign.BugA1TplIDIsFlowID:            write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5031}`),
	foreign.BugA1NextIgnoresFrom:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"已核销"}`),
	foreign.BugA1ReadKeySets:              read(opVerify, moveTo),
	foreign.BugA1OtherOrgNext:             other(opVerify, moveNext),
	foreign.BugA1LimitedKeySets:           {key: foreign.LimitedKey, op: opVerify, body: moveTo},
	foreign.BugA1FromIDUnchecked:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销","from_certificate_status":"12"}`),
	foreign.BugA1FromNumberIgnored:        write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销","from_certificate_status":12}`),
	foreign.BugA1LimitedKeyByURL:          {key: foreign.LimitedKey, op: opVerify, body: `{"certificate_code":"` + ourURL + `hx810001","action_type":"set_next_certificate_status"}`},
	foreign.BugA1StatusEchoesRequest:      write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"12"}`),
	foreign.BugA1MarkdownClearAfterMove:   {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001,"format":"markdown"}`, before: []string{moveNext}},
	foreign.BugA1ByURLStaleAfterMove:      {key: foreign.ReadKey, op: opRecord, body: `{"record_url":"` + ourURL + `hx810001"}`, before: []string{moveNext}},
	foreign.BugA1HolderInTitle:            read(opRecord, `{"record_id":810013,"format":"json-ld"}`),
	foreign.BugA1MarkdownPhoneGrouped:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugA1UnknownPathHTML:          read("record/getRecords", `{}`),
	foreign.BugA1BodyTooLargeHTML:         read(opForms, `{"search_key":"`+strings.Repeat("巡", 1<<19)+`"}`),
	foreign.BugA1EmptyBearerReads:         {auth: "Bearer ", op: opForms, body: `{}`},

	foreign.BugA2HTMLWithoutAcceptJSON:   read(opForms, `{"page":0}`),
	foreign.BugA2ContentTypeParamsDrop:   {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-001"}`, contentType: "application/json; charset=utf-8"},
	foreign.BugA2ChunkedBodyIgnored:      {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-001"}`, chunked: true},
	foreign.BugA2AlwaysGzip:              {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "identity"},
	foreign.BugA2KeyPrefixOnly:           {key: "fx-read-0000", op: opForms, body: `{}`},
	foreign.BugA2WriteKeyUnmasked:        write(opRecord, `{"record_id":800001}`),
	foreign.BugA2WriteKeyStaffMembers:    write(opRecord, `{"record_id":800001}`),
	foreign.BugA2LimitedKeyFormsAllOrgs:  {key: foreign.LimitedKey, op: opForms, body: `{"number":"XL-001"}`},
	foreign.BugA2LimitedKeyRecordsOther:  {key: foreign.LimitedKey, op: opRecord, body: `{"record_id":900001}`},
	foreign.BugA2BareListingCached:       other(opForms, `{}`),
	foreign.BugA2ByURLMoveNotSaved:       {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNextByURL}},
	foreign.BugA2ByURLFromIgnored:        write(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_next_certificate_status","from_certificate_status":"已核销"}`),
	foreign.BugA2ByURLRecordIDIsQRCode:   write(opVerify, moveNextByURL),
	foreign.BugA2IdentitySkippedOnSet:    write(opVerify, `{"certificate_code":"hx810007","action_type":"set_certificate_status","to_certificate_status":"已核销"}`),
	foreign.BugA2ApprovalSkippedOnNext:   write(opVerify, `{"certificate_code":"hx810005","action_type":"set_next_certificate_status"}`),
	foreign.BugA2FormOffSkippedOnSet:     write(opVerify, `{"certificate_code":"hx830001","action_type":"set_certificate_status","to_certificate_status":"已核销"}`),
	foreign.BugA2WrongTplMovesOnNext:     write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5001}`),
	foreign.BugA2AuthCodeSkippedOnSet:    write(opVerify, `{"certificate_code":"hx810008","action_type":"set_certificate_status","to_certificate_status":"已核销"}`),
	foreign.BugA2VerifyDuplicatesForm:    {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-C01"}`, before: []string{moveNext}},
	foreign.BugA2VerifyActiveISOStale:    {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-C01"}`, before: []string{moveNext}},
	foreign.BugA2MovedRecordAnyOrg:       {key: foreign.OtherOrgKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
	foreign.BugA2PendingCardMarkdown:     read(opRecord, `{"record_id":810001,"format":"markdown"}`),
	foreign.BugA2ExpiredAuthRecordHTML:   read(opRecord, `{"record_id":810008}`),
	foreign.BugA2SearchQuoteHTML:         read(opForms, `{"search_key":"O'Neil"}`),
	foreign.BugA2CurrentPageString:       read(opForms, `{"page":"2"}`),
	foreign.BugA2TemplatesDefaultToken:   {key: foreign.ReadKey, op: opTemplates, body: `{"end_time":"2026-12-31"}`, follow: true},
	foreign.BugA2QrcodesDefaultUnlimited: read(opQrcodes, `{"template":"fxt3100"}`),
	foreign.BugA2MarkdownPhoneOtherHalf:  read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.BugA2JSONLDIdentityOtherHalf: read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.BugA2ActionTypeCaseless:      write(opVerify, `{"certificate_code":"hx810001","action_type":"SET_NEXT_CERTIFICATE_STATUS"}`),
	foreign.BugA2ToStatusPrefix:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已"}`),
	foreign.BugA2VoidCardJSONLDClear:     read(opRecord, `{"record_id":810012,"format":"json-ld"}`),
	foreign.BugA2WriteKeyFormDefault20:   write(opForms, `{}`),
}

// moveNextByURL moves 810001 to its next status by its full URL.
const moveNextByURL = `{"certificate_code":"` + ourURL + `hx810001","action_type":"set_next_certificate_status"}`

// variantProbes show each variant of every round.
var variantProbes = map[foreign.Variant]probe{
	foreign.VariantB1FormsByName:       read(opForms, `{}`),
	foreign.VariantB1MembersReversed:   read(opForms, `{}`),
	foreign.VariantB1PrettyJSON:        read(opForms, `{}`),
	foreign.VariantB1UnicodeEscaped:    read(opForms, `{}`),
	foreign.VariantB1MarkdownSetext:    read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantB1MarkdownCRLF:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantB1JSONLDContextList: read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.VariantB1VerifyOrder:       write(opVerify, `{"certificate_code":"hx810005","action_type":"set_next_certificate_status","tpl_id":1}`),
	foreign.VariantB1Auth403Always200:  {key: "", op: opForms, body: `{}`},
	foreign.VariantB1OptionalMembers:   read(opRecord, `{"record_id":800001}`),
	foreign.VariantB1ServerTokens:      read(opTemplates, `{}`),
	foreign.VariantB1ChineseMessages:   read(opForms, `{}`),

	foreign.VariantB2HeadingClosed:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantB2HeadingIndented:    read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantB2FrontMatterOrder:   read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantB2VerifyNoDetail:     write(opVerify, `{"action_type":"set_next_certificate_status"}`),
	foreign.VariantB2FormDetailEmpty:    read(opForms, `{"page":0}`),
	foreign.VariantB2TemplatesDetail:    read(opTemplates, `{"start_time":"yesterday"}`),
	foreign.VariantB2ReadKeyVerify401:   read(opVerify, moveNext),
	foreign.VariantB2Gzip:               {key: foreign.ReadKey, op: opForms, body: `{}`, gzip: true},
	foreign.VariantB2NoCharset:          read(opForms, `{}`),
	foreign.VariantB2CharsetUpper:       read(opForms, `{}`),
	foreign.VariantB2VerifyExtraData:    write(opVerify, moveNext),
	foreign.VariantB2JSONLDPlainEntries: read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.VariantA1QuotedKeys:         read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA1MarkdownCR:         read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA1FrontMatterSpace:   read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA1ReadKey100328:      read(opVerify, moveNext),
	foreign.VariantA1QuotedCharset:      read(opForms, `{}`),
	foreign.VariantA1BareAuthBodies:     {key: "fx-no-such-key", op: opForms, body: `{}`},
	foreign.VariantA1StatusLines:        read(opForms, `{"page":0}`),
	foreign.VariantA1IdentifierObject:   read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.VariantA1NameValueObject:    read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
	foreign.VariantA1EmptyMessage:       read(opForms, `{}`),
	foreign.VariantA1OtherOrg403:        other(opRecord, `{"record_id":800001}`),

	foreign.VariantA2StatusAsField:       read(opRecord, `{"record_id":810013}`),
	foreign.VariantA2PermissionAfterFind: read(opVerify, `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
	foreign.VariantA2SearchHighlight:     read(opForms, `{"search_key":"巡检"}`),
	foreign.VariantA2JSONFrontMatter:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA2OtherFormatsHide:    read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA2ChineseDates:        read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	foreign.VariantA2PastEndClamped:      read(opForms, `{"page":9}`),
	foreign.VariantA2TemplateCreated:     read(opTemplates, `{}`),
	foreign.VariantA2ErrorsBag:           read(opForms, `{"page":0}`),
	foreign.VariantA2OtherOrgVerify:      other(opVerify, moveNext),
	foreign.VariantA2TokenAsWritten:      read(opQrcodes, `{"template":"`+ourTpl+`","page_size":10}`),
	foreign.VariantA2StrictIntegers:      read(opForms, `{"page_size":"5"}`),
	foreign.VariantA2DateAsMidnight:      read(opTemplates, `{"end_time":"2026-01-05"}`),
}

// answer is one HTTP answer: status line, Content-Type and body.
func answer(t *testing.T, s *foreign.Server, p probe) string {
	t.Helper()
	if len(p.together) > 0 {
		foreign.StopClock(s, time.Now())
	}
	send := func(key, body string) (string, []byte) {
		method := p.method
		if method == "" {
			method = "POST"
		}
		target := "/api/v2/rpc/" + p.op
		if p.path != "" {
			target = p.path
		}
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		if p.auth != "" {
			req.Header.Set("Authorization", p.auth)
		}
		if p.gzip {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		if p.encoding != "" {
			req.Header.Set("Accept-Encoding", p.encoding)
		}
		if p.contentType != "" {
			req.Header.Set("Content-Type", p.contentType)
		}
		if p.chunked {
			req.ContentLength = -1
		}
		if p.reqHeader[0] != "" {
			req.Header.Set(p.reqHeader[0], p.reqHeader[1])
		}
		for _, h := range p.more {
			req.Header.Set(h[0], h[1])
		}
		if p.http10 {
			req.Proto, req.ProtoMinor = "HTTP/1.0", 0
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		head := rec.Result().Status + " " + rec.Header().Get("Content-Type") + "\n"
		if p.header != "" {
			head += p.header + ": " + rec.Header().Get(p.header) + "\n"
		}
		return head, rec.Body.Bytes()
	}
	for _, w := range p.before {
		op := p.beforeOp
		if op == "" {
			op = opVerify
		}
		req := httptest.NewRequest("POST", "/api/v2/rpc/"+op, strings.NewReader(w))
		key := p.beforeKey
		if key == "" {
			key = foreign.WriteKey
		}
		req.Header.Set("Authorization", "Bearer "+key)
		s.ServeHTTP(httptest.NewRecorder(), req)
	}
	var side []string
	if len(p.together) > 0 {
		side = make([]string, len(p.together))
		var wg sync.WaitGroup
		for i, b := range p.together {
			wg.Add(1)
			go func() {
				defer wg.Done()
				head, body := send(p.key, b)
				side[i] = head + string(bytes.TrimSpace(body))
			}()
		}
		wg.Wait()
		sort.Strings(side)
	}
	head, body := send(p.key, p.body)
	if len(side) > 0 {
		head = strings.Join(side, "\n") + "\n" + head
	}
	if p.follow {
		var a struct {
			Data struct {
				Token *string `json:"next_page_token"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &a); err != nil || a.Data.Token == nil {
			t.Fatalf("%s %s: no next_page_token to follow: %s", p.op, p.body, body)
		}
		next := strings.TrimSuffix(strings.TrimSpace(p.body), "}") + `,"page_token":"` + *a.Data.Token + `"}`
		head, body = send(p.key, next)
		if p.replay {
			head, body = send(p.key, next)
		}
	}
	if p.raw {
		return head + string(body)
	}
	return head + string(bytes.TrimSpace(body))
}

// Every bug and every variant of every round is real: a client can see it.
// A bug whose probe answers as the correct build does would make a "miss"
// of the runner that is no miss.
func TestEveryRoundBreakShows(t *testing.T) {
	for _, r := range foreign.Rounds() {
		for _, b := range r.Bugs {
			p, ok := bugProbes[b.Bug]
			shows(t, r.Name+": bug "+string(b.Bug), p, ok, func(o *foreign.Options) { o.Bug = b.Bug })
		}
		for _, v := range r.Variants {
			p, ok := variantProbes[v.Variant]
			if _, mended := defaultsSince[v.Variant]; mended {
				sameAsDefaults(t, r.Name+": variant "+string(v.Variant), p, func(o *foreign.Options) { o.Variant = v.Variant })
				continue
			}
			shows(t, r.Name+": variant "+string(v.Variant), p, ok, func(o *foreign.Options) { o.Variant = v.Variant })
		}
	}
}

// defaultsSince lists the correct variants whose difference the fake's
// Defaults took over, each with why: Defaults had broken the contract
// where the variant kept it, and the runner had not looked there. Such a
// variant stays in its round (the round is a record) and must now
// answer its probe as Defaults does.
var defaultsSince = map[foreign.Variant]string{
	foreign.VariantB6URLHostCaseless: "docs/contract.md §C10 reads a URL's scheme and host without regard to case; Defaults looked URLs up byte for byte, and the runner now sends hosts in capitals",
	foreign.VariantA4URLHostCaseless: "docs/contract.md §C10 reads a URL's scheme and host without regard to case; Defaults looked URLs up byte for byte, and the runner now sends hosts in capitals",
}

// sameAsDefaults fails unless the build set makes answers probe p as
// Defaults does.
func sameAsDefaults(t *testing.T, name string, p probe, set func(*foreign.Options)) {
	t.Helper()
	opts := foreign.Defaults()
	want := answer(t, foreign.New(opts), p)
	set(&opts)
	if got := answer(t, foreign.New(opts), p); got != want {
		t.Errorf("%s is listed in defaultsSince, but answers its probe %s %s otherwise than Defaults:\n%s\nDefaults:\n%s", name, p.op, p.body, got, want)
	}
}

// shows fails unless the build that set makes of Defaults answers probe p
// otherwise than Defaults itself; found says p was listed at all.
func shows(t *testing.T, name string, p probe, found bool, set func(*foreign.Options)) {
	t.Helper()
	if !found {
		t.Errorf("%s has no probe", name)
		return
	}
	opts := foreign.Defaults()
	want := answer(t, foreign.New(opts), p)
	set(&opts)
	if got := answer(t, foreign.New(opts), p); got == want {
		t.Errorf("%s does not show on its probe %s %s:\n%s", name, p.op, p.body, got)
	}
}

// Rounds are documented, large enough, and name every bug and variant
// once, also across the bugs of BugInfos.
func TestRoundsAreComplete(t *testing.T) {
	bugs := map[foreign.Bug]bool{}
	for _, b := range foreign.BugInfos() {
		bugs[b.Bug] = true
	}
	variants := map[foreign.Variant]bool{}
	names := map[string]bool{}
	for _, r := range foreign.Rounds() {
		if names[r.Name] || (r.Kind != "blind" && r.Kind != "adversarial") {
			t.Errorf("round %q: duplicate name or kind %q", r.Name, r.Kind)
		}
		names[r.Name] = true
		if len(r.Bugs) < 30 || len(r.Variants) < 10 {
			t.Errorf("round %s: %d bugs and %d variants, want at least 30 and 10", r.Name, len(r.Bugs), len(r.Variants))
		}
		for _, b := range r.Bugs {
			if bugs[b.Bug] || b.Section == "" || b.Breaks == "" {
				t.Errorf("round %s: bug %q duplicate or undocumented", r.Name, b.Bug)
			}
			bugs[b.Bug] = true
		}
		for _, v := range r.Variants {
			if variants[v.Variant] || v.Differs == "" || !strings.Contains(v.Allowed, "§") {
				t.Errorf("round %s: variant %q duplicate, or without what differs and the section that allows it", r.Name, v.Variant)
			}
			variants[v.Variant] = true
		}
	}
}
