package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// sameBytes is what lets a peer be measured at all: it must accept the
// same answer, refuse any other, and ask as a client of the service asks.
func TestSameBytesComparesTheWholeAnswer(t *testing.T) {
	answer := []byte(`{"code":0,"data":{"id":1}}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != pathGetRecord || r.Header.Get("Authorization") != "Bearer k" {
			http.Error(w, "wrong request", http.StatusBadRequest)
			return
		}
		_, _ = w.Write(answer)
	}))
	defer srv.Close()
	ctx := context.Background()
	if err := sameBytes(ctx, srv.URL, "k", `{"record_id":1}`, answer); err != nil {
		t.Fatalf("identical answer refused: %v", err)
	}
	other := []byte(`{"code":0,"data":{"id":2}}`)
	err := sameBytes(ctx, srv.URL, "k", `{"record_id":1}`, other)
	if err == nil || !strings.Contains(err.Error(), "byte 23") {
		t.Fatalf("different answer: %v, want an error at byte 23", err)
	}
	if _, err := post(ctx, srv.URL, pathGetRecord, "wrong", `{}`); err == nil || !strings.Contains(err.Error(), "HTTP 400") {
		t.Fatalf("post with a refused key: %v, want an error naming HTTP 400", err)
	}
}
