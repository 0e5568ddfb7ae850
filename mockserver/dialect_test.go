package mockserver

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// The scenario → state → encoder flow without a server: a recorded
// service's choices read from a scenario reach the bytes of the answers.

// payload decodes a success body and returns its message and data.
func payload(t *testing.T, body []byte) (string, map[string]any) {
	t.Helper()
	var m struct {
		Message string         `json:"message"`
		Data    map[string]any `json:"data"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return m.Message, m.Data
}

// A recorded service's dialect (scenario.Service, Record.Omit and
// Record.Shown) is what the mock answers with instead of the kit's.
func TestARecordedServicesDialectIsServed(t *testing.T) {
	sc := testscenario.Build()
	sc.Service = &scenario.Service{FormsInFileOrder: true, NewestFirst: true, Messages: map[string]string{
		"record/getRecord": "success", "record/getFormList": "成功", "templates/list": "done", "certificates/verify": "moved"}}
	slices.Reverse(sc.Forms)
	var cert, full *scenario.Record
	for _, r := range sc.Records {
		switch {
		case r.Code == testscenario.CertOK:
			cert = r
		case r.ID == testscenario.FullRecord:
			full = r
		}
	}
	md := "---\ntitle: kept\nrecord_id: 5010\n---\n\n# kept <as> shown\n"
	cert.Shown = &scenario.Shown{JSONLD: []byte(`{"@context":"x","kept":true}`), Markdown: &md}
	full.Audit = &scenario.Audit{Enabled: true}
	full.Omit = []string{"audit.auditor_name", "audit.status"}
	st, err := state.New(sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	read, write := sc.Keys[0], sc.Keys[1]

	get := func(format string) (string, any) { return dialectRecord(t, st, read, cert.ID, format) }
	msg, ld := get("json-ld")
	if msg != "success" || !strings.Contains(mustJSON(ld), `"kept":true`) {
		t.Errorf("json-ld before any verify: message %q, payload %s; want the kept one", msg, mustJSON(ld))
	}
	if _, text := get("markdown"); text != md {
		t.Errorf("markdown before any verify: %q, want the kept one", text)
	}
	_, rec := dialectRecord(t, st, read, full.ID, "json")
	audit, _ := rec.(map[string]any)["audit"].(map[string]any)
	if _, has := audit["auditor_name"]; has || audit == nil {
		t.Errorf("audit %v: auditor_name is omitted, it must be left out", audit)
	}
	if v, has := audit["current_stage_id"]; !has || v != nil {
		t.Errorf("audit %v: current_stage_id is not omitted, it must be null", audit)
	}

	v, err := st.Verify(write, state.VerifyRequest{Code: testscenario.CertOK, HasCode: true,
		Action: "set_next_certificate_status", HasAction: true})
	if m, _ := payload(t, wire.AppendVerified(nil, v)); err != nil || m != "moved" {
		t.Fatalf("verify: %v, message %q", err, m)
	}
	if _, ld = get("json-ld"); strings.Contains(mustJSON(ld), `"kept"`) {
		t.Errorf("json-ld after a verify moved the record is still the kept one: %s", mustJSON(ld))
	}
	if _, text := get("markdown"); text == md {
		t.Errorf("markdown after a verify is still the kept one")
	}
	st.Reset()
	if _, text := get("markdown"); text != md {
		t.Errorf("markdown after a reset: %q, want the kept one again", text)
	}

	fl := wire.AppendForms(nil, st.FormList(read, state.FormQuery{Page: 1, PageSize: 20}))
	msg, data := payload(t, fl)
	list, _ := data["list"].([]any)
	var want float64
	for _, f := range sc.Forms {
		if f.Org == read.Org {
			want = float64(f.ID)
			break
		}
	}
	if msg != "成功" || len(list) == 0 || list[0].(map[string]any)["id"] != want {
		t.Errorf("form list: message %q, first %v; want 成功 and form %v, the file's first", msg, list[0], want)
	}
	tp, err := st.Templates(read, state.PageQuery{PageSize: 5})
	m, tdata := payload(t, wire.AppendTemplates(nil, tp))
	if err != nil || m != "done" {
		t.Errorf("templates/list: %v, message %q", err, m)
	}
	var newest *scenario.Template
	for _, tp := range sc.Templates {
		if tp.Org == read.Org && (newest == nil || tp.CreatedAt > newest.CreatedAt || tp.CreatedAt == newest.CreatedAt && tp.ID > newest.ID) {
			newest = tp
		}
	}
	if tl, _ := tdata["list"].([]any); len(tl) == 0 || tl[0].(map[string]any)["coding"] != newest.Coding {
		t.Errorf("templates/list newest first: first %v, want %s", tl, newest.Coding)
	}
}

func dialectRecord(t *testing.T, st *state.State, key *scenario.Key, id int64, format string) (string, any) {
	t.Helper()
	a, err := st.GetRecord(key, id, "", format, nil)
	if err != nil {
		t.Fatal(err)
	}
	msg, data := payload(t, wire.Record(a))
	return msg, data["data"]
}
