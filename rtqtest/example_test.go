package rtqtest_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/rtqtest"
)

// exampleT stands in for the *testing.T a real test passes to Start.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                        {}
func (*exampleT) Errorf(format string, a ...any) { fmt.Printf("error: "+format+"\n", a...) }
func (*exampleT) Fatalf(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }
func (t *exampleT) Cleanup(f func())             { t.cleanups = append(t.cleanups, f) }
func (t *exampleT) end() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}

// post is the code under test: one call of the service.
func post(base string, ep contract.Endpoint, key, body string) string {
	req, _ := http.NewRequest(http.MethodPost, base+ep.Path(), strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.Status + " " + string(b[:min(len(b), 9)])
}

// Start a mock, point the code under test at its URL with a key of the
// default scenario, then ask the journal what the code sent.
func Example() {
	t := &exampleT{} // in a test: the *testing.T
	defer t.end()

	m := rtqtest.Start(t)
	fmt.Println(post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{"page_size":5}`))
	fmt.Println(post(m.URL, contract.GetFormList, "not-a-key", `{}`))

	fmt.Println(m.Count(rtqtest.Filter{Path: contract.GetFormList.Path()}))
	for _, r := range m.Requests(rtqtest.Filter{Key: "demo-read"}) {
		fmt.Println(r.Method, r.Path, r.Key, r.Status, r.Body)
	}
	m.ExpectCount(rtqtest.Filter{Status: 401}, 1)
	// Output:
	// 200 OK {"code":0
	// 401 Unauthorized {"code":4
	// 2
	// POST /api/v2/rpc/record/getFormList demo-read 200 {"page_size":5}
}

// Reset undoes the verifies of one case and empties the journal before
// the next.
func ExampleMock_Reset() {
	t := &exampleT{}
	defer t.end()

	m := rtqtest.Start(t)
	verify := `{"certificate_code":"demo-cert-a-pending-01","action_type":"set_certificate_status","to_certificate_status":"已核验"}`
	fmt.Println(post(m.URL, contract.Verify, rtqtest.WriteKey, verify))
	fmt.Println(post(m.URL, contract.Verify, rtqtest.WriteKey, verify))
	m.Reset()
	fmt.Println(m.Count(rtqtest.Filter{}))
	fmt.Println(post(m.URL, contract.Verify, rtqtest.WriteKey, verify))
	// Output:
	// 200 OK {"code":0
	// 400 Bad Request {"code":4
	// 0
	// 200 OK {"code":0
}

// Counts shows at a glance which endpoints the code called, with which key.
func ExampleMock_Counts() {
	t := &exampleT{}
	defer t.end()

	m := rtqtest.Start(t)
	post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{}`)
	post(m.URL, contract.GetFormList, rtqtest.ReadKey, `{"page":2}`)
	post(m.URL, contract.TemplatesList, rtqtest.OtherOrgKey, `{}`)
	for call, n := range m.Counts() {
		if call.Key == "demo-read" {
			fmt.Println(call.Path, n)
		}
	}
	fmt.Println(m.Counts()[rtqtest.Call{Path: contract.TemplatesList.Path(), Key: "other-org"}])
	// Output:
	// /api/v2/rpc/record/getFormList 2
	// 1
}

// httpClient keeps no connection alive, so a closed mock is seen at once.
var httpClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
