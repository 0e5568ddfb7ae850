package conformance

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Spellings of verify's values (relation.verify.matrix). A status is
// named by its name or by its id written as a decimal string, and a
// credential by its code or its record's URL, each exactly (§4.2, §C10).
// What a client writes otherwise names nothing: an id with leading zeros,
// a sign, a decimal point or in full-width digits (a spreadsheet, a
// keyboard's input method), an empty target (a form's blank field), a code
// or a status name with an invisible character in it or around it (a
// zero-width space, a word joiner, a byte order mark or a soft hyphen a
// chat app or an editor leaves). A service that reads such a value as the
// one it resembles (casts "012" to 12, strips what is invisible, takes an
// empty target for the next move) moves the credential.
//
// So, from the status the matrix's move reached, side by side with the
// matrix's other rows, each a move the write key could make with one
// member respelt: the target's id, twice; from_certificate_status the
// current status's id, twice; the target "" ; the target's name with an
// invisible character; the code and the record's URL with one; and the
// code or the URL (the seed picks) respelt in another class of
// codeConfusables (a look-alike letter of another script, an accented
// letter, a leading zero before its digits), the class the seed picks. The
// spellings and where an invisible character goes are picked by the seed,
// the rows of one member taking different ones, so that over seeds every
// spelling is sent. The model (verify_model.go) judges each answer: a
// refusal with one of the codes it allows, never a success.

// idSpellings are ways to write a status id that name nothing. Two of
// them pad with zeros, so that any four consecutive ones hold one.
var idSpellings = []struct {
	what string
	of   func(id string) string
}{
	{"with a leading zero", func(id string) string { return "0" + id }},
	{"with two leading zeros", func(id string) string { return "00" + id }},
	{"with a plus sign", func(id string) string { return "+" + id }},
	{"with a decimal point", func(id string) string { return id + ".0" }},
	{"in full-width digits", func(id string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r - '0' + '０'
			}
			return r
		}, id)
	}},
}

// invisibles are characters a paste leaves that show as nothing.
var invisibles = []struct{ what, char string }{
	{"a zero-width space", "\u200b"},
	{"a zero-width non-joiner", "\u200c"},
	{"a zero-width joiner", "\u200d"},
	{"a word joiner", "\u2060"},
	{"a byte order mark", "\ufeff"},
	{"a soft hyphen", "\u00ad"},
}

// invisiblePlaces are where an invisible character goes in a value.
var invisiblePlaces = []string{"inside", "before", "after"}

// withInvisible is v with invisible character cell n (over the product
// of characters and places) in it, and the cell in words.
func withInvisible(v string, n int) (string, string) {
	inv := invisibles[n%len(invisibles)]
	place := invisiblePlaces[(n/len(invisibles))%len(invisiblePlaces)]
	switch place {
	case "before":
		v = inv.char + v
	case "after":
		v += inv.char
	default:
		// After the first character of the value's last segment (a
		// URL's code, not its scheme).
		at := strings.LastIndexByte(v, '/') + 1
		if at < len(v) {
			_, size := utf8.DecodeRuneInString(v[at:])
			at += size
		}
		v = v[:at] + inv.char + v[at:]
	}
	return v, fmt.Sprintf("%s %s", inv.what, place)
}

// codeConfusables are the classes of a code's (or its URL's code's)
// respellings a matrix row draws from: an invisible character in or
// around it, a look-alike letter of another script (Cyrillic, Greek),
// an accented letter, a leading zero before its digits. Each names
// nothing (§C10: identifiers are exact): a service that strips what is
// invisible, transliterates (unidecode), folds accents or reads the
// digits as a number moves the credential.
var codeConfusables = []string{"invisible", "lookalike", "accented", "leadingZero"}

// confusable is v respelt in class (of codeConfusables, modulo their
// number; a class without a form of v gives way to the next), with
// invisible character cell n, and the respelling in words; for a URL,
// only its last segment (the code) is respelt.
func confusable(v string, class, n int) (string, string) {
	at := 0
	if strings.Contains(v, "://") {
		at = strings.LastIndexByte(v, '/') + 1
	}
	head, seg := v[:at], v[at:]
	for i := range codeConfusables {
		c := codeConfusables[(class+i)%len(codeConfusables)]
		var f string
		switch c {
		case "invisible":
			return withInvisible(v, n)
		case "lookalike":
			f = replaced(seg, n, lookalikes)
		case "accented":
			f = replaced(seg, n, accents)
		case "leadingZero":
			if j := strings.IndexFunc(seg, func(r rune) bool { return '0' <= r && r <= '9' }); j >= 0 {
				f = seg[:j] + "0" + seg[j:]
			}
		}
		if f != "" && f != seg {
			return head + f, map[string]string{"lookalike": "a look-alike letter of another script",
				"accented": "an accented letter", "leadingZero": "a leading zero before its digits"}[c]
		}
	}
	return "", ""
}

// spellingRows are the rows above for sub at the status it is in.
func (t *T) spellingRows(seed uint64, sub matrixSubject) []matrixRow {
	m := t.r.modelOf(sub.c.FormID)
	cur := sub.status(sub.cur)
	next := sub.status(sub.next())
	if m == nil || cur == nil || next == nil || len(sub.actions()) == 0 {
		return nil
	}
	var rows []matrixRow
	add := func(what string, body map[string]any, q verifyReq) {
		v := m.answer(sub.cur, q)
		if v.ok {
			return // no fault: not a spelling of nothing (a profile's name that is one)
		}
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what + byURL(body, sub), want: wantCodes(v.codes...)})
	}
	str := func(s string) *string { return &s }
	byURLPick := func(what string) bool { return sub.url != "" && pick(seed, "spelling address "+what, 2) == 1 }
	nextID, curID := strconv.FormatInt(next.ID, 10), strconv.FormatInt(cur.ID, 10)
	first := pick(seed, "spelling id", len(idSpellings))
	for i := range 2 {
		sp := idSpellings[(first+i)%len(idSpellings)]
		to := sp.of(nextID)
		what := fmt.Sprintf("set_certificate_status to %q, the id of %s %s", to, next.Name, sp.what)
		body := sub.moveBody(contract.ActionSetStatus, to, byURLPick(what))
		add(what, body, verifyReq{action: contract.ActionSetStatus, to: str(to)})
	}
	actions := sub.actions()
	for i := range 2 {
		sp := idSpellings[(first+2+i)%len(idSpellings)]
		from := sp.of(curID)
		action := actions[(pick(seed, "spelling from action", len(actions))+i)%len(actions)]
		what := fmt.Sprintf("%s, from_certificate_status %q, the id of %s %s", action, from, cur.Name, sp.what)
		body := sub.moveBody(action, next.Name, byURLPick(what))
		body["from_certificate_status"] = from
		q := verifyReq{action: action, from: str(from)}
		if action == contract.ActionSetStatus {
			q.to = str(next.Name)
		}
		add(what, body, q)
	}
	add("set_certificate_status to \"\"", sub.moveBody(contract.ActionSetStatus, "", byURLPick("empty")),
		verifyReq{action: contract.ActionSetStatus, to: str("")})
	cells := len(invisibles) * len(invisiblePlaces)
	cell := pick(seed, "spelling invisible", cells)
	name, where := withInvisible(next.Name, cell)
	add(fmt.Sprintf("set_certificate_status to %s with %s", next.Name, where),
		sub.moveBody(contract.ActionSetStatus, name, byURLPick("invisible name")),
		verifyReq{action: contract.ActionSetStatus, to: str(name)})
	codes := []string{sub.c.Code}
	if sub.url != "" {
		codes = append(codes, sub.url)
	}
	codeRow := func(i int, spelt, where string) {
		if spelt == "" || t.r.knownCode(spelt) {
			return
		}
		action := actions[(pick(seed, "spelling code action", len(actions))+i)%len(actions)]
		body := sub.moveBody(action, next.Name, false)
		body["certificate_code"] = spelt
		what := fmt.Sprintf("%s, certificate_code %s with %s", action, map[bool]string{true: "the record's URL", false: "the code"}[i == 1], where)
		q := verifyReq{action: action, unknownCode: true}
		if action == contract.ActionSetStatus {
			q.to = str(next.Name)
		}
		add(what, body, q)
	}
	for i, code := range codes {
		spelt, where := withInvisible(code, cell+1+i*(len(invisibles)+1))
		codeRow(i, spelt, where)
	}
	// One more: the code or the URL (the seed picks) with a confusable
	// of another class than an invisible character (codeConfusables
	// after the first: a look-alike letter, an accented letter, a
	// leading zero before its digits), the class the seed picks.
	i := pick(seed, "spelling confusable address", len(codes))
	spelt, where := confusable(codes[i], 1+pick(seed, "spelling code class", len(codeConfusables)-1), cell)
	codeRow(i, spelt, where)
	return rows
}

// Scopes of verify (relation.verify.matrix). tpl_id names the
// credential's form (§4.2: "only if the credential's form is this one";
// §C10: record_template.id), not its flow, its organization or a form
// like it. The fault rows send one form that is not the credential's
// (the first the profile lists, most often an ordinary form); a service
// may compare what the two forms share instead (their flow, a flow of
// the same statuses, an organization), and a form that issues
// credentials too is where that shows. So, from the status the matrix's
// move reached, a move the write key could make with tpl_id each other
// form that issues credentials: the forms of the profile's flows (one
// with the same statuses as the credential's first, a form that shares
// its flow), the forms of the credentials the profile's cases name
// without a form (read once from their records: record_template.id), and
// one form of the other organization the seed picks. Each answer is
// judged by the model (verify_model.go): 100323, never a success.

// credentialForms are the forms of the credentials the profile's cases
// name without their form, read from the records (record_template.id).
func (t *T) credentialForms() []int64 {
	var ids []int64
	for _, c := range t.r.prof.Cases {
		if c.FormID == 0 && c.RecordID != 0 && !slices.Contains(ids, c.RecordID) {
			ids = append(ids, c.RecordID)
		}
	}
	forms := make([]int64, len(ids))
	t.each(len(ids), func(t *T, i int) {
		payload, _ := payloadOf(t.getRecord(map[string]any{"record_id": ids[i], "format": "json"})).(map[string]any)
		tpl, _ := payload["record_template"].(map[string]any)
		if id, ok := intOf(tpl["id"]); ok {
			forms[i] = id
		}
	})
	return forms
}

// scopeRows are the rows above for sub; read are the forms
// credentialForms read.
func (t *T) scopeRows(seed uint64, sub matrixSubject, read []int64) []matrixRow {
	m := t.r.modelOf(sub.c.FormID)
	next := sub.status(sub.next())
	actions := sub.actions()
	if m == nil || next == nil || len(actions) == 0 {
		return nil
	}
	own := m.flow
	var shared, others []int64
	for _, f := range t.r.prof.Flows {
		if f.FormID == sub.c.FormID {
			continue
		}
		if reflect.DeepEqual(f.Statuses, own.Statuses) {
			shared = append(shared, f.FormID)
		} else {
			others = append(others, f.FormID)
		}
	}
	forms := append(shared, others...)
	for _, id := range read {
		if id != 0 && id != sub.c.FormID && !slices.Contains(forms, id) {
			forms = append(forms, id)
		}
	}
	if ids := t.r.prof.Foreign.FormIDs; len(ids) > 0 {
		if id := ids[pick(seed, "scope other organization", len(ids))]; !slices.Contains(forms, id) && id != sub.c.FormID {
			forms = append(forms, id)
		}
	}
	first := pick(seed, "scope action", len(actions))
	var rows []matrixRow
	for i, id := range forms {
		action := actions[(first+i)%len(actions)]
		body := sub.moveBody(action, next.Name, pick(seed, fmt.Sprintf("scope address %d", id), 2) == 1 && sub.url != "")
		body["tpl_id"] = id
		q := verifyReq{action: action, wrongScope: true}
		if action == contract.ActionSetStatus {
			name := next.Name
			q.to = &name
		}
		v := m.answer(sub.cur, q)
		what := fmt.Sprintf("%s with tpl_id %d, another form that issues credentials", action, id)
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what + byURL(body, sub), want: wantCodes(v.codes...)})
	}
	return rows
}
