package discover

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// section is one part of the written profile: what it is, what to check
// by hand, and its value (nil: written as a comment only).
type section struct {
	key, about, check string
	value             any
	notes             string
}

// Write renders the result as a commented YAML profile for review: every
// section says what it holds, where it came from and what to check by hand;
// what discover cannot learn is written as commented-out examples. Keys are
// never written: rtq conform takes them from flags or the environment.
func Write(w io.Writer, res *Result) error {
	p := res.Profile
	var b bytes.Buffer
	fmt.Fprintf(&b, "# A conformance profile of %s, written by `rtq profile discover`\n", res.BaseURL)
	fmt.Fprintf(&b, "# at %s (rtq %s) from %d requests, %s.\n# Review it before use:\n", res.At.Format("2006-01-02T15:04:05Z"), orUnknown(res.Version), res.Requests, verifiesSent(res))
	b.WriteString("# every fact below is what the service answered, so a wrong answer became\n")
	b.WriteString("# a wrong fact. Then: rtq conform --base-url URL --profile THIS_FILE --api-key KEY\n")
	b.WriteString("# Keys are never written here: give --api-key/--write-key or RTQ_API_KEY/RTQ_WRITE_KEY.\n")
	if res.Insecure {
		fmt.Fprintf(&b, "# %s.\n", svcclient.InsecureWarning)
	}
	b.WriteString("\n")
	if err := put(&b, "", map[string]any{"version": p.Version, "name": p.Name}); err != nil {
		return err
	}
	for _, s := range []section{
		{key: "forms", value: p.Forms, notes: "forms",
			about: "getFormList walked with page_size 20: the total the read key sees, the first ids\nand numbers, and search keys (first two characters of form names) with the\ncount a case-insensitive search of name, note and number gives.",
			check: "that the total is every form this key should see, and that a search key\nhits only where you expect."},
		{key: "templates", value: p.Templates, notes: "templates",
			about: "templates/list walked by cursor (page_size 100): the total, and the first\ntemplates with the sub-code count of a listQrcodes walk. Each window is a\ncreation-time filter over about the middle half, found by bisecting counts,\nits bounds on seconds on which nothing was created.",
			check: "add each template's full `url` (listQrcodes.byUrl needs it), and that each\nwindow's codings are the templates or sub-codes created in it."},
		{key: "records", value: p.Records, notes: "records",
			about: "getRecord of the records named with --record-id/--record-url: field types,\nfields returned masked (string values with is_masked), form.",
			check: "that masked_fields lists every field that must be masked; a field shown in\nclear that should not be is a finding no profile can derive."},
	} {
		if err := s.write(&b, res); err != nil {
			return err
		}
	}
	if err := writeFindings(&b, res); err != nil {
		return err
	}
	writeByHand(&b, res)
	_, err := w.Write(res.scrub.Bytes(b.Bytes()))
	return err
}

func (s section) write(b *bytes.Buffer, res *Result) error {
	comment(b, s.key+": "+s.about)
	comment(b, "Check by hand: "+s.check)
	for _, n := range res.Notes[s.notes] {
		comment(b, "Seen: "+n)
	}
	if err := put(b, "", map[string]any{s.key: s.value}); err != nil {
		return err
	}
	b.WriteString("\n")
	return nil
}

// writeFindings writes what discover saw break a SPEC statement: rtq
// conform fails each (check profile.findings) until the service is fixed
// and the profile discovered again.
func writeFindings(b *bytes.Buffer, res *Result) error {
	if len(res.Profile.Findings) == 0 {
		comment(b, "findings: none: no answer read broke a SPEC statement discover looks at\n(time filters, totals, cursors, the number filter).")
		b.WriteString("\n")
		return nil
	}
	comment(b, "findings: answers that break a SPEC statement of docs/contract.md (the id).\nrtq conform fails each under its statement id (check profile.findings);\nthe facts that depend on them are left out above, with the reason.")
	out, err := yaml.MarshalWithOptions(map[string]any{"findings": res.Profile.Findings}, yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return fmt.Errorf("write profile: findings: %w", err)
	}
	b.Write(out)
	b.WriteString("\n")
	return nil
}

// writeByHand lists, commented out, the sections only a person can write.
func writeByHand(b *bytes.Buffer, res *Result) {
	comment(b, "Not discoverable by reading; add by hand (see docs/conformance.md, \"The profile\"):")
	comment(b, "keys: {other_org: KEY} (a key of another organization; no flag takes it) and\n  {limited: KEY} (a key that may verify some forms only) enable the isolation checks.")
	comment(b, "foreign: objects of another organization our keys must not see; e.g.\n  foreign: {record_ids: [9001], form_ids: [9101], codings: [OTHER-TPL]}")
	comment(b, "flows and cases: the certificate flow of each credential form and fresh\n  certificate codes with the outcome each verify step must give (rtq conform\n  sends them only with --allow-writes, and then uses the codes up on a service\n  without a reset).")
	for _, n := range res.Notes["writes"] {
		comment(b, "Write access: "+n)
	}
}

// quote writes s as a YAML double-quoted scalar whose escapes are JSON's
// too (\uXXXX for what svcclient.Escape would escape), the only ones every
// reader of a profile takes.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case svcclient.Unsafe(r):
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// comment writes text as YAML comment lines, what the service said in it
// escaped (svcclient.Escape): no escape sequence reaches a terminal that
// shows the profile.
func comment(b *bytes.Buffer, text string) {
	for _, line := range strings.Split(text, "\n") {
		b.WriteString(strings.TrimRight("# "+svcclient.Escape(line), " ") + "\n")
	}
}

// put appends v as YAML, keys in the order the profile format defines. A
// string holding a character svcclient.Escape would escape (a line break
// aside) is written double-quoted with \uXXXX escapes (quote), so that the
// file, and a terminal that shows it, hold no raw control or bidi
// character while the value read back is exactly what the service said.
// The YAML encoder re-quotes whatever a custom marshaler returns, with Go
// escapes (\x1b) that not every YAML reader accepts, so such strings are marshalled
// as placeholders that are then replaced.
func put(b *bytes.Buffer, _ string, v map[string]any) error {
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	mark := fmt.Sprintf("rtqquoted%xn", nonce)
	var quoted []string
	opts := []yaml.EncodeOption{
		yaml.UseLiteralStyleIfMultiline(true),
		yaml.CustomMarshaler[string](func(s string) ([]byte, error) {
			if strings.IndexFunc(s, func(r rune) bool { return r != '\n' && svcclient.Unsafe(r) }) >= 0 {
				quoted = append(quoted, quote(s))
				return fmt.Appendf(nil, "%s%d", mark, len(quoted)-1), nil
			}
			return yaml.MarshalWithOptions(s, yaml.UseLiteralStyleIfMultiline(true))
		}),
	}
	for _, k := range []string{"version", "name", "forms", "templates", "records"} {
		val, ok := v[k]
		if !ok {
			continue
		}
		out, err := yaml.MarshalWithOptions(map[string]any{k: val}, opts...)
		if err != nil {
			return fmt.Errorf("write profile: %s: %w", k, err)
		}
		for i := len(quoted) - 1; i >= 0; i-- { // the last first: mark+"1" is a prefix of mark+"10"
			out = bytes.ReplaceAll(out, fmt.Appendf(nil, "%s%d", mark, i), []byte(quoted[i]))
		}
		b.Write(out)
	}
	return nil
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown version"
	}
	return s
}

// verifiesSent says in the header whether any verify was sent.
func verifiesSent(res *Result) string {
	if res.Verifies == 0 {
		return "none of them a verify"
	}
	return fmt.Sprintf("%d of them a guarded verify that names a from status no record has", res.Verifies)
}
