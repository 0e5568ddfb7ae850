package foreign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf16"
)

// shape is an endpoint's error body (docs/contract.md §C3).
type shape int

const (
	shapeRecord    shape = iota // code, error_code, message, message_detail
	shapeVerify                 // code, message, data {}, error_code; message_detail when there is one
	shapeFormList               // code, error_code, message, message_detail (may be "")
	shapeTemplates              // code, message, data {}
	shapeGeneric                // unknown paths: code, error_code, message, message_detail
)

// apiError is an error answer before it takes its endpoint's shape.
type apiError struct {
	code, errorCode int
	message, detail string
	// param names the parameter of a parameter error ("" for others).
	param string
	// html: the framework's own error page answers instead (a bug).
	html bool
	// textPlain: written without a Content-Type, so sniffed as text (a bug).
	textPlain bool
	// empty: the status line alone, no body (a bug's recovery middleware).
	empty bool
	// b7Shape answers in the templates shape, b7NoMessage without message,
	// b7NoData without data (bugs of round 7's middlewares).
	b7Shape, b7NoMessage, b7NoData bool
	// b8Data is the data of a verify error that helps too much, b8Bare
	// answers {code, message} alone, b8FormShape answers in getFormList's
	// shape (bugs of round 8).
	b8Data      obj
	b8Bare      bool
	b8FormShape bool
	// b9Shape, when b9Shaped, is the shape a bug's shared validator
	// answers in; b9Legacy writes errcode for error_code; b9NoDetail
	// leaves message_detail out (bugs of round 9).
	b9Shape            shape
	b9Shaped, b9Legacy bool
	b9NoDetail         bool
	// b11Body, when set, is the whole body a bug of round 11 answers.
	b11Body obj
}

// paramError is a parameter error naming the parameter.
func paramError(name, detail string) *apiError {
	return &apiError{code: 400, errorCode: 100301, message: "参数错误", detail: detail + " (" + name + ")", param: name}
}

func (s *Server) unknownPath() *apiError {
	ec := 100004
	if s.opts.Codes == CodesMockLike {
		ec = 100404
	}
	return &apiError{code: 404, errorCode: ec, message: "Not Found", detail: "no such operation"}
}

// notFound is an unknown record, or another organization's.
func (s *Server) notFound(detail string) *apiError {
	if s.opts.Codes == CodesMockLike {
		return &apiError{code: 404, errorCode: 100404, message: "Record not found", detail: detail}
	}
	return &apiError{code: 400, errorCode: 100310, message: "记录不存在", detail: detail}
}

// body renders e in the shape.
func (s *Server) body(sh shape, e *apiError) obj {
	e = s.b10Error(e)
	if s.opts.is(VariantB1ChineseMessages) {
		c := *e
		c.message = "请求失败（" + itoa(int64(e.errorCode)) + "）"
		e = &c
	}
	if s.opts.is(VariantB7EmptyErrorMessages) {
		c := *e
		c.message, c.detail = "", ""
		e = &c
	}
	if b := s.b9Body(sh, e); b != nil {
		return b
	}
	if b := s.b11Body(sh, e); b != nil {
		return b
	}
	if e.b7Shape {
		sh = shapeTemplates
	}
	if e.b8FormShape {
		sh = shapeFormList
	}
	if e.b8Bare {
		return o("code", e.code, "message", messageWithDetail(e))
	}
	if e.b7NoMessage && sh == shapeTemplates {
		return o("code", e.code, "data", obj{})
	}
	if e.b7NoData && sh == shapeVerify {
		return o("code", e.code, "message", e.message, "error_code", e.errorCode, "message_detail", e.detail)
	}
	switch sh {
	case shapeVerify:
		if s.opts.has(BugB3VerifyParamNoData) && e.errorCode == 100301 {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message, "message_detail", e.detail)
		}
		var data any = obj{}
		if e.b8Data != nil {
			data = e.b8Data
		}
		if s.opts.has(BugB1StateErrorsDataArray) && (e.errorCode == 100324 || e.errorCode == 100326) {
			data = []any{}
		}
		code := e.code
		if s.opts.has(BugB2VerifyBusinessCodeZero) && (e.errorCode == 100327 || e.errorCode == 100329) {
			code = 0
		}
		b := o("code", code, "message", e.message, "data", data, "error_code", e.errorCode)
		if e.detail != "" && !s.opts.is(VariantB2VerifyNoDetail) {
			b = append(b, member{"message_detail", e.detail})
		}
		return b
	case shapeTemplates:
		if s.opts.has(BugB5TemplatesTimeErrorNoData) && (e.param == "start_time" || e.param == "end_time") {
			return o("code", e.code, "message", messageWithDetail(e))
		}
		if s.opts.has(BugB3TemplatesCode422) && e.errorCode == 100301 {
			return o("code", 422, "message", messageWithDetail(e), "data", obj{})
		}
		if s.opts.has(BugB3Qrcodes404DataNull) && e.code == 404 {
			return o("code", e.code, "message", messageWithDetail(e), "data", nil)
		}
		if s.opts.is(VariantB2TemplatesDetail) {
			return o("code", e.code, "message", e.message, "data", obj{}, "message_detail", e.detail)
		}
		return o("code", e.code, "message", messageWithDetail(e), "data", obj{})
	case shapeRecord:
		if s.opts.has(BugB4NotFoundDetailNull) && (e.errorCode == 100310 || e.errorCode == 100404) {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message, "message_detail", nil)
		}
		if s.opts.has(BugRecordErrorNoDetail) {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message)
		}
		if s.opts.has(BugB2RecordErrorCodeString) {
			return o("code", e.code, "error_code", itoa(int64(e.errorCode)), "message", e.message, "message_detail", e.detail)
		}
	case shapeFormList:
		if s.opts.has(BugB4FormPagingErrorShape) && (e.param == "page" || e.param == "page_size") {
			return o("code", e.code, "message", messageWithDetail(e), "data", obj{})
		}
		if s.opts.has(BugB2FormListErrorNoDetail) {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message)
		}
		if s.opts.is(VariantB2FormDetailEmpty) {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message, "message_detail", "")
		}
	}
	return o("code", e.code, "error_code", e.errorCode, "message", e.message, "message_detail", e.detail)
}

// messageWithDetail puts the detail in the message of a shape that has no
// message_detail, so that the client still learns which parameter.
func messageWithDetail(e *apiError) string {
	if e.detail == "" {
		return e.message
	}
	return e.message + ": " + e.detail
}

// httpStatus is the status line of an error under the service's policy.
func (s *Server) httpStatus(e *apiError) int {
	switch {
	case e.html && e.code == 404, e.html && e.code == 413:
		return e.code
	case e.html, e.empty:
		return http.StatusInternalServerError
	case s.opts.is(VariantB5ErrorsHTTP400):
		return http.StatusBadRequest
	case s.opts.is(VariantB7Params422) && e.errorCode == 100301 && e.code == 400:
		return http.StatusUnprocessableEntity
	case s.opts.is(VariantA1StatusLines) && e.errorCode == 100301:
		return http.StatusUnprocessableEntity
	case s.opts.is(VariantA1StatusLines) && (e.errorCode == 100324 || e.errorCode == 100326):
		return http.StatusConflict
	case e.code >= 500 && e.code < 600:
		return e.code
	case s.opts.is(VariantB1Auth403Always200):
		return http.StatusOK
	case s.opts.Status == StatusMirror && e.code >= 400 && e.code < 600:
		return e.code
	case e.code == 401, e.code == 403, e.code == 405, e.code == 413:
		return e.code
	case e.code == 404 && e.errorCode == s.unknownPath().errorCode:
		return http.StatusNotFound
	}
	return http.StatusOK
}

func (s *Server) fail(w http.ResponseWriter, sh shape, e *apiError) {
	if e.empty {
		w.WriteHeader(s.httpStatus(e))
		return
	}
	if e.html {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(s.httpStatus(e))
		_, _ = w.Write([]byte(htmlPage(s.httpStatus(e))))
		return
	}
	if s.opts.is(VariantB6AuthGatewayShape) && (e.code == 401 || e.code == 403) {
		s.write(w, s.httpStatus(e), b6AuthBody(e))
		return
	}
	if s.opts.is(VariantA1BareAuthBodies) && (e.code == 401 || e.code == 403) {
		s.write(w, s.httpStatus(e), o("code", e.code, "message", e.message))
		return
	}
	b := s.body(sh, e)
	if s.opts.is(VariantB8ErrorRequestID) {
		b = append(b, member{"request_id", "fx-req-" + itoa(int64(e.code)) + "-" + itoa(int64(e.errorCode))})
	}
	if s.opts.is(VariantA4ErrorsWithData) && b.get("data") == nil {
		b = append(b, member{"data", obj{}})
	}
	if e.param != "" && s.opts.is(VariantA2ErrorsBag) {
		b = append(b, member{"errors", o(e.param, []any{e.detail})})
	}
	if e.textPlain {
		text, _ := encode(b)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(s.httpStatus(e))
		_, _ = w.Write(text)
		return
	}
	s.writeAs(w, s.httpStatus(e), b, s.b5ErrorType(sh))
}

// htmlPage is the error page a framework or a front proxy answers with.
func htmlPage(status int) string {
	title := fmt.Sprintf("%d %s", status, http.StatusText(status))
	return "<!DOCTYPE html><html><head><title>" + title + "</title></head><body><h1>" + title + "</h1><hr><center>nginx</center></body></html>"
}

func (s *Server) succeed(w http.ResponseWriter, data any) {
	if x, ok := data.(b11Answer); ok {
		s.b11Succeed(w, x)
		return
	}
	if x, ok := data.(b6Answer); ok {
		s.b6Succeed(w, x)
		return
	}
	var code any = 0
	if s.opts.has(BugCodeAsString) {
		code = "0"
	}
	var message any = s.opts.Message
	ct := ""
	status := http.StatusOK
	if x, ok := data.(a4Created); ok {
		data, status = x.data, http.StatusCreated
	}
	if x, ok := data.(b5Answer); ok {
		data, ct = x.data, x.contentType
		if x.nullMessage {
			message = nil
		}
	}
	if x, ok := data.(a7Extra); ok {
		s.writeAs(w, status, o("code", code, "message", message, "data", x.data, x.key, x.val), ct)
		return
	}
	if x, ok := data.(b9Answer); ok {
		if x.setMessage {
			message = x.message
		}
		s.writeAs(w, status, append(o("code", code, "message", message, "data", x.data), x.extra...), ct)
		return
	}
	if x, ok := data.(withTraceID); ok {
		s.writeAs(w, status, o("code", code, "message", message, "data", x.data, "trace_id", "fx-7f3a9c"), ct)
		return
	}
	if x, ok := data.(a6Envelope); ok {
		s.writeAs(w, status, o("code", code, "message", message, "data", x.data, "success", true), ct)
		return
	}
	if x, ok := data.(withRequestID); ok {
		s.writeAs(w, status, o("code", code, "message", message, "data", x.data, "request_id", "fx-0001"), ct)
		return
	}
	s.writeAs(w, status, o("code", code, "message", message, "data", data), ct)
}

func (s *Server) write(w http.ResponseWriter, status int, body obj) { s.writeAs(w, status, body, "") }

// writeAs writes an answer; ct, when set, is the Content-Type a bug
// writes instead of the service's.
func (s *Server) writeAs(w http.ResponseWriter, status int, body obj, ct string) {
	b, err := encode(s.dialect(body))
	if err == nil {
		b = s.b9Spell(s.spell(b))
	}
	if err != nil {
		b = []byte(`{"code":500,"error_code":100300,"message":"System error","message_detail":""}`)
		status = http.StatusInternalServerError
	}
	switch {
	case ct != "":
	case s.opts.has(BugCharset):
		ct = "application/json; charset=gbk"
	case s.opts.is(VariantB2NoCharset):
		ct = "application/json"
	case s.opts.is(VariantB2CharsetUpper):
		ct = "application/json; charset=UTF-8"
	case s.opts.is(VariantA1QuotedCharset):
		ct = `application/json; charset="utf-8"`
	case s.opts.is(VariantB4CompactContentType):
		ct = "application/json;charset=utf-8"
	default:
		ct = "application/json; charset=utf-8"
	}
	s.b5Headers(w, status)
	s.b9Headers(w)
	s.b10Headers(w)
	s.b12Headers(w)
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	if s.opts.is(VariantA7LeadingWhitespace) {
		_, _ = w.Write([]byte("\n"))
	}
	if s.opts.has(BugByteOrderMark) || s.opts.has(BugB7StreamedBOM) && len(b) > b7StreamLimit {
		_, _ = w.Write([]byte("\xEF\xBB\xBF"))
	}
	s.b9Write(w, b)
}

// dialect rewrites a body as a variant writes its members (reversed).
func (s *Server) dialect(body obj) any {
	if !s.opts.is(VariantB1MembersReversed) {
		return body
	}
	return reversed(body)
}

func reversed(v any) any {
	switch v := v.(type) {
	case obj:
		out := make(obj, len(v))
		for i, m := range v {
			out[len(v)-1-i] = member{m.key, reversed(m.val)}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = reversed(e)
		}
		return out
	}
	return v
}

// spell writes encoded JSON as a variant spells it: indented, or with
// every non-ASCII character escaped (only strings hold any).
func (s *Server) spell(b []byte) []byte {
	switch {
	case s.opts.is(VariantB1PrettyJSON):
		var out bytes.Buffer
		if json.Indent(&out, b, "", "    ") == nil {
			out.WriteByte('\n')
			return out.Bytes()
		}
	case s.opts.is(VariantB6PythonSeparators):
		return b6Spaced(b)
	case s.opts.is(VariantB3EscapedSlashes):
		return bytes.ReplaceAll(b, []byte("/"), []byte(`\/`))
	case s.opts.is(VariantB3NumberExponent):
		return exponents(b)
	case s.opts.is(VariantB8Float17Digits):
		return b8Floats(b)
	case s.opts.is(VariantB1UnicodeEscaped):
		var out bytes.Buffer
		for _, r := range string(b) {
			switch {
			case r < 0x80:
				out.WriteRune(r)
			case r > 0xFFFF:
				hi, lo := utf16.EncodeRune(r)
				fmt.Fprintf(&out, `\u%04x\u%04x`, hi, lo)
			default:
				fmt.Fprintf(&out, `\u%04x`, r)
			}
		}
		return out.Bytes()
	}
	return b
}

// exponents rewrites every number of encoded JSON that has a fraction
// with an exponent (36.5 as 3.65e+01); strings are left alone.
func exponents(b []byte) []byte {
	return eachFraction(b, func(f float64) string { return strconv.FormatFloat(f, 'e', -1, 64) })
}

// eachFraction rewrites every number of encoded JSON that has a fraction
// as spell writes it; strings are left alone.
func eachFraction(b []byte, spell func(float64) string) []byte {
	var out bytes.Buffer
	inString, escaped := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString:
			out.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		case c == '"':
			inString = true
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(b) && strings.IndexByte("+-.eE0123456789", b[j]) >= 0 {
				j++
			}
			num := string(b[i:j])
			if f, err := strconv.ParseFloat(num, 64); err == nil && strings.Contains(num, ".") {
				num = spell(f)
			}
			out.WriteString(num)
			i = j - 1
			continue
		}
		out.WriteByte(c)
	}
	return out.Bytes()
}
