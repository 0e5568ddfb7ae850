package foreign

import "strings"

// The data model: what the service holds, before any representation.

type org struct {
	id                     int64
	name, code, host, logo string
}

type apiKey struct {
	secret string
	org    int64
	write  bool
	// forms limits the key's writes to these forms; nil: every form.
	forms []int64
}

type project struct {
	id           int64
	name, number string
}

type form struct {
	id, org                  int64
	name, number, note       string
	typ                      int
	created, updated, active int64
	project                  *project
	flow                     *flow
	verification             bool
}

type flow struct {
	id           int64
	number, name string
	statuses     []*status
}

type status struct {
	id                int64
	name, color       string
	next              []string
	terminal, forbids bool
}

// ref finds a status by name or by id written as a string.
func (f *flow) ref(s string) *status {
	for _, st := range f.statuses {
		if st.name == s || itoa(st.id) == s {
			return st
		}
	}
	return nil
}

// named finds a status by its name alone.
func (f *flow) named(s string) *status {
	for _, st := range f.statuses {
		if st.name == s {
			return st
		}
	}
	return nil
}

func (st *status) reaches(name string) bool {
	for _, n := range st.next {
		if n == name {
			return true
		}
	}
	return false
}

type field struct {
	id         int64
	title, typ string
	// value overrides the type's sample value (valueOf with n) when set.
	value                             any
	n                                 int
	masked, hidden, result, highlight bool
	desc                              string
}

type group struct {
	id        int64
	title     string
	show      bool
	pageBreak bool
	fields    []field
}

type qrcode struct {
	id       int64
	name     string
	number   string
	category *int64
}

type audit struct {
	status  int
	stage   string
	auditor string
}

type notary struct {
	tx, evidence string
	at           int64
}

// cert makes a record a credential: its status and the switches of §C6.
type cert struct {
	start                       string
	verification, approved      bool
	identity, authExpired, fail bool
}

type record struct {
	id, org        int64
	number, code   string
	submit         int64
	method         string
	recorder       string
	authID, userID int64
	form           *form
	project        *project
	qr             qrcode
	groups         []group
	audit          *audit
	notary         *notary
	cert           *cert
}

type subcode struct {
	id           int64
	name, coding string
	created      int64
}

type template struct {
	id, org      int64
	name, coding string
	created      int64
	subs         []subcode
}

// change is one move of a credential's status.
type change struct {
	from, to *status
	// byVerify: a verify made it (not the data set's history).
	byVerify bool
}

// dataset is everything the service holds; it never changes after build.
type dataset struct {
	orgs      []org
	keys      []apiKey
	forms     []*form
	records   []*record
	templates []*template
	// a5URLs is the URL form of a variant of adversarial round 5 ("" for
	// the service's own).
	a5URLs Variant
}

func (d *dataset) org(id int64) *org {
	for i := range d.orgs {
		if d.orgs[i].id == id {
			return &d.orgs[i]
		}
	}
	return nil
}

func (d *dataset) key(secret string) *apiKey {
	for i := range d.keys {
		if d.keys[i].secret == secret {
			return &d.keys[i]
		}
	}
	return nil
}

// keyFold finds a key whatever the letter case of the secret (a bug: a
// case-insensitive collation on the keys table).
func (d *dataset) keyFold(secret string) *apiKey {
	for i := range d.keys {
		if secret != "" && strings.EqualFold(d.keys[i].secret, secret) {
			return &d.keys[i]
		}
	}
	return nil
}

// keyByPrefix finds a key by the first 8 characters of a secret alone (a
// bug: the rest is never compared).
func (d *dataset) keyByPrefix(secret string) *apiKey {
	if len(secret) < 8 {
		return nil
	}
	for i := range d.keys {
		if strings.HasPrefix(d.keys[i].secret, secret[:8]) {
			return &d.keys[i]
		}
	}
	return nil
}

// sameURL says whether url names the object whose URL is ours: equal
// character for character but in the scheme and host, which RFC 3986
// reads without regard to case (docs/contract.md §C10, "Identifiers are
// exact": the code at the end is exact, the host is not).
func sameURL(ours, url string) bool {
	if ours == url {
		return true
	}
	split := func(u string) (string, string, bool) {
		scheme, rest, ok := strings.Cut(u, "://")
		host, path, _ := strings.Cut(rest, "/")
		return strings.ToLower(scheme + "://" + host), path, ok
	}
	ho, po, oko := split(ours)
	hu, pu, oku := split(url)
	return oko && oku && ho == hu && po == pu
}

func (d *dataset) recordURL(r *record) string {
	if u := d.a5URL(d.org(r.org).host, "c", r.code, r.cert != nil); u != "" {
		return u
	}
	return "https://" + d.org(r.org).host + "/c/" + r.code
}

func (d *dataset) templateURL(t *template) string {
	if u := d.a5URL(d.org(t.org).host, "tpl", t.coding, false); u != "" {
		return u
	}
	return "https://" + d.org(t.org).host + "/tpl/" + t.coding
}
