package state

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"hash"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// Cursor paging of templates/list and templates/listQrcodes (docs/contract.md §4.4 and
// §4.5, docs/contract.md §C5): a page is a window of a filtered list sorted
// by creation time, and next_page_token is where the next window starts.
//
// Page tokens are URL-safe base64 without padding of: version, the filter they were issued for, the offset of the
// next item in that filter's list, and a truncated HMAC-SHA256 over all of
// it. The HMAC key is derived from the scenario's content, so a token
// survives a reset and a restart of the same scenario, and any changed
// character, any other filter or another scenario gives a 400.

const (
	tokenVersion = 1
	macLen       = 12
)

// filter is what a token is bound to.
type filter struct {
	kind       byte // 1 templates/list, 2 templates/listQrcodes
	org, tpl   int64
	hasStart   bool
	hasEnd     bool
	start, end int64
}

var tokenEncoding = base64.RawURLEncoding.Strict()

var (
	errTokenForged = fail.Param("page_token is not a token this server issued")
	errTokenFilter = fail.Param("page_token was issued for another filter; keep start_time, end_time and template unchanged while paging")
)

// tokenKey derives the HMAC key from everything a token's meaning depends
// on: the scenario's name and seed and the identity and creation time of
// every template and sub-code.
func tokenKey(sc *scenario.Scenario, seed int64) []byte {
	if seed == 0 {
		seed = sc.Seed
	}
	h := sha256.New()
	b := []byte("rtq page token v1\x00" + sc.Name + "\x00")
	b = strconv.AppendInt(b, seed, 10)
	for _, t := range sc.Templates {
		b = append(b, '|')
		if t.Org != nil {
			b = strconv.AppendInt(b, t.Org.ID, 10)
		}
		b = append(b, ':')
		b = strconv.AppendInt(b, t.ID, 10)
		b = append(b, ":"+t.Coding+":"...)
		b = strconv.AppendInt(b, t.CreatedAt, 10)
		for _, s := range t.SubCodes {
			b = append(b, ',')
			b = strconv.AppendInt(b, s.ID, 10)
			b = append(b, '@')
			b = strconv.AppendInt(b, s.CreatedAt, 10)
		}
		h.Write(b)
		b = b[:0]
	}
	h.Write(b)
	return h.Sum(nil)
}

func (f filter) flags() byte {
	var fl byte
	if f.hasStart {
		fl |= 1
	}
	if f.hasEnd {
		fl |= 2
	}
	return fl
}

func (f filter) payload(offset int64) []byte {
	b := make([]byte, 0, 48)
	b = append(b, tokenVersion, f.kind, f.flags())
	b = binary.AppendVarint(b, f.org)
	b = binary.AppendVarint(b, f.tpl)
	b = binary.AppendVarint(b, f.start)
	b = binary.AppendVarint(b, f.end)
	return binary.AppendVarint(b, offset)
}

// mac is the truncated HMAC of a payload. Keyed hashes are pooled per
// state: building one costs more than using it.
func (st *State) mac(payload []byte) []byte {
	m, _ := st.macs.Get().(hash.Hash)
	if m == nil {
		m = hmac.New(sha256.New, st.tokenKey)
	}
	m.Reset()
	m.Write(payload)
	sum := m.Sum(make([]byte, 0, sha256.Size))[:macLen]
	st.macs.Put(m)
	return sum
}

// issueToken makes the token of the page starting at offset.
func (st *State) issueToken(f filter, offset int64) string {
	p := f.payload(offset)
	return tokenEncoding.EncodeToString(append(p, st.mac(p)...))
}

// readToken checks a token and returns its offset into f's list.
func (st *State) readToken(tok string, f filter) (int64, error) {
	raw, err := tokenEncoding.DecodeString(tok)
	if err != nil || len(raw) < 3+macLen || tokenEncoding.EncodeToString(raw) != tok {
		return 0, errTokenForged
	}
	p, sum := raw[:len(raw)-macLen], raw[len(raw)-macLen:]
	if !hmac.Equal(sum, st.mac(p)) || p[0] != tokenVersion {
		return 0, errTokenForged
	}
	got := filter{kind: p[1], hasStart: p[2]&1 != 0, hasEnd: p[2]&2 != 0}
	rest := p[3:]
	vals := make([]int64, 5)
	for i := range vals {
		v, n := binary.Varint(rest)
		if n <= 0 {
			return 0, errTokenForged
		}
		vals[i], rest = v, rest[n:]
	}
	got.org, got.tpl, got.start, got.end = vals[0], vals[1], vals[2], vals[3]
	if len(rest) != 0 || vals[4] < 0 {
		return 0, errTokenForged
	}
	if got != f {
		return 0, errTokenFilter
	}
	return vals[4], nil
}

// PageQuery is a validated templates/* request: PageSize in 1..100
// (clamped), Token "" for the first page.
type PageQuery struct {
	Range    TimeRange
	PageSize int64
	Token    string
}

// filterOf is the filter a token of this request is bound to.
func (st *State) filterOf(kind byte, key *scenario.Key, tpl int64, r TimeRange) filter {
	f := filter{kind: kind, org: orgID(key), tpl: tpl, hasStart: r.HasStart, hasEnd: r.HasEnd}
	if r.HasStart {
		f.start = r.Start
	}
	if r.HasEnd {
		f.end = r.End
	}
	return f
}

// page is the cursor walk: it reads the token (none: the first page),
// cuts one page out of a filtered list, and issues the token of the next
// page while one is left.
func page[T any](st *State, f filter, q PageQuery, list []T) (Page[T], error) {
	total := int64(len(list))
	var offset int64
	if q.Token != "" {
		off, err := st.readToken(q.Token, f)
		if err != nil {
			return Page[T]{}, err
		}
		offset = min(off, total)
	}
	end := min(offset+q.PageSize, total)
	var next string
	if end < total {
		next = st.issueToken(f, end)
	}
	ep := contract.TemplatesList.Name
	if f.kind == 2 {
		ep = contract.ListQrcodes.Name
	}
	p := Page[T]{Items: list[offset:end], Next: next, Total: total, Message: st.message(ep)}
	if st.sc.Service.Newest() { // a recorded service that lists newest first (scenario.Service)
		p.Items, p.Reversed = list[total-end:total-offset], true
	}
	return p, nil
}
