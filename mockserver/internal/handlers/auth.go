package handlers

import (
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// Auth resolves the API key (docs/contract.md §C2). The key's Name is what
// logs and the journal show from here on; its secret is never kept.
func Auth(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		secret, ok := chain.Bearer(c.R.Header["Authorization"])
		if !ok {
			c.Error(fail.Unauthorized(`the Authorization header must be "Bearer <API key>"`).In(scenario.SituationNoKey))
			return
		}
		c.Key = c.St.KeyBySecret(secret)
		switch {
		case c.Key == nil:
			c.Error(fail.Unauthorized("the API key is not known" + nameHint(c, secret)).In(scenario.SituationBadKey))
		case c.Ep.Write && !c.Key.Write:
			c.Error(fail.Forbidden(c.Ep.Write, "this API key has no write permission"))
		case !c.Ep.Write && !c.Key.Read:
			c.Error(fail.Forbidden(c.Ep.Write, "this API key has no read permission"))
		default:
			next(c)
		}
	}
}

// nameHint answers a key's name sent as its secret (Bearer demo-read, the
// name logs and the journal show) with the secret to send, when that
// secret is the name with rtq- before it, as the default scenario's are:
// anyone can try that guess, so saying it gives nothing away. Any other
// secret is never hinted at.
func nameHint(c *chain.Call, sent string) string {
	k := c.St.KeyBySecret("rtq-" + sent)
	if k == nil || k.Name != sent {
		return ""
	}
	return `: "` + sent + `" is a key's name, not its secret; send "Bearer rtq-` + sent + `"`
}
