package mockserver

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestSmokeEveryEndpointAnswers(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, f := range []string{"json", "json-ld", "markdown"} {
		wantOK(t, m.post(t, contract.GetRecord, testscenario.ReadSecret, mustJSON(map[string]any{"record_id": testscenario.FullRecord, "format": f})))
	}
	wantOK(t, m.post(t, contract.GetFormList, testscenario.ReadSecret, ""))
	wantOK(t, m.post(t, contract.TemplatesList, testscenario.ReadSecret, "{}"))
	wantOK(t, m.post(t, contract.ListQrcodes, testscenario.ReadSecret, `{"template":"tplA000"}`))
	wantOK(t, m.post(t, contract.Verify, testscenario.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status"}`))
	t.Log(m.log.String())
}
