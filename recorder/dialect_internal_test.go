package recorder

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

func detailed(ep string, code int, msg, detail string) spokenError {
	return spokenError{endpoint: ep, code: code, message: msg, detail: &detail}
}

func bare(ep string, code int, msg string) spokenError {
	return spokenError{endpoint: ep, code: code, message: msg}
}

// The rules are read off the answers where they show, and a rule they do
// not show is named unsettled, never guessed.
func TestTheErrorRulesAreSettledOnlyWhereTheAnswersShowThem(t *testing.T) {
	per200 := map[int]map[int]int{400: {200: 3}, 404: {200: 1}, 401: {401: 4}}
	for _, c := range []struct {
		name      string
		answers   []spokenError
		statuses  map[int]map[int]int
		want      string // the rules, printed
		unsettled []string
	}{
		{
			name: "a detail in the message, told apart by two details of one code",
			answers: []spokenError{
				bare("templates/list", 400, "参数错误：page_size must be >= 1"),
				bare("templates/list", 400, "参数错误：the body is not JSON"),
				bare("templates/list", 404, "模板不存在：no template x"),
				detailed("record/getFormList", 400, "参数错误", "page_size must be <= 20"),
			},
			statuses: per200,
			want:     `map[record/getFormList:map[400:参数错误] templates/list:map[400:参数错误 404:模板不存在]] map[record/getFormList:member templates/list:message] "：" 200`,
		},
		{
			name: "a join shown by a message known from message_detail; a code worded alike on every read endpoint but 404",
			answers: []spokenError{
				detailed("record/getFormList", 400, "参数错误", "page_size must be <= 20"),
				detailed("record/getRecord", 401, "Unauthorized", "no key"),
				bare("templates/list", 401, "Unauthorized: no key"),
				bare("templates/listQrcodes", 401, "Unauthorized: no key"),
				bare("templates/listQrcodes", 404, "模板不存在: no template x"),
			},
			statuses: per200,
			want:     `map[record/getFormList:map[400:参数错误 401:Unauthorized] record/getRecord:map[400:参数错误 401:Unauthorized] templates/list:map[400:参数错误 401:Unauthorized] templates/listQrcodes:map[400:参数错误 401:Unauthorized 404:模板不存在]] map[record/getFormList:member record/getRecord:member templates/list:message templates/listQrcodes:message] ": " 200`,
		},
		{
			name:      "one message alone shows no join",
			answers:   []spokenError{bare("templates/list", 400, "参数错误: the body is not JSON")},
			statuses:  map[int]map[int]int{400: {200: 1}},
			want:      `map[] map[] "" 0`,
			unsettled: []string{"status line of error codes never seen", "where templates/list writes"},
		},
		{
			name: "a code worded two ways is left to the kit",
			answers: []spokenError{
				detailed("record/getFormList", 400, "参数错误", "a"),
				detailed("record/getRecord", 400, "Bad request", "b"),
			},
			statuses:  map[int]map[int]int{400: {200: 1}, 404: {404: 1}},
			want:      `map[] map[record/getFormList:member record/getRecord:member] "" 0`,
			unsettled: []string{"the message of code 400", "different status lines"},
		},
		{
			name: "message_detail on some errors of an endpoint only",
			answers: []spokenError{
				detailed("record/getFormList", 400, "参数错误", "a"),
				bare("record/getFormList", 401, "Unauthorized"),
			},
			statuses:  per200,
			want:      `map[] map[] "" 200`,
			unsettled: []string{"some of its errors carry message_detail"},
		},
		{
			name: "an unknown record's code says nothing of the kit's",
			answers: []spokenError{
				{endpoint: "record/getRecord", situation: scenario.SituationRecordNotFound, code: 400, message: "记录不存在", detail: new(string)},
				detailed("record/getRecord", 401, "Unauthorized", "no key"),
			},
			statuses: per200,
			want:     `map[record/getRecord:map[401:Unauthorized]] map[record/getRecord:member] "" 200`,
		},
	} {
		d := learnDialect(c.answers, c.statuses)
		if got := fmt.Sprintf("%v %v %q %d", d.messages, d.detailIn, d.join, d.other); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		all := strings.Join(d.unsettled, "\n")
		for _, u := range c.unsettled {
			if !strings.Contains(all, u) {
				t.Errorf("%s: unsettled should name %q:\n%s", c.name, u, all)
			}
		}
		if len(c.unsettled) == 0 && len(d.unsettled) > 0 {
			t.Errorf("%s: nothing should be unsettled:\n%s", c.name, all)
		}
	}
}
