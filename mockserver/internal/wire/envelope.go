package wire

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// The success envelopes of the endpoints (docs/contract.md §4.1 to §4.5): each
// appends a whole answer to dst, so a handler reuses its buffer and a page
// costs its items' bytes and a few appends. Lists take their items as a
// count and a function: the state decides which items, the envelope how
// they are framed.

// payloads render getRecord's data.data, by format name.
var payloads = map[string]func(state.RecordView) []byte{
	"json":     func(v state.RecordView) []byte { return marshal(recordJSON(v)) },
	"json-ld":  recordLDPayload,
	"markdown": recordMarkdownPayload,
}

// appendHead appends `{"code":0,"message":<msg>,"data":{`.
func appendHead(dst []byte, msg string) []byte {
	dst = append(dst, `{"code":0,"message":`...)
	dst = jsonw.AppendString(dst, msg)
	return append(dst, `,"data":{`...)
}

// Record is getRecord's success answer: the one kept for the record's
// current values, or one rendered now by RecordBody and kept.
func Record(a state.RecordAnswer) []byte { return a.Body(RecordBody) }

// RecordBody builds the whole getRecord success answer in
// contract.Formats[format], with the success message msg.
func RecordBody(format int, msg string, v state.RecordView) []byte {
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
// status it was moved to, with the success message.
func AppendVerified(dst []byte, v state.Verified) []byte {
	r := v.Shown
	dst = appendHead(dst, v.Message)
	dst = append(dst, `"record_number":`...)
	dst = jsonw.AppendString(dst, r.Number)
	dst = append(dst, `,"record_id":`...)
	dst = strconv.AppendInt(dst, r.RecordID, 10)
	dst = append(dst, `,"org_id":`...)
	dst = strconv.AppendInt(dst, r.OrgID, 10)
	dst = append(dst, `,"submit_at":`...)
	dst = strconv.AppendInt(dst, r.SubmitAt, 10)
	dst = append(dst, `,"certificate_status":`...)
	dst = jsonw.AppendString(dst, r.Status)
	return append(dst, "}}"...)
}

// FormPage is the page block of getFormList's answer.
type FormPage struct {
	Current, Last, PerPage, Total int64
}

// AppendForms appends getFormList's success answer for a page of the
// state's, each form's item rendered once and kept.
func AppendForms(dst []byte, p state.FormPage) []byte {
	return AppendFormList(dst, p.Message, len(p.Forms), func(i int) []byte { return formItem(p.Forms[i]) },
		FormPage{Current: p.Current, Last: p.Last, PerPage: p.PerPage, Total: p.Total})
}

// AppendTemplates appends templates/list's success answer for a page.
func AppendTemplates(dst []byte, p state.Page[*state.TemplateEntry]) []byte {
	return AppendCursorPage(dst, p.Message, len(p.Items), func(i int) []byte { return templateItem(p.Items[p.Index(i)]) }, p.Next, p.Total)
}

// AppendQrcodes appends templates/listQrcodes' success answer for a page.
func AppendQrcodes(dst []byte, p state.Page[state.SubCodeEntry]) []byte {
	return AppendCursorPage(dst, p.Message, len(p.Items), func(i int) []byte { return subCodeItem(&p.Items[p.Index(i)]) }, p.Next, p.Total)
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
