package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 3, added to bugProbes and variantProbes.
func init() {
	const (
		rec800001 = `{"record_id":800001}`
		md800001  = `{"record_id":800001,"format":"markdown"}`
		moveVoid  = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已作废"}`
		limitedTo = `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销"}`
		twoFaults = `{"certificate_code":"hx810005","action_type":"set_certificate_status","to_certificate_status":"已核销","tpl_id":1}`
	)
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA3OtherOrgUnmasked:        other(opRecord, `{"record_id":910001}`),
		foreign.BugA3CodeIDShadowed:          write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5031,"code_id":1}`),
		foreign.BugA3NextNumberOfQRCode:      write(opVerify, moveNext),
		foreign.BugA3PlainRecordVerifies:     write(opVerify, `{"certificate_code":"fxr800001","action_type":"set_next_certificate_status"}`),
		foreign.BugA3FormProjectZero:         read(opForms, `{}`),
		foreign.BugA3FormClampOffsetAsked:    read(opForms, `{"page_size":25,"page":2}`),
		foreign.BugA3TwoFaultsGeneric:        write(opVerify, twoFaults),
		foreign.BugA3WriteKeyQrcodesNoWindow: write(opQrcodes, `{"template":"fxt3100","start_time":"2026-01-06"}`),
		foreign.BugA3RecordIDEchoedString:    read(opRecord, `{"record_id":"800001"}`),
		foreign.BugA3LimitedQrcodesAnyOrg:    {key: foreign.LimitedKey, op: opQrcodes, body: `{"template":"xlt0001"}`},
		foreign.BugA3RepeatWithFromSucceeds:  {key: foreign.WriteKey, op: opVerify, body: `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销","from_certificate_status":"已核销"}`, before: []string{moveTo}},
		foreign.BugA3VoidFromAnywhere:        {key: foreign.WriteKey, op: opVerify, body: moveVoid, before: []string{moveTo}},
		foreign.BugA3NextHonoursTo:           write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","to_certificate_status":"已作废"}`),
		foreign.BugA3MaskOneCharacter:        read(opRecord, rec800001),
		foreign.BugA3MarkdownTelLink:         read(opRecord, md800001),
		foreign.BugA3PageWithoutSize15:       read(opForms, `{"page":2}`),
		foreign.BugA3TokenSchemeAccepted:     {auth: "Token " + foreign.ReadKey, op: opForms, body: `{}`},
		foreign.BugA3KeyInQuery:              {op: opForms + "?api_key=" + foreign.ReadKey, body: `{}`},
		foreign.BugA3NumberSeparatorsIgnored: read(opForms, `{"number":"FX001"}`),
		foreign.BugA3RecordURLResolvesQRCode: read(opRecord, `{"record_url":"https://qa.foreign.example/q/QR800001"}`),
		foreign.BugA3TplIDStringMismatch:     write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":"5031"}`),
		foreign.BugA3DateEndTotalMidnight:    read(opTemplates, `{"end_time":"2026-01-05"}`),
		foreign.BugA3FractionRefused:         read(opTemplates, `{"start_time":"2026-01-04T16:00:00.000Z"}`),
		foreign.BugA3RecordURLCaseless:       read(opRecord, `{"record_url":"https://qa.foreign.example/c/FXR800001"}`),
		foreign.BugA3GzipQZero:               {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "gzip;q=0"},
		foreign.BugA3TokenDroppedOneLeft:     {key: foreign.ReadKey, op: opTemplates, body: `{"page_size":13}`, follow: true},
		foreign.BugA3SearchEmoji500:          read(opForms, `{"search_key":"巡检🔥"}`),
		foreign.BugA3LimitedMoveNotSaved:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":820001}`, before: []string{limitedTo}, beforeKey: foreign.LimitedKey},
		foreign.BugA3SearchPagerUncapped:     read(opForms, `{"search_key":"巡检","page_size":50}`),
		foreign.BugA3TokenNeedsPageSize:      {key: foreign.ReadKey, op: opTemplates, body: `{"end_time":"2026-12-31"}`, follow: true},
		foreign.BugA3NextFromIDRefused:       write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"11"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA3TokensWithSlash:     read(opTemplates, `{"page_size":10}`),
		foreign.VariantA3PlainOffsetTokens:   read(opTemplates, `{"page_size":10}`),
		foreign.VariantA3FrontMatterIDQuoted: read(opRecord, md800001),
		foreign.VariantA3FrontMatterLists:    read(opRecord, md800001),
		foreign.VariantA3HeadingWithNumber:   read(opRecord, md800001),
		foreign.VariantA3HeadingTab:          read(opRecord, md800001),
		foreign.VariantA3ScopeBeforeSwitches: write(opVerify, twoFaults),
		foreign.VariantA3NoPageBreakGroups:   read(opRecord, rec800001),
		foreign.VariantA3JSONLDID:            read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA3MarkdownCodeSpans:   read(opRecord, md800001),
		foreign.VariantA3MarkdownStatusTable: read(opRecord, `{"record_id":810013,"format":"markdown"}`),
	} {
		variantProbes[v] = p
	}
}
