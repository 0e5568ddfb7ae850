package conformance

import (
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/url"
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
	query string
}

// keyPlace is one place a key goes, as sent (real) and as a finding
// shows it (shown: the key as its shell variable, never its value).
type keyPlace struct {
	kind        string // "auth", "header" or "query"
	real, shown string
}

// keyTexts is a key as sent and as shown.
type keyTexts struct{ real, shown string }

// keyDress writes the key dressing of req (role none or bad) into it
// and returns what goes on the wire; keyOf gives each role's key,
// issued says whether a key is one the run was given. A request of
// another role, or drawn bare, is left as it is.
func keyDress(seed uint64, req *Request, keyOf func(string) string, issued func(string) bool) keyWire {
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
		for try := 0; try < 8; try++ {
			var w keyWire
			switch p := misplacedKey(r, k); p.kind {
			case "header":
				w.lines, req.Headers = []string{p.real}, []string{p.shown}
			case "query":
				w.query, req.Query = p.real, p.shown
			default:
				continue
			}
			return w
		}
		return keyWire{}
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
	var w keyWire
	n := 1
	if r.IntN(3) == 0 {
		n = 2
	}
	for i := 0; i < n; i++ {
		p := misplacedKey(r, k)
		switch p.kind {
		case "auth":
			if w.auth != "" {
				continue
			}
			w.auth, req.Authorization = p.real, p.shown
		case "header":
			w.lines = append(w.lines, p.real)
			req.Headers = append(req.Headers, p.shown)
		case "query":
			if w.query != "" {
				continue
			}
			w.query = p.real
			if req.Query != "" {
				req.Query += "&"
			}
			req.Query += p.shown
		}
	}
	return w
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
	keyStems = []string{"", "api", "access", "auth", "app", "client", "private", "secret", "user", "session", "bearer"}
	keyNouns = []string{"key", "token", "secret", "id"}
)

// keyName is a name made of stem and noun in one of the styles clients
// write (header: the styles of header names, else of query and cookie
// names).
func keyName(r *rand.Rand, header bool) string {
	stem, noun := keyStems[r.IntN(len(keyStems))], keyNouns[r.IntN(len(keyNouns))]
	if stem == noun || stem == "" && noun == "id" {
		stem, noun = "", "token"
	}
	if stem == "secret" && noun == "secret" {
		noun = "key"
	}
	parts := []string{noun}
	if stem != "" {
		parts = []string{stem, noun}
	}
	title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
	if header {
		switch r.IntN(5) {
		case 0: // X-Api-Key
			return "X-" + title(parts[0]) + strings.Join(mapStrings(parts[1:], func(s string) string { return "-" + title(s) }), "")
		case 1: // X-API-KEY
			return "X-" + strings.ToUpper(strings.Join(parts, "-"))
		case 2: // x-api-key
			return "x-" + strings.Join(parts, "-")
		case 3: // Api-Key
			return title(parts[0]) + strings.Join(mapStrings(parts[1:], func(s string) string { return "-" + title(s) }), "")
		default: // X-ApiKey
			return "X-" + strings.Join(mapStrings(parts, title), "")
		}
	}
	switch r.IntN(5) {
	case 0:
		return strings.Join(parts, "_")
	case 1:
		return parts[0] + strings.Join(mapStrings(parts[1:], title), "")
	case 2:
		return strings.Join(parts, "-")
	case 3:
		return strings.Join(parts, "")
	default:
		return strings.ToUpper(strings.Join(parts, "_"))
	}
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
var commonMisplaced = []func(k keyTexts) keyPlace{
	func(k keyTexts) keyPlace { return queryPlace("token", k) },
	func(k keyTexts) keyPlace { return queryPlace("access_token", k) },
	func(k keyTexts) keyPlace { return queryPlace("api_key", k) },
	func(k keyTexts) keyPlace { return headerPlace("X-Api-Key", k) },
	func(k keyTexts) keyPlace { return headerPlace("X-Access-Token", k) },
	func(k keyTexts) keyPlace { return basicPlace(k, "{key}", "") },
	func(k keyTexts) keyPlace { return basicPlace(k, "api", "{key}") },
	func(k keyTexts) keyPlace { return basicPlace(k, "", "{key}") },
	func(k keyTexts) keyPlace { return keyPlace{"auth", "Token " + k.real, "Token " + k.shown} },
	func(k keyTexts) keyPlace { return keyPlace{"auth", k.real, k.shown} },
}

// basicUsers, basicPasswords are what curl -u and SDKs write around a
// key in Basic credentials.
var (
	basicUsers     = []string{"{key}", "", "api", "apikey", "x", "user", "token", "Bearer"}
	basicPasswords = []string{"", "{key}", "x", "X", "api", "password"}
	// otherSchemes are the schemes other than Bearer frameworks read a
	// key under.
	otherSchemes = []string{"Token", "ApiKey", "Api-Key", "Key", "JWT", "OAuth", "Access", "apikey", "SSWS", "Apikey"}
)

// misplacedKey draws one place a key goes that is not "Authorization:
// Bearer <key>".
func misplacedKey(r *rand.Rand, k keyTexts) keyPlace {
	if r.IntN(2) == 0 {
		return commonMisplaced[r.IntN(len(commonMisplaced))](k)
	}
	value := func() keyTexts {
		switch r.IntN(4) {
		case 0:
			return keyTexts{"Bearer " + k.real, "Bearer " + k.shown}
		case 1:
			s := otherSchemes[r.IntN(len(otherSchemes))]
			return keyTexts{s + " " + k.real, s + " " + k.shown}
		default:
			return k
		}
	}
	switch r.IntN(5) {
	case 0:
		return queryPlace(keyName(r, false), value())
	case 1:
		return headerPlace(keyName(r, true), value())
	case 2:
		name := keyName(r, false)
		return keyPlace{"header", "Cookie: " + name + "=" + k.real, "Cookie: " + name + "=" + k.shown}
	case 3:
		for {
			u, p := basicUsers[r.IntN(len(basicUsers))], basicPasswords[r.IntN(len(basicPasswords))]
			if strings.Contains(u+p, "{key}") {
				return basicPlace(k, u, p)
			}
		}
	default:
		s := otherSchemes[r.IntN(len(otherSchemes))]
		return keyPlace{"auth", s + " " + k.real, s + " " + k.shown}
	}
}

// queryPlace is the key as query parameter name.
func queryPlace(name string, k keyTexts) keyPlace {
	return keyPlace{"query", name + "=" + url.QueryEscape(k.real), name + "=" + k.shown}
}

// headerPlace is the key in header name.
func headerPlace(name string, k keyTexts) keyPlace {
	return keyPlace{"header", name + ": " + k.real, name + ": " + k.shown}
}

// basicPlace is the key in Basic credentials of user and password
// ("{key}" standing for the key).
func basicPlace(k keyTexts, user, pass string) keyPlace {
	real := strings.ReplaceAll(user+":"+pass, "{key}", k.real)
	shown := strings.ReplaceAll(user+":"+pass, "{key}", k.shown)
	return keyPlace{"auth", "Basic " + base64.StdEncoding.EncodeToString([]byte(real)), "Basic base64(" + shown + ")"}
}

// keySuffixes, keyPrefixes are what sandbox, test and environment keys
// carry around a key.
var (
	keySuffixes = []string{"-test", "_test", "-sandbox", "_sandbox", "-dev", "-live", "_live", "-prod", "-staging", ".test", "-1", "-v2", "-old", "0"}
	keyPrefixes = []string{"test_", "test-", "sk_test_", "sk_live_", "live_", "sandbox_", "dev-", "pk_", "0"}
)

// nearKey draws a key nobody issued near k: k with a suffix or a prefix,
// one character changed, dropped, added or swapped with the next, cut
// short at either end, in other letter case, with a space inside, in
// full-width letters, or twice. Half the draws are the most common: the
// sandbox suffix, the last character changed, the last dropped, the
// letter case swapped.
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
	kind := r.IntN(12)
	if r.IntN(2) == 0 {
		kind = []int{0, 2, 6, 8}[r.IntN(4)]
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
	default:
		return keyTexts{k.real + k.real, k.shown + k.shown}
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
// header that carries key (the key of role) in another scheme than
// Bearer (as "none") or a key near it in Bearer (as "bad"); auth is ""
// when no draw is a key nobody issued.
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
		if p := misplacedKey(r, k); p.kind == "auth" {
			return drawnForm{p.real, p.shown}
		}
	}
	return drawnForm{}
}
