package discover

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/goccy/go-yaml"
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
	fmt.Fprintf(&b, "# at %s (rtq %s) from %d requests, none of them a write.\n# Review it before use:\n", res.At.Format("2006-01-02T15:04:05Z"), orUnknown(res.Version), res.Requests)
	b.WriteString("# every fact below is what the service answered, so a wrong answer became\n")
	b.WriteString("# a wrong fact. Then: rtq conform --base-url URL --profile THIS_FILE --api-key KEY\n")
	b.WriteString("# Keys are never written here: give --api-key/--write-key or RTQ_API_KEY/RTQ_WRITE_KEY.\n\n")
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
	writeByHand(&b, res)
	_, err := w.Write(b.Bytes())
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

// comment writes text as YAML comment lines.
func comment(b *bytes.Buffer, text string) {
	for _, line := range strings.Split(text, "\n") {
		b.WriteString(strings.TrimRight("# "+line, " ") + "\n")
	}
}

// put appends v as YAML, keys in the order the profile format defines.
func put(b *bytes.Buffer, _ string, v map[string]any) error {
	for _, k := range []string{"version", "name", "forms", "templates", "records"} {
		val, ok := v[k]
		if !ok {
			continue
		}
		out, err := yaml.MarshalWithOptions(map[string]any{k: val}, yaml.UseLiteralStyleIfMultiline(true))
		if err != nil {
			return fmt.Errorf("write profile: %s: %w", k, err)
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
