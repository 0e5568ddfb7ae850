package mockserver

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// TestMaskedValuesNeverLeave looks for every raw masked value in every
// format's answer, the journal and the log.
func TestMaskedValuesNeverLeave(t *testing.T) {
	m := startMock(t, nil, Options{})
	var seen strings.Builder
	for _, f := range contract.Formats {
		for _, sel := range []string{`"record_id":5001`, `"record_url":"` + ts.RecordURL("R-FULL") + `"`} {
			a := m.post(t, contract.GetRecord, readKey, `{`+sel+`,"format":"`+f.Name+`"}`)
			wantOK(t, a)
			seen.Write(a.raw)
		}
	}
	a := m.post(t, contract.GetRecord, readKey, `{"record_id":5001}`)
	rec := a.data()["data"].(map[string]any)
	if name := rec["recorder"].(map[string]any)["name"]; name != "司***" {
		t.Errorf("recorder name %v, want 司***", name)
	}
	fields := rec["tpl_groups"].([]any)[0].(map[string]any)["fields"].([]any)
	for i, want := range []string{"欧***", "138****5678", "1101**********1234", "机****容"} {
		f := fields[i].(map[string]any)
		if f["field_value"] != want || f["options"].(map[string]any)["is_masked"] != true {
			t.Errorf("field %d: %v masked=%v, want %q", i, f["field_value"], f["options"], want)
		}
	}
	resp, err := http.Get(m.URL() + "/__admin/requests")
	if err != nil {
		t.Fatal(err)
	}
	journal, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	seen.Write(journal)
	seen.WriteString(m.log.String())
	all := seen.String()
	for _, raw := range []string{ts.RawName, ts.RawPhone, ts.RawIdentity, ts.RawSecretText, ts.RawRecorder, ts.ReadSecret} {
		if strings.Contains(all, raw) {
			t.Errorf("the raw value %q left the mock", raw)
		}
	}
}

func TestJournalMasksSecretsInBodies(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.post(t, contract.GetFormList, readKey, `{"search_key":"`+ts.WriteSecret+`","api_key":"abcdefgh"}`)
	resp, err := http.Get(m.URL() + "/__admin/requests")
	if err != nil {
		t.Fatal(err)
	}
	j, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(j), ts.WriteSecret) || strings.Contains(string(j), "abcdefgh") {
		t.Errorf("journal shows a secret: %s", j)
	}
	if !strings.Contains(string(j), `\"api_key\":\"a******h\"`) {
		t.Errorf("journal should keep the masked member: %s", j)
	}
}
