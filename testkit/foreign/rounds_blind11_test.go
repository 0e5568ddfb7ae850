package foreign_test

import (
	"fmt"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of blind round 11, added to bugProbes and variantProbes.
func init() {
	const rec800001 = `{"record_id":800001}`
	afterMoves := func(body string, moves ...string) probe {
		return probe{key: foreign.ReadKey, op: opRecord, body: body, before: moves}
	}
	byURL := `{"certificate_code":"` + ourURL + `%s","action_type":"set_next_certificate_status"}`
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB11MunicipalityCityNull:      read(opRecord, rec800001),
		foreign.BugB11AudioNoTranscriptArray:    read(opRecord, rec800001),
		foreign.BugB11CredentialHolderKeepsLast: read(opRecord, `{"record_id":810001}`),
		foreign.BugB11JSONLDTelephoneRaw:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB11PledgeMarkdownBOM:         read(opRecord, `{"record_id":800006,"format":"markdown"}`),
		foreign.BugB11PendingJSONLDEntityText:   read(opRecord, `{"record_id":800002,"format":"json-ld"}`),
		foreign.BugB11ReviewedMarkdownCamelID:   read(opRecord, `{"record_id":800004,"format":"markdown"}`),
		foreign.BugB11MovedRecordIDRevision:     afterMoves(`{"record_id":810001}`, moveNext),
		foreign.BugB11RecordCacheByID: {key: foreign.OtherOrgKey, op: opRecord, body: rec800001,
			before: []string{rec800001}, beforeOp: opRecord, beforeKey: foreign.ReadKey},
		foreign.BugB11MarkdownWrapperETag:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugB11MaskedNumberNaN:          read(opRecord, rec800001),
		foreign.BugB11NoFormOrgZero:            read(opRecord, `{"record_id":800003}`),
		foreign.BugB11ShareRecorderMasked:      read(opRecord, `{"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugB11DescriptionDropped:       read(opRecord, rec800001),
		foreign.BugB11ManualSubmitISOUTC:       read(opRecord, `{"record_id":800003}`),
		foreign.BugB11FormTotalOrdinaryOnly:    read(opForms, `{}`),
		foreign.BugB11SearchNumberLowercased:   read(opForms, `{"number":"FX-001","search_key":"巡检"}`),
		foreign.BugB11SystemFormProjectDropped: read(opForms, `{"number":"FX-011"}`),
		foreign.BugB11LimitedListCountAll:      {key: foreign.LimitedKey, op: opForms, body: `{}`},
		foreign.BugB11SearchCharsetGBK:         read(opForms, `{"search_key":"巡检"}`),
		foreign.BugB11TemplatesTotalDistinct:   read(opTemplates, `{}`),
		foreign.BugB11QrcodesEndDateNextDay:    read(opQrcodes, `{"template":"fxt3100","end_time":"2026-01-02"}`),
		foreign.BugB11TemplatesEndMinuteUp:     read(opTemplates, `{"end_time":"2026-01-05T14:03:30+08:00"}`),
		foreign.BugB11QrcodesWindowTotalString: read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-01"}`),
		foreign.BugB11QrcodesLaterPageCode200:  {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"fxt3100","page_size":5}`, follow: true},
		foreign.BugB11QrcodesMissingMsg:        read(opQrcodes, `{}`),
		foreign.BugB11VerifyValidator422:       write(opVerify, `{"action_type":"set_next_certificate_status"}`),
		foreign.BugB11ByURLSkipsAuthCode:       write(opVerify, fmt.Sprintf(byURL, "hx810008")),
		foreign.BugB11VerifyNumberNoPrefix:     write(opVerify, moveNext),
		foreign.BugB11PermissionCachePerRecord: {key: foreign.LimitedKey, op: opVerify, body: moveNext, before: []string{moveNext}},
		foreign.BugB11PublicRedeemByURL:        {op: opVerify, body: fmt.Sprintf(byURL, "hx810001")},
		foreign.BugB11StatusIDFirstFlow: {key: foreign.LimitedKey, op: opVerify,
			body: `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"22"}`},
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB11JSONLDHasPart:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB11ProcessStatusNoColor: read(opRecord, `{"record_id":810001}`),
		foreign.VariantB11UnknownKey403:        {key: "fx-no-such-key", op: opForms, body: `{}`},
		foreign.VariantB11HTTPMirror:           read(opRecord, `{"record_id":1}`),
		foreign.VariantB11FieldsNoGroupID:      read(opRecord, rec800001),
		foreign.VariantB11VerifyDetailEmpty:    write(opVerify, `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
		foreign.VariantB11AuditNoStage:         read(opRecord, `{"record_id":800002}`),
		foreign.VariantB11TemplatesMessageNone: read(opTemplates, `{}`),
		foreign.VariantB11MarkdownBulletLists:  read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB11QrcodeCategoryNull:   read(opRecord, rec800001),
	} {
		variantProbes[v] = p
	}
}
