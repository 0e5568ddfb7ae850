package recorder_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// credentialsOf are the recording's credential records and their status.
func credentialsOf(sc *scenario.Scenario) map[int64]string {
	certs := map[int64]string{}
	for _, r := range sc.Records {
		if r.Cert != nil {
			certs[r.ID] = r.Cert.Status.Name
		}
	}
	return certs
}

// The default scenario's record 100003 shows a status history of its own
// (a review's 处理状态, 待处理 → 待整改) and is the only recorded record of
// its form in that flow: it is not taken for a credential record, its
// form gets no flow, and the header says how to make it one by hand, with
// an example that loads. The credential records are still recognised.
func TestAHistoryOfOneRecordIsNotACredential(t *testing.T) {
	up := rtqtest.Start(t)
	c, _ := crawl(t, up.URL, up.Key("demo-read"))
	built := c.Build(up.URL)
	want := map[int64]string{110001: "待核验", 110011: "已核验", 110021: "已归档", 110101: "未使用", 110201: "有效"}
	if got := credentialsOf(built.Scenario); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("credential records %v, want %v", got, want)
	}
	for _, f := range built.Scenario.Forms {
		if f.ID == 2003 && f.Flow != nil {
			t.Errorf("form 2003 got a flow %+v from record 100003's history", f.Flow)
		}
	}
	header := strings.Join(built.Header(), "\n")
	if strings.Contains(header, "form 2003 has a placeholder certificate flow") || !strings.Contains(header, "record 100003 shows a status history") {
		t.Fatalf("the header should say record 100003 was not taken for a credential record, and not give form 2003 a flow:\n%s", header)
	}
	assertExampleLoads(t, built.Header(), "record 100003 shows a status history", 2003, 100003, "待整改")
}

// assertExampleLoads fills the example that follows the header's note
// starting with lead (a forms line, then a records line) into a scenario
// of its own: it must load, with record id of form a credential record in
// status.
func assertExampleLoads(t *testing.T, header []string, lead string, form, id int64, status string) {
	t.Helper()
	var forms, records string
	for i, n := range header {
		if strings.HasPrefix(n, lead) && i+2 < len(header) {
			forms, records = strings.TrimSpace(header[i+1]), strings.TrimSpace(header[i+2])
		}
	}
	if !strings.HasPrefix(forms, "forms: ") || !strings.HasPrefix(records, "records: ") {
		t.Fatalf("no example after %q in the header %q", lead, header)
	}
	forms = strings.Replace(strings.Replace(forms, ", ...}", "}", 1), "[{id: ", "[{org: demo, name: f, id: ", 1)
	records = strings.Replace(strings.Replace(records, ", ...}", "}", 1), "[{id: ", fmt.Sprintf("[{form: %d, code: c, id: ", form), 1)
	doc := "orgs: [{id: 1, name: o, code: demo, host: demo.rtq.example}]\nkeys: [{name: w, secret: rtq-example-key, scopes: [read, write]}]\n" + forms + "\n" + records + "\n"
	sc, err := scenario.Parse("example.yaml", []byte(doc))
	if err != nil {
		t.Fatalf("the header's example does not load: %v\n%s", err, doc)
	}
	if got := credentialsOf(sc); got[id] != status {
		t.Errorf("the header's example makes credential records %v, want %d in %s", got, id, status)
	}
}

// One credential record of the foreign service recorded alone shows its
// history but no other record of its form: it is not taken (the header
// says how to), while with a sibling of its form in a status of the flow
// both are.
func TestAForeignCredentialNeedsASiblingOfItsForm(t *testing.T) {
	up := startForeign(t)
	for _, tc := range []struct {
		ids  []int64
		want map[int64]string
	}{
		{[]int64{810013}, map[int64]string{}},
		{[]int64{810013, 810001}, map[int64]string{810001: "待核销", 810013: "已核销"}},
	} {
		c := recorder.NewCapture()
		if err := recorder.Crawl(context.Background(), recorder.NewUpstream(up, foreign.ReadKey, nil), c, recorder.CrawlOptions{RecordIDs: tc.ids}); err != nil {
			t.Fatal(err)
		}
		built := c.Build(up)
		if got := credentialsOf(built.Scenario); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("records %v: credential records %v, want %v", tc.ids, got, tc.want)
		}
		noted := strings.Contains(strings.Join(built.Header(), "\n"), "record 810013 shows a status history")
		if noted != (len(tc.want) == 0) {
			t.Errorf("records %v: the header's note on record 810013 = %v:\n%s", tc.ids, noted, strings.Join(built.Header(), "\n"))
		}
	}
}
