package mockserver

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/loopback"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestHostCheckServesLoopbackNamesOnly(t *testing.T) {
	m := startMock(t, nil, Options{})
	port := m.URL()[strings.LastIndex(m.URL(), ":"):]
	for host, want := range map[string]int{
		"127.0.0.1" + port:           200,
		"localhost" + port:           200,
		"LocalHost." + port:          200,
		"app.localhost" + port:       200,
		"[::1]" + port:               200,
		"10.1.2.3:8080":              200, // an IP literal cannot be rebound
		"attacker.example" + port:    403,
		"localhost.attacker.example": 403,
		"127.0.0.1.nip.io" + port:    403,
		"rtq-mock:8080":              403,
	} {
		for _, path := range []string{"/__admin/health", "/__admin/profile", contract.GetFormList.Path(), "/nowhere"} {
			method := http.MethodGet
			if !strings.HasPrefix(path, "/__admin") {
				method = http.MethodPost
			}
			status, h, body := browserish(t, m, method, path, map[string]string{"Host": host, "Authorization": "Bearer " + readKey, "Origin": "http://" + host}, "{}")
			if want == 403 {
				if status != 403 || h.Get("Access-Control-Allow-Origin") != "" {
					t.Errorf("Host %s %s: %d %v, want 403 without CORS", host, path, status, h)
				}
				var e struct {
					Code   int    `json:"code"`
					Detail string `json:"message_detail"`
				}
				if err := json.Unmarshal([]byte(body), &e); err != nil || e.Code != 403 || !strings.Contains(e.Detail, "--allowed-host "+loopback.Host(host)) {
					t.Errorf("Host %s: answer does not name the flag: %s", host, body)
				}
			} else if status == 403 {
				t.Errorf("Host %s %s refused: %s", host, path, body)
			}
		}
	}
}

func TestHostCheckRefusesBeforeAnyStateChange(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.post(t, contract.GetFormList, readKey, "{}")
	status, _, _ := browserish(t, m, http.MethodDelete, "/__admin/requests", map[string]string{"Host": "attacker.example"}, "")
	if status != 403 {
		t.Fatalf("DELETE with a rebound Host: %d", status)
	}
	_, _, journal := browserish(t, m, http.MethodGet, "/__admin/requests", nil, "")
	if !strings.Contains(journal, contract.GetFormList.Path()) {
		t.Errorf("the journal was cleared by a refused request: %s", journal)
	}
}

func TestHostCheckAdmitsListedNames(t *testing.T) {
	m := startMock(t, nil, Options{AllowedHosts: []string{"rtq-mock", "ci.internal,Other.Example"}})
	for _, host := range []string{"rtq-mock:8080", "ci.internal", "other.example:1"} {
		if status, _, body := browserish(t, m, http.MethodGet, "/__admin/health", map[string]string{"Host": host}, ""); status != 200 {
			t.Errorf("listed Host %s: %d %s", host, status, body)
		}
	}
	if status, _, _ := browserish(t, m, http.MethodGet, "/__admin/health", map[string]string{"Host": "attacker.example"}, ""); status != 403 {
		t.Errorf("unlisted Host served: %d", status)
	}
	any := startMock(t, nil, Options{AllowedHosts: []string{"*"}})
	if status, _, _ := browserish(t, any, http.MethodGet, "/__admin/health", map[string]string{"Host": "anything.example"}, ""); status != 200 {
		t.Errorf("--allowed-host '*': %d", status)
	}
}

func TestBadOriginsAndHostsAreRefusedAtStart(t *testing.T) {
	for _, opts := range []Options{
		{CORSOrigin: "localhost:3000"},
		{CORSOrigin: "http://ok.example, ftp://files.example"},
		{CORSOrigin: "https://app.example/path"},
		{AllowedHosts: []string{"http://rtq-mock:8080"}},
		{AllowedHosts: []string{"rtq-mock/api"}},
	} {
		_, err := New(testscenario.Build(), opts)
		if err == nil || !(strings.Contains(err.Error(), "cors origin") || strings.Contains(err.Error(), "allowed host")) {
			t.Errorf("%+v: %v", opts, err)
		}
	}
}
