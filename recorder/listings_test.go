package recorder_test

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/scenario"
)

// An end before the start answered with an empty list on one cursor
// listing is answered so on the other, which pages alike, and the header
// says it was not asked there; an error answer is not copied (it names
// its own detail).
func TestAnEmptyReversedWindowIsSharedByTheCursorListings(t *testing.T) {
	empty := `{"code":0,"message":"success","data":{"list":[],"next_page_token":null,"total":0}}`
	for _, c := range []struct {
		body   string
		shared bool
	}{{empty, true}, {`{"code":400,"message":"参数错误: end_time must not be before start_time","data":{}}`, false}} {
		capt := recorder.NewCapture()
		capt.Provoked("templates/list", scenario.SituationEndBeforeStart, 200, []byte(c.body))
		built := capt.Build("http://127.0.0.1:1")
		e, ok := built.Scenario.Service.ErrorFor("templates/listQrcodes", scenario.SituationEndBeforeStart)
		if ok != c.shared || ok && string(e.Body) != empty {
			t.Errorf("%s: listQrcodes answers %v %s; want shared %v", c.body, ok, e.Body, c.shared)
		}
		if got := strings.Contains(strings.Join(built.Notes, "\n"), "templates/listQrcodes: an end before the start is answered as templates/list"); got != c.shared {
			t.Errorf("%s: the header says so: %v, want %v", c.body, got, c.shared)
		}
	}
}
