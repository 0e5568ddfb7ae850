package mockserver_test

// Concurrency, the admin side: every admin call (journal read and clear,
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
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

func TestReliabilityAdminUnderTraffic(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{JournalSize: 64})
	read, write := mocktest.Key(t, sc, "demo-read"), mocktest.Key(t, sc, "demo-write")
	cert := mocktest.FirstRecord(t, sc, write.Org, mocktest.Movable)
	yaml := scenarios.DefaultYAML()
	admin := []func() mocktest.Answer{
		func() mocktest.Answer { return mocktest.Do(t, http.MethodGet, m.URL+"/__admin/requests", nil, nil) },
		func() mocktest.Answer { return mocktest.Do(t, http.MethodDelete, m.URL+"/__admin/requests", nil, nil) },
		func() mocktest.Answer { return mocktest.Do(t, http.MethodGet, m.URL+"/__admin/profile", nil, nil) },
		func() mocktest.Answer { return mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", nil, nil) },
		func() mocktest.Answer {
			return mocktest.Do(t, http.MethodPost, m.URL+"/__admin/scenario", map[string]string{"Content-Type": "application/yaml"}, bytes.NewReader(yaml))
		},
	}
	api := []func() mocktest.Answer{
		func() mocktest.Answer {
			return mocktest.Post(t, m.URL, contract.GetRecord.Path(), read.Secret, fmt.Sprintf(`{"record_id":%d,"format":"markdown"}`, cert.ID))
		},
		func() mocktest.Answer {
			return mocktest.Post(t, m.URL, contract.Verify.Path(), write.Secret, fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, cert.Code))
		},
		func() mocktest.Answer {
			return mocktest.Post(t, m.URL, contract.TemplatesList.Path(), read.Secret, `{"page_size":3}`)
		},
		func() mocktest.Answer {
			return mocktest.Post(t, m.URL, contract.GetFormList.Path(), read.Secret, `{"search_key":"巡检"}`)
		},
	}
	var wg sync.WaitGroup
	check := func(name string, a mocktest.Answer) {
		if a.Status >= 500 || a.Header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s under concurrent admin calls: HTTP %d %q %.200s", name, a.Status, a.Header.Get("Content-Type"), a.Body)
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
	if a := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/health", nil, nil); a.Status != 200 {
		t.Fatalf("unhealthy after the storm: HTTP %d %s", a.Status, a.Body)
	}
}
