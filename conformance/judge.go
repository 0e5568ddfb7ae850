package conformance

import (
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// judgeAnswer is the one way an answer is judged by the rules of
// conformance/rules: the runner judges the answers of its own requests by
// it (answers.judge), and an Observer the answers of a live client's
// (Observer.Observe), so that an answer one fails the other fails too,
// under the same statement. validate, when set, replaces env.Validate by
// a validation that may cache its result on x. ep is nil for a path
// that names no operation: the rules of every answer still judge it.
func judgeAnswer(env *rules.Env, ep *contract.Endpoint, x *Exchange, validate func(file string, x *Exchange) error) []rules.Verdict {
	rx := ruleExchange(ep, x)
	e := *env
	if e.Validate != nil && validate != nil {
		e.Validate = func(file string, _ any) error { return validate(file, x) }
	}
	return rules.Judge(rx, &e)
}

// ruleExchange is x as the rules see it.
func ruleExchange(ep *contract.Endpoint, x *Exchange) *rules.Exchange {
	rx := &rules.Exchange{Endpoint: ep, Method: x.Req.Method, Role: x.Req.Key, Request: []byte(x.Req.Body),
		Status: x.Status, ContentType: x.ContentType, Body: x.Body,
		AcceptEncoding: x.Req.AcceptEncoding, ContentEncoding: x.ContentEncoding}
	rx.SetDoc(x.Doc, x.DecodeErr)
	return rx
}
