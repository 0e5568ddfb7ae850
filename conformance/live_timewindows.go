package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// relation.live.windows: a page of templates/list or listQrcodes that
// the read key asked with exactly a time window the profile gives facts
// of (templates.window; a template's window, by its coding or URL) says
// the window's total and lists no item the profile says was created
// outside it (statements 4.4.window and 4.4.totalFilter). Live traffic knows
// nothing else of when an item was created; these are the facts the
// runner's templates.window and listQrcodes.window assert, read from the
// same profile.

// windowFacts are the profile's windows by listing: "" for
// templates/list, a template's coding or URL for listQrcodes.
type windowFacts map[string]*profile.Window

// windowFactsOf reads the profile's windows.
func windowFactsOf(p *profile.Profile) windowFacts {
	out := windowFacts{}
	if p == nil {
		return out
	}
	if w := p.Templates.Window; w != nil {
		out[""] = w
	}
	for _, tp := range p.Templates.Items {
		if tp.Window == nil {
			continue
		}
		out[tp.Coding] = tp.Window
		if tp.URL != "" {
			out[tp.URL] = tp.Window
		}
	}
	return out
}

// judge judges one page; ok false when the page's request is none the
// facts speak of.
func (f windowFacts) judge(ep contract.Endpoint, x *Exchange, data map[string]any) (relResult, bool) {
	if x.Req.Key != "read" || len(f) == 0 {
		return relResult{}, false
	}
	p := x.Params()
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	listing := ""
	if ep == contract.ListQrcodes {
		listing, _ = p["template"].(string)
		if listing == "" {
			return relResult{}, false
		}
	}
	w := f[listing]
	if w == nil || start != w.Start || end != w.End {
		return relResult{}, false
	}
	what := fmt.Sprintf("%s from %s to %s", ep.Name, start, end)
	if listing != "" {
		what = fmt.Sprintf("%s of %s from %s to %s", ep.Name, listing, start, end)
	}
	if total, ok := intOf(data["total"]); ok && total != int64(w.Total) {
		return relResult{id: relWindowsLive, problem: fmt.Sprintf("%s: total is %d, the profile says %d", what, total, w.Total)}, true
	}
	if len(w.Codings) > 0 {
		allowed := map[string]bool{}
		for _, c := range w.Codings {
			allowed[c] = true
		}
		for _, it := range listOf(data) {
			m, _ := it.(map[string]any)
			if c, isString := m["coding"].(string); isString && !allowed[c] {
				return relResult{id: relWindowsLive, problem: fmt.Sprintf("%s: %q was created outside the window (the profile lists %v)", what, c, w.Codings)}, true
			}
		}
	}
	return relResult{id: relWindowsLive}, true
}
