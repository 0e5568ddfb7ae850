package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/rtq-kit/rtq/contract"
)

// page is what a getFormList success says of its page.
type page struct {
	list                          []map[string]any
	cur, last, per, total         int64
	okCur, okLast, okPer, okTotal bool
}

func formPage(x *Exchange) page {
	data, _ := x.Object()["data"].(map[string]any)
	info, _ := data["page"].(map[string]any)
	p := page{list: items(data)}
	p.cur, p.okCur = Int(info["current_page"])
	p.last, p.okLast = Int(info["last_page"])
	p.per, p.okPer = Int(info["per_page"])
	p.total, p.okTotal = Int(info["total"])
	return p
}

// reqInt is an integer request member as sent (ok false when absent or
// not an integer): a JSON integer, a whole number written otherwise (5.0,
// 5e0), or a string of digits alone (leading zeros aside), which a target that answers a success has read as its
// number (reading "5" as 5 is the kit's lenient reading, §C1; reading it
// as absent, or as another number, is no reading at all).
func (x *Exchange) reqInt(name string) (int64, bool) {
	v := x.requestInt(name)
	if s, ok := v.(string); ok {
		if s == "" || len(s) > 18 || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return i, true
		}
		if f, err := n.Float64(); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f), true
		}
	}
	return 0, false
}

var formListRules = []Rule{
	{"9.version", "data.version is v1", success(contract.GetFormList), func(x *Exchange, _ *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		if data["version"] != contract.FormListVersion {
			return []string{fmt.Sprintf("data.version is %v, want %s", data["version"], contract.FormListVersion)}
		}
		return nil
	}},
	{"8.formList.max", "at most 20 forms on a page, per_page at most 20", success(contract.GetFormList), func(x *Exchange, _ *Env) []string {
		p := formPage(x)
		var out []string
		if p.okPer && p.per > contract.FormListMaxPageSize {
			out = append(out, fmt.Sprintf("per_page is %d, above the maximum %d", p.per, contract.FormListMaxPageSize))
		}
		if len(p.list) > contract.FormListMaxPageSize {
			out = append(out, fmt.Sprintf("%d forms on one page, above the maximum %d", len(p.list), contract.FormListMaxPageSize))
		}
		if p.okPer && int64(len(p.list)) > p.per {
			out = append(out, fmt.Sprintf("%d forms on a page of per_page %d", len(p.list), p.per))
		}
		return out
	}},
	{"8.formList.defaults", "without page and page_size: current_page 1, per_page 10", success(contract.GetFormList), func(x *Exchange, _ *Env) []string {
		p := formPage(x)
		params, _ := x.Params()
		var out []string
		if _, sent := params["page"]; !sent && p.okCur && p.cur != 1 {
			out = append(out, fmt.Sprintf("without page: current_page is %d, want 1", p.cur))
		}
		if _, sent := params["page_size"]; !sent && p.okPer && p.per != contract.FormListDefaultPageSize {
			out = append(out, fmt.Sprintf("without page_size: per_page is %d, want %d", p.per, contract.FormListDefaultPageSize))
		}
		return out
	}},
	{"8.formList.maxInclusive", "a page_size up to 20 is served as asked", func(x *Exchange, env *Env) bool {
		n, ok := x.reqInt("page_size")
		return success(contract.GetFormList)(x, env) && ok && n >= 1 && n <= contract.FormListMaxPageSize
	}, func(x *Exchange, _ *Env) []string {
		n, _ := x.reqInt("page_size")
		if p := formPage(x); p.okPer && p.per != n {
			return []string{fmt.Sprintf("page_size %d: per_page is %d", n, p.per)}
		}
		return nil
	}},
	{"4.3.lastPage", "last_page is max(ceil(total / per_page), 1)", success(contract.GetFormList), func(x *Exchange, _ *Env) []string {
		p := formPage(x)
		if !p.okLast || !p.okPer || !p.okTotal || p.per < 1 {
			return nil
		}
		if want := max((p.total+p.per-1)/p.per, 1); p.last != want {
			return []string{fmt.Sprintf("last_page is %d with total %d and per_page %d, want %d", p.last, p.total, p.per, want)}
		}
		return nil
	}},
	{"4.3.total", "a page holds its share of total", success(contract.GetFormList), func(x *Exchange, _ *Env) []string {
		p := formPage(x)
		if !p.okCur || !p.okPer || !p.okTotal || p.per < 1 || p.cur < 1 {
			return nil
		}
		// Page n of a walk holds the items n*per_page-per_page+1 to
		// n*per_page of total, as many as there are.
		want := min(max(p.total-(p.cur-1)*p.per, 0), p.per)
		if int64(len(p.list)) != want {
			return []string{fmt.Sprintf("page %d of per_page %d holds %d forms, total %d says %d", p.cur, p.per, len(p.list), p.total, want)}
		}
		return nil
	}},
	{"4.3.number", "every hit of number has exactly that number", func(x *Exchange, env *Env) bool {
		return success(contract.GetFormList)(x, env) && x.Param("number") != ""
	}, numberHits},
	{"4.3.searchKey", "every hit of search_key holds it in name, note or number", func(x *Exchange, env *Env) bool {
		return success(contract.GetFormList)(x, env) && strings.TrimSpace(x.Param("search_key")) != ""
	}, searchKeyHits},
	{"4.3.both", "number and search_key together: both apply", func(x *Exchange, env *Env) bool {
		return success(contract.GetFormList)(x, env) && x.Param("number") != "" && strings.TrimSpace(x.Param("search_key")) != ""
	}, func(x *Exchange, env *Env) []string {
		return append(numberHits(x, env), searchKeyHits(x, env)...)
	}},
}

// cursorSuccess applies to a success of either cursor listing.
func cursorSuccess(x *Exchange, _ *Env) bool {
	return (x.Is(contract.TemplatesList) || x.Is(contract.ListQrcodes)) && x.Success()
}

var cursorRules = []Rule{
	{"4.5.missingTemplate", "listQrcodes without template is code 400", func(x *Exchange, _ *Env) bool {
		p, ok := x.Params()
		_, isStr := p["template"].(string)
		return x.Is(contract.ListQrcodes) && ok && x.Param("template") == "" && (p["template"] == nil || isStr) && (x.Success() || businessError(x))
	}, func(x *Exchange, _ *Env) []string {
		c, _ := x.Code()
		p, _ := x.Params()
		// An empty template reads as absent (§C10, the kit's): a target
		// that looks it up instead finds no template, 404.
		if c == 400 || c == 404 && p["template"] != nil {
			return nil
		}
		return []string{fmt.Sprintf("listQrcodes without template: code %d, want 400", c)}
	}},
	{"8.cursor.max", "at most page_size items (default 20, never above 100)", cursorSuccess, func(x *Exchange, _ *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		n := int64(len(items(data)))
		limit := int64(contract.TemplatesDefaultPageSize)
		if size, ok := x.reqInt("page_size"); ok && size >= 1 {
			limit = min(size, contract.TemplatesMaxPageSize)
		}
		if n > limit {
			return []string{fmt.Sprintf("%d items on one page, at most %d allowed", n, limit)}
		}
		return nil
	}},
	{"4.4.lastToken", "an empty page, or a first page holding every item, carries no token", cursorSuccess, func(x *Exchange, _ *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		n := len(items(data))
		total, ok := Int(data["total"])
		switch {
		case data["next_page_token"] == nil:
		case n == 0:
			return []string{fmt.Sprintf("an empty page carries next_page_token %v", data["next_page_token"])}
		case ok && x.Param("page_token") == "" && int64(n) == total:
			return []string{fmt.Sprintf("a first page holding all %d items carries a next_page_token: it is the last page", n)}
		}
		return nil
	}},
	{"4.4.total", "total counts at least the page; a walk of one page holds total", cursorSuccess, func(x *Exchange, _ *Env) []string {
		data, _ := x.Object()["data"].(map[string]any)
		total, ok := Int(data["total"])
		n := int64(len(items(data)))
		switch {
		case !ok:
			return nil
		case n > total:
			return []string{fmt.Sprintf("%d items on a page, total says %d", n, total)}
		case x.Param("page_token") == "" && data["next_page_token"] == nil && n != total:
			return []string{fmt.Sprintf("a first page that is also the last holds %d items, total says %d", n, total)}
		}
		return nil
	}},
}

func numberHits(x *Exchange, _ *Env) []string {
	want := x.Param("number")
	var out []string
	for _, it := range formPage(x).list {
		if it["number"] != want {
			out = append(out, fmt.Sprintf("number %q lists form %v of number %v", short(want), it["id"], it["number"]))
		}
	}
	return out
}

// SearchFold is a text as the loosest reading of a fuzzy search_key the
// contract allows reads it (§4.3, §C5: "fuzzy could mean more" than a
// substring): a search index may fold case (ß is ss), width and other
// compatibility forms (a full-width Ａ is A, as NFKC reads it) and marks
// (é is e, as an accent-insensitive collation such as MySQL's default
// reads it). A hit is judged to hold the key under all of them at once;
// that a form holding the key as sent is a hit needs no folding, since
// every reading finds it.
func SearchFold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return cases.Fold().String(b.String())
}

// searchKeyHits: every form listed holds the key in its name, note or
// number, read as SearchFold reads both. How fuzzy a key of several words, or one
// with white space around it, reads is the target's (§C5): a form that
// holds the key trimmed, or any one of its words, is a hit; a key of
// white space alone says nothing.
func searchKeyHits(x *Exchange, _ *Env) []string {
	key := SearchFold(x.Param("search_key"))
	needles := append([]string{key, strings.TrimSpace(key)}, strings.Fields(key)...)
	if strings.TrimSpace(key) == "" {
		return nil
	}
	var out []string
	for _, it := range formPage(x).list {
		hit := false
		for _, m := range []string{"name", "note", "number"} {
			s, _ := it[m].(string)
			for _, n := range needles {
				hit = hit || n != "" && strings.Contains(SearchFold(s), n)
			}
		}
		if !hit {
			out = append(out, fmt.Sprintf("search_key %q lists form %v, whose name, note and number do not hold it", short(key), it["id"]))
		}
	}
	return out
}
