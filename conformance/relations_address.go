package conformance

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The address dimension of tenancy. Every endpoint that takes an object
// by a full URL (getRecord's record_url, verify's certificate_code,
// listQrcodes' template) is sent, besides each object's own URL, the
// URLs made of the path of an object of each organization under every
// origin the run knows: our organization's (the profile's URLs), the
// other organization's (the record_url its own key reads for one of its
// records, docs/contract.md §C10: the host is set per organization), and
// the service's base URL. Which part of such a URL decides is the
// service's: a URL may have to be exactly an object's own, or its path
// may suffice. So the contract leaves a URL naming object O under
// another origin two answers: the one O gets by its own id or code (the
// path decided: the same object addressed another way), or the one an
// object nobody has gets (the whole URL decided, and it names nothing).
// A key of another organization gets nothing of ours either way: a URL
// is never a way round §C2, whatever host it carries.

// origin is the scheme and host of an absolute URL, as a prefix.
type origin struct {
	name   string // "our organization's origin", ...
	prefix string // "https://demo.rtq.example"
}

// originOf is the scheme and host of u ("" when u is no absolute URL).
func originOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Scheme == "" || p.Host == "" {
		return ""
	}
	return p.Scheme + "://" + p.Host
}

// rehost is u with its origin replaced by prefix ("" when u is no
// absolute URL).
func rehost(u, prefix string) string {
	o := originOf(u)
	if o == "" || !strings.HasPrefix(u, o) {
		return ""
	}
	return prefix + u[len(o):]
}

// theirRecord is one record of the other organization as its own key
// reads it: its id, code and full URL ("" when the profile lists none of
// its records or the key cannot read it). Read once per run.
type theirRecord struct {
	id        int64
	code, url string
	// qrcode is the URL of its QR code (qrcode.qrcode_url), "" when none.
	qrcode string
}

func (t *T) theirRecord() theirRecord {
	ids := t.r.prof.Foreign.RecordIDs
	if len(ids) == 0 || !t.hasKey(profile.RoleOtherOrg) {
		return theirRecord{}
	}
	return t.once("their record", func(t *T) any {
		x := t.post(contract.GetRecord, profile.RoleOtherOrg, map[string]any{"record_id": ids[0], "format": "json"})
		rec, _ := payloadOf(x).(map[string]any)
		code, _ := rec["record_code"].(string)
		u, _ := rec["record_url"].(string)
		if originOf(u) == "" {
			return theirRecord{}
		}
		return theirRecord{id: ids[0], code: code, url: u, qrcode: qrcodeURL(rec)}
	}).(theirRecord)
}

// qrcodeURL is the URL of a Record's QR code ("" when none).
func qrcodeURL(rec map[string]any) string {
	qr, _ := rec["qrcode"].(map[string]any)
	u, _ := qr["qrcode_url"].(string)
	return u
}

// readURL is a URL the run reads, and what it is the URL of.
type readURL struct {
	what, url string
}

// URL kinds: what a parameter that takes a URL takes (a record's, for
// getRecord's record_url and verify's certificate_code; a template's,
// for listQrcodes' template).
const (
	urlOfRecord   = "record"
	urlOfTemplate = "template"
)

// urlsNamingNo are the URLs the run reads that are no URL of the kind a
// parameter takes: our record rec's QR code (qrcode.qrcode_url: a code's
// link, not its record's, §C10), a record's URL where a template's is
// taken, a template's where a record's is, and the other organization's
// QR code and record. Sent in that parameter, under every origin the run
// knows, each names nothing: the contract gives every parameter that
// takes a URL one kind of object, named by its own URL (docs/contract.md
// §4.1, §4.2, §4.5, §C10).
func (t *T) urlsNamingNo(kind string, rec profile.Record) []readURL {
	payload, _ := payloadOf(t.getRecord(map[string]any{"record_id": rec.ID, "format": "json"})).(map[string]any)
	their := t.theirRecord()
	var cands []readURL
	if u := qrcodeURL(payload); u != "" {
		cands = append(cands, readURL{fmt.Sprintf("the QR code of record %d", rec.ID), u})
	}
	if their.qrcode != "" {
		cands = append(cands, readURL{"the QR code of the other organization's record", their.qrcode})
	}
	taken := map[string]bool{}
	if kind == urlOfTemplate {
		for _, tp := range t.r.prof.Templates.Items {
			taken[tp.URL] = true
		}
		cands = append(cands, readURL{fmt.Sprintf("record %d", rec.ID), rec.URL})
		if their.url != "" {
			cands = append(cands, readURL{"the other organization's record", their.url})
		}
	} else {
		for _, r := range t.r.prof.Records {
			taken[r.URL] = true
		}
		taken[rec.URL] = true
		if tps := t.r.prof.Templates.Items; len(tps) > 0 {
			tp := tps[pick(t.r.opts.Seed, "urlsNamingNo template", len(tps))]
			cands = append(cands, readURL{"template " + tp.Coding, tp.URL})
		}
	}
	var out []readURL
	for _, c := range cands {
		if c.url != "" && originOf(c.url) != "" && !taken[c.url] {
			out = append(out, c)
		}
	}
	return out
}

// everywhere is u under its own origin and every other the run knows.
func everywhere(u string, origins []origin) []rehosted {
	return append([]rehosted{{u, "its own origin"}}, elsewhere(u, origins)...)
}

// origins are the origins a run knows: ours (of one of our URLs), the
// other organization's (of one of its record URLs, when its key reads
// one), the service's base URL.
func (t *T) origins(ours string) []origin {
	var out []origin
	if o := originOf(ours); o != "" {
		out = append(out, origin{"our organization's origin", o})
	}
	if o := originOf(t.theirRecord().url); o != "" {
		out = append(out, origin{"the other organization's origin", o})
	}
	if b := strings.TrimRight(t.r.opts.BaseURL, "/"); originOf(b) != "" {
		out = append(out, origin{"the service's base URL", b})
	}
	return out
}

// rehosted is an object's URL under another origin.
type rehosted struct {
	url, under string
}

// elsewhere is u under every origin of origins but its own, each once.
func elsewhere(u string, origins []origin) []rehosted {
	seen := map[string]bool{u: true}
	var out []rehosted
	for _, o := range origins {
		if v := rehost(u, o.prefix); v != "" && !seen[v] {
			seen[v] = true
			out = append(out, rehosted{v, o.name})
		}
	}
	return out
}

// addressAsk is one request of the address dimension of relation.tenancy.
type addressAsk struct {
	role, whose, what string
	body              map[string]any
}

// recordAddresses: a record of ours under every other origin, with the
// read key and the other organization's, and a record of theirs under
// every origin, its own included, with the read key, each in a format
// the seed turns over. The other organization's key never reads ours,
// the read key never theirs; the read key reads ours under another
// origin as by its id, or not at all.
func (t *T) recordAddresses(rec profile.Record) {
	origins := t.origins(rec.URL)
	their := t.theirRecord()
	var asks []addressAsk
	for _, r := range elsewhere(rec.URL, origins) {
		for _, role := range []string{profile.RoleRead, profile.RoleOtherOrg} {
			if t.hasKey(role) {
				asks = append(asks, addressAsk{role, "our", fmt.Sprintf("record %d by its URL under %s", rec.ID, r.under), map[string]any{"record_url": r.url}})
			}
		}
	}
	if their.url != "" {
		theirs := append([]rehosted{{their.url, "its own origin"}}, elsewhere(their.url, origins)...)
		for _, r := range theirs {
			asks = append(asks, addressAsk{profile.RoleRead, "their", fmt.Sprintf("the other organization's record %d by its URL under %s", their.id, r.under), map[string]any{"record_url": r.url}})
		}
	}
	for _, u := range t.urlsNamingNo(urlOfRecord, rec) {
		for _, r := range everywhere(u.url, origins) {
			asks = append(asks, addressAsk{profile.RoleRead, "no", fmt.Sprintf("the URL of %s under %s as record_url", u.what, r.under), map[string]any{"record_url": r.url}})
		}
	}
	turn := pick(t.r.opts.Seed, "relation.tenancy address", len(contract.Formats))
	for i := range asks {
		asks[i].body["format"] = contract.Formats[(turn+i)%len(contract.Formats)].Name
	}
	xs := make([]*Exchange, len(asks))
	t.each(len(asks), func(t *T, i int) { xs[i] = t.post(contract.GetRecord, asks[i].role, asks[i].body) })
	t.judgeAddresses(contract.GetRecord, asks, xs, func(t *T, a addressAsk, x *Exchange, who string) {
		got := payloadOf(x)
		if got == nil {
			return // the whole URL decides: it names no record
		}
		base := t.getRecord(map[string]any{"record_id": rec.ID, "format": a.body["format"]})
		if want := payloadOf(base); !reflect.DeepEqual(got, want) {
			t.errorfPair(x, base, "%s (%v): a success that is not what record_id %d reads", who, a.body["format"], rec.ID)
		}
	})
}

// judgeAddresses judges the answers xs to asks on ep, the one way for
// every endpoint of the address dimension: another organization's key
// asking for ours, the read key asking for theirs, and a URL of another
// kind of object (urlsNamingNo) is refused however the URL is written;
// what the read key gets for ours, when it is an object, goes to same,
// which compares it with the object addressed by its own id or coding.
func (t *T) judgeAddresses(ep contract.Endpoint, asks []addressAsk, xs []*Exchange, same func(t *T, a addressAsk, x *Exchange, who string)) {
	for i, a := range asks {
		who := fmt.Sprintf("the %s key, %s", a.role, a.what)
		if a.whose != "our" || a.role != profile.RoleRead {
			t.refused(xs[i], ep, who)
			continue
		}
		if t.object(xs[i]) != nil {
			same(t, a, xs[i], who)
		}
	}
}

// templateAddresses: a template of ours under every other origin, with
// the read key and the other organization's, and one of theirs (its
// coding under the path of ours) under every origin with the read key.
// The other organization's key lists none of ours and the read key none
// of theirs; the read key lists ours under another origin as by its
// coding, or not at all.
func (t *T) templateAddresses(tp profile.Template) {
	origins := t.origins(tp.URL)
	var asks []addressAsk
	for _, r := range elsewhere(tp.URL, origins) {
		for _, role := range []string{profile.RoleRead, profile.RoleOtherOrg} {
			if t.hasKey(role) {
				asks = append(asks, addressAsk{role, "our", fmt.Sprintf("template %s by its URL under %s", tp.Coding, r.under), map[string]any{"template": r.url}})
			}
		}
	}
	if coding := t.theirCoding(); coding != "" && strings.HasSuffix(tp.URL, tp.Coding) {
		u := strings.TrimSuffix(tp.URL, tp.Coding) + coding
		all := append([]rehosted{{u, "our organization's origin"}}, elsewhere(u, origins)...)
		for _, r := range all {
			asks = append(asks, addressAsk{profile.RoleRead, "their", fmt.Sprintf("the other organization's template %s by a URL under %s", coding, r.under), map[string]any{"template": r.url}})
		}
	}
	if rec, ok := t.firstRecordWithURL(); ok {
		for _, u := range t.urlsNamingNo(urlOfTemplate, rec) {
			for _, r := range everywhere(u.url, origins) {
				asks = append(asks, addressAsk{profile.RoleRead, "no", fmt.Sprintf("the URL of %s under %s as template", u.what, r.under), map[string]any{"template": r.url}})
			}
		}
	}
	for i := range asks {
		asks[i].body["page_size"] = contract.TemplatesMaxPageSize
	}
	xs := make([]*Exchange, len(asks)+1)
	canon := map[string]any{"template": tp.Coding, "page_size": contract.TemplatesMaxPageSize}
	t.each(len(xs), func(t *T, i int) {
		if i == len(asks) {
			xs[i] = t.once(fmt.Sprintf("listQrcodes read %v", canon), func(t *T) any { return t.post(contract.ListQrcodes, profile.RoleRead, canon) }).(*Exchange)
			return
		}
		xs[i] = t.post(contract.ListQrcodes, asks[i].role, asks[i].body)
	})
	base := xs[len(asks)]
	t.judgeAddresses(contract.ListQrcodes, asks, xs[:len(asks)], func(t *T, _ addressAsk, x *Exchange, who string) {
		got, want := listedOf(x), listedOf(base)
		if got != nil && want != nil && !reflect.DeepEqual(got, want) {
			t.errorfPair(x, base, "%s: a success that lists otherwise than by its coding", who)
		}
	})
}

// theirCoding is a template coding of the other organization the
// profile lists ("" when none).
func (t *T) theirCoding() string {
	if c := t.r.prof.Foreign.Codings; len(c) > 0 {
		return c[0]
	}
	return ""
}

// listedOf is what a listing's success page holds, its token aside
// (bound to the filter as written, §C10): its items and total; nil for
// any other answer.
func listedOf(x *Exchange) map[string]any {
	obj := objOf(x)
	if c, ok := intOf(obj["code"]); !ok || c != 0 {
		return nil
	}
	data, _ := obj["data"].(map[string]any)
	return map[string]any{"list": data["list"], "total": data["total"]}
}

// firstRecordWithURL is the first profile record with a URL.
func (t *T) firstRecordWithURL() (profile.Record, bool) {
	for _, rec := range t.r.prof.Records {
		if rec.URL != "" {
			return rec, true
		}
	}
	return profile.Record{}, false
}

// addressJobs are relation.tenancy's requests of the address dimension:
// the first profile record with a URL, the first template with one.
func (t *T) addressJobs() []func(t *T) {
	var jobs []func(t *T)
	if rec, ok := t.firstRecordWithURL(); ok {
		jobs = append(jobs, func(t *T) { t.recordAddresses(rec) })
	}
	for _, tp := range t.r.prof.Templates.Items {
		if tp.URL != "" {
			jobs = append(jobs, func(t *T) { t.templateAddresses(tp) })
			break
		}
	}
	return jobs
}
