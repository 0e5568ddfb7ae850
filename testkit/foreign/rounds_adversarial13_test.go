package foreign_test

import (
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of adversarial round 13, added to bugProbes and variantProbes.
func init() {
	const (
		newStore = `{"template":"fxt3121"}`
		javaUA   = "text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2"
	)
	noKey := func(h [2]string) probe { return probe{op: opForms, body: `{}`, reqHeader: h} }
	hdr := func(p probe, name, value string) probe { p.reqHeader = [2]string{name, value}; return p }
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA13JavaAcceptStar:        hdr(read(opForms, `{}`), "Accept", javaUA),
		foreign.BugA13H2CUpgradeBodyDropped: {key: foreign.ReadKey, op: opForms, body: `{"number":"FX-001"}`, more: [][2]string{{"Connection", "Upgrade, HTTP2-Settings"}, {"Upgrade", "h2c"}, {"HTTP2-Settings", "AAMAAABkAAQAoAAAAAIAAAAA"}}},
		foreign.BugA13HTTP10LengthInChars:   {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, http10: true, header: "Content-Length"},
		foreign.BugA13AcceptLanguageStar:    hdr(write(opVerify, moveTo), "Accept-Language", "*"),
		foreign.BugA13JSessionIDPath:        {op: opForms, path: "/api/v2/rpc/record/getFormList;jsessionid=8A1F6C2D0E4B7A39C5D2E1F0A9B8C7D6", body: `{}`},
		foreign.BugA13XHTTPMethodHonoured:   hdr(read(opForms, `{"number":"FX-001"}`), "X-HTTP-Method", "GET"),
		foreign.BugA13BodyCallbackJSONP:     read(opForms, `{"callback":"jQuery37106180546062193066_1767225600000"}`),
		foreign.BugA13DeletePatchHTML:       {key: foreign.ReadKey, op: opForms, body: `{}`, method: "DELETE"},
		foreign.BugA13HALAccept:             hdr(read(opForms, `{}`), "Accept", "application/hal+json"),
		foreign.BugA13ProblemJSONErrors:     hdr(read(opForms, `{"page":0}`), "Accept", "application/problem+json, application/json"),
		foreign.BugA13PreferMinimal:         hdr(write(opVerify, moveNext), "Prefer", "return=minimal"),
		foreign.BugA13BodyAPIToken:          {op: opForms, body: `{"api_token":"` + foreign.ReadKey + `"}`},
		foreign.BugA13ProxyAuthorization:    noKey([2]string{"Proxy-Authorization", "Bearer " + foreign.ReadKey}),
		foreign.BugA13RefererToken:          noKey([2]string{"Referer", "https://h5.foreign.example/share?token=" + foreign.ReadKey}),
		foreign.BugA13CookieToken:           noKey([2]string{"Cookie", "token=" + foreign.ReadKey}),
		foreign.BugA13DoubleBearer:          {auth: "Bearer Bearer " + foreign.ReadKey, op: opForms, body: `{}`},
		foreign.BugA13KeyLikeWildcards:      {key: "fx-read-%", op: opForms, body: `{}`},
		foreign.BugA13OriginSubdomainOrg:    hdr(write(opForms, `{}`), "Origin", "https://xlwy.console.foreign.example"),
		foreign.BugA13OtherOrgNewTemplates:  other(opQrcodes, newStore),
		foreign.BugA13NewStoreListNull:      read(opQrcodes, newStore),
		foreign.BugA13NewStoreEmptyToken:    read(opQrcodes, newStore),
		foreign.BugA13CodePadSpace:          write(opVerify, `{"certificate_code":"hx810001  ","action_type":"set_next_certificate_status"}`),
		foreign.BugA13CodingPadSpace:        read(opQrcodes, `{"template":"fxt3100 "}`),
		foreign.BugA13URLFragmentEchoed:     read(opRecord, `{"record_url":"`+ourURL+`fxr800001#top"}`),
		foreign.BugA13OtherFlowStatus:       write(opVerify, `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"22"}`),
		foreign.BugA13ISOWeekYear:           read(opTemplates, `{"start_time":"2025-12-29"}`),
		foreign.BugA13MonthLastDayEnd:       read(opTemplates, `{"end_time":"2026-01-31"}`),
		foreign.BugA13CrossYearWindow:       read(opTemplates, `{"start_time":"2025-12-31","end_time":"2026-01-10"}`),
		foreign.BugA13RequestCharset:        {key: foreign.WriteKey, op: opVerify, body: moveTo, contentType: "application/json; charset=gbk"},
		foreign.BugA13MinusZeroOffset:       read(opTemplates, `{"start_time":"2026-01-04T08:00:00-00:00"}`),
		foreign.BugA13ShareQueryCrossOrg:    other(opRecord, `{"record_url":"`+ourURL+`fxr800001?from=singlemessage"}`),
	} {
		bugProbes[b] = p
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA13YAMLTags:        read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantA13XGzip:           {key: foreign.ReadKey, op: opForms, body: `{}`, gzip: true, header: "Content-Encoding"},
		foreign.VariantA13EmptyLastPage:   read(opTemplates, `{"page_size":27}`),
		foreign.VariantA13GzipMinLength:   {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, gzip: true, header: "Content-Encoding"},
		foreign.VariantA13LowerTZRefused:  read(opTemplates, `{"start_time":"2026-01-05t00:00:00z"}`),
		foreign.VariantA13HTTPURL:         read(opRecord, `{"record_url":"http://qa.foreign.example/c/fxr800001"}`),
		foreign.VariantA13YAMLEscapes:     read(opRecord, `{"record_id":800001,"format":"markdown"}`),
		foreign.VariantA13SearchWidthFold: read(opForms, `{"search_key":"ＦＸ-00"}`),
		foreign.VariantA13AllowOptions:    {key: foreign.ReadKey, op: opForms, body: `{}`, method: "GET", header: "Allow"},
		foreign.VariantA13BodyLimit64K:    read(opForms, `{"search_key":"`+strings.Repeat("a", 70000)+`"}`),
	} {
		variantProbes[v] = p
	}
}
