package conformance

import (
	"reflect"
	"slices"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The key column of a product of requests. A request that names no
// object of one organization (bad input, a page size above the maximum,
// a filter) is a request every key of ours may send, and a service may
// serve each key by another path (a scoped-key middleware, a back-office
// pager with no maximum): what the contract says of the answer does not
// depend on the key, but a refusal is a key's to give (§5 leaves the read
// scope of the write and the limited key open). So where a product sends
// such requests with the read key, the key goes in turn over our keys,
// as the seed picks, and the rules over every answer judge each answer
// whatever key it went with: every key gets some cells every run, and
// the same seed the same ones.

//
// The other organization is a subject too. A request that names no
// object at all (a page size above the maximum, bad input) asks the
// other organization's key what it asks ours, and its tenant may be
// served by another configuration (its plan's limits, its collation, its
// time zone): the rules over every answer hold for it as for ours. So
// such cells turn over the other organization's key as well (subject).

// keyColumn is our keys that may read, in the order the seed turns them.
type keyColumn struct {
	// all is the read key, then the others; others the keys of ours
	// besides the read key (otherReaders); subjects are the others and
	// the other organization's key, when the run has one.
	all, others, subjects []string
	turn                  int
}

// keyColumn is the key column of the product id.
func (t *T) keyColumn(id string) keyColumn {
	others := t.otherReaders()
	all := append([]string{profile.RoleRead}, others...)
	subjects := slices.Clone(others)
	if t.hasKey(profile.RoleOtherOrg) {
		subjects = append(subjects, profile.RoleOtherOrg)
	}
	return keyColumn{all: all, others: others, subjects: subjects, turn: pick(t.r.opts.Seed, "key column "+id, len(all))}
}

// subject is the key of cell i among the keys besides the read key and
// the other organization's (the read key when there is none), for a
// request that names no object of either organization.
func (k keyColumn) subject(i int) string {
	if len(k.subjects) == 0 {
		return profile.RoleRead
	}
	return k.subjects[(k.turn+i)%len(k.subjects)]
}

// at is the key of cell i: every key of ours in turn.
func (k keyColumn) at(i int) string { return k.all[(k.turn+i)%len(k.all)] }

// other is the key of cell i among the keys besides the read key (the
// read key when there is none).
func (k keyColumn) other(i int) string {
	if len(k.others) == 0 {
		return profile.RoleRead
	}
	return k.others[(k.turn+i)%len(k.others)]
}

// addressPair is one object of ours by two of the addresses the contract
// gives it (a record by record_id and by record_url; a template by its
// coding and by its URL).
type addressPair struct {
	ep   contract.Endpoint
	what string
	a, b map[string]any
}

// addressedAlikeByKey: the same object addressed another way gives the
// same answer, with every key. The read key's pairs have checks of their
// own; each other key of ours sends one pair (turning over the pairs by
// the seed), both side by side, and the two answers are one answer: both
// refused (the key's scope is the service's, §5), or two successes with
// the same content (content: nil when the answer is no success).
func (t *T) addressedAlikeByKey(id string, pairs []addressPair, content func(x *Exchange) any) {
	keys := t.keyColumn(id)
	if len(pairs) == 0 || len(keys.others) == 0 {
		return
	}
	xs := make([][2]*Exchange, len(keys.others))
	t.each(2*len(keys.others), func(t *T, i int) {
		p := pairs[(keys.turn+i/2)%len(pairs)] // key i/2's pair
		body := p.a
		if i%2 == 1 {
			body = p.b
		}
		xs[i/2][i%2] = t.post(p.ep, keys.others[i/2], body)
	})
	for k, role := range keys.others {
		p := pairs[(keys.turn+k)%len(pairs)]
		a, b := content(xs[k][0]), content(xs[k][1])
		switch {
		case (a == nil) != (b == nil):
			t.errorfPair(xs[k][1], xs[k][0], "the %s key, %s: %s answers the object and %s does not", role, p.what, marshal(p.b), marshal(p.a))
		case a != nil && !reflect.DeepEqual(a, b):
			t.errorfPair(xs[k][1], xs[k][0], "the %s key, %s: %s answers otherwise than %s", role, p.what, marshal(p.b), marshal(p.a))
		}
	}
}
