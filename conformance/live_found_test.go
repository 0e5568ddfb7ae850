package conformance

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

const notFound = `{"code":404,"message":"Record not found","error_code":100404,"message_detail":"x","data":null}`

// getRecordAnswer is a getRecord of req by key, answered by body.
func getRecordAnswer(key, req, body string) Observed {
	return Observed{Endpoint: contract.GetRecord, Method: "POST", Path: contract.GetRecord.Path(), Authorization: "Bearer " + key,
		Request: []byte(req), Status: 200, ContentType: "application/json", Body: []byte(body)}
}

func recordOK(id int64, url string) string {
	return fmt.Sprintf(`{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":%d,"record_url":%q}}}`, id, url)
}

// A record a key was shown, or the profile says the read key sees, is
// found when the key asks for it alone; another key, a request with
// another fault, or a space whose scenario may have changed is not
// judged.
func TestLiveFound(t *testing.T) {
	prof := &profile.Profile{Version: profile.Version, Keys: profile.Keys{Read: "k-read-1234", OtherOrg: "k-other-1234"},
		Records: []profile.Record{{ID: 5, URL: "https://x/r/5"}}}
	const u7 = "https://x/r/7"
	cases := []struct {
		name    string
		answers []Observed
		forget  bool
		want    Status // "" when not judged
	}{
		{"shown, then not found by its URL", []Observed{getRecordAnswer("k-any-1234", `{"record_id":7}`, recordOK(7, u7)), getRecordAnswer("k-any-1234", `{"record_url":"`+u7+`"}`, notFound)}, false, Fail},
		{"shown, then found", []Observed{getRecordAnswer("k-any-1234", `{"record_id":7}`, recordOK(7, u7)), getRecordAnswer("k-any-1234", `{"record_url":"`+u7+`","format":"markdown"}`, recordOK(7, u7))}, false, Pass},
		{"the profile's record, not found", []Observed{getRecordAnswer("k-read-1234", `{"record_id":5}`, notFound)}, false, Fail},
		{"the profile's record, another organization's key", []Observed{getRecordAnswer("k-other-1234", `{"record_id":5}`, notFound)}, false, ""},
		{"shown to another key", []Observed{getRecordAnswer("k-any-1234", `{"record_id":7}`, recordOK(7, u7)), getRecordAnswer("k-else-1234", `{"record_id":7}`, notFound)}, false, ""},
		{"a bad format beside it", []Observed{getRecordAnswer("k-read-1234", `{"record_id":5,"format":"pdf"}`, notFound)}, false, ""},
		{"after the scenario may have changed", []Observed{getRecordAnswer("k-read-1234", `{"record_id":5}`, notFound)}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := NewObserver(ObserverOptions{Target: "http://svc", Profile: prof})
			if err != nil {
				t.Fatal(err)
			}
			if c.forget {
				o.Forget(AllSpaces)
			}
			for _, a := range c.answers {
				o.Observe(a)
			}
			wantVerdict(t, o, relFoundLive, c.want, map[Status]string{Fail: "answers code 404"}[c.want])
		})
	}
}
