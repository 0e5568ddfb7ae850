package chain

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

func TestAnUnexpectedErrorIsLoggedNotShown(t *testing.T) {
	c, w, logged := newCall(t, &contract.GetRecord, "")
	c.Error(errors.New("disk on fire at /secret/path"))
	if strings.Contains(w.Body.String(), "disk on fire") {
		t.Errorf("the cause reached the client: %s", w.Body)
	}
	if len(*logged) != 1 || !strings.Contains((*logged)[0], "disk on fire") || !strings.Contains((*logged)[0], "POST /api/v2/rpc/x") {
		t.Errorf("logged %q, want the cause with the request", *logged)
	}
	var body map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body["error_code"] != float64(fail.Internal.ErrorCode) {
		t.Errorf("body %s: want the internal error in the endpoint's shape", w.Body)
	}
}

func TestErrorAnswersInTheEndpointsShape(t *testing.T) {
	for _, ep := range []*contract.Endpoint{&contract.GetRecord, &contract.Verify, &contract.TemplatesList} {
		c, w, _ := newCall(t, ep, "")
		c.Error(fail.Param("page must be an integer >= 1, got 0"))
		var body map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		_, hasErrorCode := body["error_code"]
		_, hasData := body["data"]
		if hasErrorCode == (ep.Shape == contract.ShapeTemplates) || hasData == (ep.Shape == contract.ShapeFull) {
			t.Errorf("%s (%s shape): body %s", ep.Name, ep.Shape, w.Body)
		}
		if !strings.Contains(w.Body.String(), "page must be an integer") {
			t.Errorf("%s: the detail is lost: %s", ep.Name, w.Body)
		}
	}
}

func TestAdminAnswersAreInTheAdminShape(t *testing.T) {
	c, w, _ := newCall(t, nil, "")
	AdminError(c, contract.AdminNotFound, "no fault rule \"f9\"")
	if w.Code != 404 || w.Body.String() != `{"error":"no fault rule \"f9\""}` {
		t.Errorf("AdminError: %d %s", w.Code, w.Body)
	}
	c, w, _ = newCall(t, nil, "")
	AdminJSON(c, 200, map[string]any{"bad": func() {}})
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"error":"encode answer:`) {
		t.Errorf("an answer that cannot be encoded: %d %s", w.Code, w.Body)
	}
}
