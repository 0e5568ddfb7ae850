package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// The journal is read by tools and people, and a body is whatever the
// client sent: an app under test may post its own credentials, at any
// depth, as strings or numbers. Masking walks the whole JSON value.

// sensitiveParts are what a member name contains when its value is a
// secret (client_secret, refresh_token, db_password, proxy_authorization);
// sensitiveNames are whole names.
var (
	sensitiveParts = []string{"token", "secret", "password", "passwd", "authorization"}
	sensitiveNames = map[string]bool{"api_key": true, "apikey": true, "api-key": true}
)

func sensitiveName(name string) bool {
	n := strings.ToLower(name)
	if sensitiveNames[n] {
		return true
	}
	for _, p := range sensitiveParts {
		if strings.Contains(n, p) {
			return true
		}
	}
	return false
}

// Remember adds the key secrets of a scenario to those the journal masks.
// Secrets of replaced scenarios stay: a body journaled before the swap may
// hold them, and a client may still send them.
func (j *Journal) Remember(keys []*scenario.Key, more ...string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	known := make(map[string]bool, len(j.secrets))
	for _, s := range j.secrets {
		known[s] = true
	}
	add := func(s string) {
		if s != "" && !known[s] {
			known[s] = true
			j.secrets = append(j.secrets, s)
		}
	}
	for _, k := range keys {
		add(k.Secret)
	}
	for _, s := range more {
		add(s)
	}
}

// summarize is an entry's body as the journal shows it: the JSON value
// re-encoded compactly, members in their order, with every value under a
// sensitive name and every string holding a known secret masked; or a
// note for a body too long to keep or not JSON. The caller holds j.mu.
func (j *Journal) summarize(e *entry) string {
	if e.bodyLen == 0 {
		return ""
	}
	if e.bodyLen > journalBody {
		return "(" + strconv.Itoa(e.bodyLen) + " bytes, too long to keep)"
	}
	m := masker{secrets: j.secrets, dec: json.NewDecoder(bytes.NewReader(e.body[:e.bodyLen]))}
	m.dec.UseNumber()
	err := m.value(false)
	if err == nil {
		if _, extra := m.dec.Token(); extra != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	if err != nil {
		return "(" + strconv.Itoa(e.bodyLen) + " bytes, not JSON)"
	}
	return string(m.out)
}

type masker struct {
	dec     *json.Decoder
	secrets []string
	out     []byte
}

var errNotJSON = errors.New("not JSON")

// value copies one JSON value; under a sensitive name (at any depth
// above) every string, number and boolean is masked.
func (m *masker) value(sensitive bool) error {
	tok, err := m.dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		return m.composite(v, sensitive)
	case string:
		m.scalar(v, sensitive, true)
	case json.Number:
		m.scalar(v.String(), sensitive, false)
	case bool:
		m.scalar(strconv.FormatBool(v), sensitive, false)
	case nil:
		m.out = append(m.out, "null"...)
	default:
		return errNotJSON
	}
	return nil
}

func (m *masker) composite(open json.Delim, sensitive bool) error {
	closing := byte(']')
	if open == '{' {
		closing = '}'
	}
	m.out = append(m.out, byte(open))
	for first := true; m.dec.More(); first = false {
		if !first {
			m.out = append(m.out, ',')
		}
		inner := sensitive
		if open == '{' {
			tok, err := m.dec.Token()
			name, ok := tok.(string)
			if err != nil || !ok {
				return errNotJSON
			}
			m.scalar(name, false, true)
			m.out = append(m.out, ':')
			inner = inner || sensitiveName(name)
		}
		if err := m.value(inner); err != nil {
			return err
		}
	}
	if tok, err := m.dec.Token(); err != nil || tok != json.Delim(closing) {
		return errNotJSON
	}
	m.out = append(m.out, closing)
	return nil
}

// scalar writes a string or the text of a number or boolean, masked when
// sensitive or when it holds a known secret (a masked value is a string).
func (m *masker) scalar(text string, sensitive, isString bool) {
	switch {
	case sensitive || m.holdsSecret(text):
		m.out = jsonw.AppendString(m.out, wire.MaskField("", text))
	case isString:
		m.out = jsonw.AppendString(m.out, text)
	default:
		m.out = append(m.out, text...)
	}
}

func (m *masker) holdsSecret(s string) bool {
	for _, secret := range m.secrets {
		if strings.Contains(s, secret) {
			return true
		}
	}
	return false
}
