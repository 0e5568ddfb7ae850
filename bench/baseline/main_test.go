package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHandlerAnswersTheBodyByteForByte(t *testing.T) {
	body := []byte(`{"code":0,"message":"ok","data":{"名":"张三 <b>"}}`)
	srv := httptest.NewServer(Handler(body))
	t.Cleanup(srv.Close)
	resp, err := http.Post(srv.URL+"/api/v2/rpc/record/getRecord", "application/json", strings.NewReader(`{"record_id":1}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !bytes.Equal(got, body) {
		t.Errorf("HTTP %d %q, want 200 %q", resp.StatusCode, got, body)
	}
	resp2, err := http.Get(srv.URL + "/__admin/health")
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	if h, _ := io.ReadAll(resp2.Body); string(h) != `{"status":"ok"}` {
		t.Errorf("health answered %q", h)
	}
}
