package mockserver

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// A secret of a scenario served earlier stays masked after a replace: a
// client (or an old journal entry) may still carry it.
func TestJournalMasksSecretsOfEveryScenarioSinceStart(t *testing.T) {
	m := startMock(t, nil, Options{AdminToken: "adm-secret-42"})
	other := testscenario.Build()
	other.Keys = other.Keys[:1]
	other.Keys[0] = &scenario.Key{Name: "new", Secret: "rtq-new-key", Org: other.Keys[0].Org, Read: true}
	m.Replace(other)
	m.post(t, contract.GetFormList, "rtq-new-key", `{"search_key":"`+testscenario.WriteSecret+` adm-secret-42"}`)
	req, _ := http.NewRequest(http.MethodGet, m.URL()+"/__admin/requests", nil)
	req.Header.Set("Authorization", "Bearer adm-secret-42")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	j := string(readAll(t, resp))
	if !strings.Contains(j, contract.GetFormList.Path()) || strings.Contains(j, testscenario.WriteSecret) || strings.Contains(j, "adm-secret-42") {
		t.Errorf("journal: %s", j)
	}
}
