package e2e

// Issue 7.3, the admin side: every admin call (journal read and clear,
// profile, reset, scenario replace) racing API traffic, under -race. No
// answer may be a 5xx or anything but JSON, and the mock must still be
// healthy afterwards.

import (
	"bytes"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
)

func TestReliabilityAdminUnderTraffic(t *testing.T) {
	sc := relDefault(t)
	m := startRelMock(t, sc, mockserver.Options{JournalSize: 64})
	read, write := relKeyByName(t, sc, "demo-read"), relKeyByName(t, sc, "demo-write")
	cert := relFirstRecord(t, sc, write.Org, relMovable)
	yaml := scenarios.DefaultYAML()
	admin := []func() relRawAnswer{
		func() relRawAnswer { return relDoRaw(t, http.MethodGet, m.url+"/__admin/requests", nil, nil) },
		func() relRawAnswer { return relDoRaw(t, http.MethodDelete, m.url+"/__admin/requests", nil, nil) },
		func() relRawAnswer { return relDoRaw(t, http.MethodGet, m.url+"/__admin/profile", nil, nil) },
		func() relRawAnswer { return relDoRaw(t, http.MethodPost, m.url+"/__admin/reset", nil, nil) },
		func() relRawAnswer {
			return relDoRaw(t, http.MethodPost, m.url+"/__admin/scenario", map[string]string{"Content-Type": "application/yaml"}, bytes.NewReader(yaml))
		},
	}
	api := []func() relRawAnswer{
		func() relRawAnswer {
			return relPostJSON(t, m.url, contract.GetRecord.Path(), read.Secret, fmt.Sprintf(`{"record_id":%d,"format":"markdown"}`, cert.ID))
		},
		func() relRawAnswer {
			return relPostJSON(t, m.url, contract.Verify.Path(), write.Secret, fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, cert.Code))
		},
		func() relRawAnswer {
			return relPostJSON(t, m.url, contract.TemplatesList.Path(), read.Secret, `{"page_size":3}`)
		},
		func() relRawAnswer {
			return relPostJSON(t, m.url, contract.GetFormList.Path(), read.Secret, `{"search_key":"巡检"}`)
		},
	}
	var wg sync.WaitGroup
	check := func(name string, a relRawAnswer) {
		if a.status >= 500 || a.header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s under concurrent admin calls: HTTP %d %q %.200s", name, a.status, a.header.Get("Content-Type"), a.body)
		}
	}
	for w := 0; w < 6; w++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := 0; i < 40; i++ {
				check("admin", admin[(w+i)%len(admin)]())
			}
		}()
		go func() {
			defer wg.Done()
			for i := 0; i < 120; i++ {
				check("api", api[(w+i)%len(api)]())
			}
		}()
	}
	wg.Wait()
	if a := relDoRaw(t, http.MethodGet, m.url+"/__admin/health", nil, nil); a.status != 200 {
		t.Fatalf("unhealthy after the storm: HTTP %d %s", a.status, a.body)
	}
}
