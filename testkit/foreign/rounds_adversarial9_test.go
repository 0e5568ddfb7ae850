package foreign_test

import (
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of adversarial round 9, added to bugProbes and variantProbes.
func init() {
	const (
		setByID   = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"12"}`
		ownRecord = `{"record_url":"https://qa.foreign.example/c/fxr800001"}`
	)
	limited := func(op, body string) probe { return probe{key: foreign.LimitedKey, op: op, body: body} }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA9LimitedByURLUnmasked:      limited(opRecord, ownRecord),
		foreign.BugA9LimitedNextUnscoped:       limited(opVerify, moveNext),
		foreign.BugA9LimitedSetsByStatusID:     limited(opVerify, setByID),
		foreign.BugA9LimitedQrcodesNoWindow:    limited(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
		foreign.BugA9LimitedSubmitAtMillis:     limited(opVerify, `{"certificate_code":"hx820001","action_type":"set_next_certificate_status"}`),
		foreign.BugA9LimitedTotalScoped:        limited(opForms, `{}`),
		foreign.BugA9ReadKeySetsByStatusID:     read(opVerify, setByID),
		foreign.BugA9OtherOrgVerifyHostCaps:    other(opVerify, `{"certificate_code":"https://QA.Foreign.Example/c/hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA9OtherOrgRecordHostCaps:    other(opRecord, `{"record_url":"https://QA.foreign.example/c/fxr800001"}`),
		foreign.BugA9WriteKeyVerifiedLogMember: {key: foreign.WriteKey, op: opRecord, body: `{"record_id":810001}`, before: []string{moveNext}},
		foreign.BugA9WriteKeyNumberFuzzy:       write(opForms, `{"number":"FX-001"}`),
		foreign.BugA9NoKeyMarkdownPublic:       {op: opRecord, body: `{"record_id":800001,"format":"markdown"}`},
		foreign.BugA9BadKeyNumberLookup:        {key: "rtq-no-such-key", op: opForms, body: `{"number":"FX-001"}`},
		foreign.BugA9TerminalNextWraps:         {key: foreign.WriteKey, op: opVerify, body: moveNext, before: []string{moveNext, moveNext}},
		foreign.BugA9TraditionalStatusFolded:   write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核銷"}`),
		foreign.BugA9NumberEnDashFolded:        read(opForms, `{"number":"FX–001"}`),
		foreign.BugA9NumberCommaList:           read(opForms, `{"number":"FX-001,FX-002"}`),
		foreign.BugA9NumberHashStripped:        read(opForms, `{"number":"#FX-001"}`),
		foreign.BugA9NumberTrailingStarPrefix:  read(opForms, `{"number":"FX-00*"}`),
		foreign.BugA9BothFiltersLaterPages:     read(opForms, `{"number":"FX-002","search_key":"巡检","page":2,"page_size":1}`),
		foreign.BugA9SearchInnerSpaceCount:     read(opForms, `{"search_key":"巡检 表"}`),
		foreign.BugA9SearchPlusAsSpace:         read(opForms, `{"search_key":"FX+001"}`),
		foreign.BugA9SearchPercentDecoded:      read(opForms, `{"search_key":"%E5%B7%A1"}`),
		foreign.BugA9SearchLaterPagesUTC:       read(opForms, `{"search_key":"巡检","page":2,"page_size":2}`),
		foreign.BugA9OversizeDropsFilters:      read(opForms, `{"number":"FX-001","page_size":25}`),
		foreign.BugA9WindowMaxPageSizeExport:   read(opTemplates, `{"start_time":"2026-01-06","page_size":100}`),
		foreign.BugA9NullEndDropsStart:         read(opTemplates, `{"start_time":"2026-01-06","end_time":null}`),
		foreign.BugA9NextHonoursTo:             write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","to_certificate_status":"已作废"}`),
		foreign.BugA9WriteKeyTemplatesTotalAll: write(opTemplates, `{}`),
		foreign.BugA9NumberZeroPadded:          read(opForms, `{"number":"FX-1"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA9ZonelessRefused:       read(opTemplates, `{"start_time":"2026-01-06 10:00:00"}`),
		foreign.VariantA9InnerContentType:      read(opRecord, `{"record_id":800001}`),
		foreign.VariantA9TokensBoundToKey:      read(opTemplates, `{"page_size":5}`),
		foreign.VariantA9DuplicateMembersError: read(opForms, `{"number":"FX-001","number":"FX-002"}`),
		foreign.VariantA9TitleEscaped:          read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantA9ErrorsHTTP400:         read(opRecord, `{"record_id":1}`),
		foreign.VariantA9QrcodesDatesRefused:   read(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
		foreign.VariantA9NullMembersRefused:    read(opForms, `{"number":null}`),
		foreign.VariantA9BlankSearchRefused:    read(opForms, `{"search_key":" "}`),
		foreign.VariantA9LongSearchRefused:     read(opForms, `{"search_key":"`+strings.Repeat("巡检", 33)+`"}`),
	} {
		variantProbes[v] = p
	}
}
