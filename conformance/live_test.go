package conformance

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// liveRecord is a getRecord answer of record id whose status text is status.
func liveRecord(id int64, status, extra string) Observed {
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":%d,"process_status":{"enabled":true,"text":%q,"color":null},"note":%q}}}`, id, status, extra)
	return Observed{Endpoint: contract.GetRecord, Method: "POST", Path: contract.GetRecord.Path(), Authorization: "Bearer k-123456789",
		Request: []byte(fmt.Sprintf(`{"record_id":%d}`, id)), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

func liveVerify(id int64, status string) Observed {
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"record_number":"N","record_id":%d,"org_id":1,"submit_at":1,"certificate_status":%q}}`, id, status)
	return Observed{Endpoint: contract.Verify, Method: "POST", Path: contract.Verify.Path(), Authorization: "Bearer w-123456789",
		Request: []byte(`{"certificate_code":"c","action_type":"set_next_certificate_status"}`), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

func newTestObserver(t testing.TB) *Observer {
	t.Helper()
	o, err := NewObserver(ObserverOptions{Target: "http://svc"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func findingOf(rep *Report, id string) *Finding {
	for i := range rep.Checks {
		if rep.Checks[i].ID == id {
			return &rep.Checks[i]
		}
	}
	return nil
}

// unjudged, as wantVerdict's want, means the check judged no answer.
const unjudged Status = "unjudged"

// wantVerdict fails t unless check id of o's report has status want and
// a message that contains says. want "" means id failed nothing (it may
// have passed answers other than the one a case is about); unjudged
// means it neither passed nor failed any.
func wantVerdict(t *testing.T, o *Observer, id string, want Status, says string) {
	t.Helper()
	f := findingOf(o.Report(o.opts.Started), id)
	switch {
	case want == "" && f != nil && f.Status == Fail,
		want == unjudged && f != nil && (f.Status == Pass || f.Status == Fail):
		t.Fatalf("%s judged: %+v", id, f)
	case want == "" || want == unjudged:
	case f == nil || f.Status != want || !strings.Contains(f.Message, says):
		t.Fatalf("%s: want %s saying %q, got %+v", id, want, says, f)
	}
}

// The same record read twice must read the same, unless a verify came
// between; then only its status members may change, and the read shows
// the move.
func TestLiveSameRecord(t *testing.T) {
	o := newTestObserver(t)
	o.Observe(liveRecord(1, "待审核", "a"))
	o.Observe(liveRecord(1, "待审核", "a"))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f == nil || f.Status != Pass {
		t.Fatalf("two equal reads: %+v", f)
	}
	o.Observe(liveRecord(1, "待审核", "b"))
	f := findingOf(o.Report(o.opts.Started), relSameRecord)
	if f == nil || f.Status != Fail || !strings.Contains(f.Message, "no verify through this proxy") {
		t.Fatalf("a changed read without a verify: %+v", f)
	}

	o = newTestObserver(t)
	o.Observe(liveRecord(2, "待审核", "a"))
	o.Observe(liveVerify(2, "已通过"))
	o.Observe(liveRecord(2, "已通过", "a"))
	rep := o.Report(o.opts.Started)
	if f := findingOf(rep, relSameRecord); f == nil || f.Status != Pass {
		t.Fatalf("a read after a move, status changed: %+v", f)
	}
	if f := findingOf(rep, relVerifyVisible); f == nil || f.Status != Pass {
		t.Fatalf("the move shown: %+v", f)
	}
	o.Observe(liveVerify(2, "已归档"))
	o.Observe(liveRecord(2, "已通过", "changed"))
	rep = o.Report(o.opts.Started)
	if f := findingOf(rep, relSameRecord); f == nil || f.Status != Fail {
		t.Fatalf("a read after a move that changed more than the status: %+v", f)
	}
	if f := findingOf(rep, relVerifyVisible); f == nil || f.Status != Fail {
		t.Fatalf("the move not shown: %+v", f)
	}
	o.Forget(AllSpaces)
	o.Observe(liveRecord(2, "x", "y"))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f.Status != Fail || strings.Count(strings.Join(f.Problems, "\n"), "record 2") != 1 {
		t.Fatalf("after a reset, nothing is compared with what came before: %+v", f)
	}
}

// After a move, a record may show its new status in a field of its own
// (§C6 leaves the form to the service): with the profile's flows, an
// object that names a status before and after may change; any other
// change is still a failure, and without a verify between, any change.
func TestLiveSameRecordStatusAsField(t *testing.T) {
	prof := &profile.Profile{Version: profile.Version, Flows: []profile.Flow{{FormID: 1, Statuses: []profile.Status{
		{ID: 1, Name: "待审核", Next: []string{"已通过"}}, {ID: 2, Name: "已通过"}}}}}
	o, err := NewObserver(ObserverOptions{Target: "http://svc", Profile: prof})
	if err != nil {
		t.Fatal(err)
	}
	field := func(status string) string { return fmt.Sprintf(`{"field_id":7,"value":{"option_text":%q}}`, status) }
	o.Observe(liveRecordWith(3, "待审核", "a", field("待审核")))
	o.Observe(liveVerify(3, "已通过"))
	o.Observe(liveRecordWith(3, "已通过", "a", field("已通过")))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f == nil || f.Status != Pass {
		t.Fatalf("the status shown in a field changed with the move: %+v", f)
	}
	o.Observe(liveVerify(3, "待审核"))
	o.Observe(liveRecordWith(3, "待审核", "b", field("待审核")))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f == nil || f.Status != Fail {
		t.Fatalf("a member that shows no status changed with the move: %+v", f)
	}

	o, _ = NewObserver(ObserverOptions{Target: "http://svc", Profile: prof})
	o.Observe(liveRecordWith(4, "待审核", "a", field("待审核")))
	o.Observe(liveRecordWith(4, "待审核", "a", field("已通过")))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f == nil || f.Status != Fail {
		t.Fatalf("a status field changed with no verify between: %+v", f)
	}
}

// liveRecordWith is liveRecord with one more member, field, in its data.
func liveRecordWith(id int64, status, extra, field string) Observed {
	x := liveRecord(id, status, extra)
	x.Body = []byte(strings.Replace(string(x.Body), `"note":`, `"field":`+field+`,"note":`, 1))
	return x
}

// formPage is page n of a walk of getFormList holding ids, of total.
func formPage(n int, total int, ids ...int) Observed {
	var items []string
	for _, id := range ids {
		items = append(items, fmt.Sprintf(`{"id":%d}`, id))
	}
	body := fmt.Sprintf(`{"code":0,"message":"","data":{"version":"v1","list":[%s],"page":{"current_page":%d,"last_page":3,"per_page":2,"total":%d}}}`,
		strings.Join(items, ","), n, total)
	return Observed{Endpoint: contract.GetFormList, Method: "POST", Path: contract.GetFormList.Path(), Authorization: "Bearer k-123456789",
		Request: []byte(fmt.Sprintf(`{"page":%d,"page_size":2}`, n)), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

func TestLiveFormPages(t *testing.T) {
	o := newTestObserver(t)
	o.Observe(formPage(1, 6, 1, 2))
	o.Observe(formPage(2, 6, 3, 4))
	o.Observe(formPage(2, 6, 3, 4)) // the same page again is no overlap
	rep := o.Report(o.opts.Started)
	for _, id := range []string{relFormDisjoint, relFormTotal} {
		if f := findingOf(rep, id); f == nil || f.Status != Pass {
			t.Fatalf("%s on a good walk: %+v", id, f)
		}
	}
	o.Observe(formPage(3, 5, 4, 5))
	rep = o.Report(o.opts.Started)
	if f := findingOf(rep, relFormDisjoint); f.Status != Fail || !strings.Contains(f.Message, "form 4 is on page 2 and on page 3") {
		t.Fatalf("overlap: %+v", f)
	}
	if f := findingOf(rep, relFormTotal); f.Status != Fail || !strings.Contains(f.Message, "total 5") {
		t.Fatalf("total: %+v", f)
	}
}

// A form twice on one page breaks the walk on that page alone, even when
// it is the first page the traffic holds of the walk.
func TestLiveFormTwiceOnOnePage(t *testing.T) {
	o := newTestObserver(t)
	o.Observe(formPage(1, 6, 1, 2, 1))
	f := findingOf(o.Report(o.opts.Started), relFormDisjoint)
	if f == nil || f.Status != Fail || !strings.Contains(f.Message, "form 1 is twice on page 1") {
		t.Fatalf("a form twice on one page: %+v", f)
	}
	o = newTestObserver(t)
	o.Observe(formPage(1, 6, 1, 2))
	if f := findingOf(o.Report(o.opts.Started), relFormDisjoint); f != nil && f.Status == Fail {
		t.Fatalf("a first page of distinct forms: %+v", f)
	}
}

// cursorPage is a templates/list page asked with token (the first page
// when ""), holding ids, of total, giving next ("" for the last page).
func cursorPage(token string, total int, next string, ids ...int) Observed {
	var items []string
	for _, id := range ids {
		items = append(items, fmt.Sprintf(`{"tpl_id":%d,"name":"n","coding":"c%d"}`, id, id))
	}
	nextJSON := "null"
	if next != "" {
		nextJSON = fmt.Sprintf("%q", next)
	}
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"list":[%s],"next_page_token":%s,"total":%d}}`, strings.Join(items, ","), nextJSON, total)
	req := `{"page_size":2}`
	if token != "" {
		req = fmt.Sprintf(`{"page_size":2,"page_token":%q}`, token)
	}
	return Observed{Endpoint: contract.TemplatesList, Method: "POST", Path: contract.TemplatesList.Path(), Authorization: "Bearer k-123456789",
		Request: []byte(req), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

// A cursor walk seen from its first page to its last holds total items;
// a page asked again counts once, and a walk picked up midway is not
// counted.
func TestLiveCursorWalkHoldsTotal(t *testing.T) {
	o := newTestObserver(t)
	o.Observe(cursorPage("", 5, "a", 1, 2))
	o.Observe(cursorPage("a", 5, "b", 3, 4))
	o.Observe(cursorPage("a", 5, "b", 3, 4))
	o.Observe(cursorPage("b", 5, "", 5))
	o.Observe(cursorPage("x", 9, "", 7)) // picked up midway
	if f := findingOf(o.Report(o.opts.Started), relCursorTotal); f == nil || f.Status != Pass {
		t.Fatalf("whole walks: %+v", f)
	}
	o.Observe(cursorPage("", 5, "c", 1, 2))
	o.Observe(cursorPage("c", 5, "", 4))
	f := findingOf(o.Report(o.opts.Started), relCursorTotal)
	if f == nil || f.Status != Fail || !strings.Contains(f.Message, "hold 3 items; each said total 5") {
		t.Fatalf("a walk that lost items: %+v", f)
	}
}

// What an observer keeps stays bounded however long the traffic: a load
// of distinct reads, walks and tokens well beyond every window leaves the
// windows at their bounds and the heap under a cap.
func TestObserverMemoryIsBounded(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 5000
	}
	o := newTestObserver(t)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		o.Observe(liveRecord(int64(i), "s", strings.Repeat("x", 200)))
		if i%4 == 0 {
			p := formPage(1+i%3, 100, i, i+1)
			p.Request = []byte(fmt.Sprintf(`{"page":%d,"page_size":2,"search_key":"k%d"}`, 1+i%3, i/3))
			o.Observe(p)
		}
		if i%8 == 0 {
			o.Observe(liveVerify(int64(i), "s2"))
		}
	}
	rep := o.Report(o.opts.Started)
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	r := o.rel
	if r.reads.order.Len() > liveReads || r.forms.order.Len() > liveWalks || r.tokens.order.Len() > liveTokens || r.moves.order.Len() > liveMoves {
		t.Fatalf("windows beyond their bounds: reads %d, walks %d, tokens %d, moves %d", r.reads.order.Len(), r.forms.order.Len(), r.tokens.order.Len(), r.moves.order.Len())
	}
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	const heapCap = 8 << 20
	if grown > heapCap {
		t.Fatalf("after %d exchanges the heap grew by %d MiB, over %d MiB", rep.Traffic.Judged, grown>>20, heapCap>>20)
	}
	t.Logf("%d exchanges judged; heap grew by %.1f MiB", rep.Traffic.Judged, float64(grown)/(1<<20))
}

// liveFacts is a getRecord json answer of record id with its facts and a
// submit_method.
func liveFacts(id int64, number string, org int, submit int64, method string) Observed {
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":%d,"record_code":"C%d","record_url":"https://h.example/r/C%d","record_number":%q,"org":{"id":%d},"submit_at":%d,"submit_method":%q}}}`,
		id, id, id, number, org, submit, method)
	return Observed{Endpoint: contract.GetRecord, Method: "POST", Path: contract.GetRecord.Path(), Authorization: "Bearer k-123456789",
		Request: []byte(fmt.Sprintf(`{"record_id":%d}`, id)), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

// liveVerified is a verify success by certificate with its data.
func liveVerified(certificate, data string) Observed {
	return Observed{Endpoint: contract.Verify, Method: "POST", Path: contract.Verify.Path(), Authorization: "Bearer w-123456789",
		Request: []byte(fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, certificate)), Status: 200, ContentType: "application/json",
		Body: []byte(`{"code":0,"message":"ok","data":{` + data + `,"certificate_status":"已核销"}}`)}
}

// A verify success describes the record its certificate_code names as
// getRecord does, whether the read came before it or after it; the
// report shows the verify's request.
func TestLiveSuccessData(t *testing.T) {
	for _, c := range []struct {
		name  string
		obs   []Observed
		fails string
	}{
		{"before, by URL, org of the form", []Observed{liveFacts(7, "N-7", 3, 1700000000, "扫码"),
			liveVerified("https://h.example/r/C7", `"record_id":7,"record_number":"N-7","org_id":2001,"submit_at":1700000000`)}, "org_id is 2001"},
		{"after, by code, another record", []Observed{liveVerified("C7", `"record_id":8,"record_number":"N-8","org_id":3,"submit_at":1700000000`),
			liveFacts(7, "N-7", 3, 1700000000, "扫码")}, "record_id is 8, and certificate_code names record"},
		{"saved otherwise than answered", []Observed{liveFacts(7, "N-7", 3, 1700000000, "扫码"),
			liveVerified("C7", `"record_id":7,"record_number":"N-7","org_id":3,"submit_at":1700000000`),
			liveFacts(7, "N-7", 3, 1700009999, "扫码")}, "submit_at is 1700000000, getRecord gives 1700009999"},
		{"describes it", []Observed{liveFacts(7, "N-7", 3, 1700000000, "扫码"),
			liveVerified("C7", `"record_id":7,"record_number":"N-7","org_id":3,"submit_at":1700000000`), liveFacts(7, "N-7", 3, 1700000000, "扫码")}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			for _, ob := range c.obs {
				o.Observe(ob)
			}
			f := findingOf(o.Report(o.opts.Started), "answers.4.2.successData")
			switch {
			case f == nil:
				t.Fatal("4.2.successData was not judged")
			case c.fails == "" && f.Status != Pass:
				t.Fatalf("a verify that describes its record: %s %s", f.Status, f.Message)
			case c.fails != "" && (f.Status != Fail || !strings.Contains(f.Message, c.fails)):
				t.Fatalf("want a failure %q, got %s %s", c.fails, f.Status, f.Message)
			case c.fails != "" && (f.Request == nil || !strings.Contains(f.Request.Body, "certificate_code")):
				t.Fatalf("the failure shows %v, not the verify", f.Request)
			}
		})
	}
}

// A reset puts the service back where it started, not what a record is:
// a read from before it is compared with a read after a verify as with a
// read after a move, so a field a verify may not change is seen changed.
func TestLiveResetKeepsWhatARecordIs(t *testing.T) {
	for _, c := range []struct {
		name   string
		after  string
		broken bool
	}{{"a field rewritten", "核销", true}, {"only the status", "扫码", false}} {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			o.Observe(liveFacts(7, "N-7", 3, 1700000000, "扫码"))
			o.Reset("")
			o.Observe(liveVerified("C7", `"record_id":7,"record_number":"N-7","org_id":3,"submit_at":1700000000`))
			o.Observe(liveFacts(7, "N-7", 3, 1700000000, c.after))
			f := findingOf(o.Report(o.opts.Started), relSameRecord)
			if f == nil || (f.Status == Fail) != c.broken {
				t.Fatalf("after a reset and a verify, %s: %+v", c.name, f)
			}
		})
	}
	o := newTestObserver(t)
	o.Observe(liveFacts(7, "N-7", 3, 1700000000, "扫码"))
	o.Forget("")
	o.Observe(liveFacts(7, "N-7", 3, 1700000000, "核销"))
	if f := findingOf(o.Report(o.opts.Started), relSameRecord); f != nil {
		t.Fatalf("a scenario replaced forgets every read: %+v", f)
	}
}

// The page that completes a cursor walk is its last: a token on it fails,
// tokens before it pass.
func TestLiveCursorLastToken(t *testing.T) {
	o := newTestObserver(t)
	o.Observe(cursorPage("", 4, "a", 1, 2))
	o.Observe(cursorPage("a", 4, "", 3, 4))
	if f := findingOf(o.Report(o.opts.Started), relCursorLastToken); f == nil || f.Status != Pass {
		t.Fatalf("a walk whose last page gives no token: %+v", f)
	}
	o.Observe(cursorPage("", 4, "c", 1, 2))
	o.Observe(cursorPage("c", 4, "d", 3, 4))
	f := findingOf(o.Report(o.opts.Started), relCursorLastToken)
	if f == nil || f.Status != Fail || !strings.Contains(f.Message, "completes the walk's 4 items") {
		t.Fatalf("a token on the page that completes the walk: %+v", f)
	}
}

// maskedRecord is a getRecord answer of record 7 in format whose data is
// payload (a JSON value).
func maskedRecord(format, payload string) Observed {
	body := fmt.Sprintf(`{"code":0,"message":"ok","data":{"format":%q,"content_type":"x","data":%s}}`, format, payload)
	return Observed{Endpoint: contract.GetRecord, Method: "POST", Path: contract.GetRecord.Path(), Authorization: "Bearer k-123456789",
		Request: []byte(fmt.Sprintf(`{"record_id":7,"format":%q}`, format)), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

// Each format of a record masks a phone number on its own, but json and
// markdown hide different halves: together they give it away. Masks that
// hide the same half, or more, pass.
func TestLiveMaskHalves(t *testing.T) {
	const json = `{"record_id":7,"tpl_groups":[{"fields":[{"field_id":3,"field_value":"138****5678","options":{"is_masked":true}}]}]}`
	for _, c := range []struct {
		markdown string
		want     Status
	}{
		{`"电话: 1381234****"`, Fail},
		{`"电话: 138****5678"`, Pass},
		{`"电话: 13*******78"`, Pass},
	} {
		o := newTestObserver(t)
		o.Observe(maskedRecord("json", json))
		o.Observe(maskedRecord("markdown", c.markdown))
		f := findingOf(o.Report(o.opts.Started), relMaskedLive)
		if f == nil || f.Status != c.want || c.want == Fail && !strings.Contains(f.Message, "together they show 13812345678") {
			t.Errorf("markdown %s: want %s, got %+v", c.markdown, c.want, f)
		}
	}
}

// A move may add a field to the record's groups (one that records it:
// the terminal that redeemed the credential); every field the record
// held before must read as it did.
func TestLiveMoveMayAddFieldsOnly(t *testing.T) {
	groups := func(fields ...string) string {
		return `[{"group_title":"g","fields":[` + strings.Join(fields, ",") + `]}]`
	}
	name := `{"field_id":1,"field_type":"name","field_value":"张*"}`
	terminal := `{"field_id":258,"field_type":"text","field_value":"前台自助终端"}`
	for _, c := range []struct {
		name  string
		after string
		want  Status
	}{
		{"a field added", groups(name, terminal), Pass},
		{"a field rewritten", groups(`{"field_id":1,"field_type":"name","field_value":"李*"}`, terminal), Fail},
		{"a field taken away", groups(terminal), Fail},
		{"a field added under an id the record holds", groups(name, `{"field_id":1,"field_type":"text","field_value":"x"}`), Fail},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			o.Observe(liveRecordWith(4, "待核销", "a", groups(name)))
			o.Observe(liveVerify(4, "已核销"))
			o.Observe(liveRecordWith(4, "已核销", "a", c.after))
			wantVerdict(t, o, relSameRecord, c.want, "")
		})
	}
}
