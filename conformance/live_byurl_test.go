package conformance

import (
	"testing"
)

// A record read by its URL and by its id reads the same; a verify
// between, or another format, is not compared.
func TestLiveByURL(t *testing.T) {
	const u = "https://x/r/7"
	rec := func(note string) string {
		return `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":7,"record_url":"` + u + `","note":"` + note + `"}}}`
	}
	byID := func(note string) Observed { return getRecordAnswer("k-any-1234", `{"record_id":7}`, rec(note)) }
	byURL := func(note string) Observed { return getRecordAnswer("k-any-1234", `{"record_url":"`+u+`"}`, rec(note)) }
	cases := []struct {
		name    string
		answers []Observed
		want    Status // "" when not judged
	}{
		{"the same", []Observed{byID("a"), byURL("a")}, Pass},
		{"by URL otherwise", []Observed{byID("a"), byURL("b")}, Fail},
		{"by URL with the host in capitals, otherwise", []Observed{byID("a"), getRecordAnswer("k-any-1234", `{"record_url":"HTTPS://X/r/7"}`, rec("b"))}, Fail},
		{"a verify between", []Observed{byID("a"), liveVerify(7, "已核销"), byURL("b")}, ""},
		{"the same way twice", []Observed{byID("a"), byID("a")}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObserver(t)
			for _, a := range c.answers {
				o.Observe(a)
			}
			wantVerdict(t, o, relByURLLive, c.want, "")
		})
	}
}
