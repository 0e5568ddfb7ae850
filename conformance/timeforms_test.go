package conformance

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestTimeParamsAreTheSchemasTimes: contract.TimeParams, the table the
// time relation writes forms into, has a row for every request member
// whose schema says it takes an ISO 8601 time, and no other.
func TestTimeParamsAreTheSchemasTimes(t *testing.T) {
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, p := range contract.TimeParams {
		rows[p.Endpoint.Name+" "+p.Name] = true
	}
	for _, ep := range contract.Endpoints {
		for name, p := range all[ep.Name].Properties {
			if strings.Contains(p.Description, "ISO 8601") != rows[ep.Name+" "+name] {
				t.Errorf("%s %s: takes a time %v, has a row in contract.TimeParams %v", ep.Name, name, strings.Contains(p.Description, "ISO 8601"), rows[ep.Name+" "+name])
			}
			delete(rows, ep.Name+" "+name)
		}
	}
	for r := range rows {
		t.Errorf("contract.TimeParams names %s, which no request schema has", r)
	}
}

// TestTimeFormsNameOneInstant: every form of a class names the instant
// it is written from, and a profile's bound reads as the contract says.
func TestTimeFormsNameOneInstant(t *testing.T) {
	at := time.Date(2026, 1, 6, 8, 12, 7, 0, contract.Zone).Unix()
	for _, c := range timeFormClasses {
		for _, loc := range append(c.zones, nil) {
			s := writeTime(at, loc)
			got, ok := readBound(s, false)
			if !ok || got != at {
				t.Errorf("%s form %q reads as %d, want %d", c.name, s, got, at)
			}
		}
	}
	if got, _ := readBound("2026-01-06", true); got != time.Date(2026, 1, 6, 23, 59, 59, 0, contract.Zone).Unix() {
		t.Errorf("an upper date bound reads as %d, not its last second", got)
	}
	if writeTime(at, time.UTC) != "2026-01-06T00:12:07Z" {
		t.Errorf("UTC is written %q", writeTime(at, time.UTC))
	}
}

// cursorWalk is a one-page cursor walk of codings with total.
func cursorWalk(body string, total int, codings ...string) walk {
	x := page(body, codings...)
	data := x.Doc.(map[string]any)["data"].(map[string]any)
	data["total"], data["next_page_token"] = jsonNum(strconv.Itoa(total)), nil
	var w walk
	w.add(x)
	return w
}

// TestTimeFormsJudgeEachWalkByItsOwnItems: a form is judged by the walk
// it gets, not by its total against another form's. A date as end_time
// whose total counts to the day's first second while its list holds the
// whole day (a reading the contract allows for each alone) breaks its own
// total; an offset form with the instant's count but other items breaks
// the instant's items.
func TestTimeFormsJudgeEachWalkByItsOwnItems(t *testing.T) {
	day := time.Date(2026, 1, 5, 0, 0, 0, 0, contract.Zone).Unix()
	at := day + 9*3600 + 7
	l := listing{ep: contract.TemplatesList, name: "templates/list", filter: map[string]any{}, key: "coding"}
	end := contract.TimeParams[1]
	if end.Name != "end_time" || end.Endpoint != contract.TemplatesList {
		t.Fatalf("contract.TimeParams[1] is %v", end)
	}
	all := cursorWalk(`{"page_size":100}`, 4, "A", "B", "C", "D")
	refs := map[string]walk{
		key2("end_time", day):       cursorWalk(`{"end_time":"first"}`, 1, "A"),
		key2("end_time", day+86399): cursorWalk(`{"end_time":"last"}`, 3, "A", "B", "C"),
		key2("end_time", at):        cursorWalk(`{"end_time":"at"}`, 2, "A", "B"),
	}
	cases := []struct {
		c    timeCase
		want string
	}{
		{timeCase{param: end, class: timeFormClass{name: "date"}, value: "2026-01-05", ats: []int64{day + 86399, day},
			w: cursorWalk(`{"end_time":"2026-01-05"}`, 1, "A", "B", "C")}, "the pages hold 3 items, total says 1"},
		{timeCase{param: end, class: timeFormClasses[0], value: "2026-01-05T01:00:07Z", ats: []int64{at},
			w: cursorWalk(`{"end_time":"2026-01-05T01:00:07Z"}`, 2, "A", "C")}, "C is listed"},
		{timeCase{param: end, class: timeFormClasses[2], value: "2026-01-04T19:30:07-05:30", ats: []int64{at},
			w: cursorWalk(`{"end_time":"2026-01-04T19:30:07-05:30"}`, 2, "A", "E")}, "E is not in the unfiltered walk"},
	}
	for _, tc := range cases {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.time.forms"}}
		tk.judgeTimeCase(l, tc.c, refs, all)
		if got := strings.Join(tk.failures, "\n"); !strings.Contains(got, tc.want) {
			t.Errorf("%s: failures %q do not say %q", tc.c.value, got, tc.want)
		}
	}
	// The readings the contract allows pass: a date as its first second,
	// list and total alike.
	tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.time.forms"}}
	tk.judgeTimeCase(l, timeCase{param: end, class: timeFormClass{name: "date"}, value: "2026-01-05", ats: []int64{day + 86399, day},
		w: cursorWalk(`{"end_time":"2026-01-05"}`, 1, "A")}, refs, all)
	if tk.failed() {
		t.Errorf("a date read as its first second fails: %v", tk.failures)
	}
}

// TestNearTimeFormsMoveTheItemWhenMisread: every near form, in every zone
// it may be written in, names its instant, never in UTC+08:00 (where a
// dropped offset moves nothing); and a reading that drops its offset (its
// wall time read in UTC+08:00, or in UTC) lands on the far side of an
// item created between the two instants, at the instant the case sends,
// as a start and as an end.
func TestNearTimeFormsMoveTheItemWhenMisread(t *testing.T) {
	item := time.Date(2026, 1, 6, 8, 12, 7, 0, contract.Zone).Unix()
	a, b := item-10*60, item+5*60
	l := listing{ep: contract.TemplatesList, name: "templates/list"}
	params := contract.TimeParams[:2]
	for seed := uint64(0); seed < 40; seed++ {
		tk := &T{r: &runner{opts: Options{Seed: seed}}}
		cases := tk.nearCases(l, params, a, b)
		if len(cases) != len(nearTimeForms) {
			t.Fatalf("seed %d: %d cases for %d near forms", seed, len(cases), len(nearTimeForms))
		}
		for _, c := range cases {
			at := c.ats[0]
			got, wall, ok := readNear(c.value)
			if !ok || got != at {
				t.Errorf("%s %q names %d (%v), want %d", c.class.name, c.value, got, ok, at)
				continue
			}
			for _, zone := range []*time.Location{contract.Zone, time.UTC} {
				misread := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, zone).Unix()
				// A bound on the item's other side than the instant
				// selects otherwise, as a start and as an end (in UTC,
				// a form written in UTC is read right).
				if misread != at && (at < item) == (misread < item) {
					t.Errorf("%s %q read as wall time in %s (%d) stays on the side of the item the instant is on", c.class.name, c.value, zone, misread)
				}
			}
		}
	}
}

// readNear reads a near form back: the instant and the wall time as
// written.
func readNear(s string) (int64, time.Time, bool) {
	for _, layout := range []string{"2006-01-02t15:04:05z", "2006-01-02T15:04:05-07:00", "2006-01-02 15:04:05-07:00", "2006-01-02T15:04:05-0700", "2006-01-02 15:04:05 -0700"} {
		if at, err := time.Parse(layout, s); err == nil {
			return at.Unix(), at, true
		}
	}
	return 0, time.Time{}, false
}

// TestNearTimeFormsAreRefusedWith400OrRead: a near form refused with a
// code other than 400 fails, as does one accepted and read an offset
// off (another item than the instant's); refused with 400 it is noted,
// and read as its instant it passes.
func TestNearTimeFormsAreRefusedWith400OrRead(t *testing.T) {
	set, err := loadSchemas()
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 5, 9, 0, 7, 0, contract.Zone).Unix()
	l := listing{ep: contract.TemplatesList, name: "templates/list", filter: map[string]any{}, key: "coding"}
	start := contract.TimeParams[0]
	all := cursorWalk(`{"page_size":100}`, 3, "A", "B", "C")
	refs := map[string]walk{key2("start_time", at): cursorWalk(`{"start_time":"at"}`, 2, "B", "C")}
	refusal := func(code string) walk {
		var w walk
		w.add(&Exchange{Status: 200, Req: Request{Method: "POST", Path: "/api/v2/rpc/templates/list", Key: "read", Body: `{"start_time":"x"}`},
			Doc: map[string]any{"code": jsonNum(code), "message": "start_time is no time", "data": map[string]any{}}})
		return w
	}
	value := "2026-01-05 01:00:07+00:00"
	cases := []struct {
		w    walk
		fail string
	}{
		{refusal("500"), "refused with code 500"},
		{refusal("422"), "refused with code 422"},
		{cursorWalk(`{"start_time":"`+value+`"}`, 3, "A", "B", "C"), "gives 3 items"},
		{refusal("400"), ""},
		{cursorWalk(`{"start_time":"`+value+`"}`, 2, "B", "C"), ""},
	}
	for _, tc := range cases {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}, schemas: set, answers: newAnswers(&profile.Profile{}, set)}, check: Check{ID: "relation.time.forms"}}
		c := timeCase{param: start, class: timeFormClass{name: "python str", near: true}, value: value, ats: []int64{at},
			what: "the instant", w: tc.w}
		tk.judgeTimeCase(l, c, refs, all)
		got := strings.Join(tk.failures, "\n")
		switch {
		case tc.fail == "" && tk.failed():
			t.Errorf("a correct answer fails: %s", got)
		case tc.fail != "" && !strings.Contains(got, tc.fail):
			t.Errorf("failures %q do not say %q", got, tc.fail)
		}
	}
}
