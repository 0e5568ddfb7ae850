package foreign_test

import (
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of blind round 3, added to bugProbes and variantProbes.
func init() {
	for b, p := range map[foreign.Bug]probe{
		foreign.BugB3KeyCaseless:            {key: strings.ToUpper(foreign.ReadKey), op: opForms, body: `{}`},
		foreign.BugB3TemplatesLaterAllOrgs:  {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":10}`, follow: true},
		foreign.BugB3ReadKeyMovesThenRefuse: {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}, beforeKey: foreign.ReadKey},
		foreign.BugB3BothFiltersDropOrg:     read(opForms, `{"number":"XL-001","search_key":"报修"}`),
		foreign.BugB3LastPageFloor:          read(opForms, `{}`),
		foreign.BugB3TokenDefaultStride:     {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
		foreign.BugB3EmptyTemplate404:       read(opQrcodes, `{"template":"fxt3114"}`),
		foreign.BugB3CurrentPageString:      read(opForms, `{}`),
		foreign.BugB3NumberTrimmed:          read(opForms, `{"number":" FX-001 "}`),
		foreign.BugB3TemplatePrefix:         read(opQrcodes, `{"template":"fxt31"}`),
		foreign.BugB3OffsetMinutesDropped:   read(opTemplates, `{"start_time":"2026-01-05T11:20:00+05:30"}`),
		foreign.BugB3WindowOnTemplateTime:   read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
		foreign.BugB3TimeStringCompare:      read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06T00:00:00Z"}`),
		foreign.BugB3JSONLDNoCharset:        read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB3FormatEchoInternal:     read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB3MainEntityPerGroup:     read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.BugB3CredentialMDNewline:    read(opRecord, `{"record_id":810013,"format":"markdown"}`),
		foreign.BugB3ByURLLostAfterVerify:   {key: foreign.ReadKey, op: opRecord, body: `{"record_url":"` + ourURL + `hx810001"}`, before: []string{moveNext}},
		foreign.BugB3MaskedFlagNamesOnly:    read(opRecord, `{"record_id":800001}`),
		foreign.BugB3ShortValuesClear:       read(opRecord, `{"record_id":800006}`),
		foreign.BugB3BothIDsUnmasked:        read(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800001"}`),
		foreign.BugB3NumberValueString:      read(opRecord, `{"record_id":800001}`),
		foreign.BugB3ChainedLevelZero:       read(opRecord, `{"record_id":800001}`),
		foreign.BugB3FileNameNoExt:          read(opRecord, `{"record_id":800001}`),
		foreign.BugB3DynamicUUIDEmpty:       read(opRecord, `{"record_id":800001}`),
		foreign.BugB3DiffMediaAllMembers:    read(opRecord, `{"record_id":800001}`),
		foreign.BugB3SignatureNoSize:        read(opRecord, `{"record_id":800001}`),
		foreign.BugB3ManualUserNull:         read(opRecord, `{"record_id":800003}`),
		foreign.BugB3NoFormTemplateEmpty:    read(opRecord, `{"record_id":800003}`),
		foreign.BugB3UpdatedISOFromCreated:  read(opForms, `{}`),
		foreign.BugB3SubcodeIDString:        read(opQrcodes, `{"template":"fxt3100"}`),
		foreign.BugB3NextFromStale:          {key: foreign.WriteKey, op: opVerify, body: moveNext, before: []string{moveNext}},
		foreign.BugB3FormVerifyFlagIgnored:  write(opVerify, `{"certificate_code":"hx830001","action_type":"set_next_certificate_status"}`),
		foreign.BugB3IdentityAsUnapproved:   write(opVerify, `{"certificate_code":"hx810007","action_type":"set_next_certificate_status"}`),
		foreign.BugB3SubmitAtMillis:         write(opVerify, moveNext),
		foreign.BugB3TemplatesCode422:       read(opQrcodes, `{}`),
		foreign.BugB3Qrcodes404DataNull:     read(opQrcodes, `{"template":"nothing"}`),
		foreign.BugB3UnknownFormatJSON:      read(opRecord, `{"record_id":800001,"format":"xml"}`),
		foreign.BugB3VerifyParamNoData:      write(opVerify, `{"action_type":"set_next_certificate_status"}`),
		foreign.BugB3TokenNotStringIgnored:  read(opQrcodes, `{"template":"fxt3100","page_token":123}`),
		foreign.BugB3MethodPlainText:        {key: foreign.ReadKey, op: opForms, body: `{}`, method: "GET"},
		foreign.BugB3MalformedAuthEmpty:     {auth: "Token " + foreign.ReadKey, op: opForms, body: `{}`},
		foreign.BugB3TemplatesTrailingDebug: read(opTemplates, `{}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantB3TargetBeforeState: write(opVerify, `{"certificate_code":"hx810012","action_type":"set_certificate_status","to_certificate_status":"已归档"}`),
		foreign.VariantB3SingleUseTokens:   {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":5}`, follow: true, replay: true},
		foreign.VariantB3PastEndRefused:    read(opForms, `{"page":9}`),
		foreign.VariantB3NumberExponent:    read(opRecord, `{"record_id":800001}`),
		foreign.VariantB3HeadingTight:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB3TitleBlockScalar:  read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantB3JSONLDURLNode:     read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantB3MaskBullets:       read(opRecord, `{"record_id":800001}`),
		foreign.VariantB3MaskAll:           read(opRecord, `{"record_id":800001}`),
		foreign.VariantB3ISOBasicFormat:    read(opTemplates, `{"start_time":"20260105T000000+0800"}`),
		foreign.VariantB3ListItemsExtra:    read(opForms, `{}`),
		foreign.VariantB3EscapedSlashes:    read(opRecord, `{"record_id":800001}`),
	} {
		variantProbes[v] = p
	}
}
