package mockserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/testkit/browsertest"
)

// TestAdminPageShowsCoverage: the page's coverage section shows what the
// client met and missed, and its findings, live; its button forgets it.
func TestAdminPageShowsCoverage(t *testing.T) {
	b := browsertest.Start(t, browsertest.Options{Timeout: 30 * time.Second})
	m := startMock(t, nil, Options{})
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody))
	clientPost(t, m.URL()+contract.GetFormList.Path(), map[string]string{"Authorization": "Bearer " + readKey}, `{}`)
	var shown struct {
		Endpoints, Finding, After string
	}
	if err := b.Run(m.URL()+"/__admin/", pageHelpers+`(async () => {
  const endpoints = await waitFor("the endpoints row", () => rows("#coverage").find((r) => r.startsWith("endpoints")));
  const finding = await waitFor("the finding", () => rows("#findings").find((r) => r.includes("content_type")));
  click("#coverage-reset");
  const after = await waitFor("the coverage forgotten", () => q("#coverage-summary").textContent.startsWith("0 calls") && q("#coverage-summary").textContent);
  return { endpoints, finding, after };
})()`, &shown); err != nil {
		t.Fatal(err)
	}
	met := fmt.Sprintf("2/%d", len(contract.Endpoints))
	if !strings.Contains(shown.Endpoints, met) || !strings.Contains(shown.Endpoints, "templates/list") || strings.Contains(shown.Endpoints, "record/getRecord") {
		t.Errorf("endpoints row %q: want %s with templates/list missing and getRecord not", shown.Endpoints, met)
	}
	if !strings.Contains(shown.Finding, contract.GetFormList.Path()) {
		t.Errorf("finding row %q: want the request that broke it", shown.Finding)
	}
}
