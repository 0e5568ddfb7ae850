package recorder

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// How the service reads getFormList's search_key (service.search,
// docs/record.md): the specification says only "fuzzy". Every reading
// the mock knows (scenario.Search: the key whole or in words, all or any
// of them, case ignored or not, trimmed or not, which texts, which order)
// is a candidate; each search answer seen (a named search, a forwarded
// one, a probe) rules out the candidates that would have answered it
// otherwise over the forms recorded. The probes are a handful of
// read-only searches, each the key that best splits the candidates left,
// built from the recorded forms' own texts (several words, a part of a
// name, another case, surrounding spaces). What no probe can split is
// named in the header as not settled, and the kit's reading kept there.

// maxSearchProbes bounds the searches sent to learn the reading.
const maxSearchProbes = 8

// probeKeyForms bounds the forms whose texts make probe keys: the keys
// are tried against every candidate over every form.
const probeKeyForms = 30

// noWord is a word no form is expected to hold: "a noWord" tells one
// word enough from every word needed.
const noWord = "rtqnowordzz"

// searchForm is a recorded form as a search reads it.
type searchForm struct {
	id                 int64
	name, note, number string
	texts, lower       [3]string // name, note, number; lower-cased
}

// searchSeen is one search answer: the key, the page it shows, and what
// it lists.
type searchSeen struct {
	key           string
	page, perPage int
	total         int64
	ids           []int64
}

// searchCandidates are every reading of search_key the mock knows.
func searchCandidates() []scenario.Search {
	var out []scenario.Search
	var fieldSets [][]string
	for mask := 1; mask < 1<<len(scenario.SearchFields); mask++ {
		var fs []string
		for i, f := range scenario.SearchFields {
			if mask&(1<<i) != 0 {
				fs = append(fs, f)
			}
		}
		fieldSets = append(fieldSets, fs)
	}
	for _, m := range scenario.SearchMatches {
		for _, exact := range []bool{false, true} {
			for _, trim := range []bool{false, true} {
				for _, fs := range fieldSets {
					for _, first := range []bool{false, true} {
						out = append(out, scenario.Search{Match: m, CaseExact: exact, Trim: trim, Fields: fs, NameFirst: first})
					}
				}
			}
		}
	}
	return out
}

// predict is what rule lists for key over forms (in the list's order):
// the total, and the ids of the page at perPage.
func predict(rule *scenario.Search, forms []searchForm, key string, page, perPage int) (int64, []int64) {
	k := rule.Read(key)
	var found, rest []searchForm
	for _, f := range forms {
		switch {
		case !k.In(&f.texts, &f.lower):
		case k.FirstIn(f.name, f.lower[0]):
			found = append(found, f)
		default:
			rest = append(rest, f)
		}
	}
	found = append(found, rest...)
	var ids []int64
	for i := (page - 1) * perPage; i >= 0 && i < len(found) && i < page*perPage; i++ {
		ids = append(ids, found[i].id)
	}
	return int64(len(found)), ids
}

// givesAll says whether rule gives every answer seen.
func givesAll(rule *scenario.Search, forms []searchForm, seen []searchSeen) bool {
	for _, s := range seen {
		total, ids := predict(rule, forms, s.key, s.page, s.perPage)
		if total != s.total || !slices.Equal(ids, s.ids) {
			return false
		}
	}
	return true
}

// consistent are the candidates that give every answer seen.
func consistent(forms []searchForm, seen []searchSeen) []scenario.Search {
	var out []scenario.Search
	for _, c := range searchCandidates() {
		if givesAll(&c, forms, seen) {
			out = append(out, c)
		}
	}
	return out
}

// probeKeys are the keys a probe may send, built from the forms' texts:
// each text whole, a part of it, in another case, with spaces around,
// with a word no form holds; two texts of a form, and of two forms.
func probeKeys(forms []searchForm) []string {
	var keys []string
	add := func(k string) {
		if strings.TrimSpace(k) != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	n := min(len(forms), probeKeyForms)
	for i, f := range forms[:n] {
		for _, v := range []string{f.name, f.note, f.number} {
			if strings.TrimSpace(v) == "" {
				continue
			}
			add(v)
			if rs := []rune(v); len(rs) >= 3 {
				add(string(rs[1 : len(rs)-1]))
			}
			add(swapCase(v))
			add(" " + v + " ")
			add(v + " " + noWord)
		}
		if f.note != "" {
			add(f.name + " " + f.note)
		}
		if f.number != "" {
			add(f.name + " " + f.number)
		}
		add(f.name + " " + forms[(i+1)%n].name)
	}
	// What two forms' texts share finds several forms, by one text in
	// some and another in others: it tells the order of what is found.
	for i, f := range forms[:n] {
		for _, g := range forms[i+1 : n] {
			for _, a := range []string{f.name, f.note, f.number} {
				for _, b := range []string{g.name, g.note, g.number} {
					if common := longestCommon(a, b); len([]rune(strings.TrimSpace(common))) >= 2 {
						add(common)
						add(" " + common + " ")
					}
				}
			}
		}
	}
	return keys
}

// longestCommon is the longest run of characters a and b share (the
// first of the longest).
func longestCommon(a, b string) string {
	ra, rb := []rune(a), []rune(b)
	best, at := 0, 0
	prev := make([]int, len(rb)+1)
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		for j := 1; j <= len(rb); j++ {
			if ra[i-1] == rb[j-1] {
				cur[j] = prev[j-1] + 1
				if cur[j] > best {
					best, at = cur[j], i
				}
			}
		}
		prev = cur
	}
	return string(ra[at-best : at])
}

// swapCase turns upper case into lower and lower into upper.
func swapCase(v string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, v)
}

// probeWork bounds the matches one choice of a probe key makes.
const probeWork = 10_000_000

// probeSize is the page_size of a probe: the most getFormList lists.
const probeSize = contract.FormListMaxPageSize

// nextProbe is the key whose answer splits the candidates best (the
// largest group of candidates answering alike the smallest); ok is false
// when no key splits them.
func nextProbe(forms []searchForm, cands []scenario.Search, asked []string) (string, bool) {
	best, bestGroup := "", len(cands)
	// Each key is tried by every candidate over every form: on a service
	// of many forms, fewer keys are tried (the first kinds first), so a
	// round stays within probeWork matches.
	tried, most := 0, max(8, probeWork/max(1, len(cands)*len(forms)))
	for _, k := range probeKeys(forms) {
		if slices.Contains(asked, k) {
			continue
		}
		if tried++; tried > most {
			break
		}
		groups := map[string]int{}
		largest := 0
		for i := range cands {
			total, ids := predict(&cands[i], forms, k, 1, probeSize)
			sig := fmt.Sprint(total, ids)
			groups[sig]++
			largest = max(largest, groups[sig])
		}
		if largest < bestGroup {
			best, bestGroup = k, largest
		}
	}
	return best, best != ""
}

// searchDimensions are what a reading is made of, each with how to say it
// and its value in a candidate.
var searchDimensions = []struct {
	what  string
	value func(scenario.Search) string
}{
	{"whether the key is one substring or words, all or any", func(s scenario.Search) string { return s.Match }},
	{"whether case matters", func(s scenario.Search) string { return strconv.FormatBool(s.CaseExact) }},
	{"whether the spaces around the key are dropped", func(s scenario.Search) string { return strconv.FormatBool(s.Trim) }},
	{"which form texts are searched", func(s scenario.Search) string { return strings.Join(s.Fields, ",") }},
	{"the order of the forms found", func(s scenario.Search) string { return strconv.FormatBool(s.NameFirst) }},
}

// settleSearch picks, of the candidates left, the reading closest to the
// kit's, and names each part of it the candidates left disagree on;
// nil when no candidate is left.
func settleSearch(cands []scenario.Search) (*scenario.Search, []string) {
	if len(cands) == 0 {
		return nil, []string{"how the service reads search_key: no reading the recorder knows gives the answers seen (the recorded forms may not be all of them), so the kit's substring match stays"}
	}
	distance := func(s scenario.Search) int {
		d := 0
		for _, dim := range searchDimensions {
			if dim.value(s) != dim.value(scenario.KitSearch) {
				d++
			}
		}
		return d
	}
	best := slices.MinFunc(cands, func(a, b scenario.Search) int { return distance(a) - distance(b) })
	var unsettled []string
	for _, dim := range searchDimensions {
		if slices.ContainsFunc(cands, func(s scenario.Search) bool { return dim.value(s) != dim.value(cands[0]) }) {
			unsettled = append(unsettled, "search_key: "+dim.what+": no search the recorded forms allow tells, so the recording reads it as the kit does")
		}
	}
	return &best, unsettled
}

// unfilteredTotal takes the total of a getFormList answer to a request
// without search_key or number: how many forms there are to record.
func (c *Capture) unfilteredTotal(req, body []byte) {
	var q struct {
		Key    string          `json:"search_key"`
		Number json.RawMessage `json:"number"`
	}
	if json.Unmarshal(req, &q) != nil || q.Key != "" || q.Number != nil {
		return
	}
	if s, ok := searchAnswer("", body); ok {
		c.mu.Lock()
		c.formsTotal = max(c.formsTotal, s.total)
		c.mu.Unlock()
	}
}

// searchForms are the recorded forms in the list's order.
func (c *Capture) searchForms() []searchForm {
	out := make([]searchForm, 0, len(c.formOrder))
	for _, id := range c.formOrder {
		f := c.forms[id]
		texts := [3]string{f.Name, f.Note, f.Number}
		out = append(out, searchForm{id: f.ID, name: f.Name, note: f.Note, number: f.Number, texts: texts,
			lower: [3]string{strings.ToLower(f.Name), strings.ToLower(f.Note), strings.ToLower(f.Number)}})
	}
	return out
}

// searchesSeen are the search answers the capture holds: the probes',
// and the searches kept for their requests (a filter on number aside).
func (c *Capture) searchesSeen() []searchSeen {
	var out []searchSeen
	for _, p := range c.probes {
		if p.page >= 1 { // else an answer that listed nothing readable
			out = append(out, p)
		}
	}
	for _, r := range c.replays {
		if r.window() {
			continue
		}
		var q struct {
			Key    string          `json:"search_key"`
			Number json.RawMessage `json:"number"`
		}
		if json.Unmarshal([]byte(r.Request), &q) != nil || q.Key == "" || q.Number != nil {
			continue
		}
		if s, ok := searchAnswer(q.Key, r.Body); ok {
			out = append(out, s)
		}
	}
	return out
}

// searchAnswer reads a getFormList answer to a search for key.
func searchAnswer(key string, body []byte) (searchSeen, bool) {
	var d struct {
		List []struct {
			ID int64 `json:"id"`
		} `json:"list"`
		Page struct {
			Current int   `json:"current_page"`
			PerPage int   `json:"per_page"`
			Total   int64 `json:"total"`
		} `json:"page"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil || d.Page.Current < 1 || d.Page.PerPage < 1 {
		return searchSeen{}, false
	}
	s := searchSeen{key: key, page: d.Page.Current, perPage: d.Page.PerPage, total: d.Page.Total}
	for _, f := range d.List {
		s.ids = append(s.ids, f.ID)
	}
	return s, true
}

// probeSearch sends the probes still useful: until no key splits the
// candidates left, or maxSearchProbes probes were sent. Each answer
// reaches the capture. It returns how many it sent, and the upstream's
// error (ErrBudget, say) that stopped it.
func probeSearch(ctx context.Context, u *Upstream, c *Capture) (int, error) {
	return probeSearchWith(c, func(key string) (searchSeen, error) {
		body, _ := json.Marshal(map[string]any{"search_key": key, "page_size": probeSize})
		x, err := u.Call(ctx, contract.GetFormList.Name, body)
		if err != nil {
			return searchSeen{}, err
		}
		c.Answer(x.Status, x.Body)
		s, ok := searchAnswer(key, x.Body)
		if !ok {
			// An answer that lists nothing readable still counts as asked.
			s = searchSeen{key: key, page: -1}
		}
		return s, nil
	})
}

// probeSearchWith is probeSearch with the search put to the service by
// ask.
func probeSearchWith(c *Capture, ask func(key string) (searchSeen, error)) (int, error) {
	sent := 0
	for {
		c.mu.Lock()
		forms, seen := c.searchForms(), c.searchesSeen()
		whole := c.formsTotal > 0 && int64(len(forms)) >= c.formsTotal
		var asked []string
		for _, p := range c.probes {
			asked = append(asked, p.key)
		}
		c.mu.Unlock()
		if !whole || len(asked) >= maxSearchProbes {
			return sent, nil
		}
		key, ok := nextProbe(forms, consistent(forms, seen), asked)
		if !ok {
			return sent, nil
		}
		s, err := ask(key)
		if err != nil {
			return sent, err
		}
		sent++
		c.mu.Lock()
		c.probes = append(c.probes, s)
		c.mu.Unlock()
	}
}

// logProbes says how many searches a recording sent to learn the reading.
func logProbes(log io.Writer, sent int, err error) {
	switch {
	case err != nil:
		fmt.Fprintf(log, "rtq record: searches to learn how the service reads search_key stopped after %d: %v\n", sent, err)
	case sent > 0:
		fmt.Fprintf(log, "rtq record: sent %d searches to learn how the service reads search_key\n", sent)
	}
}

// searchRule puts the service's reading of search_key, learnt from the
// search answers seen, into the service block when it is not the kit's,
// and names in the header what the answers could not settle.
func (b *builder) searchRule() {
	seen := b.c.searchesSeen()
	if len(seen) == 0 {
		return
	}
	if b.c.formsTotal == 0 || int64(len(b.c.formOrder)) < b.c.formsTotal {
		b.notes = append(b.notes, fmt.Sprintf("search rule not settled: how the service reads search_key: %d of %d forms were recorded, and a reading's answers cannot be told without them all: the kit's substring match stays", len(b.c.formOrder), b.c.formsTotal))
		return
	}
	rule, unsettled := settleSearch(consistent(b.c.searchForms(), seen))
	for _, u := range unsettled {
		b.notes = append(b.notes, "search rule not settled: "+u)
	}
	if rule == nil || fmt.Sprint(*rule) == fmt.Sprint(scenario.KitSearch) {
		return
	}
	if b.sc.Service == nil {
		b.sc.Service = &scenario.Service{}
	}
	b.sc.Service.Search = rule
}

// probeDialect is the proxy's probes of the dialect, at a write once it
// forwarded a call: whether an integer may be a string, and, once its
// client listed every form, the searches; read-only calls with the
// recording's key, within the probe's --max-requests and --rate (with
// --probe-times).
func (r *Recording) probeDialect(ctx context.Context) {
	if r.up.Calls() == 0 {
		return
	}
	if probeIntStrings(ctx, r.probeUp, r.cap, r.o.Log) != nil {
		return
	}
	sent, err := probeSearch(ctx, r.probeUp, r.cap)
	logProbes(r.o.Log, sent, err)
}
