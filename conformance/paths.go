package conformance

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// Paths as a client joins them. A client writes an operation's URL as
// its base URL joined to the operation's path, and people get both
// wrong: a base URL ending in "/" gives a doubled slash, a joint written
// twice gives one inside, a URL builder adds a trailing slash, a hand
// writes another case, a dot segment or a slash percent-encoded, and an
// operation's name is misspelt under a group that exists. A layer in
// front of a service (a gateway, a framework's router, a static handler)
// answers such paths with its own page, HTML or text/plain, where every
// answer must be JSON (§1.1, §C1 "Response Content-Type"). What the
// service does with a path that is not an operation's exact path is its
// own (§C1 "Unknown path" is KIT): it may serve the operation or refuse
// the path, in JSON. A misspelt operation names none, so its answer is
// never a success.
//
// Every class is sent on every run, the doubled slash of a base URL
// ending in "/" always; the seed picks the operation of each class and
// where in the path it goes (which joint, which typo, which case).

// pathVariant is one path a client writes for an operation.
type pathVariant struct {
	class, path string
	// names says whether the path may still name the operation (a
	// service may clean or fold it); false for a misspelt operation.
	names bool
	// ep is the operation whose path is written.
	ep contract.Endpoint
	// keyless says the path goes without a key on every run: it
	// carries what a service might take for a login (a session id).
	keyless bool
}

// pathJoints are the indexes of the slashes of p after the first.
func pathJoints(p string) []int {
	var out []int
	for i := 1; i < len(p); i++ {
		if p[i] == '/' {
			out = append(out, i)
		}
	}
	return out
}

// typos misspell an operation's name: a letter dropped, doubled, two
// swapped, a plural, the verb of another operation.
var typos = []func(op string) string{
	func(op string) string { return op[:len(op)-1] },
	func(op string) string { return op + op[len(op)-1:] },
	func(op string) string {
		if len(op) < 4 {
			return op + "x"
		}
		return op[:2] + op[3:4] + op[2:3] + op[4:]
	},
	func(op string) string { return op + "s" },
	func(op string) string {
		for _, v := range []string{"get", "list"} {
			if rest, ok := strings.CutPrefix(op, v); ok {
				return map[string]string{"get": "list", "list": "get"}[v] + rest
			}
		}
		return "get" + op
	},
}

// pathEndpoints are the operations whose paths are varied: every one
// that reads (a write's path is varied nowhere, so nothing it moves).
func pathEndpoints() []contract.Endpoint {
	var out []contract.Endpoint
	for _, ep := range contract.Endpoints {
		if !ep.Write {
			out = append(out, ep)
		}
	}
	return out
}

// pathVariants are the run's paths: one of each class.
func pathVariants(seed uint64) []pathVariant {
	eps := pathEndpoints()
	var cur contract.Endpoint
	epFor := func(class string) string {
		cur = eps[pick(seed, "path ep "+class, len(eps))]
		return cur.Path()
	}
	var out []pathVariant
	add := func(class, path string, names bool) {
		out = append(out, pathVariant{class: class, path: path, names: names, ep: cur})
	}

	add("a base URL ending in /", "/"+epFor("base"), true)
	p := epFor("inner")
	j := pathJoints(p)
	at := j[pick(seed, "path inner joint", len(j))]
	add("a doubled slash inside", p[:at]+"/"+p[at:], true)
	add("a trailing slash", epFor("trailing")+"/", true)

	p = epFor("case")
	group, op, _ := strings.Cut(strings.TrimPrefix(p, contract.PathPrefix), "/")
	cased := []string{
		contract.PathPrefix + group + "/" + strings.ToLower(op),
		contract.PathPrefix + strings.ToUpper(group[:1]) + group[1:] + "/" + op,
		strings.ToUpper(contract.PathPrefix) + group + "/" + op,
	}
	if c := cased[pick(seed, "path case", len(cased))]; c != p {
		add("another case", c, true)
	} else {
		add("another case", cased[1], true)
	}

	p = epFor("typo")
	group, op, _ = strings.Cut(strings.TrimPrefix(p, contract.PathPrefix), "/")
	typo := typos[pick(seed, "path typo", len(typos))](op)
	if known(group + "/" + typo) {
		typo = op + "X"
	}
	add("a misspelt operation of a known group", contract.PathPrefix+group+"/"+typo, false)

	p = epFor("dot")
	j = pathJoints(p)
	at = j[pick(seed, "path dot joint", len(j))]
	dots := []string{"/.", "/x/.."}
	add("a dot segment", p[:at]+dots[pick(seed, "path dot", len(dots))]+p[at:], true)

	p = epFor("encoded")
	at = strings.LastIndexByte(p, '/')
	enc := []string{"%2F", "%2f"}[pick(seed, "path encoded", 2)]
	add("a percent-encoded slash", p[:at]+enc+p[at+1:], true)

	// A path parameter (RFC 3986 §3.3), after a segment the seed picks:
	// a matrix parameter (a version, a language, a format, or ; alone).
	p = epFor("param")
	segs := append(pathJoints(p), len(p))
	at = segs[1+pick(seed, "path param joint", len(segs)-1)]
	add("a matrix parameter", p[:at]+matrixParams[pick(seed, "path param", len(matrixParams))]+p[at:], true)
	// A session id in the path, as a server's URL rewriting keeps a
	// session without cookies: a servlet container's path parameter at
	// the end of the path (the Servlet specification's jsessionid, in
	// the letter cases containers and clients write it, or the name the
	// container is configured with; its node after it or not), and
	// ASP.NET's cookieless session, a segment (S(id)) at the
	// application's root or deeper. A session id is no key (§5): a path
	// that carries one goes without a key on every run, never served
	// (§C2), whether the service routes it to the operation or not.
	id := sessionID(seed)
	if pick(seed, "path session node", 2) == 0 {
		id += ".node0"
	}
	add("a session id as a path parameter", epFor("session")+";"+sessionParams[pick(seed, "path session", len(sessionParams))]+"="+id, true)
	out[len(out)-1].keyless = true
	p = epFor("cookieless")
	segs = append([]int{0}, pathJoints(p)...)
	at = segs[pick(seed, "path cookieless joint", len(segs))]
	add("a cookieless session segment", p[:at]+"/(S("+cookielessID(seed)+"))"+p[at:], true)
	out[len(out)-1].keyless = true
	return out
}

// matrixParams are path parameters a framework may read; sessionParams
// the names of a session id in a path, as servlet containers and clients
// write it (the Servlet specification's, and names a container is
// configured with).
var (
	matrixParams  = []string{";v=2", ";", ";lang=en", ";format=json", ";version=1.0;debug=true"}
	sessionParams = []string{"jsessionid", "JSESSIONID", "jsessionId", "sessionid", "sid"}
)

// sessionID is a servlet container's session id: 32 hexadecimal digits.
func sessionID(seed uint64) string {
	return fmt.Sprintf("%016X%016X", seed*0x9E3779B97F4A7C15, seed^0xD6E8FEB86659FD93)
}

// cookielessID is ASP.NET's cookieless session id: 24 characters of
// lower-case letters and the digits 0 to 5.
func cookielessID(seed uint64) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz012345"
	b := make([]byte, 24)
	x := seed*0x9E3779B97F4A7C15 + 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = alphabet[x%uint64(len(alphabet))]
	}
	return string(b)
}

// known says whether name is an operation of the contract.
func known(name string) bool {
	for _, ep := range contract.Endpoints {
		if ep.Name == name {
			return true
		}
	}
	return false
}

// checkPathVariants sends each of the run's path variants and judges the
// answer: JSON (§C1), and never a success for a path that names no
// operation. A path that may name its operation carries the operation's
// probe body: refused (in JSON) or served, and a served answer is the
// operation's, judged by every rule over its answers; half of them (the
// seed picks which) go without a key, and are never served (§5: a path
// a service reads as the operation's asks for the key as the operation
// does).
func checkPathVariants(t *T) {
	vs := pathVariants(t.runSeed())
	t.each(len(vs), func(t *T, i int) {
		v := vs[i]
		what := fmt.Sprintf("POST %s (%s)", v.path, v.class)
		body, role := []byte(`{}`), "read"
		if v.names {
			body = marshal(t.probeBody(v.ep))
			if v.keyless || pick(t.runSeed(), "path role "+v.class, 2) == 0 {
				role = "none"
			}
		}
		x := t.sendWire(wireRequest{path: v.path, role: role, body: body})
		obj := t.jsonAnswer(x, what)
		if obj == nil {
			return
		}
		if role == "none" {
			if c, ok := intOf(obj["code"]); ok && c == 0 {
				t.Errorf(x, "%s without an Authorization header was answered with a success (code 0): a path the service reads as the operation's asks for its key as the operation does (§5)", what)
			}
			return
		}
		if v.names {
			if c, ok := intOf(obj["code"]); ok && c == 0 {
				// Served as the operation: its answer, judged by
				// every rule over the operation's answers.
				t.r.answers.judge(&v.ep, x)
			}
			return
		}
		if c, ok := intOf(obj["code"]); ok && c == 0 {
			t.Errorf(x, "%s, a path that names no operation, was answered with a success (code 0)", what)
		}
	})
}
