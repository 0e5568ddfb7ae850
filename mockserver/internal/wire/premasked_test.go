package wire

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// A value recorded already masked (premasked) is served exactly as the
// recorded service showed it: masking it again would change a service's
// own masking ("张*丰" would become "张**").
func TestPremaskedValuesAreServedAsRecorded(t *testing.T) {
	rec := &answer.Record{ID: 1, Recorder: answer.Recorder{Name: "李*国", NameMasked: true, NamePremasked: true},
		Groups: []answer.Group{{ID: 1, Fields: []answer.Field{
			{ID: 1, Type: "name", Value: "张*丰", Masked: true, Premasked: true},
			{ID: 2, Type: "name", Value: "张三丰", Masked: true},
		}}}}
	body := string(RecordBody(0, "ok", state.RecordView{Rec: rec}))
	for _, want := range []string{`"name":"李*国"`, `"field_value":"张*丰","options":{"is_result":false,"is_highlight":false,"is_hidden":false,"is_masked":true}`, `"field_value":"张**"`} {
		if !strings.Contains(body, want) {
			t.Errorf("answer lacks %s:\n%s", want, body)
		}
	}
}
