package conformance

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Where a request without a key carries one anyway, and what a key
// nobody issued looks like. §5 reads a key from "Authorization: Bearer
// <API_KEY>" alone, and §C2 refuses a call without one or with a key
// nobody issued, on every endpoint. Real clients put keys in many other
// places: a share page in the query (token, access_token, api_key,
// apiKey, ...), an SDK or a gateway in a header of its own (X-Api-Key,
// X-Access-Token, Api-Token, ...) or a cookie, curl -u in Basic
// credentials as the user name, the password or both, a framework under
// another scheme (Token, ApiKey, JWT); and keys that nobody issued are
// mostly near an issued one: a sandbox key (-test, _sandbox, sk_test_),
// a key mistyped by one character, cut short, in other letter case.
// A service whose middleware reads any of these serves a call §C2
// refuses. So the runner writes these places and edits as a space built
// from parts (the stems api, access, auth, app, client, secret with key,
// token and secret, in snake_case, camelCase, kebab-case and the X-
// prefix of headers; the edits of a key), and every request the run
// already sends without a key ("none") or with a key nobody issued
// ("bad") carries one member of it, drawn by the seed from the request
// itself, the key carried being one of ours (the write key on verify,
// where a target that took it would move a credential): half the draws
// are the most common members, so that those go every run, and the
// rest reach the whole space over seeds. A quarter of the requests go
// bare, as before. The rules over every answer (C2.noKey, C2.badKey)
// and each check's own assertion judge the answer as they judge the
// bare request's: never a success. The read key's verify carries the
// write key so too, beside its own Authorization (in a header, a cookie
// or the query, never in Authorization): a service that prefers a key
// from elsewhere lets the read key write, and C2.writeScope refuses it.
// --plain-requests sends them bare.

// keyWire is what a request of role none or bad carries, as sent: the
// Authorization header ("" for none), more header lines, a query
// parameter ("name=value", "" for none).
type keyWire struct {
	auth  string
	lines []string
	// query is the parameters that carry a key, as sent and as shown
	// (the end of the request's query).
	query, queryShown string
	// members are body members that carry the key (name, the key as
	// sent and as shown): written into the body where it is a JSON
	// object (client.request), the key put in on the wire (client.do).
	members []keyMember
}

// keyMember is a body member that carries a key.
type keyMember struct{ name, real, shown string }

// keyPlace is one place a key goes, as sent (real) and as a finding
// shows it (shown: the key as its shell variable, never its value).
type keyPlace struct {
	kind        string // "auth", "header", "query" or "member"
	real, shown string
	// name is a member's name (kind "member"; real and shown are then
	// its value).
	name string
}

// keyTexts is a key as sent and as shown.
type keyTexts struct{ real, shown string }

// keyDress writes the key dressing of req (role none or bad) into it
// and returns what goes on the wire; keyOf gives each role's key,
// issued says whether a key is one the run was given, site is the
// service's registrable domain (a Referer's host). A request of
// another role, or drawn bare, is left as it is; a body member is
// returned alone (keyWire.member), for the caller to write into the
// body as sent.
func keyDress(seed uint64, req *Request, keyOf func(string) string, issued func(string) bool, site string) keyWire {
	readWrite := req.Key == profile.RoleRead && writePath(req.Path) && keyOf(profile.RoleWrite) != "" && keyOf(profile.RoleWrite) != keyOf(profile.RoleRead)
	if req.Key != "none" && req.Key != "bad" && !readWrite {
		return keyWire{}
	}
	h := fnv.New64a()
	h.Write([]byte("keys " + req.Method + " " + req.Path + " " + req.Key + " " + req.Body))
	r := rand.New(rand.NewPCG(h.Sum64()^seed, 0x6b657973))
	if r.IntN(4) == 0 {
		return keyWire{} // a quarter go bare
	}
	if readWrite {
		// The read key's write carries the write key beside it, where
		// the contract reads none: still the read key's, refused.
		k := keyTexts{real: keyOf(profile.RoleWrite), shown: "${" + keyVarOf(profile.RoleWrite) + "}"}
		var w keyWire
		for _, p := range misplacedSet(r, k, site) {
			w.put(req, p)
		}
		return w
	}
	role := keyCarrier(r, req.Path, req.Key, keyOf)
	key := keyOf(role)
	if key == "" {
		return keyWire{}
	}
	k := keyTexts{real: key, shown: "${" + keyVarOf(role) + "}"}
	if req.Key == "bad" {
		for try := 0; try < 4; try++ {
			e := nearKey(r, k)
			if !issued(e.real) && strings.TrimSpace(e.real) == e.real && e.real != "" {
				req.Authorization = "Bearer " + e.shown
				return keyWire{auth: "Bearer " + e.real}
			}
		}
		return keyWire{}
	}
	// A request without a key has no Authorization: its absence is a
	// class of its own (a gateway, or a share link's path, reads a key
	// elsewhere, or none, only when the request has none); malformed
	// Authorization headers are auth.malformed's.
	var w keyWire
	for _, p := range misplacedSet(r, k, site) {
		w.put(req, p)
	}
	return w
}

// misplacedSet is where one request carries k, never in Authorization
// (a gateway reads a key elsewhere when the request has none, and both
// callers' requests have none of theirs: a request without a key, or
// the read key's write): half the time every common place at once
// (commonMisplaced), so that each goes on every run; otherwise one to
// three places drawn from the whole space (misplacedKey), an
// Authorization drawn among them left out. A service that reads a key
// from any of them serves the request.
func misplacedSet(r *rand.Rand, k keyTexts, site string) []keyPlace {
	var out []keyPlace
	if r.IntN(2) == 0 {
		for _, f := range commonMisplaced {
			if p := f(k, site); p.kind != "auth" {
				out = append(out, p)
			}
		}
		return out
	}
	for n := 1 + r.IntN(3); n > 0; n-- {
		if p := misplacedKey(r, k, site); p.kind != "auth" {
			out = append(out, p)
		}
	}
	return out
}

// put writes place p into w and req (as shown): one Authorization, one
// member, header line and query parameter of a name.
func (w *keyWire) put(req *Request, p keyPlace) {
	switch p.kind {
	case "member":
		if !slices.ContainsFunc(w.members, func(m keyMember) bool { return m.name == p.name }) {
			w.members = append(w.members, keyMember{p.name, p.real, p.shown})
		}
	case "auth":
		if w.auth == "" {
			w.auth, req.Authorization = p.real, p.shown
		}
	case "header":
		if !slices.Contains(req.Headers, p.shown) {
			w.lines = append(w.lines, p.real)
			req.Headers = append(req.Headers, p.shown)
		}
	case "query":
		name, _, _ := strings.Cut(p.shown, "=")
		if slices.ContainsFunc(strings.Split(w.queryShown, "&"), func(q string) bool { return strings.HasPrefix(q, name+"=") }) {
			return
		}
		if w.query != "" {
			w.query += "&"
			w.queryShown += "&"
		}
		w.query += p.real
		w.queryShown += p.shown
		if req.Query != "" {
			req.Query += "&"
		}
		req.Query += p.shown
	}
}

// keyVarOf is the shell variable a finding shows role's key as.
func keyVarOf(role string) string {
	if v := keyVars[role]; v != "" {
		return v
	}
	return keyVars[profile.RoleRead]
}

// keyCarrier is whose key a request of role none or bad to path
// carries: on a write the write key (which a target that took it would
// let move a credential); on a read one of our keys, drawn (a near key
// of the other organization's key too, for a key nobody issued).
func keyCarrier(r *rand.Rand, path, role string, keyOf func(string) string) string {
	if writePath(path) && keyOf(profile.RoleWrite) != "" {
		return profile.RoleWrite
	}
	roles := []string{profile.RoleRead, profile.RoleWrite}
	if role == "bad" {
		roles = append(roles, profile.RoleLimited, profile.RoleOtherOrg)
	}
	var have []string
	for _, ro := range roles {
		if keyOf(ro) != "" {
			have = append(have, ro)
		}
	}
	if len(have) == 0 {
		return profile.RoleRead
	}
	return have[r.IntN(len(have))]
}

// keyStems, keyNouns are the parts of the names clients give a key:
// "api" and "key" make api_key, apiKey, api-key, X-Api-Key.
var (
	keyStems = []string{"", "api", "access", "auth", "app", "client", "private", "secret", "user", "session", "bearer", "id", "refresh", "jwt"}
	keyNouns = []string{"key", "token", "secret", "id"}
)

// keyNameSpace is every name keyStems and keyNouns make, in the styles
// clients write: header names (X-Api-Key, X-API-KEY, x-api-key,
// Api-Key, X-ApiKey) and query, cookie and member names (api_key,
// apiKey, api-key, apikey, API_KEY). Built once: every request of a
// run draws from it.
var keyNameSpace = func() (s struct{ header, other []string }) {
	title := func(w string) string { return strings.ToUpper(w[:1]) + w[1:] }
	seen := map[string]bool{}
	add := func(to *[]string, name string) {
		if !seen[name] {
			seen[name] = true
			*to = append(*to, name)
		}
	}
	for _, stem := range keyStems {
		for _, noun := range keyNouns {
			if stem == noun || stem == "" && noun == "id" || stem == "secret" && noun == "secret" {
				continue
			}
			parts := []string{noun}
			if stem != "" {
				parts = []string{stem, noun}
			}
			add(&s.header, "X-"+strings.Join(mapStrings(parts, title), "-"))
			add(&s.header, "X-"+strings.ToUpper(strings.Join(parts, "-")))
			add(&s.header, "x-"+strings.Join(parts, "-"))
			add(&s.header, strings.Join(mapStrings(parts, title), "-"))
			add(&s.header, "X-"+strings.Join(mapStrings(parts, title), ""))
			add(&s.other, strings.Join(parts, "_"))
			add(&s.other, parts[0]+strings.Join(mapStrings(parts[1:], title), ""))
			add(&s.other, strings.Join(parts, "-"))
			add(&s.other, strings.Join(parts, ""))
			add(&s.other, strings.ToUpper(strings.Join(parts, "_")))
		}
	}
	return s
}()

// keyName is a name of keyNameSpace (header: a header name, else a
// query, cookie or member name).
func keyName(r *rand.Rand, header bool) string {
	if header {
		return keyNameSpace.header[r.IntN(len(keyNameSpace.header))]
	}
	return keyNameSpace.other[r.IntN(len(keyNameSpace.other))]
}

func mapStrings(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

// commonMisplaced are the places real clients put a key most often,
// and the ones a service was seen to read: half the draws of
// misplacedKey are one of them.
var commonMisplaced = []func(k keyTexts, site string) keyPlace{
	func(k keyTexts, _ string) keyPlace { return queryPlace("token", k) },
	func(k keyTexts, _ string) keyPlace { return queryPlace("access_token", k) },
	func(k keyTexts, _ string) keyPlace { return queryPlace("api_key", k) },
	func(k keyTexts, _ string) keyPlace { return headerPlace("X-Api-Key", k) },
	func(k keyTexts, _ string) keyPlace { return headerPlace("X-Access-Token", k) },
	func(k keyTexts, _ string) keyPlace { return headerPlace("Proxy-Authorization", bearerOf(k)) },
	func(k keyTexts, _ string) keyPlace { return cookiePlace("token", k) },
	func(k keyTexts, _ string) keyPlace { return memberPlace("api_token", k) },
	func(k keyTexts, _ string) keyPlace { return memberPlace("api_key", k) },
	func(k keyTexts, _ string) keyPlace { return memberPlace("access_token", k) },
	func(k keyTexts, site string) keyPlace { return refererPlace(site, "/share", "token", k) },
	func(k keyTexts, _ string) keyPlace { return basicPlace(k, "{key}", "") },
	func(k keyTexts, _ string) keyPlace { return basicPlace(k, "api", "{key}") },
	func(k keyTexts, _ string) keyPlace { return basicPlace(k, "", "{key}") },
	func(k keyTexts, _ string) keyPlace { return authPlace("Token %s", k) },
	func(k keyTexts, _ string) keyPlace { return authPlace("Bearer Bearer %s", k) },
	func(k keyTexts, _ string) keyPlace { return authPlace(`Bearer "%s"`, k) },
	func(k keyTexts, _ string) keyPlace { return authPlace("Bearer token=%s", k) },
	func(k keyTexts, _ string) keyPlace { return authPlace("%s", k) },
}

// basicUsers, basicPasswords are what curl -u and SDKs write around a
// key in Basic credentials.
var (
	basicUsers     = []string{"{key}", "", "api", "apikey", "x", "user", "token", "Bearer"}
	basicPasswords = []string{"", "{key}", "x", "X", "api", "password"}
	// otherSchemes are the schemes other than Bearer frameworks read a
	// key under.
	otherSchemes = []string{"Token", "ApiKey", "Api-Key", "Key", "JWT", "OAuth", "Access", "apikey", "SSWS", "Apikey", "Bearer-Token", "Digest", "Negotiate", "MAC"}
	// authHeaders are the headers proxies, gateways and frameworks carry
	// an Authorization in under another name: one a proxy forwards (the
	// client's credentials to the proxy), one a gateway renames the
	// client's to, a spelling of its own.
	authHeaders = []string{"Proxy-Authorization", "X-Authorization", "Authentication", "X-Authentication", "Authorisation", "X-Auth",
		"X-Forwarded-Authorization", "X-Original-Authorization", "X-Amzn-Remapped-Authorization", "X-Http-Authorization", "Http-Authorization",
		"X-Forwarded-Access-Token", "X-Auth-Request-Access-Token", "X-Bearer", "Sec-Authorization", "X-MS-TOKEN-AAD-ACCESS-TOKEN"}
	// bearerForms are Authorization headers that carry the key, written
	// otherwise than "Bearer <key>": the scheme doubled, written with a
	// separator, the key wrapped in quotes or brackets, as an auth-param,
	// with something after it. None is the form §5 gives (the scheme's
	// letter case and the count of spaces after it are free: RFC 9110
	// §11.1 and §11.4), so each carries no key: a parser that takes the
	// last word, strips quotes or reads token= reads one.
	bearerForms = []string{"Bearer Bearer %s", "bearer Bearer %s", "Bearer  Bearer %s", "Bearer Token %s", "Token Bearer %s", "Bearer Basic %s",
		"Bearer:%s", "Bearer: %s", "Bearer=%s", "Bearer%s", "Bearer-%s", "Bearer_%s", "Bearer/%s",
		`Bearer "%s"`, "Bearer '%s'", "Bearer <%s>", "Bearer {%s}", "Bearer [%s]", "Bearer (%s)", "Bearer `%s`",
		"Bearer token=%s", `Bearer token="%s"`, "Bearer access_token=%s", "Bearer api_key=%s", `Bearer realm="api", token=%s`,
		"Bearer %s;", "Bearer %s,", "Bearer %s x", "Bearer %s Bearer", ", Bearer %s", "Bearer, %s", "Bearer %s %s"}
	// refererPaths are the pages a Referer that carries a key names.
	refererPaths = []string{"/share", "/", "/r/view", "/h5/verify.html", "/console/records", "/oauth/callback"}
)

// misplacedKey draws one place a key goes that is not "Authorization:
// Bearer <key>": site is the service's registrable domain, the host a
// Referer names.
func misplacedKey(r *rand.Rand, k keyTexts, site string) keyPlace {
	if r.IntN(2) == 0 {
		return commonMisplaced[r.IntN(len(commonMisplaced))](k, site)
	}
	value := func() keyTexts {
		switch r.IntN(4) {
		case 0:
			return bearerOf(k)
		case 1:
			s := otherSchemes[r.IntN(len(otherSchemes))]
			return keyTexts{s + " " + k.real, s + " " + k.shown}
		default:
			return k
		}
	}
	switch r.IntN(9) {
	case 0:
		return queryPlace(keyName(r, false), value())
	case 1:
		return headerPlace(keyName(r, true), value())
	case 2:
		return cookiePlace(keyName(r, false), k)
	case 3:
		for {
			u, p := basicUsers[r.IntN(len(basicUsers))], basicPasswords[r.IntN(len(basicPasswords))]
			if strings.Contains(u+p, "{key}") {
				return basicPlace(k, u, p)
			}
		}
	case 4:
		s := otherSchemes[r.IntN(len(otherSchemes))]
		return authPlace(s+" %s", k)
	case 5:
		v := bearerOf(k)
		if r.IntN(3) == 0 {
			v = k
		}
		return headerPlace(authHeaders[r.IntN(len(authHeaders))], v)
	case 6:
		return authPlace(bearerForms[r.IntN(len(bearerForms))], k)
	case 7:
		v := k
		if r.IntN(4) == 0 {
			v = bearerOf(k)
		}
		return memberPlace(keyName(r, false), v)
	default:
		return refererPlace(site, refererPaths[r.IntN(len(refererPaths))], keyName(r, false), k)
	}
}

// bearerOf is "Bearer <k>".
func bearerOf(k keyTexts) keyTexts { return keyTexts{"Bearer " + k.real, "Bearer " + k.shown} }

// authPlace is the key in Authorization written in form ("%s" standing
// for the key).
func authPlace(form string, k keyTexts) keyPlace {
	return keyPlace{kind: "auth", real: strings.ReplaceAll(form, "%s", k.real), shown: strings.ReplaceAll(form, "%s", k.shown)}
}

// queryPlace is the key as query parameter name.
func queryPlace(name string, k keyTexts) keyPlace {
	return keyPlace{kind: "query", real: name + "=" + url.QueryEscape(k.real), shown: name + "=" + k.shown}
}

// headerPlace is the key in header name.
func headerPlace(name string, k keyTexts) keyPlace {
	return keyPlace{kind: "header", real: name + ": " + k.real, shown: name + ": " + k.shown}
}

// cookiePlace is the key in cookie name.
func cookiePlace(name string, k keyTexts) keyPlace {
	return keyPlace{kind: "header", real: "Cookie: " + name + "=" + k.real, shown: "Cookie: " + name + "=" + k.shown}
}

// memberPlace is the key as body member name.
func memberPlace(name string, k keyTexts) keyPlace {
	return keyPlace{kind: "member", name: name, real: k.real, shown: k.shown}
}

// refererPlace is the key in the query of the page a Referer names, on
// the service's own site: a share page or an OAuth callback whose link
// carried it.
func refererPlace(site, path, name string, k keyTexts) keyPlace {
	u := "https://www." + site + path + "?" + name + "="
	return keyPlace{kind: "header", real: "Referer: " + u + url.QueryEscape(k.real), shown: "Referer: " + u + k.shown}
}

// basicPlace is the key in Basic credentials of user and password
// ("{key}" standing for the key).
func basicPlace(k keyTexts, user, pass string) keyPlace {
	real := strings.ReplaceAll(user+":"+pass, "{key}", k.real)
	shown := strings.ReplaceAll(user+":"+pass, "{key}", k.shown)
	return keyPlace{kind: "auth", real: "Basic " + base64.StdEncoding.EncodeToString([]byte(real)), shown: "Basic base64(" + shown + ")"}
}

// keySuffixes, keyPrefixes are what sandbox, test and environment keys
// carry around a key.
var (
	keySuffixes = []string{"-test", "_test", "-sandbox", "_sandbox", "-dev", "-live", "_live", "-prod", "-staging", ".test", "-1", "-v2", "-old", "0"}
	keyPrefixes = []string{"test_", "test-", "sk_test_", "sk_live_", "live_", "sandbox_", "dev-", "pk_", "0"}
)

// keyWords are the words nearKey writes beside a key: the Bearer scheme
// in its letter cases (the scheme written twice), other schemes, and
// words a key is labelled with.
var keyWords = []string{"Bearer", "Bearer", "bearer", "BEARER", "Token", "Basic", "JWT", "ApiKey", "Key", "token", "api_key:"}

// nearKey draws a key nobody issued near k: k with a suffix or a prefix,
// one character changed, dropped, added or swapped with the next, cut
// short at either end, in other letter case, with a space inside, in
// full-width letters, or twice; a pattern that a store that matches
// keys loosely reads as k (SQL LIKE's _ and %, a glob's *, a regular
// expression's .*), k with a character a normaliser drops (a zero-width
// space, a byte order mark, an escaped space or NUL, a backslash), k
// encoded (base64, one character percent-encoded), k with a word
// before or after it (a scheme word, Bearer itself among them: sent as
// "Bearer Bearer k", "Bearer Token k", "Bearer k Bearer", the key a
// parser that strips every Bearer, or takes the last word, reads as k).
// Half the draws are the most common: the sandbox suffix, the last
// character changed, the last dropped, the letter case swapped, a LIKE
// pattern.
func nearKey(r *rand.Rand, k keyTexts) keyTexts {
	n := len(k.real)
	v := strings.TrimSuffix(strings.TrimPrefix(k.shown, "${"), "}")
	sub := func(from, length int) string {
		if length < 0 {
			return fmt.Sprintf("${%s:%d}", v, from)
		}
		return fmt.Sprintf("${%s:%d:%d}", v, from, length)
	}
	other := func(c byte) byte {
		switch {
		case c >= '0' && c <= '8', c >= 'a' && c <= 'y', c >= 'A' && c <= 'Y':
			return c + 1
		case c == '9':
			return '0'
		case c == 'z':
			return 'a'
		case c == 'Z':
			return 'A'
		}
		return 'x'
	}
	kind := r.IntN(15)
	if r.IntN(2) == 0 {
		kind = []int{0, 2, 6, 8, 12}[r.IntN(5)]
	}
	if n < 2 && kind >= 2 {
		kind = 0
	}
	switch kind {
	case 0:
		s := keySuffixes[r.IntN(len(keySuffixes))]
		if r.IntN(2) == 0 {
			s = "-test"
		}
		return keyTexts{k.real + s, k.shown + s}
	case 1:
		s := keyPrefixes[r.IntN(len(keyPrefixes))]
		return keyTexts{s + k.real, s + k.shown}
	case 2: // one character changed
		p := n - 1
		if r.IntN(2) == 0 {
			p = r.IntN(n)
		}
		c := other(k.real[p])
		return keyTexts{k.real[:p] + string(c) + k.real[p+1:], sub(0, p) + string(c) + sub(p+1, -1)}
	case 3: // one character dropped inside
		p := r.IntN(n)
		return keyTexts{k.real[:p] + k.real[p+1:], sub(0, p) + sub(p+1, -1)}
	case 4: // one character added inside
		p := 1 + r.IntN(n-1)
		return keyTexts{k.real[:p] + "x" + k.real[p:], sub(0, p) + "x" + sub(p, -1)}
	case 5: // two characters swapped
		p := r.IntN(n - 1)
		if k.real[p] == k.real[p+1] {
			return keyTexts{k.real + "-test", k.shown + "-test"}
		}
		return keyTexts{k.real[:p] + k.real[p+1:p+2] + k.real[p:p+1] + k.real[p+2:], sub(0, p) + sub(p+1, 1) + sub(p, 1) + sub(p+2, -1)}
	case 6: // cut short at the end
		m := n - 1
		if r.IntN(2) == 0 {
			m = n/2 + r.IntN(n-n/2)
		}
		return keyTexts{k.real[:m], sub(0, m)}
	case 7: // cut short at the start
		m := 1 + r.IntN(n/2)
		return keyTexts{k.real[m:], sub(m, -1)}
	case 8: // letter case
		switch r.IntN(3) {
		case 0:
			return keyTexts{swapCase(k.real), "${" + v + "~~}"}
		case 1:
			return keyTexts{strings.ToUpper(k.real), "${" + v + "^^}"}
		default:
			return keyTexts{strings.ToLower(k.real), "${" + v + ",,}"}
		}
	case 9: // a space inside
		p := 1 + r.IntN(n-1)
		return keyTexts{k.real[:p] + " " + k.real[p:], sub(0, p) + " " + sub(p, -1)}
	case 10:
		if r.IntN(2) == 0 {
			return keyTexts{fullWidth(k.real), "fullwidth(" + k.shown + ")"}
		}
		return keyTexts{k.real + ".", k.shown + "."}
	case 11: // twice, or a word before or after it: a scheme, Bearer itself
		if r.IntN(3) == 0 {
			return keyTexts{k.real + k.real, k.shown + k.shown}
		}
		w := keyWords[r.IntN(len(keyWords))]
		if r.IntN(3) == 0 {
			return keyTexts{k.real + " " + w, k.shown + " " + w}
		}
		return keyTexts{w + " " + k.real, w + " " + k.shown}
	case 12: // a pattern a lookup with LIKE, a glob or a regular expression reads
		switch r.IntN(7) {
		case 0: // one character as LIKE's any character
			p := r.IntN(n)
			return keyTexts{k.real[:p] + "_" + k.real[p+1:], sub(0, p) + "_" + sub(p+1, -1)}
		case 1: // the end as LIKE's any characters
			m := n/2 + r.IntN(n-n/2)
			return keyTexts{k.real[:m] + "%", sub(0, m) + "%"}
		case 2: // the start as LIKE's any characters
			m := 1 + r.IntN(n/2)
			return keyTexts{"%" + k.real[m:], "%" + sub(m, -1)}
		case 3: // every character as LIKE's any character
			return keyTexts{strings.Repeat("_", n), strings.Repeat("_", n)}
		case 4:
			return keyTexts{"%", "%"}
		case 5: // a glob
			m := n/2 + r.IntN(n-n/2)
			return keyTexts{k.real[:m] + "*", sub(0, m) + "*"}
		default: // a regular expression
			m := n/2 + r.IntN(n-n/2)
			return keyTexts{k.real[:m] + ".*", sub(0, m) + ".*"}
		}
	case 13: // an invisible or escaped character a normaliser drops
		p := n
		if r.IntN(2) == 0 {
			p = r.IntN(n)
		}
		c := [][2]string{{"\u200b", `$'\u200b'`}, {"\u2060", `$'\u2060'`}, {"\ufeff", `$'\ufeff'`}, {"%20", "%20"}, {"%00", "%00"}, {`\`, `\\`}}[r.IntN(6)]
		return keyTexts{k.real[:p] + c[0] + k.real[p:], sub(0, p) + c[1] + sub(p, -1)}
	default: // encoded
		if r.IntN(2) == 0 {
			return keyTexts{base64.StdEncoding.EncodeToString([]byte(k.real)), "$(printf %s \"$" + v + "\" | base64)"}
		}
		p := r.IntN(n)
		c := fmt.Sprintf("%%%02X", k.real[p])
		return keyTexts{k.real[:p] + c + k.real[p+1:], sub(0, p) + c + sub(p+1, -1)}
	}
}

// keyDressed says whether a request of auth's probes carried a key
// somewhere (its Authorization, its headers, its query), for a finding.
func keyDressed(r Request) bool {
	return r.Authorization != "" || len(r.Headers) > 0 || strings.Contains(r.Query, "${")
}

// drawnForm is an Authorization header drawn for auth.malformed: as
// sent, and as a finding shows it.
type drawnForm struct{ auth, shown string }

// drawnAuth draws, for auth.malformed's request to ep, an Authorization
// header that carries key (the key of role) otherwise than "Bearer
// <key>" (as "none": the class of authClasses ep takes this run) or a
// key near it in Bearer (as "bad"); auth is "" when no draw is a key
// nobody issued.
func drawnAuth(seed uint64, ep contract.Endpoint, as, role, key string, issued func(string) bool) drawnForm {
	r := rand.New(rand.NewPCG(seed, uint64(pick(seed, "auth.drawn "+as+" "+ep.Name, 1<<30))))
	k := keyTexts{real: key, shown: "${" + keyVarOf(role) + "}"}
	for try := 0; try < 8; try++ {
		if as == "bad" {
			e := nearKey(r, k)
			if !issued(e.real) && strings.TrimSpace(e.real) == e.real && e.real != "" {
				return drawnForm{"Bearer " + e.real, "Bearer " + e.shown}
			}
			continue
		}
		p := authClass(r, k, (pick(seed, "auth.drawn classes", len(authClasses))+drawnRank(ep))%len(authClasses))
		return drawnForm{p.real, p.shown}
	}
	return drawnForm{}
}

// authClasses name the classes of an Authorization that carries a key
// otherwise than "Bearer <key>" (authClass): auth.malformed's drawn
// requests, one an endpoint, take them in turn from one the seed picks,
// so that a run sends every class on some endpoint and over seeds every
// class on every endpoint.
var authClasses = []string{"Basic, the key as password", "Basic, the key as user", "another scheme or none", "Bearer malformed"}

// authClass draws an Authorization of class c of authClasses.
func authClass(r *rand.Rand, k keyTexts, c int) keyPlace {
	switch c {
	case 0:
		return basicPlace(k, []string{"api", "", "x", "apikey", "user", "token"}[r.IntN(6)], "{key}")
	case 1:
		return basicPlace(k, "{key}", basicPasswords[r.IntN(len(basicPasswords))])
	case 2:
		if r.IntN(4) == 0 {
			return authPlace("%s", k)
		}
		return authPlace(otherSchemes[r.IntN(len(otherSchemes))]+" %s", k)
	default:
		return authPlace(bearerForms[r.IntN(len(bearerForms))], k)
	}
}

// drawnRank is ep's place among the endpoints auth.malformed draws an
// Authorization for (every one but getFormList, which sends fixed
// forms).
func drawnRank(ep contract.Endpoint) int {
	n := 0
	for _, e := range contract.Endpoints {
		if e == ep {
			return n
		}
		if e != contract.GetFormList {
			n++
		}
	}
	return n
}

// withKeyMembers is req's body with ms written in after its opening
// brace, each key shown (its shell variable), and whether they were: a
// body that is no JSON object, or that travels in another style
// (bodystyles.go), or that names a member already, goes as it was.
func withKeyMembers(req Request, ms []keyMember) (string, bool) {
	t := strings.TrimLeft(req.Body, " \t\r\n")
	if req.BodyStyle != "" || !strings.HasPrefix(t, "{") {
		return req.Body, false
	}
	if doc, err := decodeBody([]byte(req.Body)); err != nil {
		return req.Body, false
	} else if obj, isObj := doc.(map[string]any); !isObj || slices.ContainsFunc(ms, func(m keyMember) bool { _, has := obj[m.name]; return has }) {
		return req.Body, false
	}
	var added []string
	for _, m := range ms {
		name, _ := json.Marshal(m.name)
		value, _ := json.Marshal(m.shown)
		added = append(added, string(name)+":"+string(value))
	}
	sep := ""
	if !strings.HasPrefix(strings.TrimSpace(t[1:]), "}") {
		sep = ","
	}
	return req.Body[:len(req.Body)-len(t)] + "{" + strings.Join(added, ",") + sep + t[1:], true
}

// keyMembersSent is raw, a body withKeyMembers wrote ms into, with each
// key itself where it shows its shell variable.
func keyMembersSent(raw []byte, ms []keyMember) []byte {
	for _, m := range ms {
		name, _ := json.Marshal(m.name)
		shown, _ := json.Marshal(m.shown)
		real, _ := json.Marshal(m.real)
		raw = bytes.Replace(raw, append(append(name, ':'), shown...), append(append(name, ':'), real...), 1)
	}
	return raw
}

// withoutNamed is lines less those whose header a line of more names:
// a key dressing's Referer or Cookie takes the place of the client's.
func withoutNamed(lines, more []string) []string {
	if len(more) == 0 {
		return lines
	}
	var out []string
	for _, l := range lines {
		name, _, _ := strings.Cut(l, ":")
		if !slices.ContainsFunc(more, func(m string) bool {
			n, _, _ := strings.Cut(m, ":")
			return strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(name))
		}) {
			out = append(out, l)
		}
	}
	return out
}
