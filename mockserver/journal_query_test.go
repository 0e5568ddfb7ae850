package mockserver

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// journalTraffic sends, oldest first: 2 form lists with the read key, a
// verify with the write key, a form list without a key (401) and a
// record read with the read key.
func journalTraffic(t *testing.T, m *mock) {
	t.Helper()
	m.post(t, contract.GetFormList, ts.ReadSecret, `{"page":1}`)
	m.post(t, contract.GetFormList, ts.ReadSecret, `{"page":2}`)
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	m.post(t, contract.GetFormList, "", `{}`)
	m.post(t, contract.GetRecord, ts.ReadSecret, `{"record_id":5001}`)
}

func TestJournalFiltersOverHTTPAndInGo(t *testing.T) {
	m := startMock(t, nil, Options{})
	journalTraffic(t, m)
	forms := contract.GetFormList.Path()
	for _, tc := range []struct {
		query string
		f     RequestFilter
		want  []string // path/key of each entry, newest first
	}{
		{"", RequestFilter{}, []string{"getRecord/demo-read", "getFormList/", "verify/demo-write", "getFormList/demo-read", "getFormList/demo-read"}},
		{"path=" + forms, RequestFilter{Path: forms}, []string{"getFormList/", "getFormList/demo-read", "getFormList/demo-read"}},
		{"key=demo-read", RequestFilter{Key: "demo-read"}, []string{"getRecord/demo-read", "getFormList/demo-read", "getFormList/demo-read"}},
		{"key=-", RequestFilter{Key: NoKey}, []string{"getFormList/"}},
		{"status=401", RequestFilter{Status: 401}, []string{"getFormList/"}},
		{"path=" + forms + "&key=demo-read&limit=1", RequestFilter{Path: forms, Key: "demo-read", Limit: 1}, []string{"getFormList/demo-read"}},
		{"limit=2&status=", RequestFilter{Limit: 2}, []string{"getRecord/demo-read", "getFormList/"}},
		{"key=nobody", RequestFilter{Key: "nobody"}, nil},
		// path selects whole segments, anywhere in the path (what a user types in the admin page)
		{"path=getFormList", RequestFilter{Path: "getFormList"}, []string{"getFormList/", "getFormList/demo-read", "getFormList/demo-read"}},
		{"path=record/getRecord", RequestFilter{Path: "record/getRecord"}, []string{"getRecord/demo-read"}},
		{"path=/api/v2/rpc/record/", RequestFilter{Path: "/api/v2/rpc/record/"}, []string{"getRecord/demo-read", "getFormList/", "getFormList/demo-read", "getFormList/demo-read"}},
		{"path=getForm", RequestFilter{Path: "getForm"}, nil},
		{"path=getformlist", RequestFilter{Path: "getformlist"}, nil},
	} {
		a := admin(t, m, "GET", "/__admin/requests?"+tc.query, "", "")
		var overHTTP []string
		for _, r := range a.doc["requests"].([]any) {
			e := r.(map[string]any)
			overHTTP = append(overHTTP, short(e["path"].(string), e["key"].(string)))
		}
		var goSide []string
		for _, r := range m.Requests(tc.f) {
			goSide = append(goSide, short(r.Path, r.Key))
		}
		if a.status != 200 || strings.Join(overHTTP, " ") != strings.Join(tc.want, " ") {
			t.Errorf("GET /__admin/requests?%s: HTTP %d %v, want %v", tc.query, a.status, overHTTP, tc.want)
		}
		if strings.Join(goSide, " ") != strings.Join(tc.want, " ") {
			t.Errorf("Requests(%+v) = %v, want %v", tc.f, goSide, tc.want)
		}
	}
	if got := m.Requests(RequestFilter{Status: 401}); len(got) != 1 || got[0].Code != 401 || got[0].Method != "POST" || got[0].Body != "{}" {
		t.Errorf("the Go entry of the 401 lacks what HTTP shows: %+v", got)
	}
	m.ClearRequests()
	if got := m.Requests(RequestFilter{}); len(got) != 0 {
		t.Errorf("ClearRequests left %d entries", len(got))
	}
}

func short(path, key string) string { return path[strings.LastIndex(path, "/")+1:] + "/" + key }

func TestJournalBadFiltersAre400NamingTheParameter(t *testing.T) {
	m := startMock(t, nil, Options{})
	journalTraffic(t, m)
	for _, tc := range []struct{ query, names string }{
		{"status=abc", "filter status"},
		{"status=99", "filter status"},
		{"status=600", "filter status"},
		{"limit=0", "filter limit"},
		{"limit=-3", "filter limit"},
		{"limit=many", "filter limit"},
		{"path=/", "filter path"},
		{"path=%2F%2F", "filter path"},
		{"key=a&key=b", "filter key"},
		{"paht=/x", `unknown filter "paht"`},
		{"status=%zz", "query string"},
	} {
		a := admin(t, m, "GET", "/__admin/requests?"+tc.query, "", "")
		msg, _ := a.doc["error"].(string)
		if a.status != 400 || !strings.Contains(msg, tc.names) {
			t.Errorf("?%s: HTTP %d %s, want 400 naming %q", tc.query, a.status, a.raw, tc.names)
		}
	}
	// a refused filter loses nothing
	if n := len(m.Requests(RequestFilter{})); n != 5 {
		t.Errorf("after bad filters the journal has %d entries, want 5", n)
	}
}
