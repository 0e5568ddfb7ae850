package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// answerTally counts, on the target's side, the answers of each kind a
// run was given: the runner cannot count for itself what it claims to
// have judged.
type answerTally struct {
	mu sync.Mutex
	n  map[string]int
}

func (a *answerTally) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			return // the profile's reset: the runner's own admin call
		}
		name := strings.TrimPrefix(r.URL.Path, contract.PathPrefix)
		var ans struct {
			Code json.Number `json:"code"`
			Data struct {
				Format string `json:"format"`
			} `json:"data"`
		}
		_ = json.Unmarshal(rec.body.Bytes(), &ans)
		a.mu.Lock()
		defer a.mu.Unlock()
		a.n["all"]++
		if ans.Code == "0" && r.Method == http.MethodPost {
			a.n[name+" success"]++
			if name == contract.GetRecord.Name {
				a.n["getRecord "+ans.Data.Format]++
			}
		}
	})
}

type recorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// TestEveryStatementIsEvaluatedOnEveryAnswerItConcerns: a statement of
// one answer is judged on every answer of the run it concerns, not on
// one chosen exchange. The target counts what it answered; each rule's
// statement must have been evaluated on all of it (the reachability
// probe, the runner's own call, aside), and no statement a rule judges
// may rest on one answer.
func TestEveryStatementIsEvaluatedOnEveryAnswerItConcerns(t *testing.T) {
	sc := mocktest.Default(t)
	tally := &answerTally{n: map[string]int{}}
	url := serve(t, tally.wrap(newMock(t, sc).Handler()))
	rep := conform(t, url, derive.FromScenario(sc))
	if f := mustFailures(rep); len(f) > 0 {
		t.Fatalf("must failures on the mock: %v", f)
	}
	answers := map[string]int{}
	for _, st := range rep.Statements {
		answers[st.ID] = st.Answers
	}
	const probe = 1
	for statement, kind := range map[string]string{
		"C1.contentType":           "all",
		"C1.jsonText":              "all",
		"4.3.schema":               contract.GetFormList.Name + " success",
		"8.formList.max":           contract.GetFormList.Name + " success",
		"4.3.total":                contract.GetFormList.Name + " success",
		"4.4.schema":               contract.TemplatesList.Name + " success",
		"4.5.schema":               contract.ListQrcodes.Name + " success",
		"4.1.wrapper":              contract.GetRecord.Name + " success",
		"2.1.schema":               "getRecord json",
		"2.1.masked":               "getRecord json",
		"2.2.markdown":             "getRecord markdown",
		"2.2.jsonld":               "getRecord json-ld",
		"4.1.contentType.markdown": "getRecord markdown",
		"4.2.successData":          contract.Verify.Name + " success",
		"1.2.success":              "", // every success: summed below
	} {
		want := tally.n[kind]
		if kind == "" {
			for k, n := range tally.n {
				if strings.HasSuffix(k, " success") {
					want += n
				}
			}
		}
		if strings.Contains(kind, contract.GetFormList.Name) || kind == "all" || kind == "" {
			want -= probe
		}
		if want < 2 || answers[statement] < want {
			t.Errorf("%s was evaluated on %d answers; the target gave %d it concerns (%q)", statement, answers[statement], want, kind)
		}
	}
	// A statement a rule judges rests on more than one answer, except
	// where the run sends one request of its kind.
	single := map[string]string{
		"C2.writeScope":       "one verify is sent with the read key",
		"C2.tenancyVerify":    "one verify is sent with the other organization's key",
		"4.5.missingTemplate": "one listQrcodes is sent without a template",
	}
	for _, id := range rules.Statements() {
		if n := answers[id]; n < 2 && single[id] == "" {
			t.Errorf("statement %s was evaluated on %d answer(s)", id, n)
		}
	}
	for _, f := range rep.Checks {
		if strings.HasPrefix(f.ID, "answers.") && f.Status != conformance.Pass {
			t.Errorf("%s: %s %s", f.ID, f.Status, f.Message)
		}
	}
}
