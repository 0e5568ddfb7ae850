package journal

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

func summarized(j *Journal, body string) string {
	e := &entry{bodyLen: len(body)}
	copy(e.body[:], body)
	return j.summarize(e)
}

func TestJournalMasksSecretsAtAnyDepthAndOfAnyType(t *testing.T) {
	j := New(1)
	j.Remember([]*scenario.Key{{Secret: "rtq-demo-write"}}, "admin-tok-123")
	for body, leaks := range map[string][]string{
		`{"meta": {"auth": "Bearer rtq-demo-write"}}`:                     {"rtq-demo-write"},
		`{"password": 98765432}`:                                          {"98765432"},
		`{"client_secret": "s3cr3t-value", "refresh_token": "rt-abcdef"}`: {"s3cr3t-value", "rt-abcdef"},
		`{"a": [{"b": {"DB_Password": "hunter22"}}]}`:                     {"hunter22"},
		`{"creds": {"Authorization": ["Basic dXNlcjpwYXNz"]}}`:            {"dXNlcjpwYXNz"},
		`{"apikey": 1234567, "api_key": "k-live-99"}`:                     {"1234567", "k-live-99"},
		`{"tokens": {"id": "eyJhbGciOi", "n": 42424242}}`:                 {"eyJhbGciOi", "42424242"},
		`{"passwd": "p4ss-word"}`:                                         {"p4ss-word"},
		`["x", "rtq-demo-write"]`:                                         {"rtq-demo-write"},
		`{"rtq-demo-write": 1}`:                                           {"rtq-demo-write"},
		`{"note": "admin-tok-123"}`:                                       {"admin-tok-123"},
	} {
		got := summarized(j, body)
		for _, leak := range leaks {
			if strings.Contains(got, leak) {
				t.Errorf("%s: journal shows %q: %s", body, leak, got)
			}
		}
		if strings.HasPrefix(got, "(") {
			t.Errorf("%s: not re-encoded: %s", body, got)
		}
	}
}

func TestJournalKeepsWhatIsNotSecret(t *testing.T) {
	j := New(1)
	j.Remember([]*scenario.Key{{Secret: "rtq-demo-write"}})
	for body, want := range map[string]string{
		`{"record_id": 100001, "format": "markdown", "page": {"n": 2, "ok": true, "x": null}}`: `{"record_id":100001,"format":"markdown","page":{"n":2,"ok":true,"x":null}}`,
		`{"token_count": 3}`:  `{"token_count":"*"}`, // a sensitive name masks even a harmless value, all of one character
		`{"password": null}`:  `{"password":null}`,
		`[1, "two", {}]`:      `[1,"two",{}]`,
		`"plain"`:             `"plain"`,
		`{"a": 1} {"b": 2}`:   "(17 bytes, not JSON)",
		`{"a": `:              "(6 bytes, not JSON)",
		`{"password": "abc"}`: `{"password":"a*c"}`,
	} {
		if got := summarized(j, body); got != want {
			t.Errorf("%s: got %s, want %s", body, got, want)
		}
	}
}
