package wire

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/scenario"
)

// The success envelopes of the five endpoints (docs/contract.md §4.1 to §4.5): each
// appends a whole answer to dst, so a handler reuses its buffer and a page
// costs its items' bytes and a few appends. Lists take their items as a
// count and a function: the state decides which items, the envelope how
// they are framed.

// payloads render getRecord's data.data, by format name.
var payloads = map[string]func(RecordView) []byte{
	"json":     func(v RecordView) []byte { return marshal(recordJSON(v)) },
	"json-ld":  recordLDPayload,
	"markdown": recordMarkdownPayload,
}

// Message is the success message of an endpoint under a scenario: the
// recorded service's (scenario.Service) or the kit's.
func Message(sc *scenario.Scenario, endpoint string) string {
	return sc.Service.Message(endpoint, contract.KitSuccessMessage(endpoint))
}

// appendHead appends `{"code":0,"message":<msg>,"data":{`.
func appendHead(dst []byte, msg string) []byte {
	dst = append(dst, `{"code":0,"message":`...)
	dst = jsonw.AppendString(dst, msg)
	return append(dst, `,"data":{`...)
}

// RecordBody builds the whole getRecord success answer in
// contract.Formats[format], with the success message msg.
func RecordBody(format int, msg string, v RecordView) []byte {
	f := contract.Formats[format]
	payload := payloads[f.Name](v)
	b := make([]byte, 0, len(payload)+128)
	b = appendHead(b, msg)
	b = append(b, `"format":`...)
	b = jsonw.AppendString(b, f.Name)
	b = append(b, `,"content_type":`...)
	b = jsonw.AppendString(b, f.ContentType)
	b = append(b, `,"data":`...)
	b = append(b, payload...)
	return append(b, "}}"...)
}

// AppendVerified appends verify's success answer: the record and the
// status it was moved to, with the success message msg.
func AppendVerified(dst []byte, msg string, r *scenario.Record, to *scenario.Status) []byte {
	dst = appendHead(dst, msg)
	dst = append(dst, `"record_number":`...)
	dst = jsonw.AppendString(dst, r.Number)
	dst = append(dst, `,"record_id":`...)
	dst = strconv.AppendInt(dst, r.ID, 10)
	dst = append(dst, `,"org_id":`...)
	dst = strconv.AppendInt(dst, r.Org.ID, 10)
	dst = append(dst, `,"submit_at":`...)
	dst = strconv.AppendInt(dst, r.SubmitAt, 10)
	dst = append(dst, `,"certificate_status":`...)
	dst = jsonw.AppendString(dst, to.Name)
	return append(dst, "}}"...)
}

// FormPage is the page block of getFormList's answer.
type FormPage struct {
	Current, Last, PerPage, Total int64
}

// AppendFormList appends getFormList's success answer: n items, item(i)
// being the i-th, and the page block.
func AppendFormList(dst []byte, msg string, n int, item func(int) []byte, p FormPage) []byte {
	dst = appendHead(dst, msg)
	dst = append(dst, `"version":"`+contract.FormListVersion+`","list":[`...)
	dst = appendItems(dst, n, item)
	dst = append(dst, `],"page":{"current_page":`...)
	dst = strconv.AppendInt(dst, p.Current, 10)
	dst = append(dst, `,"last_page":`...)
	dst = strconv.AppendInt(dst, p.Last, 10)
	dst = append(dst, `,"per_page":`...)
	dst = strconv.AppendInt(dst, p.PerPage, 10)
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, p.Total, 10)
	return append(dst, "}}}"...)
}

// AppendCursorPage appends a templates/* success answer (docs/contract.md §4.4 and
// §4.5): n items, the token of the next page (null when next is "") and the
// total of the filtered list.
func AppendCursorPage(dst []byte, msg string, n int, item func(int) []byte, next string, total int64) []byte {
	dst = appendHead(dst, msg)
	dst = append(dst, `"list":[`...)
	dst = appendItems(dst, n, item)
	dst = append(dst, `],"next_page_token":`...)
	if next != "" {
		dst = jsonw.AppendString(dst, next)
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, total, 10)
	return append(dst, "}}"...)
}

// appendItems writes pre-rendered items separated by commas.
func appendItems(dst []byte, n int, item func(int) []byte) []byte {
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, item(i)...)
	}
	return dst
}
