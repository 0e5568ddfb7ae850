package foreign_test

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// The frontend examples' flows against the fake's examples data: the
// record page of 110001 reads "R110001: 待核验", a verify with the write
// key moves it to 已核验, and the home page's record 100001 exists. These
// are the names examples/frontend's tests type; without them the browser
// suite would meet nothing but not-found.
func TestExamplesDataServesTheExamplesFlows(t *testing.T) {
	opts := foreign.Defaults()
	opts.Examples = true
	s := foreign.New(opts)
	heading := func() string {
		_, a := call(t, s, foreign.ExamplesReadKey, "record/getRecord", fmt.Sprintf(`{"record_id":%d}`, foreign.ExamplesRecord))
		return fmt.Sprintf("%v: %v", dig(a, "data", "data", "record_number"), dig(a, "data", "data", "process_status", "text"))
	}
	if got := heading(); got != "R110001: 待核验" {
		t.Errorf("the record page before the verify reads %q", got)
	}
	body := fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_certificate_status","to_certificate_status":"已核验"}`, foreign.ExamplesCertificate)
	if st, a := call(t, s, foreign.ExamplesWriteKey, "certificates/verify", body); st != 200 || dig(a, "code") != 0.0 {
		t.Errorf("verify with the examples' write key: HTTP %d %v", st, a)
	}
	if got := heading(); got != "R110001: 已核验" {
		t.Errorf("the record page after the verify reads %q", got)
	}
	if st, a := call(t, s, foreign.ExamplesReadKey, "record/getRecord", fmt.Sprintf(`{"record_id":%d}`, foreign.ExamplesHome)); st != 200 || dig(a, "code") != 0.0 {
		t.Errorf("the home page's record: HTTP %d %v", st, a)
	}
	// Without Examples the fake has none of it.
	if _, a := call(t, foreign.New(foreign.Defaults()), foreign.ReadKey, "record/getRecord", `{"record_id":110001}`); dig(a, "code") == 0.0 {
		t.Errorf("record 110001 is served without Options.Examples")
	}
}
