package proxy_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// session is what a realistic client does: a user who browses the
// forms, filters them, walks the templates and their sub-codes, opens
// records in every format (twice), verifies one credential and opens its
// record again.
type session struct {
	t           testing.TB
	base        string
	read, write string
	prof        *profile.Profile
	// hdr are headers every call sends besides Content-Type and the key
	// (a browser's Accept and Accept-Encoding).
	hdr []string
}

func (s session) call(ep, key string, body any) map[string]any {
	s.t.Helper()
	b, _ := json.Marshal(body)
	_, raw := post(s.t, s.base+"/api/v2/rpc/"+ep, key, string(b), s.hdr...)
	var obj map[string]any
	_ = json.Unmarshal(raw, &obj)
	return obj
}

func dataOf(obj map[string]any) map[string]any {
	d, _ := obj["data"].(map[string]any)
	return d
}

func listOf(d map[string]any) []map[string]any {
	var out []map[string]any
	l, _ := d["list"].([]any)
	for _, it := range l {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func (s session) run() {
	s.t.Helper()
	// Every page of the forms, three at a time, then a number and a search.
	var forms []map[string]any
	for page := 1; page <= 20; page++ {
		d := dataOf(s.call("record/getFormList", s.read, map[string]any{"page": page, "page_size": 3}))
		forms = append(forms, listOf(d)...)
		info, _ := d["page"].(map[string]any)
		// As numbers: compared as text, "2" >= "10" would end the walk
		// after page 2 of ten.
		cur, isNum := info["current_page"].(float64)
		last, lastIsNum := info["last_page"].(float64)
		if !isNum || !lastIsNum || cur >= last {
			break
		}
	}
	if len(forms) > 0 {
		s.call("record/getFormList", s.read, map[string]any{"number": forms[0]["number"]})
		s.call("record/getFormList", s.read, map[string]any{"search_key": fmt.Sprint(forms[0]["name"])[:3], "page_size": 2})
	}
	// The templates two at a time, and the sub-codes of each of the first two.
	var templates []map[string]any
	s.walk("templates/list", map[string]any{"page_size": 2}, func(items []map[string]any) { templates = append(templates, items...) })
	for _, tp := range templates[:min(2, len(templates))] {
		s.walk("templates/listQrcodes", map[string]any{"template": tp["coding"], "page_size": 2}, func([]map[string]any) {})
	}
	// Records in every format, json twice.
	for _, r := range s.prof.Records[:min(3, len(s.prof.Records))] {
		for _, format := range []string{"json", "json", "markdown", "json-ld", ""} {
			body := map[string]any{"record_id": r.ID}
			if format != "" {
				body["format"] = format
			}
			s.call("record/getRecord", s.read, body)
		}
	}
	// One verify, then its record again.
	if s.write == "" {
		return
	}
	for _, c := range s.prof.Cases {
		if (c.Kind != "next" && c.Kind != "move") || len(c.Steps) == 0 || c.Steps[0].Key != "" || c.RecordID == 0 {
			continue
		}
		st := c.Steps[0]
		body := map[string]any{"certificate_code": c.Code, "action_type": st.Action}
		if st.To != "" {
			body["to_certificate_status"] = st.To
		}
		s.call("record/getRecord", s.read, map[string]any{"record_id": c.RecordID})
		s.call("certificates/verify", s.write, body)
		s.call("record/getRecord", s.read, map[string]any{"record_id": c.RecordID})
		return
	}
}

// walk follows a cursor listing to its end (at most 50 pages).
func (s session) walk(ep string, body map[string]any, each func([]map[string]any)) {
	for range 50 {
		d := dataOf(s.call(ep, s.read, body))
		each(listOf(d))
		next, _ := d["next_page_token"].(string)
		if next == "" {
			return
		}
		body["page_token"] = next
	}
}

// The mock behind the proxy, a realistic client twice with a reset
// between (sent through the proxy, as a test suite does): no violation,
// and the relations of live traffic were judged.
func TestMockBehindTheProxyBreaksNothing(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{})
	prof := derive.FromScenario(sc)
	r := start(t, m.URL, true, conformance.ObserverOptions{Profile: prof})
	s := session{t: t, base: r.URL, read: prof.Keys.Read, write: prof.Keys.Write, prof: prof}
	s.run()
	post(t, r.URL+"/__admin/reset", "", "")
	s.run()
	rep := r.report(t)
	if f := failed(rep); len(f) > 0 {
		for _, c := range rep.Checks {
			if c.Status == conformance.Fail {
				t.Errorf("%s: %s\n%s\n%v", c.ID, c.Message, c.Curl, c.Problems)
			}
		}
	}
	if rep.Status != conformance.StatusPass || rep.Traffic.Judged < 40 || rep.Coverage.SpecStatements.Covered < 30 {
		t.Fatalf("status %s, traffic %+v, statements %d/%d", rep.Status, rep.Traffic, rep.Coverage.SpecStatements.Covered, rep.Coverage.SpecStatements.Total)
	}
	judged := map[string]bool{}
	for _, c := range rep.Checks {
		judged[c.ID] = true
	}
	for _, id := range []string{"relation.live.sameRecord", "relation.live.formPages.disjoint", "relation.live.formPages.total",
		"relation.live.cursorPages.disjoint", "relation.live.cursorPages.total", "relation.live.verifyVisible", "relation.live.masked"} {
		if !judged[id] {
			t.Errorf("the traffic judged no %s", id)
		}
	}
}

// The independent fake behind the proxy, with a bug switched on at a
// time: the same client's traffic reports each bug it touches under the
// statement the bug breaks; the correct build breaks nothing.
func TestForeignBugsBehindTheProxy(t *testing.T) {
	for _, tc := range []struct {
		bug  foreign.Bug
		want string
	}{
		{"", ""},
		{foreign.BugCharset, "answers.C1.charset"},
		{foreign.BugISOInUTC, "answers.C1.timeZone"},
		{foreign.BugByteOrderMark, "answers.C1.jsonText"},
		{foreign.BugFormPagesOverlap, "relation.live.formPages.disjoint"},
		{foreign.BugTotalOfRemaining, "relation.live.cursorPages.total"},
		{foreign.BugNumberPrefix, "answers.4.3.number"},
		{foreign.BugFormDefaultPageSize, "answers.8.formList.defaults"},
		{foreign.BugJSONLDNoURL, "answers.2.2.jsonld"},
		{foreign.BugVerifyOldStatusText, "relation.live.verifyVisible"},
		// A client that stops at the "" token never sends it back: untouched.
		{foreign.BugLastTokenNotNull, ""},
		{foreign.BugWrapperExtraMember, "answers.4.1.wrapper"},
		{foreign.BugFormatNotEchoed, "answers.4.1.formatEcho"},
		{foreign.BugUnmaskedJSON, "answers.2.1.masked"},
		{foreign.BugMarkdownLeaksMasked, "relation.live.masked"},
		{foreign.BugFormPageSizeUnbounded, ""}, // the client never asks for more than 20
	} {
		t.Run(string(tc.bug)+"_", func(t *testing.T) {
			opts := foreign.MockLike()
			opts.Bug = tc.bug
			svc := foreign.New(opts)
			srv := httptest.NewServer(svc)
			defer srv.Close()
			prof, err := profile.Parse("foreign.json", svc.Profile())
			if err != nil {
				t.Fatal(err)
			}
			r := start(t, srv.URL, true, conformance.ObserverOptions{Profile: prof})
			session{t: t, base: r.URL, read: foreign.ReadKey, write: foreign.WriteKey, prof: prof}.run()
			got := failed(r.report(t))
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("bug %q: the proxy reports %v, on traffic the bug does not touch", tc.bug, got)
			case tc.want != "" && !slices.Contains(got, tc.want):
				t.Errorf("bug %q: the proxy reports %v, not %s", tc.bug, got, tc.want)
			}
		})
	}
}
