package mockserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/rtqtest"
)

// TestReadmeCurlExamplesWorkAsWritten runs every curl command of README.md
// against the default mock, in order (the verify changes state, the reset
// puts it back), so the first thing a user copies cannot rot.
func TestReadmeCurlExamplesWorkAsWritten(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := curlCommands(string(text))
	if len(cmds) < 8 {
		t.Fatalf("found %d curl examples in README.md, want at least 8", len(cmds))
	}
	m := rtqtest.Start(t)
	for _, c := range cmds {
		req, err := c.request(m.URL)
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var answer struct {
			Code *int `json:"code"`
		}
		if err := json.Unmarshal(body, &answer); err != nil {
			t.Errorf("%s: answer is not JSON: %q", c.line, body)
			continue
		}
		if resp.StatusCode != http.StatusOK || (answer.Code != nil && *answer.Code != 0) {
			t.Errorf("%s: HTTP %d, body %s; want HTTP 200 and code 0", c.line, resp.StatusCode, body)
		}
	}
}

// curlCommand is one curl invocation as README.md writes it.
type curlCommand struct {
	line              string
	method, url, body string
	headers           [][2]string
}

// request builds the HTTP request, with the README's base URL replaced by base.
func (c curlCommand) request(base string) (*http.Request, error) {
	url := strings.Replace(c.url, "http://127.0.0.1:8080", base, 1)
	req, err := http.NewRequest(c.method, url, strings.NewReader(c.body))
	if err != nil {
		return nil, err
	}
	for _, h := range c.headers {
		req.Header.Set(h[0], h[1])
	}
	return req, nil
}

// curlCommands finds the curl lines (with their \ continuations) of a text.
func curlCommands(text string) []curlCommand {
	var out []curlCommand
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "curl ") {
			continue
		}
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(lines[i])
		}
		out = append(out, parseCurl(line))
	}
	return out
}

// parseCurl reads the flags README.md uses: -s, -X, -H and -d.
func parseCurl(line string) curlCommand {
	c := curlCommand{line: line, method: http.MethodGet}
	words := shellWords(line)[1:]
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-X" && i+1 < len(words):
			i++
			c.method = words[i]
		case w == "-H" && i+1 < len(words):
			i++
			name, value, _ := strings.Cut(words[i], ":")
			c.headers = append(c.headers, [2]string{name, strings.TrimSpace(value)})
		case w == "-d" && i+1 < len(words):
			i++
			c.body = words[i]
			if c.method == http.MethodGet {
				c.method = http.MethodPost
			}
		case strings.HasPrefix(w, "http"):
			c.url = w
		}
	}
	return c
}

// shellWords splits on blanks, keeping single-quoted strings whole.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}
