package conformance

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// The headers of the cache path are a space too. Between a client and a
// service sit caches and the libraries that talk to them, and each adds
// headers the contract gives no meaning: a download manager or a
// browser's media probe asks for a byte range (Range: bytes=0-99, an
// open or a suffix range, several ranges), resuming under an If-Range
// (a tag or a date); a browser's reload sends Cache-Control: max-age=0,
// a hard reload no-cache and Pragma, a client behind a privacy proxy
// no-store, a stale-tolerant one max-stale; a cache that holds a tag
// asks If-None-Match; and a client library that makes its retries safe
// sends an Idempotency-Key (the IETF draft's and Stripe's header, some
// gateways' X-Idempotency-Key) derived from what it sends: the
// operation and its parameters, so that two requests of equal body
// carry the same value whoever sends them.
//
// None of them changes what the answer is or whose it is (§1.1, §5: an
// answer depends on the path, the key and the body). RFC 9110 §14.2 has
// a server ignore Range on any method but GET, so a POST's answer is its
// whole JSON body, never a part of it; a cache that keeps answers under
// an Idempotency-Key alone serves one key's answer to another key, or
// to none. So every request the seed dresses draws, by its gen, a range
// (with an If-Range half the time) on a quarter of requests, a
// Cache-Control and an If-None-Match (a tag nobody issued, never *, so
// that no precondition fails) on some, and the rules over every answer
// judge what comes back (C1.jsonText, C2.tenancy, C2.noKey, C2.readKey
// ...). The Idempotency-Key goes on a third of the reads, drawn from the
// request without its key (wireForm.idem), so that a body sent by
// several keys carries it for all of them or for none; a write goes
// without one, as a client that derives it from the body would replay
// its own repeated moves.

// byteRanges are the Range values clients send (RFC 9110 §14.1.2).
var byteRanges = []string{"bytes=0-99", "bytes=0-0", "bytes=0-", "bytes=100-", "bytes=-100", "bytes=0-1023",
	"bytes=0-49, 50-99", "bytes=10-20", "bytes=0-99,200-299"}

// ifRanges are the validators a resuming client names (RFC 9110
// §13.1.5): a strong tag or a date, none the service issued.
var ifRanges = []string{`"rtq-0"`, `"33a64df551425fcc55e4d42a148795d9f25f89d4"`, "Thu, 01 Jan 2026 00:00:00 GMT",
	"Wed, 21 Oct 2015 07:28:00 GMT"}

// cacheControls are a client's request directives (RFC 9111 §5.2.1),
// each with the lines it goes with; none asks a cache for an answer it
// may refuse (only-if-cached's 504).
var cacheControls = [][]string{{"Cache-Control: max-age=0"}, {"Cache-Control: no-cache", "Pragma: no-cache"},
	{"Cache-Control: no-store"}, {"Cache-Control: max-stale=60"}, {"Cache-Control: min-fresh=30"},
	{"Cache-Control: no-transform"}, {"Cache-Control: max-age=0, no-cache"}}

// noneMatches are If-None-Match values naming tags nobody issued.
var noneMatches = []string{`"rtq-0"`, `W/"rtq-0"`, `"rtq-1", W/"rtq-2"`, `"e0023aa4e"`}

// idempotencyHeaders are the headers an idempotency key goes in; the
// IETF draft's name the most often.
var idempotencyHeaders = []string{"Idempotency-Key", "Idempotency-Key", "idempotency-key", "X-Idempotency-Key"}

// idemOf is the idempotency draw of a request: a value of the method,
// the path and the body as the check built it (the key left out), 0
// for a write and for two reads in three, the seed picking which.
func idemOf(seed uint64, method, path, body string) uint64 {
	if writePath(path) {
		return 0
	}
	h := fnv.New64a()
	h.Write([]byte(method + " " + path + " " + body))
	v := h.Sum64() | 1
	if ((v^seed^0x6964656d)*0x9E3779B97F4A7C15)>>32%3 != 0 {
		return 0
	}
	return v
}

// idempotencyLine is the header line a client library derives from the
// request idem names: the draft's header (or a gateway's) holding a
// SHA-256 of it in hex, a UUID-shaped digest or base64url, as
// libraries write them.
func idempotencyLine(idem uint64) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("rtq %016x", idem)))
	var v string
	switch idem >> 8 % 3 {
	case 0:
		v = hex.EncodeToString(sum[:])
	case 1:
		b := sum[:16]
		b[6], b[8] = b[6]&0x0f|0x50, b[8]&0x3f|0x80 // a version-5 UUID's bits
		v = fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
	default:
		v = base64.RawURLEncoding.EncodeToString(sum[:18])
	}
	return idempotencyHeaders[idem>>16%uint64(len(idempotencyHeaders))] + ": " + v
}

// applyCachePath writes the cache path's headers f draws into r, after
// every other header: each only where r carries no header of its name
// (an envelope's revalidating cache keeps its own).
func applyCachePath(f wireForm, r *Request) {
	var lines []string
	if f.gen != 0 {
		g := rand.New(rand.NewPCG(f.gen, 0x6361636865)) // "cache"
		rng, ifRange := byteRanges[g.IntN(len(byteRanges))], ifRanges[g.IntN(len(ifRanges))]
		cc, inm := cacheControls[g.IntN(len(cacheControls))], noneMatches[g.IntN(len(noneMatches))]
		switch n := g.IntN(8); {
		case n < 2:
			lines = append(lines, "Range: "+rng)
			if n == 0 {
				lines = append(lines, "If-Range: "+ifRange)
			}
		}
		if g.IntN(4) == 0 {
			lines = append(lines, cc...)
		}
		if g.IntN(6) == 0 {
			lines = append(lines, "If-None-Match: "+inm)
		}
	}
	if f.idem != 0 {
		lines = append(lines, idempotencyLine(f.idem))
	}
	for _, l := range lines {
		n, _, _ := strings.Cut(l, ":")
		if !hasHeader(r.ClientHeaders, n) && !hasHeader(r.Gateway, n) {
			r.ClientHeaders = append(r.ClientHeaders, l)
		}
	}
}
