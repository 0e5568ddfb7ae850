package foreign_test

import (
	"bytes"
	"compress/gzip"
	"strings"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The probes of adversarial round 15, added to bugProbes and variantProbes.
func init() {
	const (
		markdown = `{"record_id":800001,"format":"markdown"}`
		refuse   = `{"certificate_code":"hx810001","action_type":"set_certificate_status","to_certificate_status":"已归档"}`
	)
	after := func(p probe, before ...string) probe {
		p.before = before
		return p
	}
	with := func(p probe, name, value string) probe {
		p.reqHeader = [2]string{name, value}
		return p
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(moveNext))
	_ = zw.Close()
	for b, p := range map[foreign.Bug]probe{
		foreign.BugA15RangePartial:          with(read(opForms, `{}`), "Range", "bytes=0-20"),
		foreign.BugA15IdempotencyShared:     {key: foreign.ReadKey, op: opRecord, body: `{"record_id":800001}`, together: []string{`{"record_id":800004}`}, reqHeader: [2]string{"Idempotency-Key", "k-1"}},
		foreign.BugA15StarRawDeflate:        {key: foreign.ReadKey, op: opForms, body: `{}`, encoding: "zstd, br;q=1.0, gzip;q=0.8, *;q=0.1", header: "Content-Encoding"},
		foreign.BugA15ForwardedProtoURL:     with(read(opRecord, `{"record_id":800001}`), "X-Forwarded-Proto", "http"),
		foreign.BugA15ForwardedPrefixURL:    with(read(opRecord, `{"record_id":800001}`), "X-Forwarded-Prefix", "/gateway"),
		foreign.BugA15HTTP10HealthCheck:     {op: opForms, body: `{}`, http10: true},
		foreign.BugA15ReadKeyCompressedBody: {key: foreign.ReadKey, op: opVerify, body: gz.String(), more: [][2]string{{"Content-Encoding", "gzip"}}},
		foreign.BugA15FromReadModel:         after(write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"已核销"}`), moveNext),
		foreign.BugA15HistoryOverflow:       after(read(opRecord, `{"record_id":810001}`), moveNext, moveNext),
		foreign.BugA15DoubleScanGuard:       after(write(opVerify, moveNext), moveNext),
		foreign.BugA15RefusalLockKept:       after(write(opVerify, moveNext), refuse),
		foreign.BugA15SearchResultWindow:    read(opForms, `{"search_key":"FX","page":3}`),
		foreign.BugA15NumberZeroEmpty:       read(opForms, `{"number":"0"}`),
		foreign.BugA15TemplateZeroMissing:   read(opQrcodes, `{"template":"0"}`),
		foreign.BugA15CodeZeroMissing:       write(opVerify, `{"certificate_code":"0","action_type":"set_next_certificate_status"}`),
		foreign.BugA15CodeTransliterated:    write(opVerify, `{"certificate_code":"hх810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA15CodingPunctuationCut:  read(opQrcodes, `{"template":"fxt3100."}`),
		foreign.BugA15URLCodeLeadingZeros:   read(opRecord, `{"record_url":"`+ourURL+`hx0810001"}`),
		foreign.BugA15TemplateURLNoScheme:   read(opQrcodes, `{"template":"`+strings.TrimPrefix(ourTpl, "https://")+`"}`),
		foreign.BugA15RecordURLSchemeless:   read(opRecord, `{"record_url":"`+strings.TrimPrefix(ourURL, "https:")+`fxr800001"}`),
		foreign.BugA15VerifyURLUserinfo:     write(opVerify, `{"certificate_code":"https://someone@qa.foreign.example/c/hx810001","action_type":"set_next_certificate_status"}`),
		foreign.BugA15FractionDigits500:     read(opTemplates, `{"start_time":"2026-01-02T03:04:05.5+08:00"}`),
		foreign.BugA15EarlyYear500:          read(opTemplates, `{"start_time":"0999-01-02"}`),
		foreign.BugA15OffsetClamped:         read(opTemplates, `{"start_time":"2026-01-27T17:00:00+14:00"}`),
		foreign.BugA15FrontMatterTab:        read(opRecord, markdown),
		foreign.BugA15FrontMatterDirective:  read(opRecord, markdown),
		foreign.BugA15FrontMatterIDFloat:    read(opRecord, markdown),
		foreign.BugA15MarkdownVariantParam:  read(opRecord, markdown),
		foreign.BugA15ActionTrimmed:         write(opVerify, `{"certificate_code":"hx810001","action_type":" set_next_certificate_status"}`),
		foreign.BugA15UnknownFrom100326:     write(opVerify, `{"certificate_code":"hx810001","action_type":"set_next_certificate_status","from_certificate_status":"nope"}`),
		foreign.BugA15FormatCaseless:        read(opRecord, `{"record_id":800001,"format":"JSON-LD"}`),
	} {
		bugProbes[b] = p
	}
	many := make([]string, 45)
	for i := range many {
		many[i] = `{}`
	}
	for v, p := range map[foreign.Variant]probe{
		foreign.VariantA15EarlyHints:       {key: foreign.ReadKey, op: opForms, body: `{}`, header: "Link"},
		foreign.VariantA15ShortPages:       read(opTemplates, `{"page_size":4}`),
		foreign.VariantA15JWTTokens:        read(opTemplates, `{}`),
		foreign.VariantA15RateLimit:        {key: foreign.ReadKey, op: opForms, body: `{}`, together: many},
		foreign.VariantA15Subsequence:      read(opForms, `{"search_key":"设检"}`),
		foreign.VariantA15CloseAfterErrors: {key: foreign.ReadKey, op: opRecord, body: `{"record_id":123}`, header: "Connection"},
		foreign.VariantA15TabsCRLF:         read(opForms, `{}`),
		foreign.VariantA15JSONBOrder:       read(opForms, `{}`),
		foreign.VariantA15CTSpaceSemicolon: read(opForms, `{}`),
		foreign.VariantA15CTTrailingSemi:   read(opForms, `{}`),
	} {
		variantProbes[v] = p
	}
}
