package mockserver_test

// Tenancy and secrets. Every key of the default scenario against
// every object: no foreign object is readable, listable or writable, and
// the answer for a foreign object is byte-identical to the answer for one
// that does not exist. Masked raw values and key secrets never appear in
// any answer, format, the journal or the log.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// inproc calls the mock's handler in-process: the matrix is thousands of
// calls, and the handler is the same one Start serves.
type inproc struct {
	h http.Handler
}

func (p inproc) post(path, secret, body string) (int, []byte) {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	rec := httptest.NewRecorder()
	p.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// sameAnswer asserts a foreign object's answer equals a missing one's.
func sameAnswer(t *testing.T, what string, fs int, foreign []byte, ms int, missing []byte) {
	t.Helper()
	if fs != ms || !bytes.Equal(foreign, missing) {
		t.Errorf("%s: foreign object answered HTTP %d %s\nbut a missing one HTTP %d %s", what, fs, foreign, ms, missing)
	}
}

func TestSecurityTenancyMatrix(t *testing.T) {
	sc := mocktest.Default(t)
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := inproc{srv.Handler()}
	for _, k := range sc.Keys {
		t.Run(k.Name, func(t *testing.T) {
			matrixRecords(t, p, sc, k)
			matrixVerify(t, p, sc, k)
			matrixForms(t, p, sc, k)
			matrixTemplates(t, p, sc, k)
		})
	}
	assertNothingMoved(t, p, sc)
}

// matrixRecords: every record by id and by url in every format.
func matrixRecords(t *testing.T, p inproc, sc *scenario.Scenario, k *scenario.Key) {
	path := contract.GetRecord.Path()
	for _, f := range contract.Formats {
		ms, missingID := p.post(path, k.Secret, fmt.Sprintf(`{"record_id":987654321,"format":%q}`, f.Name))
		mu, missingURL := p.post(path, k.Secret, fmt.Sprintf(`{"record_url":"https://nowhere.rtq.example/r/NOPE","format":%q}`, f.Name))
		for _, r := range sc.Records {
			is, byID := p.post(path, k.Secret, fmt.Sprintf(`{"record_id":%d,"format":%q}`, r.ID, f.Name))
			us, byURL := p.post(path, k.Secret, fmt.Sprintf(`{"record_url":%q,"format":%q}`, r.URL, f.Name))
			if r.Org.ID == k.Org.ID {
				if is != 200 || us != 200 {
					t.Errorf("own record %d (%s) not readable: %d %.120s / %d %.120s", r.ID, f.Name, is, byID, us, byURL)
				}
				continue
			}
			sameAnswer(t, fmt.Sprintf("record %d by id (%s)", r.ID, f.Name), is, byID, ms, missingID)
			sameAnswer(t, fmt.Sprintf("record %d by url (%s)", r.ID, f.Name), us, byURL, mu, missingURL)
		}
	}
}

// matrixVerify: every credential record of another organization, by code
// and by URL, answers as a code that does not exist.
func matrixVerify(t *testing.T, p inproc, sc *scenario.Scenario, k *scenario.Key) {
	path := contract.Verify.Path()
	body := func(code string) string {
		return fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, code)
	}
	ms, missing := p.post(path, k.Secret, body("NO-SUCH-CERTIFICATE"))
	for _, r := range sc.Records {
		if r.Cert == nil || r.Org.ID == k.Org.ID {
			continue
		}
		for _, code := range []string{r.Code, r.URL} {
			fs, foreign := p.post(path, k.Secret, body(code))
			sameAnswer(t, "verify of foreign "+code, fs, foreign, ms, missing)
		}
	}
}

// matrixForms: walks of getFormList, unfiltered and filtered by each
// foreign form's number and name, hold only the key's own forms.
func matrixForms(t *testing.T, p inproc, sc *scenario.Scenario, k *scenario.Key) {
	orgOf := map[int64]int64{}
	for _, f := range sc.Forms {
		orgOf[f.ID] = f.Org.ID
	}
	path := contract.GetFormList.Path()
	own := func(body string) map[string]any {
		_, b := p.post(path, k.Secret, body)
		doc := mocktest.Object(t, b)
		data, _ := doc["data"].(map[string]any)
		list, _ := data["list"].([]any)
		for _, it := range list {
			id := mocktest.Num(it.(map[string]any), "id")
			if orgOf[id] != k.Org.ID {
				t.Errorf("key %s lists form %d of org %d (%s)", k.Name, id, orgOf[id], body)
			}
		}
		return data
	}
	for page := 1; page <= 10; page++ {
		data := own(fmt.Sprintf(`{"page":%d,"page_size":20}`, page))
		if total := mocktest.Num(data["page"].(map[string]any), "total"); total != int64(countOwn(orgOf, k)) {
			t.Errorf("key %s: form total %d, own forms %d: the count reveals other organizations", k.Name, total, countOwn(orgOf, k))
		}
		if l, _ := data["list"].([]any); len(l) == 0 {
			break
		}
	}
	ms, missing := p.post(path, k.Secret, `{"number":"NO-SUCH-NUMBER"}`)
	for _, f := range sc.Forms {
		if f.Org.ID == k.Org.ID {
			continue
		}
		fs, foreign := p.post(path, k.Secret, fmt.Sprintf(`{"number":%q}`, f.Number))
		if !ownNumber(sc, k, f.Number) {
			sameAnswer(t, "form number "+f.Number, fs, foreign, ms, missing)
		}
		own(fmt.Sprintf(`{"search_key":%q}`, f.Name))
		own(fmt.Sprintf(`{"search_key":%q,"number":%q}`, f.Name, f.Number))
	}
}

// countOwn counts the ids of orgOf that belong to the key's organization.
func countOwn(orgOf map[int64]int64, k *scenario.Key) int {
	n := 0
	for _, org := range orgOf {
		if org == k.Org.ID {
			n++
		}
	}
	return n
}

// ownNumber: the key's organization has a form with this number too.
func ownNumber(sc *scenario.Scenario, k *scenario.Key, number string) bool {
	for _, f := range sc.Forms {
		if f.Org.ID == k.Org.ID && f.Number == number {
			return true
		}
	}
	return false
}

// matrixTemplates: the template walk holds only own templates; every
// foreign template, by coding and URL, lists like a missing one.
func matrixTemplates(t *testing.T, p inproc, sc *scenario.Scenario, k *scenario.Key) {
	orgOf := map[int64]int64{}
	for _, tp := range sc.Templates {
		orgOf[tp.ID] = tp.Org.ID
	}
	tok := ""
	for i := 0; i < 100; i++ {
		body := `{"page_size":100`
		if tok != "" {
			body += `,"page_token":"` + tok + `"`
		}
		_, b := p.post(contract.TemplatesList.Path(), k.Secret, body+"}")
		data, _ := mocktest.Object(t, b)["data"].(map[string]any)
		list, _ := data["list"].([]any)
		for _, it := range list {
			if id := mocktest.Num(it.(map[string]any), "tpl_id"); orgOf[id] != k.Org.ID {
				t.Errorf("key %s lists template %d of org %d", k.Name, id, orgOf[id])
			}
		}
		if total := mocktest.Num(data, "total"); total != int64(countOwn(orgOf, k)) {
			t.Errorf("key %s: template total %d, own templates %d: the count reveals other organizations", k.Name, total, countOwn(orgOf, k))
		}
		if tok, _ = data["next_page_token"].(string); tok == "" {
			break
		}
	}
	path := contract.ListQrcodes.Path()
	ms, missing := p.post(path, k.Secret, `{"template":"NO-SUCH-TEMPLATE"}`)
	for _, tp := range sc.Templates {
		for _, ref := range []string{tp.Coding, tp.URL} {
			s, b := p.post(path, k.Secret, fmt.Sprintf(`{"template":%q}`, ref))
			if tp.Org.ID == k.Org.ID {
				if s != 200 {
					t.Errorf("own template %s not listable: %d %.120s", ref, s, b)
				}
				continue
			}
			sameAnswer(t, "sub-codes of foreign template "+ref, s, b, ms, missing)
		}
	}
}

// assertNothingMoved: after every foreign verify, each credential record
// still shows the state the scenario gave it.
func assertNothingMoved(t *testing.T, p inproc, sc *scenario.Scenario) {
	t.Helper()
	owner := map[int64]*scenario.Key{}
	for _, k := range sc.Keys {
		if k.Read && owner[k.Org.ID] == nil {
			owner[k.Org.ID] = k
		}
	}
	for _, r := range sc.Records {
		if r.Cert == nil {
			continue
		}
		_, b := p.post(contract.GetRecord.Path(), owner[r.Org.ID].Secret, fmt.Sprintf(`{"record_id":%d}`, r.ID))
		data, _ := mocktest.Object(t, b)["data"].(map[string]any)
		rec, _ := data["data"].(map[string]any)
		if changes, _ := rec["state_changes"].([]any); len(changes) != len(r.StateChanges) {
			t.Errorf("record %d has %d state changes after foreign verifies, scenario wrote %d", r.ID, len(changes), len(r.StateChanges))
		}
	}
}

// secretCase is a value that must never leave the mock and where it
// belongs (the record whose answers are checked).
type secretCase struct {
	value  string
	record *scenario.Record // nil: no answer may carry it
}

// maskedValues lists the raw values of masked fields and masked recorder
// names, leaving out values the KIT masking keeps whole (one character)
// and values that also appear unmasked in the same record.
func maskedValues(sc *scenario.Scenario) []secretCase {
	var out []secretCase
	for _, r := range sc.Records {
		public := publicStrings(r)
		add := func(v string) {
			if len([]rune(v)) < 2 {
				return
			}
			for _, s := range public {
				if strings.Contains(s, v) {
					return
				}
			}
			out = append(out, secretCase{v, r})
		}
		if r.Recorder.NameMasked {
			add(r.Recorder.Name)
		}
		for _, g := range r.Groups {
			for _, f := range g.Fields {
				if s, ok := f.Value.(string); ok && f.Masked {
					add(s)
				}
			}
		}
	}
	return out
}

// publicStrings are the strings a record shows unmasked.
func publicStrings(r *scenario.Record) []string {
	out := []string{r.Number, r.Code, r.URL, r.SubmitMethod, r.Org.Name}
	if !r.Recorder.NameMasked {
		out = append(out, r.Recorder.Name)
	}
	if r.Form != nil {
		out = append(out, r.Form.Name, r.Form.Number)
	}
	if r.QRCode != nil {
		out = append(out, r.QRCode.Name, r.QRCode.Number)
	}
	if r.Project != nil {
		out = append(out, r.Project.Name, r.Project.Number)
	}
	for _, g := range r.Groups {
		out = append(out, g.Title)
		for _, f := range g.Fields {
			out = append(out, f.Title, f.Desc, f.ShortName)
			if !f.Masked {
				b, _ := json.Marshal(f.Value)
				out = append(out, string(b))
				collectStrings(f.Value, &out)
			}
		}
	}
	return out
}

func collectStrings(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case []any:
		for _, e := range v {
			collectStrings(e, out)
		}
	case map[string]any:
		for _, e := range v {
			collectStrings(e, out)
		}
	}
}

// decodedStrings are all strings of a JSON answer, decoded (the markdown
// payload is one), so escaping cannot hide a leak.
func decodedStrings(b []byte) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return string(b)
	}
	var all []string
	collectStrings(v, &all)
	return strings.Join(all, "\n")
}

func TestSecurityMaskedValuesNeverLeave(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{JournalSize: 5000})
	cases := maskedValues(sc)
	if len(cases) < 20 {
		t.Fatalf("only %d masked values in the default scenario: the test would prove little", len(cases))
	}
	byRecord := map[*scenario.Record][]string{}
	for _, c := range cases {
		byRecord[c.record] = append(byRecord[c.record], c.value)
	}
	owner := map[int64]string{}
	for _, k := range sc.Keys {
		if k.Read && owner[k.Org.ID] == "" {
			owner[k.Org.ID] = k.Secret
		}
	}
	for rec, values := range byRecord {
		for _, f := range contract.Formats {
			for _, body := range []string{fmt.Sprintf(`{"record_id":%d,"format":%q}`, rec.ID, f.Name), fmt.Sprintf(`{"record_url":%q,"format":%q}`, rec.URL, f.Name)} {
				a := mocktest.Post(t, m.URL, contract.GetRecord.Path(), owner[rec.Org.ID], body)
				if a.Status != 200 {
					t.Fatalf("record %d (%s): HTTP %d", rec.ID, f.Name, a.Status)
				}
				text := string(a.Body) + "\n" + decodedStrings(a.Body)
				for _, v := range values {
					if strings.Contains(text, v) {
						t.Errorf("record %d, format %s: answer carries the raw masked value %q", rec.ID, f.Name, v)
					}
				}
			}
		}
	}
	journal := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/requests", nil, nil)
	prof := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/profile", nil, nil)
	for _, place := range []struct{ name, text string }{
		{"journal", string(journal.Body) + decodedStrings(journal.Body)},
		{"profile", string(prof.Body) + decodedStrings(prof.Body)},
		{"log", m.Log.String()},
	} {
		for _, c := range cases {
			if strings.Contains(place.text, c.value) {
				t.Errorf("%s carries the raw masked value %q of record %d", place.name, c.value, c.record.ID)
			}
		}
	}
}

func TestSecuritySecretsNeverLogged(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{JournalSize: 1000})
	for _, k := range sc.Keys {
		for _, ep := range contract.Endpoints {
			mocktest.Post(t, m.URL, ep.Path(), k.Secret, `{}`)
		}
		// a client that puts the secret into the body too
		mocktest.Post(t, m.URL, contract.GetRecord.Path(), k.Secret, fmt.Sprintf(`{"record_url":%q,"api_key":%q,"note":"key=%s"}`, k.Secret, k.Secret, k.Secret))
		mocktest.Post(t, m.URL, "/api/v2/rpc/nope", k.Secret, `{}`)
		mocktest.Do(t, http.MethodGet, m.URL+contract.GetRecord.Path(), map[string]string{"Authorization": "Bearer " + k.Secret}, nil)
	}
	journal := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/requests", nil, nil)
	if journal.Status != 200 {
		t.Fatalf("journal: HTTP %d", journal.Status)
	}
	for _, k := range sc.Keys {
		for _, place := range []struct{ name, text string }{{"journal", string(journal.Body)}, {"log", m.Log.String()}} {
			if strings.Contains(place.text, k.Secret) {
				t.Errorf("%s carries the secret of key %s", place.name, k.Name)
			}
		}
		if !strings.Contains(m.Log.String(), "key="+k.Name) {
			t.Errorf("log never names key %s: it should, by name", k.Name)
		}
	}
}
