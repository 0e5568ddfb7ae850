package conformance

import (
	"fmt"
	"strings"
)

// keyVars are the environment variables a pasted curl line reads each
// role's key from: a report never holds a key itself.
var keyVars = map[string]string{
	"read": "RTQ_API_KEY", "write": "RTQ_WRITE_KEY", "limited": "RTQ_LIMITED_KEY", "other_org": "RTQ_OTHER_ORG_KEY",
}

// curlLine is a request as a curl command a person can paste: the key
// as a shell variable ($RTQ_API_KEY and the like), never its value; the
// body single-quoted for a POSIX shell.
func curlLine(base string, r *Request) string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	url := strings.TrimRight(base, "/") + wirePath(*r)
	if strings.Contains(url, "${") { // a key in the query string, as its shell variable
		fmt.Fprintf(&b, "curl -sS -X %s %s", r.Method, doubleQuote(url))
	} else {
		fmt.Fprintf(&b, "curl -sS -X %s %s", r.Method, shellQuote(url))
	}
	switch {
	case r.Authorization != "":
		fmt.Fprintf(&b, " -H %s", doubleQuote("Authorization: "+r.Authorization))
	case r.Key == "none", r.Key == "":
	case r.Key == "bad":
		fmt.Fprintf(&b, " -H %s", shellQuote("Authorization: Bearer "+badKey))
	default:
		v := keyVars[r.Key]
		if v == "" {
			v = "RTQ_API_KEY"
		}
		fmt.Fprintf(&b, ` -H "Authorization: Bearer $%s"`, v)
	}
	for _, h := range r.Headers {
		fmt.Fprintf(&b, " -H %s", doubleQuote(h))
	}
	for _, h := range r.Gateway {
		fmt.Fprintf(&b, " -H %s", shellQuote(h))
	}
	for _, h := range r.ClientHeaders {
		fmt.Fprintf(&b, " -H %s", shellQuote(h))
	}
	switch r.ContentType {
	case "":
		b.WriteString(" -H 'Content-Type: application/json'")
	case "-":
		b.WriteString(" -H 'Content-Type:'")
	default:
		fmt.Fprintf(&b, " -H %s", shellQuote("Content-Type: "+r.ContentType))
	}
	switch r.Accept {
	case "":
	case "-":
		b.WriteString(" -H 'Accept:'")
	default:
		fmt.Fprintf(&b, " -H %s", shellQuote("Accept: "+r.Accept))
	}
	if r.AcceptEncoding != "" {
		fmt.Fprintf(&b, " -H %s", shellQuote("Accept-Encoding: "+r.AcceptEncoding))
	}
	if r.Chunked {
		b.WriteString(" -H 'Transfer-Encoding: chunked'")
	}
	switch {
	case r.BodyEncoding == "gzip":
		// The body compressed as sent: piped through gzip.
		return "printf %s " + shellQuote(r.Body) + " | gzip | " + b.String() + " -H 'Content-Encoding: gzip' --data-binary @-"
	case strings.HasPrefix(r.Body, bom):
		// A byte order mark is invisible once pasted: printf writes it.
		fmt.Fprintf(&b, ` --data-raw "$(printf '\357\273\277')"%s`, shellQuote(strings.TrimPrefix(r.Body, bom)))
	case strings.Contains(r.Body, `"${RTQ_`):
		// A key in a body member (keyforms.go), as its shell variable.
		fmt.Fprintf(&b, " --data-raw %s", doubleQuote(r.Body))
	case r.Body != "":
		fmt.Fprintf(&b, " --data-raw %s", shellQuote(r.Body))
	}
	return b.String()
}

// doubleQuote quotes s for a POSIX shell so that the $VAR of a key is
// expanded: the other characters special inside double quotes are escaped.
func doubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '$':
			if i+1 < len(s) && (s[i+1] == '_' || s[i+1] == '{' || s[i+1] >= 'A' && s[i+1] <= 'Z') {
				b.WriteByte(c)
			} else {
				b.WriteString(`\$`)
			}
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// shellQuote quotes s for a POSIX shell: inside single quotes nothing is
// special but the single quote itself.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
