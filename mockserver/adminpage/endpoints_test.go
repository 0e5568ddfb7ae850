package adminpage

import (
	"regexp"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestFaultFormOffersEveryEndpoint: the page is plain HTML with no build
// step, so its fault form writes the endpoints out; they are
// contract.Endpoints, name for name and in the spec's order.
func TestFaultFormOffersEveryEndpoint(t *testing.T) {
	page, err := Files.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	sel := regexp.MustCompile(`(?s)<select id="fault-endpoint">(.*?)</select>`).FindSubmatch(page)
	if sel == nil {
		t.Fatal(`mockserver/adminpage/index.html: no <select id="fault-endpoint">`)
	}
	var got []string
	for _, m := range regexp.MustCompile(`<option>([^<]*)</option>`).FindAllSubmatch(sel[1], -1) {
		got = append(got, string(m[1]))
	}
	if want := contract.EndpointNames(); !slices.Equal(got, want) {
		t.Errorf("mockserver/adminpage/index.html: the options of the fault form's endpoint differ from contract.Endpoints (contract/endpoints.go)\ngot:  %v\nwant: %v", got, want)
	}
}
