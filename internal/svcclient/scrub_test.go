package svcclient

import (
	"bytes"
	"encoding/base64"
	"errors"
	"net/url"
	"strings"
	"testing"
)

// TestScrubberFindsEverySpelling: each spelling of the key a service may
// echo is replaced, and the text around it is kept.
func TestScrubberFindsEverySpelling(t *testing.T) {
	const key = "rtq+Key/<9>&x"
	s := NewScrubber(key, "", "short")
	for name, spelled := range map[string]string{
		"as is":              key,
		"bearer":             "Bearer " + key,
		"upper case":         strings.ToUpper(key),
		"lower case":         strings.ToLower(key),
		"JSON, HTML-escaped": `rtq+Key/\u003c9\u003e\u0026x`,
		"JSON, plain":        `rtq+Key/<9>&x`,
		"JSON, slash":        `rtq+Key\/\u003c9\u003e\u0026x`,
		"query":              url.QueryEscape(key),
		"query, lower hex":   strings.ToLower(url.QueryEscape(key)),
		"path":               url.PathEscape(key),
		"base64":             base64.StdEncoding.EncodeToString([]byte(key)),
		"base64 url":         base64.RawURLEncoding.EncodeToString([]byte(key)),
		"base64 bearer":      base64.StdEncoding.EncodeToString([]byte("Bearer " + key)),
		"base64 in a longer": base64.StdEncoding.EncodeToString([]byte(key + ":password")),
	} {
		in := `{"message":"invalid api key ` + spelled + ` (say 甲)"}`
		out := s.String(in)
		if !strings.Contains(out, Redacted) || !strings.HasPrefix(out, `{"message":"invalid api key `) || !strings.HasSuffix(out, ` (say 甲)"}`) {
			t.Errorf("%s: %q scrubbed to %q", name, in, out)
		}
		if strings.Contains(strings.ToLower(out), "key/") {
			t.Errorf("%s: %q still holds part of the key", name, out)
		}
	}
	if got := s.String("a short word"); got != "a short word" {
		t.Errorf("a secret under %d bytes was scrubbed: %q", MinSecretLen, got)
	}
}

func TestScrubberKeepsWhatHoldsNoSecret(t *testing.T) {
	s := NewScrubber("secret-read-key", "secret-write-key")
	in := []byte(`{"code":0,"data":{"name":"secret-read","note":"key"}}`)
	if out := s.Bytes(in); &out[0] != &in[0] {
		t.Errorf("a text without a secret was copied: %q", out)
	}
	if got := s.String("x secret-write-key y SECRET-READ-KEYsecret-read-key z"); got != "x REDACTED y REDACTEDREDACTED z" {
		t.Errorf("two secrets, adjacent: %q", got)
	}
	var nilScrubber *Scrubber
	if got := nilScrubber.String("secret-read-key"); got != "secret-read-key" {
		t.Errorf("a nil scrubber changed text: %q", got)
	}
}

func TestScrubberErrorsKeepTheirIdentity(t *testing.T) {
	s := NewScrubber("secret-read-key")
	err := s.Error(&TooLargeError{Max: 1})
	if err.Error() != "answer larger than 1 bytes" {
		t.Errorf("an error without a secret changed: %v", err)
	}
	err = s.Error(errors.Join(ErrBudget, errors.New("Bearer secret-read-key")))
	if strings.Contains(err.Error(), "secret-read-key") || !errors.Is(err, ErrBudget) {
		t.Errorf("scrubbed error %q: key kept or identity lost", err)
	}
}

func TestScrubberWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewScrubber("secret-read-key").Writer(&b)
	if n, err := w.Write([]byte("rtq record: invalid api key secret-read-key\n")); err != nil || n != 44 {
		t.Fatalf("Write = %d, %v; want 44 (the bytes given), nil", n, err)
	}
	if b.String() != "rtq record: invalid api key REDACTED\n" {
		t.Fatalf("wrote %q", b.String())
	}
}
