package coverage

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
)

// The denominators, built once from contract: what a client of each
// endpoint can send and receive. An entry's id starts with its
// endpoint's name, so a report reads "record/getRecord format=markdown".

// Members is how the coverage reads a request's body members: the chain's
// parsed members (chain.Members).
type Members interface {
	// Raw is the member's raw JSON value, nil when absent or null.
	Raw(name string) []byte
}

// param is one telling thing a request can send.
type param struct {
	id   string
	sent func(m Members, s *Seen) bool
}

func has(name string) func(Members, *Seen) bool {
	return func(m Members, _ *Seen) bool { return m.Raw(name) != nil }
}

func is(name, value string) func(Members, *Seen) bool {
	return func(m Members, _ *Seen) bool {
		s, ok := jsonw.String(m.Raw(name))
		return ok && s == value
	}
}

// atMax is a page_size of exactly the endpoint's maximum: the last size
// a client may ask.
func atMax(max int64) func(Members, *Seen) bool {
	return func(m Members, _ *Seen) bool {
		n, ok := jsonw.Int(m.Raw("page_size"))
		return ok && n == max
	}
}

func pastLast(_ Members, s *Seen) bool { return s.Shape&PastLast != 0 }

// pageParams are the paging members a templates listing reads.
func pageParams(max int64) []param {
	return []param{
		{"start_time", has("start_time")}, {"end_time", has("end_time")},
		{"page_size", has("page_size")}, {"page_size=" + strconv.FormatInt(max, 10) + " (the maximum)", atMax(max)},
		{"page_token", has("page_token")},
	}
}

// params are the telling members and values of each endpoint, in
// contract.Endpoints' order.
var params = [][]param{
	append([]param{{"record_id", has("record_id")}, {"record_url", has("record_url")}}, formatParams()...),
	{
		{"action_type=" + contract.ActionSetStatus, is("action_type", contract.ActionSetStatus)},
		{"action_type=" + contract.ActionNextStatus, is("action_type", contract.ActionNextStatus)},
		{"from_certificate_status", has("from_certificate_status")},
		{"tpl_id", has("tpl_id")}, {"code_id", has("code_id")},
	},
	{
		{"page", has("page")}, {"page_size", has("page_size")},
		{"page_size=" + strconv.Itoa(contract.FormListMaxPageSize) + " (the maximum)", atMax(contract.FormListMaxPageSize)},
		{"page past the last", pastLast},
		{"search_key", has("search_key")}, {"number", has("number")},
	},
	pageParams(contract.TemplatesMaxPageSize),
	append([]param{{"template", has("template")}}, pageParams(contract.TemplatesMaxPageSize)...),
}

// formatParams is one entry a format of getRecord; no format is json.
func formatParams() []param {
	var out []param
	for _, f := range contract.Formats {
		name := f.Name
		out = append(out, param{"format=" + name, func(m Members, _ *Seen) bool {
			raw := m.Raw("format")
			if raw == nil {
				return name == "json"
			}
			s, ok := jsonw.String(raw)
			return ok && s == name
		}})
	}
	return out
}

// shape is one thing an answer can show.
type shape struct {
	id   string
	seen func(s *Seen) bool
}

func listShapes() []shape {
	return []shape{
		{"empty list", func(s *Seen) bool { return s.Shape&EmptyList != 0 }},
		{"last page", func(s *Seen) bool { return s.Shape&LastPage != 0 }},
		{"a page with more after it", func(s *Seen) bool { return s.Shape&MorePages != 0 }},
	}
}

// Shape ids the scenario may be unable to produce (report.go).
const (
	shapeMasked = "a masked value"
	shapeNoForm = "a record without a form"
)

// shapes are the shapes of each endpoint's success, in contract.Endpoints' order.
var shapes = [][]shape{
	{
		{shapeMasked, func(s *Seen) bool { return s.Record != nil && s.Record.Masked }},
		{shapeNoForm, func(s *Seen) bool { return s.Record != nil && s.Record.NoForm }},
	},
	{{"a certificate moved", func(s *Seen) bool { return s.MoveTo != nil }}},
	listShapes(), listShapes(), listShapes(),
}

// answer is one error answer a client of an endpoint can receive:
// error_code (0: any) and the body's code, an HTTP status.
type answer struct {
	errorCode, code int
	id              string
}

// dropped is the error entry of a connection closed without an answer.
const dropped = "connection dropped"

func row(e contract.ErrorCode) answer {
	return answer{e.Code, e.Status, strconv.Itoa(e.Code) + "/" + strconv.Itoa(e.Status)}
}

func status(code int) answer { return answer{0, code, strconv.Itoa(code)} }

// errorsOf are the error answers of each endpoint, in contract.Endpoints'
// order: the spec's and the kit's rows an endpoint answers, then what a
// fault rule injects (429, 503, a dropped connection; docs/mock.md, "Faults").
// The templates endpoints carry no error_code: their entries are codes.
var errorsOf = func() [][]answer {
	common := []answer{status(429), status(503), {-1, 0, dropped}}
	param := row(contract.VerifyErrors[0])
	read := []answer{param, row(contract.UnauthorizedError), row(contract.ForbiddenError)}
	verify := []answer{row(contract.UnauthorizedError), row(contract.NoWriteScopeError)}
	for _, e := range contract.VerifyErrors {
		verify = append(verify, row(e))
	}
	templates := []answer{status(400), status(401), status(403)}
	return [][]answer{
		append(append(read, row(contract.RecordNotFoundError)), common...),
		append(verify, common...),
		append(append([]answer{}, read...), common...),
		append(append([]answer{}, templates...), common...),
		append(append(templates, status(404)), common...),
	}
}()

// rowOf is the i-th row of a table of this file, nil past its end: an
// endpoint a table has no row for counts nothing rather than crash every
// request, and TestTablesHaveARowPerEndpoint names the table.
func rowOf[T any](table [][]T, i int) []T {
	if i < len(table) {
		return table[i]
	}
	return nil
}

// epIndex is an endpoint's place in contract.Endpoints, -1 for none.
func epIndex(ep *contract.Endpoint) int {
	if ep == nil {
		return -1
	}
	for i := range contract.Endpoints {
		if contract.Endpoints[i].Name == ep.Name {
			return i
		}
	}
	return -1
}

// bodyMembers reads a body no handler split: the members of a call
// refused before its handler (no key, a fault rule's error), which the
// client sent all the same. Each Raw walks the body: such calls are few.
type bodyMembers []byte

func (b bodyMembers) Raw(name string) []byte {
	var out []byte
	_ = jsonw.Members(b, func(n, raw []byte) {
		if out == nil && string(n) == name && string(raw) != "null" {
			out = raw
		}
	})
	return out
}
