package foreign

import (
	"net/http"
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
}

// paramError is a parameter error naming the parameter.
func paramError(name, detail string) *apiError {
	return &apiError{code: 400, errorCode: 100301, message: "参数错误", detail: detail + " (" + name + ")"}
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
	switch sh {
	case shapeVerify:
		b := o("code", e.code, "message", e.message, "data", obj{}, "error_code", e.errorCode)
		if e.detail != "" {
			b = append(b, member{"message_detail", e.detail})
		}
		return b
	case shapeTemplates:
		return o("code", e.code, "message", messageWithDetail(e), "data", obj{})
	case shapeRecord:
		if s.opts.has(BugRecordErrorNoDetail) {
			return o("code", e.code, "error_code", e.errorCode, "message", e.message)
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
	s.write(w, s.httpStatus(e), s.body(sh, e))
}

func (s *Server) succeed(w http.ResponseWriter, data any) {
	var code any = 0
	if s.opts.has(BugCodeAsString) {
		code = "0"
	}
	if x, ok := data.(withRequestID); ok {
		s.write(w, http.StatusOK, o("code", code, "message", s.opts.Message, "data", x.data, "request_id", "fx-0001"))
		return
	}
	s.write(w, http.StatusOK, o("code", code, "message", s.opts.Message, "data", data))
}

func (s *Server) write(w http.ResponseWriter, status int, body obj) {
	b, err := encode(body)
	if err != nil {
		b = []byte(`{"code":500,"error_code":100300,"message":"System error","message_detail":""}`)
		status = http.StatusInternalServerError
	}
	ct := "application/json; charset=utf-8"
	if s.opts.has(BugCharset) {
		ct = "application/json; charset=gbk"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	if s.opts.has(BugByteOrderMark) {
		_, _ = w.Write([]byte("\xEF\xBB\xBF"))
	}
	_, _ = w.Write(b)
}
