package foreign_test

import "github.com/rtq-kit/rtq/testkit/foreign"

// The probes of adversarial round 6, added to bugProbes and variantProbes.
func init() {
	const (
		english  = "en-US,en;q=0.9"
		browser  = "https://app.example.com"
		console  = "https://console.foreign.example"
		wechat   = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN"
		iphone   = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
		archive  = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档"}`
		void     = `{"certificate_code":"hx810014","action_type":"set_certificate_status","to_certificate_status":"已作废"}`
		revoke   = `{"certificate_code":"hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销"}`
		nextOwn  = `{"certificate_code":"hx820001","action_type":"set_next_certificate_status"}`
		otherOwn = `{"certificate_code":"hx910001","action_type":"set_next_certificate_status"}`
	)
	withHeader := func(p probe, name, value string) probe {
		p.reqHeader = [2]string{name, value}
		return p
	}
	limited := func(op, body string) probe { return probe{key: foreign.LimitedKey, op: op, body: body} }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA6EnglishNamesClear:          withHeader(read(opRecord, `{"record_id":800001}`), "Accept-Language", english),
		foreign.BugA6EnglishFormTimesUTC:        withHeader(read(opForms, `{}`), "Accept-Language", "en"),
		foreign.BugA6USDateISO:                  withHeader(read(opRecord, `{"record_id":800001}`), "Accept-Language", english),
		foreign.BugA6OriginErrorsTextPlain:      withHeader(read(opRecord, `{}`), "Origin", browser),
		foreign.BugA6ConsoleOriginReadVerify:    withHeader(read(opVerify, moveNext), "Origin", console),
		foreign.BugA6XHREnvelope:                withHeader(read(opRecord, `{"record_id":800001}`), "X-Requested-With", "XMLHttpRequest"),
		foreign.BugA6WeChatRecordURL:            withHeader(read(opRecord, `{"record_id":800001}`), "User-Agent", wechat),
		foreign.BugA6MobileFormPage5:            withHeader(read(opForms, `{}`), "User-Agent", iphone),
		foreign.BugA6OriginStatusID:             withHeader(write(opVerify, moveNext), "Origin", browser),
		foreign.BugA6BrotliLabelGzip:            withHeader(read(opForms, `{}`), "Accept-Encoding", "gzip, deflate, br"),
		foreign.BugA6AcceptLDFormat:             withHeader(read(opRecord, `{"record_id":800001}`), "Accept", "application/ld+json, application/json"),
		foreign.BugA6LimitedNextRescoped:        limited(opVerify, nextOwn),
		foreign.BugA6WriteKeyScopedForm:         write(opVerify, revoke),
		foreign.BugA6TerminalIDUnknown:          {key: foreign.WriteKey, op: opVerify, body: `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"13"}`, before: []string{moveTo}},
		foreign.BugA6OtherOrgFlowByName:         other(opVerify, otherOwn),
		foreign.BugA6OtherOrgSuccessOrgID:       other(opVerify, otherOwn),
		foreign.BugA6NextTplIDFlow:              write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","tpl_id":5031}`),
		foreign.BugA6LimitedByURL100328:         limited(opVerify, `{"certificate_code":"`+ourURL+`hx820001","action_type":"set_certificate_status","to_certificate_status":"已注销"}`),
		foreign.BugA6NextByURL100320:            write(opVerify, `{"certificate_code":"`+ourURL+`hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA6ArchivedMarkdownID:         {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810001,"format":"markdown"}`, before: []string{moveTo, archive}},
		foreign.BugA6VoidJSONLDNoURL:            {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810014,"format":"json-ld"}`, before: []string{void}},
		foreign.BugA6VoidMarkdownClear:          {key: foreign.ReadKey, op: opRecord, body: `{"record_id":810014,"format":"markdown"}`, before: []string{void}},
		foreign.BugA6ByURLStaleAfterNext:        {key: foreign.ReadKey, op: opRecord, body: `{"record_url":"` + ourURL + `hx810001"}`, before: []string{moveNext}},
		foreign.BugA6VoidByURLNotFound:          {key: foreign.ReadKey, op: opRecord, body: `{"record_url":"` + ourURL + `hx810014"}`, before: []string{void}},
		foreign.BugA6RevokedMarkdownNoTitle:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":820001,"format":"markdown"}`, before: []string{revoke}, beforeKey: foreign.LimitedKey},
		foreign.BugA6LimitedMarkdownPhones:      limited(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.BugA6WriteFormPagesOverlap:      write(opForms, `{"page":2}`),
		foreign.BugA6WriteTemplatesTokenIgnored: {key: foreign.WriteKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
		foreign.BugA6WriteQrcodesDefaultNoToken: write(opQrcodes, `{"template":"fxt3100"}`),
		foreign.BugA6LimitedFormPageRepeats:     limited(opForms, `{"page":2}`),
		foreign.BugA6LimitedTemplatesToken400:   {key: foreign.LimitedKey, op: opTemplates, body: `{"page_size":5}`, follow: true},
		foreign.BugA6OtherOrgNumberIndex:        other(opForms, `{"number":"XL-001"}`),
		foreign.BugA6MigratedTemplateToken:      read(opQrcodes, `{"template":"fxt3163"}`),
		foreign.BugA6ConsoleRefererUnmasked:     withHeader(read(opRecord, `{"record_id":800001}`), "Referer", console+"/records/800001"),
		foreign.BugA6EnglishStatusNames:         withHeader(write(opVerify, moveNext), "Accept-Language", english),
		foreign.BugA6TenantHeaderHonoured:       withHeader(other(opForms, `{}`), "X-Tenant-ID", "7001"),
		foreign.BugA6TraditionalStatusNames:     withHeader(write(opVerify, moveNext), "Accept-Language", "zh-TW,zh;q=0.9"),
		foreign.BugA6AndroidIDsAsStrings:        withHeader(read(opRecord, `{"record_id":800001}`), "User-Agent", "okhttp/4.12.0"),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA6LimitedScope403:      limited(opVerify, `{"certificate_code":"hx810011","action_type":"set_next_certificate_status"}`),
		foreign.VariantA6LimitedNoTemplates:   limited(opTemplates, `{}`),
		foreign.VariantA6JSONLDTypeArray:      read(opRecord, `{"record_id":800001,"format":"json-ld"}`),
		foreign.VariantA6StatusNumbersLenient: write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":12}`),
		foreign.VariantA6ConnectionClose:      {key: foreign.ReadKey, op: opForms, body: `{}`, header: "Connection"},
		foreign.VariantA6OtherOrgFormsRefused: other(opForms, `{}`),
		foreign.VariantA6TokensPerReset:       read(opTemplates, `{"page_size":5}`),
		foreign.VariantA6UnknownCode404:       write(opVerify, `{"certificate_code":"no-such-code","action_type":"set_next_certificate_status"}`),
		foreign.VariantA6BothAddressesRefused: read(opRecord, `{"record_id":800001,"record_url":"`+ourURL+`fxr800001"}`),
		foreign.VariantA6FrontMatterPlain:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
	} {
		variantProbes[v] = p
	}
}
