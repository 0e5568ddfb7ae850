package conformance

import (
	"maps"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// Forms of a request the contract leaves open: a target may refuse
// them, or serve them as it serves the usual form, and nothing else.
// A UTF-8 byte order mark before the body (PowerShell and .NET write
// one; RFC 8259 §8.1 lets a parser ignore it or refuse it) and members
// the contract does not name (§C1: ignored by the kit; a stricter
// service may refuse them) are such forms. Sent on every request of the
// run, a target that refuses them would refuse the walks the checks
// read, so they go on the endpoint's base body, one request of each per
// endpoint, and what comes back is judged as the rules judge the base
// body's answer: JSON in the endpoint's shape, never a framework's HTML
// page (C1.contentType, C1.jsonText), and, when served, every rule of
// the base (rules.Exchange.Params reads a body after a byte order mark
// as the body). The unknown members are the ones a client of another
// API sends, with values that would change the answer if they were
// read: a page size past the maximum under the names other paginators
// use (per_page, limit, pageSize, ...), a page or an offset under theirs,
// and flags that would lift a mask or a check (unmask, debug, force): a
// target that reads one serves a page past its cap (8.formList.max,
// 8.cursor.max), another page than the first (8.formList.defaults,
// 4.4.total) or a value in clear (2.1.masked).

// bom is the UTF-8 byte order mark.
const bom = "\xEF\xBB\xBF"

// unknownMembers are the members the contract does not name that a
// request to ep carries, by the kind of paging ep has.
func unknownMembers(ep contract.Endpoint) map[string]any {
	out := map[string]any{"debug": true, "unmask": true, "show_all": true, "force": true, "include_masked": true}
	size := 5 * contract.FormListMaxPageSize
	if ep != contract.GetFormList {
		size = 5 * contract.TemplatesMaxPageSize
	}
	switch ep {
	case contract.GetFormList:
		for _, n := range []string{"per_page", "perPage", "pageSize", "PageSize", "Page_Size", "limit", "size", "rows", "max_results"} {
			out[n] = size
		}
		for _, n := range []string{"current_page", "pageNum", "pageNo", "Page"} {
			out[n] = 2
		}
		out["offset"] = 1
	case contract.TemplatesList, contract.ListQrcodes:
		for _, n := range []string{"per_page", "limit", "pageSize", "Page_Size", "size", "max_results"} {
			out[n] = size
		}
		out["page"], out["offset"], out["skip"] = 2, 1, 1
	case contract.GetRecord:
		out["Format"], out["type"], out["output"] = "markdown", "markdown", "markdown"
	}
	return out
}

// kitFormCases are the generated requests of ep's open forms.
func kitFormCases(ep contract.Endpoint) []genCase {
	members := unknownMembers(ep)
	return []genCase{
		{what: "the base body after a UTF-8 byte order mark (refused, or served as the base)", value: true,
			raw: func(base map[string]any) []byte { return append([]byte(bom), marshal(base)...) }},
		{what: "the base body with members the contract does not name (" + strings.Join(slices.Sorted(maps.Keys(members)), ", ") + "; refused, or served as the base)",
			value: true, body: func(base map[string]any) map[string]any {
				out := copyMap(base)
				maps.Copy(out, members)
				return out
			}},
	}
}
