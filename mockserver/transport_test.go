package mockserver

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

const readKey = testscenario.ReadSecret

func TestOtherMethodsGet405WithAllowAndTheEndpointsShape(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, ep := range contract.Endpoints {
		for _, method := range []string{http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodPatch} {
			a := send(t, m.URL(), method, ep.Path(), readKey, "")
			if a.status != 405 || a.header.Get("Allow") != "POST" {
				t.Errorf("%s %s: HTTP %d Allow %q, want 405 and POST", method, ep.Name, a.status, a.header.Get("Allow"))
			}
			wantErrorShape(t, ep, a, 405, contract.ErrMethod)
		}
	}
}

// wantErrorShape checks code and, where the shape has one, error_code.
func wantErrorShape(t *testing.T, ep contract.Endpoint, a answer, code, errorCode int64) {
	t.Helper()
	_, hasEC := a.doc["error_code"]
	if ep.Shape == contract.ShapeTemplates {
		if hasEC || a.code() != code {
			t.Errorf("%s: got %s, want code %d and no error_code", ep.Name, a.raw, code)
		}
		return
	}
	if a.code() != code || a.errorCode() != errorCode {
		t.Errorf("%s: got %s, want %d/%d", ep.Name, a.raw, code, errorCode)
	}
}

func TestUnknownPathsGetJSON404(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, p := range []string{"/", "/api/v2/rpc/record/nope", "/api/v1/rpc/record/getRecord", "/api/v2/rpc/record/getRecord/", "/favicon.ico"} {
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			a := send(t, m.URL(), method, p, readKey, "{}")
			if a.status != 404 || a.code() != 404 || a.errorCode() != contract.ErrNotFound {
				t.Errorf("%s %s: HTTP %d %s, want 404/100404", method, p, a.status, a.raw)
			}
		}
	}
}

func TestBodiesThatAreNotObjectsAreParameterErrors(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, ep := range contract.Endpoints {
		key := readKey
		if ep.Write {
			key = testscenario.WriteSecret
		}
		for _, body := range []string{"null", "[]", "42", `"x"`, "{", `{"a":}`, "nul"} {
			a := m.post(t, ep, key, body)
			wantErrorShape(t, ep, a, 400, contract.ErrInvalidParams)
			if a.status != 400 {
				t.Errorf("%s %q: HTTP %d, want 400", ep.Name, body, a.status)
			}
		}
	}
}

func TestEmptyAndWhiteSpaceBodiesAreTheEmptyObject(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, body := range []string{"", "  \n\t ", "{}"} {
		a := m.post(t, contract.GetFormList, readKey, body)
		wantOK(t, a)
		// getRecord needs record_id or record_url, so {} is a parameter error, not a body error.
		b := m.post(t, contract.GetRecord, readKey, body)
		wantError(t, b, 400, contract.ErrInvalidParams)
		if !strings.Contains(b.doc["message_detail"].(string), "record_id") {
			t.Errorf("detail %q should name record_id", b.doc["message_detail"])
		}
	}
}

func TestUnknownMembersAreIgnored(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := m.post(t, contract.GetRecord, readKey, `{"record_id":5002,"future_member":{"x":[1,2]},"Record_ID":"nonsense"}`)
	wantOK(t, a)
}

func TestNullMembersCountAsAbsent(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := m.post(t, contract.GetFormList, readKey, `{"page":null,"page_size":null,"search_key":null,"number":null}`)
	wantOK(t, a)
	if p := a.data()["page"].(map[string]any); num(p["per_page"]) != 10 || num(p["current_page"]) != 1 {
		t.Fatalf("defaults not applied: %s", a.raw)
	}
}

func TestBodiesOverOneMebibyteGet413(t *testing.T) {
	m := startMock(t, nil, Options{})
	big := `{"search_key":"` + strings.Repeat("a", contract.MaxBodyBytes) + `"}`
	for _, chunked := range []bool{false, true} {
		var body io.Reader = strings.NewReader(big)
		if chunked { // hides the length, so the server must count while reading
			body = io.MultiReader(strings.NewReader(big[:10]), strings.NewReader(big[10:]))
		}
		req, _ := http.NewRequest(http.MethodPost, m.URL()+contract.GetFormList.Path(), body)
		req.Header.Set("Authorization", "Bearer "+readKey)
		if !chunked {
			req.ContentLength = int64(len(big))
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		a := checkAnswer(t, contract.GetFormList.Path(), resp.StatusCode, resp.Header, raw)
		if a.status != 413 || a.code() != 413 || a.errorCode() != contract.ErrInvalidParams {
			t.Errorf("chunked=%v: HTTP %d %s, want 413/413/100301", chunked, a.status, a.raw)
		}
	}
	// Exactly the limit is still read.
	exact := `{"search_key":"` + strings.Repeat("a", contract.MaxBodyBytes-17) + `"}`
	if len(exact) != contract.MaxBodyBytes {
		t.Fatalf("test body is %d bytes", len(exact))
	}
	wantOK(t, m.post(t, contract.GetFormList, readKey, exact))
}

func TestAlways200ModeKeepsTheCodeInTheBody(t *testing.T) {
	sc := testscenario.Build()
	sc.HTTPStatus = scenario.StatusAlways200
	m := startMock(t, sc, Options{})
	cases := []struct {
		method, path, key, body string
		code                    int64
	}{
		{http.MethodPost, contract.GetRecord.Path(), readKey, `{"record_id":999999}`, 404},
		{http.MethodPost, contract.GetRecord.Path(), "", `{}`, 401},
		{http.MethodGet, contract.GetRecord.Path(), readKey, ``, 405},
		{http.MethodPost, "/nope", readKey, `{}`, 404},
		{http.MethodPost, contract.Verify.Path(), readKey, `{}`, 403},
		{http.MethodPost, contract.ListQrcodes.Path(), readKey, `{"template":"nope"}`, 404},
	}
	for _, c := range cases {
		a := send(t, m.URL(), c.method, c.path, c.key, c.body)
		if a.status != 200 || a.code() != c.code {
			t.Errorf("%s %s: HTTP %d code %d, want 200 and %d", c.method, c.path, a.status, a.code(), c.code)
		}
	}
	resp, err := http.Get(m.URL() + "/__admin/nope")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("admin answers are not affected by always_200: got HTTP %d", resp.StatusCode)
	}
}

// TestAPanicIsLoggedAndAnsweredAsJSON plants a panicking handler behind
// each endpoint's shape: the answer is a generic JSON error in that shape
// (getFormList 400/100300 as the spec's example, others 500), the log has
// the cause and the stack, the client never sees the cause.
func TestAPanicIsLoggedAndAnsweredAsJSON(t *testing.T) {
	m := startMock(t, nil, Options{})
	for i, ep := range contract.Endpoints {
		path := fmt.Sprintf("/api/v2/rpc/test/panic%d", i)
		m.mux.Handle("POST "+path, &route{ep: &ep, run: m.apiChain(func(*chain.Call) ([]byte, error) {
			panic("boom in handler")
		})})
		req, _ := http.NewRequest(http.MethodPost, m.URL()+path, strings.NewReader("{}"))
		req.Header.Set("Authorization", "Bearer "+testscenario.WriteSecret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		a := checkAnswer(t, ep.Path(), resp.StatusCode, resp.Header, raw)
		want := int64(500)
		if ep == contract.GetFormList {
			want = 400
		}
		if a.code() != want || int64(a.status) != want || bytes.Contains(raw, []byte("boom")) {
			t.Errorf("%s: HTTP %d %s, want a generic %d without the cause", ep.Name, a.status, raw, want)
		}
		wantErrorShape(t, ep, a, want, contract.ErrSystem)
	}
	if log := m.log.String(); !strings.Contains(log, "boom in handler") || !strings.Contains(log, "goroutine") {
		t.Fatalf("the log lacks the panic and its stack:\n%s", log)
	}
}

func TestEveryAnswerLogsOneLineWithTheKeyName(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.post(t, contract.GetRecord, readKey, `{"record_id":5002}`)
	m.post(t, contract.GetRecord, "wrong-key", `{"record_id":5002}`)
	lines := strings.Split(strings.TrimSpace(m.log.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 log lines, got %q", lines)
	}
	for _, want := range []string{"POST /api/v2/rpc/record/getRecord 200 code=0", "key=demo-read", "bytes="} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("line %q lacks %q", lines[0], want)
		}
	}
	if !strings.Contains(lines[1], " 401 ") || !strings.Contains(lines[1], "key=-") {
		t.Errorf("line %q should show 401 and no key", lines[1])
	}
	if strings.Contains(m.log.String(), readKey) || strings.Contains(m.log.String(), "wrong-key") {
		t.Errorf("the log shows a secret:\n%s", m.log.String())
	}
}
