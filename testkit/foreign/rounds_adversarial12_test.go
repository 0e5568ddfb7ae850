package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 12, added to bugProbes and variantProbes.
func init() {
	const (
		nextTo    = `"action_type":"set_next_certificate_status"}`
		setTo     = `"action_type":"set_certificate_status","to_certificate_status":`
		imported  = `{"certificate_code":"hx810013",`
		limitedID = `{"certificate_code":"hx820001",`
		archive   = `{"certificate_code":"hx810001",` + setTo + `"已归档"}`
		// qrcodesToken is the head of a listQrcodes token (5|qrcodes|...)
		// with a signature that does not matter: the bug fails first.
		qrcodesToken = "NXxxcmNvZGVzfDcwMDF8Znh0MzEwMHwtfC0.AAAAAAAAAAAAAAAA"
	)
	limited := func(op, body string) probe { return probe{key: foreign.LimitedKey, op: op, body: body} }
	window := func(extra string) probe {
		return read(opQrcodes, `{"template":"fxt3100",`+extra+`}`)
	}
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA12ImportedNextFromFirst:  write(opVerify, imported+nextTo),
		foreign.BugA12ImportedRepeatServed:   write(opVerify, imported+setTo+`"已核销"}`),
		foreign.BugA12LimitedEchoTargetID:    limited(opVerify, limitedID+setTo+`"22"}`),
		foreign.BugA12LimitedNextByCodeOld:   limited(opVerify, limitedID+nextTo),
		foreign.BugA12ReadKeySetByCode:       read(opVerify, moveTo),
		foreign.BugA12DryRunHonoured:         {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001}`, before: []string{`{"certificate_code":"hx810001","dry_run":true,` + nextTo}},
		foreign.BugA12QueryToken:             {op: opForms + "?token=" + foreign.ReadKey, body: `{}`},
		foreign.BugA12VerifyXAPIKey:          {op: opVerify, body: moveNext, reqHeader: [2]string{"X-Api-Key", foreign.WriteKey}},
		foreign.BugA12BasicPasswordKey:       {auth: "Basic YXBpOmZ4LXJlYWQtM2I4Yw==", op: opForms, body: `{}`},
		foreign.BugA12SandboxSuffixKey:       {key: foreign.ReadKey + "-test", op: opForms, body: `{}`},
		foreign.BugA12CorpIDSwitchesOrg:      write(opForms, `{"corp_id":"xlwy"}`),
		foreign.BugA12NumberLaterPagesCached: read(opForms, `{"number":"FX-001","page":2,"page_size":3}`),
		foreign.BugA12SameDayWindowInstant:   window(`"start_time":"2026-01-06","end_time":"2026-01-06"`),
		foreign.BugA12BodyTimezone:           window(`"start_time":"2026-01-06 08:00:00","timezone":"Asia/Tokyo"`),
		foreign.BugA12LenientDatesUTC:        window(`"start_time":"2026-1-6"`),
		foreign.BugA12Hour24SameDay:          window(`"start_time":"2026-01-05T24:00:00+08:00"`),
		foreign.BugA12OffsetNoColonDropped:   window(`"start_time":"2026-01-06T00:00:00+0000"`),
		foreign.BugA12ErrorTextCutBytes:      read(opQrcodes, `{"template":"巡检巡检巡检巡检巡检巡检巡检巡检"}`),
		foreign.BugA12CrossTokenPanics:       read(opTemplates, `{"page_token":"`+qrcodesToken+`"}`),
		foreign.BugA12NotModifiedPost:        {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, reqHeader: [2]string{"If-Modified-Since", "Mon, 30 Nov 2026 00:00:00 GMT"}},
		foreign.BugA12OriginalHostURL:        {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, reqHeader: [2]string{"X-Original-Host", "gw.partner.example"}},
		foreign.BugA12DesensitizeFalse:       write(opRecord, `{"record_id":800001,"desensitize":false}`),
		foreign.BugA12URLUnapprovedNoFields:  read(opRecord, `{"record_url":"`+ourURL+`hx810005"}`),
		foreign.BugA12MarkdownSubmittedUTC:   read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA12LimitedAuditLabel:      limited(opRecord, `{"record_id":800002}`),
		foreign.BugA12WindowTokenDropsEnd:    {key: foreign.ReadKey, op: opQrcodes, body: `{"template":"fxt3100","end_time":"2026-01-03","page_size":5}`, follow: true},
		foreign.BugA12ImportedFromSkipped:    write(opVerify, imported+`"from_certificate_status":"待核销",`+setTo+`"已归档"}`),
		foreign.BugA12ArchivedJSONLDArray:    {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001,"format":"json-ld"}`, before: []string{moveTo, archive}},
		foreign.BugA12VoidedSubmitAtMoved:    write(opVerify, `{"certificate_code":"hx810001",`+setTo+`"14"}`),
		foreign.BugA12ExpiredBySetMoves:      write(opVerify, `{"certificate_code":"hx810008",`+setTo+`"12"}`),
		foreign.BugA12FormsNoteOnlyTotal:     read(opForms, `{"search_key":"night"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA12SetextHeading:      read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantA12ContextArray:       read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA12AuditStageNull:     read(opRecord, `{"record_id":800004}`),
		foreign.VariantA12TokensWithNonce:    read(opTemplates, `{"page_size":5}`),
		foreign.VariantA12PastEndRefused:     read(opForms, `{"page":4}`),
		foreign.VariantA12StatusTextNull:     read(opRecord, `{"record_id":810001}`),
		foreign.VariantA12FractionRefused:    window(`"start_time":"2026-01-06T08:00:00.5+08:00"`),
		foreign.VariantA12DatesRefused:       read(opTemplates, `{"start_time":"2026-01-05"}`),
		foreign.VariantA12JSONLDPositions:    read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA12VerifyExtraMembers: write(opVerify, moveNext),
	} {
		variantProbes[v] = p
	}
}
