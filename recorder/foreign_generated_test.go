package recorder_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// Fidelity on requests nobody recorded: beside the fixed questions, a
// few hundred generated ones (seeded: pages, page sizes, filters,
// formats, windows, bad inputs; reads only), asked of the service and of
// its recording, counted identical by mode and by kind. What no
// recording can know is tolerated only as the unknowable list says
// (unknowable), and the rest must be identical in at least 95%
// in proxy mode and in probed crawl mode.

// generatedCount is how many requests are generated.
const generatedCount = 300

// generatedSeed fixes the requests: a run sends the same ones.
const generatedSeed = 37

// world is what the generator draws from: what the service shows its
// clients (every form's texts and numbers, the records and their URLs,
// the templates the fixed questions walk).
type world struct {
	texts, numbers, recordURLs []string
	codings                    []string
}

// foreignWorld reads the world from the service.
func foreignWorld(t *testing.T, up string) world {
	t.Helper()
	var w world
	for page := 1; page <= 10; page++ {
		_, body := postTo(t, up+"/api/v2/rpc/record/getFormList", foreign.ReadKey, fmt.Sprintf(`{"page":%d,"page_size":20}`, page))
		var d struct {
			Data struct {
				List []struct{ Name, Note, Number string } `json:"list"`
			} `json:"data"`
		}
		_ = json.Unmarshal(body, &d)
		if len(d.Data.List) == 0 {
			break
		}
		for _, f := range d.Data.List {
			w.texts = append(w.texts, f.Name)
			if f.Note != "" {
				w.texts = append(w.texts, f.Note)
			}
			w.numbers = append(w.numbers, f.Number)
		}
	}
	for _, id := range foreignRecords {
		_, body := postTo(t, up+"/api/v2/rpc/record/getRecord", foreign.ReadKey, fmt.Sprintf(`{"record_id":%d}`, id))
		var d struct {
			Data struct {
				Data struct {
					URL string `json:"record_url"`
				} `json:"data"`
			} `json:"data"`
		}
		if json.Unmarshal(body, &d) == nil && d.Data.Data.URL != "" {
			w.recordURLs = append(w.recordURLs, d.Data.Data.URL)
		}
	}
	// The templates whose sub-codes the fixed questions walk: a proxy
	// records no other's.
	w.codings = []string{"fxt3100", "fxt3107"}
	return w
}

// generated is one generated request: its kind, endpoint and body.
type generated struct{ kind, op, body string }

// generateAsks draws n requests from w with a seeded source.
func generateAsks(w world, n int) []ask {
	r := rand.New(rand.NewPCG(generatedSeed, 1))
	pick := func(ss []string) string { return ss[r.IntN(len(ss))] }
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	day := func() string { return fmt.Sprintf("2026-01-%02d", 1+r.IntN(28)) }
	instant := func() string {
		switch r.IntN(3) {
		case 0:
			return day()
		case 1:
			return fmt.Sprintf("%s %02d:%02d:00", day(), r.IntN(24), r.IntN(60))
		}
		return fmt.Sprintf("%sT%02d:00:00+08:00", day(), r.IntN(24))
	}
	// A search key as a user types it: part of a form's text, at times
	// two parts, in another case, with spaces around.
	key := func() string {
		part := func() string {
			rs := []rune(pick(w.texts))
			i := r.IntN(len(rs))
			j := min(len(rs), i+1+r.IntN(4))
			return string(rs[i:j])
		}
		k := part()
		switch r.IntN(6) {
		case 0:
			k += " " + part()
		case 1:
			k = strings.ToUpper(k)
		case 2:
			k = " " + k + " "
		case 3:
			k = pick(w.numbers)
		}
		return k
	}
	gens := []struct {
		weight int
		make   func() generated
	}{
		{6, func() generated {
			m := map[string]any{"record_id": foreignRecords[r.IntN(len(foreignRecords))]}
			if f := r.IntN(4); f < 3 {
				m["format"] = []string{"json", "json-ld", "markdown"}[f]
			}
			return generated{"getRecord", "record/getRecord", js(m)}
		}},
		{2, func() generated {
			return generated{"getRecord by url", "record/getRecord", js(map[string]any{"record_url": pick(w.recordURLs), "format": pick([]string{"json", "markdown", "json-ld"})})}
		}},
		{6, func() generated {
			m := map[string]any{}
			if r.IntN(3) > 0 {
				m["page"] = 1 + r.IntN(4)
			}
			if r.IntN(2) == 0 {
				m["page_size"] = 1 + r.IntN(20)
			}
			return generated{"getFormList page", "record/getFormList", js(m)}
		}},
		{8, func() generated {
			m := map[string]any{"search_key": key()}
			if r.IntN(3) == 0 {
				m["page_size"] = 1 + r.IntN(10)
				m["page"] = 1 + r.IntN(2)
			}
			return generated{"getFormList search", "record/getFormList", js(m)}
		}},
		{3, func() generated {
			m := map[string]any{"number": pick(w.numbers)}
			if r.IntN(2) == 0 {
				m["search_key"] = key()
			}
			return generated{"getFormList number", "record/getFormList", js(m)}
		}},
		{4, func() generated {
			return generated{"templates/list", "templates/list", js(map[string]any{"page_size": 1 + r.IntN(12)})}
		}},
		{4, func() generated {
			m := map[string]any{"page_size": 1 + r.IntN(10)}
			if r.IntN(4) > 0 {
				m["start_time"] = instant()
			}
			if r.IntN(4) > 0 {
				m["end_time"] = instant()
			}
			return generated{"templates/list window", "templates/list", js(m)}
		}},
		{4, func() generated {
			m := map[string]any{"template": pick(w.codings)}
			if r.IntN(2) == 0 {
				m["page_size"] = 1 + r.IntN(30)
			}
			return generated{"listQrcodes", "templates/listQrcodes", js(m)}
		}},
		{3, func() generated {
			m := map[string]any{"template": pick(w.codings), "start_time": instant()}
			if r.IntN(2) == 0 {
				m["end_time"] = instant()
			}
			return generated{"listQrcodes window", "templates/listQrcodes", js(m)}
		}},
		{5, func() generated {
			bad := []generated{
				{"", "record/getFormList", `{"page":0}`},
				{"", "record/getFormList", `{"page":-2}`},
				{"", "record/getFormList", `{"page_size":"abc"}`},
				{"", "record/getFormList", `{"page_size":0}`},
				{"", "record/getFormList", `{"search_key":5}`},
				{"", "record/getRecord", `{"record_id":800001,"format":"xml"}`},
				{"", "record/getRecord", `{"record_id":"800001"}`},
				{"", "record/getRecord", `{}`},
				{"", "templates/list", `{"start_time":"yesterday"}`},
				{"", "templates/list", `{"page_token":"not-a-token"}`},
				{"", "templates/list", `{"page_size":0}`},
				{"", "templates/listQrcodes", `{}`},
				{"", "templates/listQrcodes", `{"template":"fxt3100","end_time":"soon"}`},
				{"", "record/getRecord", fmt.Sprintf(`{"record_id":%d}`, 900000000+r.IntN(1000))},
				{"", "record/getFormList", fmt.Sprintf(`{"page_size":%d}`, 21+r.IntN(50))},
				{"", "templates/list", fmt.Sprintf(`{"page_size":%d}`, 101+r.IntN(50))},
			}
			g := bad[r.IntN(len(bad))]
			g.kind = "bad input " + g.op
			return g
		}},
	}
	total := 0
	for _, g := range gens {
		total += g.weight
	}
	var out []ask
	for range n {
		x := r.IntN(total)
		for _, g := range gens {
			if x -= g.weight; x < 0 {
				a := g.make()
				out = append(out, ask{kind: "generated " + a.kind, op: a.op, body: a.body, auth: "read"})
				break
			}
		}
	}
	return out
}

// compareGenerated counts, by kind, the generated answers identical to
// the service's, and those identical but for an error's detail (the
// service's own sentence, unknowable for a request nobody provoked); it
// logs them and returns the share identical but for the detail over
// every answer of the kinds the mode can know.
func compareGenerated(t *testing.T, mode string, want, got []answer) float64 {
	t.Helper()
	type count struct{ n, same, butDetail int }
	byKind := map[string]*count{}
	var kinds []string
	knowable, fine, shown := 0, 0, 0
	for i := range min(len(want), len(got)) {
		a, b := want[i], got[i]
		c := byKind[a.kind]
		if c == nil {
			c = &count{}
			byKind[a.kind] = c
			kinds = append(kinds, a.kind)
		}
		c.n++
		same := a.status == b.status && bytes.Equal(withoutToken(a.body), withoutToken(b.body))
		butDetail := same || a.status == b.status && bytes.Equal(withoutDetail(withoutToken(a.body)), withoutDetail(withoutToken(b.body)))
		if same {
			c.same++
		}
		if butDetail {
			c.butDetail++
		}
		if unknowableIn(a.kind, mode) != "" {
			continue
		}
		knowable++
		if butDetail {
			fine++
		} else if shown < 8 {
			shown++
			t.Logf("%s %s %s:\nservice   HTTP %d %s\nrecording HTTP %d %s", mode, a.kind, a.request, a.status, a.body, b.status, b.body)
		}
	}
	sort.Strings(kinds)
	var lines []string
	n, same := 0, 0
	for _, k := range kinds {
		c := byKind[k]
		n, same = n+c.n, same+c.same
		note := ""
		if why := unknowableIn(k, mode); why != "" {
			note = " (unknowable in this mode)"
			if c.butDetail == c.n {
				t.Errorf("%s is listed unknowable in mode %s, yet every answer is the service's: drop it from the list and from docs/record.md", k, mode)
			}
		}
		lines = append(lines, fmt.Sprintf("  %-36s %3d of %3d identical, %3d but for the detail%s", k, c.same, c.n, c.butDetail, note))
	}
	share := float64(fine) / float64(max(knowable, 1))
	t.Logf("%s: generated requests: %d of %d answers identical; of the %d the mode can know, %d (%.1f%%) identical but for an error's detail\n%s",
		mode, same, n, knowable, fine, 100*share, strings.Join(lines, "\n"))
	return share
}

// askGenerated asks the generated requests of the service and of the
// recording served from data, compares them, and holds the mode to 95%
// where the brief asks it.
func askGenerated(t *testing.T, mode, up string, data []byte) {
	t.Helper()
	rec := serveRecording(t, data)
	asks := generateAsks(foreignWorld(t, up), generatedCount)
	share := compareGenerated(t, mode, askAll(t, up, foreign.ReadKey, asks), askAll(t, rec.URL, recorder.ReadKeySecret, asks))
	if (mode == modeProxy || mode == modeProxyProbed || mode == modeCrawlProbed) && share < 0.95 {
		t.Errorf("%s: %.1f%% of the generated requests the mode can know answered as the service does; want at least 95%%", mode, 100*share)
	}
}
