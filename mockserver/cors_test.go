package mockserver

import (
	"net/http"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func preflight(t *testing.T, m *mock, origin string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodOptions, m.URL()+contract.GetRecord.Path(), nil)
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func TestCORSPreflightAnyOrigin(t *testing.T) {
	m := startMock(t, nil, Options{})
	resp := preflight(t, m, "http://localhost:5173")
	h := resp.Header
	if resp.StatusCode != 204 || h.Get("Access-Control-Allow-Origin") != "*" ||
		h.Get("Access-Control-Allow-Headers") != "Authorization, Content-Type" ||
		h.Get("Access-Control-Allow-Methods") == "" || h.Get("Access-Control-Max-Age") == "" {
		t.Fatalf("preflight: %d %v", resp.StatusCode, h)
	}
	req, _ := http.NewRequest(http.MethodPost, m.URL()+contract.GetFormList.Path(), nil)
	req.Header.Set("Origin", "http://localhost:5173")
	req.Header.Set("Authorization", "Bearer "+readKey)
	a := do(t, req)
	if a.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("actual request lacks Allow-Origin: %v", a.header)
	}
	// An error answer carries it too, so the browser shows the JSON, not a CORS failure.
	req, _ = http.NewRequest(http.MethodPost, m.URL()+contract.GetFormList.Path(), nil)
	req.Header.Set("Origin", "http://localhost:5173")
	if a := do(t, req); a.status != 401 || a.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("401 lacks Allow-Origin: %v", a.header)
	}
}

func TestCORSConfiguredOrigins(t *testing.T) {
	m := startMock(t, nil, Options{CORSOrigin: "http://localhost:3000, https://app.example"})
	resp := preflight(t, m, "https://app.example")
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "https://app.example" || resp.Header.Get("Vary") != "Origin" {
		t.Errorf("allowed origin: %d %v", resp.StatusCode, resp.Header)
	}
	resp = preflight(t, m, "https://evil.example")
	if resp.Header.Get("Access-Control-Allow-Origin") != "" || resp.Header.Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("disallowed origin got CORS headers: %v", resp.Header)
	}
}
