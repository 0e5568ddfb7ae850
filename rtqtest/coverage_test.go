package rtqtest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/rtqtest"
)

// formClient is a client of the service as a team would write one: it
// lists every form, page by page, and reads records. The test below is
// what the consumer coverage tells that team of its own tests.
type formClient struct {
	base, key   string
	contentType string // what it sends as Content-Type; a bug sets ""
}

type envelope struct {
	Code      int             `json:"code"`
	ErrorCode int             `json:"error_code"`
	Data      json.RawMessage `json:"data"`
}

func (c formClient) call(ep contract.Endpoint, body string) (envelope, error) {
	req, err := http.NewRequest(http.MethodPost, c.base+ep.Path(), strings.NewReader(body))
	if err != nil {
		return envelope{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return envelope{}, err
	}
	defer resp.Body.Close()
	var e envelope
	err = json.NewDecoder(resp.Body).Decode(&e)
	return e, err
}

// forms walks getFormList at the largest page size until its last page;
// it returns how many pages it read.
func (c formClient) forms() (pages int, err error) {
	for page := 1; ; page++ {
		e, err := c.call(contract.GetFormList, fmt.Sprintf(`{"page":%d,"page_size":%d}`, page, contract.FormListMaxPageSize))
		if err != nil || e.Code != 0 {
			return pages, fmt.Errorf("page %d: %v (code %d)", page, err, e.Code)
		}
		pages++
		var d struct {
			Page struct {
				Current int `json:"current_page"`
				Last    int `json:"last_page"`
			} `json:"page"`
		}
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return pages, err
		}
		if d.Page.Current >= d.Page.Last {
			return pages, nil
		}
	}
}

// record reads one record; found is false on the service's 404.
func (c formClient) record(id int) (found bool, err error) {
	e, err := c.call(contract.GetRecord, fmt.Sprintf(`{"record_id":%d}`, id))
	switch {
	case err != nil:
		return false, err
	case e.Code == 404 && e.ErrorCode == contract.ErrNotFound:
		return false, nil
	case e.Code != 0:
		return false, fmt.Errorf("record %d: code %d", id, e.Code)
	}
	return true, nil
}

// TestCoverageOfAGoClient: every call of the client is counted where it
// belongs, exactly; what its tests never met is named; a duty it breaks
// is a finding with the request.
func TestCoverageOfAGoClient(t *testing.T) {
	m := rtqtest.Start(t)
	c := formClient{base: m.URL, key: rtqtest.ReadKey, contentType: "application/json"}
	pages, err := c.forms()
	if err != nil {
		t.Fatal(err)
	}
	if found, err := c.record(100001); err != nil || !found {
		t.Fatalf("record 100001: %v %v", found, err)
	}
	if found, err := c.record(999999); err != nil || found {
		t.Fatalf("record 999999: %v %v", found, err)
	}
	m.Reset() // the state's reset: coverage stays

	r := m.Coverage()
	want := map[string]int64{
		"endpoints: record/getFormList":                             int64(pages),
		"endpoints: record/getRecord":                               2,
		"parameters: record/getFormList page_size=20 (the maximum)": int64(pages),
		"parameters: record/getRecord format=json":                  2,
		"shapes: record/getFormList last page":                      1,
		"shapes: record/getRecord a masked value":                   1,
		"errors: record/getRecord 100404/404":                       1,
		"errors: record/getRecord 100401/401":                       0,
		"endpoints: templates/list":                                 0,
		"shapes: record/getFormList empty list":                     0,
	}
	for entry, n := range want {
		dim, id, _ := strings.Cut(entry, ": ")
		if got, ok := r.Dimension(dim).Count(id); !ok || got != n {
			t.Errorf("%s: counted %d (listed %v), want %d", entry, got, ok, n)
		}
	}
	if r.Calls != int64(pages)+2 {
		t.Errorf("%d calls counted, the client made %d", r.Calls, pages+2)
	}
	m.MustCover("endpoints: record/getFormList", "errors: record/getRecord 100404/404", "shapes: record/getFormList last page")
	m.ExpectNoFindings()

	// MustCover fails on a gap and on an entry the report does not know.
	rec := &recordingT{}
	mm := *m
	rtqtest.SetT(&mm, rec)
	mm.MustCover("errors: record/getRecord 100401/401", "errors: record/getRecord 401/100401")
	if len(rec.errors) != 2 || !strings.Contains(rec.errors[0], "never met errors: record/getRecord 100401/401") ||
		!strings.Contains(rec.errors[1], "lists no") {
		t.Errorf("MustCover reported %q", rec.errors)
	}

	// The same client without its Content-Type: a finding, with the request.
	bug := c
	bug.contentType = ""
	if _, err := bug.record(100001); err != nil {
		t.Fatal(err)
	}
	f, ok := m.Coverage().Finding(covreport.DutyContentType)
	if !ok || f.Count != 1 || f.Request.Path != contract.GetRecord.Path() || f.Request.Body != `{"record_id":100001}` {
		t.Errorf("content_type finding %+v %v", f, ok)
	}
	m.ResetCoverage()
	if r := m.Coverage(); r.Calls != 0 || len(r.Findings) != 0 {
		t.Errorf("after ResetCoverage: %d calls, %d findings", r.Calls, len(r.Findings))
	}
	var b bytes.Buffer
	_ = covreport.Write(&b, r, "text")
	t.Logf("the report a team reads:\n%s", b.String())
}
