package recorder

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/scenario"
)

// A real service's data need not keep the scenario format's rules: two
// forms may share a number, a record_code may hold a dot, a field may be
// of a type the kit does not know or hold a value its type does not take.
// A recording that does not load would be lost whole, after a crawl of
// many minutes; so the rules the scenario loader reports are repaired
// item by item, each repair told in the file's header, and only a problem
// no repair is known for fails the recording.

// repairs maps the YAML path of a problem the loader reports to its
// repair; the submatches index into the scenario's slices, which holds
// because scenario.Marshal writes each slice in order (the repair test
// pins it: the second of two forms with one number is the one renamed).
var repairs = []struct {
	path *regexp.Regexp
	fix  func(sc *scenario.Scenario, idx []int, msg string) (note string, ok bool)
}{
	{regexp.MustCompile(`^forms\[(\d+)\]\.number$`), repairFormNumber},
	{regexp.MustCompile(`^records\[(\d+)\]\.code$`), repairRecordCode},
	{regexp.MustCompile(`^records\[(\d+)\]\.number$`), repairRecordNumber},
	{regexp.MustCompile(`^records\[(\d+)\]\.url$`), repairRecordURL},
	{regexp.MustCompile(`^records\[(\d+)\]\.groups\[(\d+)\]\.fields\[(\d+)\]\.(?:type|value)$`), repairField},
	{regexp.MustCompile(`^records\[(\d+)\]\.audit\.status$`), repairAuditStatus},
	{regexp.MustCompile(`^orgs\[(\d+)\]\.code$`), repairOrgCode},
	{regexp.MustCompile(`^forms\[(\d+)\]\.type$`), repairFormType},
	{regexp.MustCompile(`^templates\[(\d+)\]\.coding$`), repairTemplateCoding},
	{regexp.MustCompile(`^templates\[(\d+)\]\.sub_codes\[(\d+)\]\.coding$`), repairSubCoding},
	{regexp.MustCompile(`^forms\[(\d+)\]\.updated_at$`), repairFormUpdated},
	{regexp.MustCompile(`^records\[(\d+)\]\.qrcode$`), repairRecordQR},
}

// maxRepairRounds bounds the load-repair rounds: a repair may uncover a
// problem the loader held back (it reports some only once others are gone).
const maxRepairRounds = 4

// renderRepaired renders sc with the header notes, repairing what the
// loader refuses; the notes it returns include one per repair.
func renderRepaired(sc *scenario.Scenario, notes []string) ([]byte, []string, error) {
	for round := 0; ; round++ {
		data, err := Render(sc, notes)
		var le *scenario.LoadError
		if err == nil || !errors.As(err, &le) || round == maxRepairRounds {
			return data, notes, err
		}
		fixed := false
		for _, p := range le.Problems {
			note, ok := repair(sc, p)
			if !ok {
				return nil, notes, err
			}
			if note != "" {
				notes, fixed = append(notes, note), true
			}
		}
		if !fixed {
			return nil, notes, err
		}
	}
}

// repair applies the repair of one problem; ok is false when none is known.
func repair(sc *scenario.Scenario, p scenario.Problem) (string, bool) {
	for _, r := range repairs {
		m := r.path.FindStringSubmatch(p.Path)
		if m == nil {
			continue
		}
		idx := make([]int, len(m)-1)
		for i, s := range m[1:] {
			idx[i], _ = strconv.Atoi(s)
		}
		return r.fix(sc, idx, p.Message)
	}
	return "", false
}

func recordAt(sc *scenario.Scenario, i int) (*scenario.Record, bool) {
	if i < 0 || i >= len(sc.Records) {
		return nil, false
	}
	return sc.Records[i], true
}

func repairFormNumber(sc *scenario.Scenario, idx []int, _ string) (string, bool) {
	if idx[0] >= len(sc.Forms) {
		return "", false
	}
	f := sc.Forms[idx[0]]
	was := f.Number
	f.Number = was + "~" + itoa(f.ID)
	return fmt.Sprintf("form %d: number %q is another form's too; written as %q (numbers are unique per organization in a scenario), so the number filter answers differently", f.ID, was, f.Number), true
}

// codeRule is what a record_code may hold in a scenario.
var codeRule = regexp.MustCompile(`[^A-Za-z0-9_-]`)

func repairRecordCode(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok {
		return "", false
	}
	was := r.Code
	r.Code = cleanCode(was, r.ID, msg)
	// The record keeps the service's record_url (written as url), so
	// getRecord and verify still find it by the URL the service gave.
	return fmt.Sprintf("record %d: record_code %q is not one a scenario takes (%s); written as %q, its record_url kept", r.ID, was, msg, r.Code), true
}

func repairRecordNumber(sc *scenario.Scenario, idx []int, _ string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok {
		return "", false
	}
	was := r.Number
	r.Number = was + "~" + itoa(r.ID)
	return fmt.Sprintf("record %d: record_number %q is another record's too; written as %q", r.ID, was, r.Number), true
}

func repairRecordURL(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok || r.Org == nil {
		return "", false
	}
	was := r.URL
	r.URL = "https://" + r.Org.Host + "/r/" + r.Code
	return fmt.Sprintf("record %d: record_url %q is not one a scenario takes (%s); the kit's %q is written instead", r.ID, was, msg, r.URL), true
}

// repairField makes a field of an unknown type, or with a value its type
// does not take, a text field holding the value as shown (JSON when it is
// not a string): the value is kept, its type is what changes.
func repairField(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok || idx[1] >= len(r.Groups) || idx[2] >= len(r.Groups[idx[1]].Fields) {
		return "", false
	}
	f := &r.Groups[idx[1]].Fields[idx[2]]
	if _, isString := f.Value.(string); f.Type == "text" && isString {
		return "", false // nothing left to repair: the loader refuses text too
	}
	was := f.Type
	if s, isString := f.Value.(string); isString {
		f.Value = s
	} else {
		b, err := json.Marshal(f.Value)
		if err != nil {
			return "", false
		}
		f.Value, f.Masked, f.Premasked = string(b), false, false
	}
	f.Type = "text"
	return fmt.Sprintf("record %d field %d: %s; written as a text field holding the value as shown", r.ID, f.ID, strings.TrimSuffix(msg, ".")+" (was "+was+")"), true
}

// cleanCode is a code or coding as a scenario takes it: other characters
// as -, and -<id> appended when that changed nothing (it was used twice)
// or left nothing.
func cleanCode(was string, id int64, msg string) string {
	c := codeRule.ReplaceAllString(was, "-")
	if c == was || strings.Trim(c, "-") == "" || strings.Contains(msg, "used twice") {
		c = strings.Trim(c, "-") + "-" + itoa(id)
	}
	return c
}

func repairOrgCode(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	if idx[0] >= len(sc.Orgs) {
		return "", false
	}
	o := sc.Orgs[idx[0]]
	was := o.Code
	o.Code = cleanCode(was, o.ID, msg) // items name it by pointer, so they follow
	return fmt.Sprintf("organization %d: code %q is not one a scenario takes (%s); written as %q, which org.code in answers shows", o.ID, was, msg, o.Code), true
}

// formTypeOrdinary is the form type a form of a type the kit does not
// know is written as: an ordinary form (docs/contract.md §2.3).
const formTypeOrdinary = 0

func repairFormType(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	if idx[0] >= len(sc.Forms) || sc.Forms[idx[0]].Type == formTypeOrdinary {
		return "", false
	}
	f := sc.Forms[idx[0]]
	was := f.Type
	f.Type = formTypeOrdinary
	return fmt.Sprintf("form %d: type %d is not one the kit knows (%s); written as 0 (ordinary) with its type_text %q kept", f.ID, was, msg, f.TypeText), true
}

func repairAuditStatus(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok || r.Audit == nil || r.Audit.Status == nil {
		return "", false
	}
	was := *r.Audit.Status
	r.Audit.Status = nil
	return fmt.Sprintf("record %d: audit status %d is not one the kit knows (%s); left out, its status_text kept", r.ID, was, msg), true
}

func repairTemplateCoding(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	if idx[0] >= len(sc.Templates) {
		return "", false
	}
	t := sc.Templates[idx[0]]
	was := t.Coding
	t.Coding = cleanCode(was, t.ID, msg)
	t.URL = strings.TrimSuffix(t.URL, was) + t.Coding
	return fmt.Sprintf("template %d: coding %q is not one a scenario takes (%s); written as %q, which answers and listQrcodes use", t.ID, was, msg, t.Coding), true
}

func repairSubCoding(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	if idx[0] >= len(sc.Templates) || idx[1] >= len(sc.Templates[idx[0]].SubCodes) {
		return "", false
	}
	s := &sc.Templates[idx[0]].SubCodes[idx[1]]
	was := s.Coding
	s.Coding = cleanCode(was, s.ID, msg)
	return fmt.Sprintf("sub-code %d: coding %q is not one a scenario takes (%s); written as %q", s.ID, was, msg, s.Coding), true
}

// repairFormUpdated raises an updated_at before created_at to created_at:
// the creation time is the one listings sort and filter by.
func repairFormUpdated(sc *scenario.Scenario, idx []int, _ string) (string, bool) {
	if idx[0] >= len(sc.Forms) || sc.Forms[idx[0]].UpdatedAt >= sc.Forms[idx[0]].CreatedAt {
		return "", false
	}
	f := sc.Forms[idx[0]]
	was := f.UpdatedAt
	f.UpdatedAt = f.CreatedAt
	return fmt.Sprintf("form %d: updated_at %d is before its created_at %d; written as %d (its created_at)", f.ID, was, f.CreatedAt, f.UpdatedAt), true
}

// repairRecordQR drops a record's link to a QR code the service linked to
// another form too (a QR code is linked to one form in a scenario): the
// QR code keeps its first form, and the record shows its form's first QR
// code (or one the kit adds).
func repairRecordQR(sc *scenario.Scenario, idx []int, msg string) (string, bool) {
	r, ok := recordAt(sc, idx[0])
	if !ok || r.QRCode == nil || r.QRCode.Form == nil || r.Form == nil || r.QRCode.Form == r.Form {
		return "", false
	}
	q := r.QRCode
	r.QRCode = nil
	return fmt.Sprintf("record %d: QR code %d is linked to form %d and to the record's form %d too (%s); the record's link to it is dropped, it shows its form's QR code", r.ID, q.ID, q.Form.ID, r.Form.ID, msg), true
}
