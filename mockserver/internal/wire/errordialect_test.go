package wire

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// Every error is worded by a recorded service's rules, provoked or not:
// its message for the code on that endpoint, and the detail where the
// service writes it; an endpoint without rules keeps the kit's.
func TestErrorsAreWordedByTheServicesRules(t *testing.T) {
	svc := &answer.ErrorRules{
		Messages:  map[string]map[int]string{"templates/list": {400: "参数错误"}, "record/getFormList": {400: "参数错误"}},
		InMessage: map[string]bool{"templates/list": true},
		Join:      ": ",
	}
	e := fail.Param("page must be an integer >= 1")
	for _, c := range []struct {
		shape    contract.ErrorShape
		endpoint string
		want     string
	}{
		{contract.TemplatesList.Shape, "templates/list", `{"code":400,"message":"参数错误: page must be an integer >= 1","data":{}}`},
		{contract.GetFormList.Shape, "record/getFormList", `{"code":400,"error_code":100301,"message":"参数错误","message_detail":"page must be an integer >= 1"}`},
		{contract.GetRecord.Shape, "record/getRecord", string(AppendError(nil, contract.GetRecord.Shape, e))},
	} {
		if got := string(AppendErrorIn(nil, c.shape, svc, c.endpoint, e)); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.endpoint, got, c.want)
		}
	}
	if got, want := string(AppendErrorIn(nil, contract.TemplatesList.Shape, nil, "templates/list", e)), string(AppendError(nil, contract.TemplatesList.Shape, e)); got != want {
		t.Errorf("without a service: %s, want the kit's %s", got, want)
	}
}

// The codes a service was never seen answering take its status for the
// others, but the authentication codes and the mock's own refusals.
func TestCodesNeverSeenTakeTheServicesOtherStatus(t *testing.T) {
	rules := &answer.ErrorRules{OtherStatus: 200, StatusByCode: map[int]int{400: 200}}
	for _, c := range []struct {
		e    *fail.Error
		want int
	}{
		{fail.Param("x"), 200},
		{fail.RecordNotFound("x"), 200},
		{fail.Internal, 500},
	} {
		if got := StatusOf(rules, c.e); got != c.want {
			t.Errorf("%v: %d, want %d", c.e, got, c.want)
		}
	}
	auth := *fail.RecordNotFound("x")
	auth.Code, auth.Status = 401, 401
	if got := StatusOf(rules, &auth); got != 401 {
		t.Errorf("a 401 never seen: %d, want its own 401", got)
	}
}
