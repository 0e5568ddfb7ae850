package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/internal/svcclient"
)

// dedupe folds repeated messages into one with a count, keeping order.
func dedupe(msgs []string) []string {
	count := map[string]int{}
	var order []string
	for _, m := range msgs {
		if count[m] == 0 {
			order = append(order, m)
		}
		count[m]++
	}
	for i, m := range order {
		if n := count[m]; n > 1 {
			order[i] = fmt.Sprintf("%s (%d times)", m, n)
		}
	}
	return order
}

// sanitize keeps what a finding quotes from the target safe to print: the
// run's keys scrubbed (in any spelling the target may have echoed them),
// then control characters and bidirectional overrides escaped, so that no
// report format hands a terminal or a CI log a secret or an escape
// sequence the target chose. Both are rtq's one scrubber and escaper
// (internal/svcclient).
func sanitize(f Finding, keys *svcclient.Scrubber) Finding {
	clean := func(s string) string { return svcclient.Escape(keys.String(s)) }
	f.Message = clean(f.Message)
	f.Curl = clean(f.Curl)
	for i, p := range f.Problems {
		f.Problems[i] = clean(p)
	}
	if f.Request != nil {
		r := *f.Request
		r.Body = clean(r.Body)
		r.Authorization = clean(r.Authorization)
		f.Request = &r
	}
	return f
}
