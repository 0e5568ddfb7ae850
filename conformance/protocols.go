package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// The protocol a request comes in is a dimension of its client too. Go's
// transport writes every request in HTTP/1.1 and never asks to upgrade;
// clients and fronts do otherwise: nginx's proxy_pass speaks HTTP/1.0 to
// the service by default (with Connection: close, or keep-alive where
// configured), curl --http2 on a plain http URL asks to upgrade to h2c
// (RFC 7540 §3.2: Connection: Upgrade, HTTP2-Settings, Upgrade: h2c), and
// a client closes its connection after one request. The contract gives
// the version no meaning (§1.1, §C1: HTTP/1.x is read; an upgrade a
// server need not take, RFC 9110 §7.8), so each gets the answer of the
// same request in HTTP/1.1: JSON in the endpoint's shape, a read of the
// profile's objects served. A server that takes the upgrade answers 101
// and goes on in HTTP/2, which the runner does not speak: a note, not a
// finding. transport.protocols writes each form by hand on a connection
// of its own (svcclient.SendRaw), one request an operation, the seed
// turning which operation gets which form, every form on every run;
// none under --plain-requests, whose requests go the usual way.

// protocolForm is one way of writing a request's protocol.
type protocolForm struct {
	what, proto string
	lines       []string
}

// protocolForms are the forms; every one is sent on every run.
var protocolForms = []protocolForm{
	{"HTTP/1.0, as nginx's proxy_pass sends it", "HTTP/1.0", []string{"Connection: close"}},
	{"HTTP/1.0 with a kept-alive connection", "HTTP/1.0", []string{"Connection: keep-alive"}},
	{"an h2c upgrade, as curl --http2 asks for it", "HTTP/1.1",
		[]string{"Connection: Upgrade, HTTP2-Settings", "Upgrade: h2c", "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA"}},
	{"HTTP/1.1 on a connection closed after it", "HTTP/1.1", []string{"Connection: close"}},
}

// protocolSends pairs the forms with the operations: every operation
// one request, every form at least once, the seed turning the pairs.
func protocolSends(seed uint64) (eps []contract.Endpoint, forms []protocolForm) {
	all := faultEndpoints(seed, "transport.protocols", len(contract.Endpoints))
	shift := pick(seed, "transport.protocols.form", len(protocolForms))
	for i := range max(len(all), len(protocolForms)) {
		eps = append(eps, all[i%len(all)])
		forms = append(forms, protocolForms[(i+shift)%len(protocolForms)])
	}
	return eps, forms
}

// probeServed says whether the probe body of ep is a request the target
// serves: a read that names objects of the profile (or none).
func probeServed(ep contract.Endpoint, p *profile.Profile) bool {
	switch ep {
	case contract.GetRecord:
		return len(p.Records) > 0
	case contract.ListQrcodes:
		return len(p.Templates.Items) > 0
	case contract.GetFormList, contract.TemplatesList:
		return true
	}
	return false
}

// checkProtocols: every operation's probe body written in another
// protocol form gets the answer HTTP/1.1 gets: JSON, judged by every
// rule over answers as the endpoint's answer, and a read of the
// profile's objects served (code 0).
func checkProtocols(t *T) {
	if t.r.client.plain {
		t.Skipf("--plain-requests: every request goes the usual way")
		return
	}
	if t.r.client.plain {
		t.Skipf("--plain-requests: every request goes the usual way")
		return
	}
	eps, forms := protocolSends(t.runSeed())
	t.each(len(eps), func(t *T, i int) {
		ep, f := eps[i], forms[i]
		raw, err := json.Marshal(t.probeBody(ep))
		if err != nil {
			t.Errorf(nil, "runner bug: %s's probe body: %v", ep.Name, err)
			return
		}
		x := &Exchange{Req: Request{Method: http.MethodPost, Path: ep.Path(), Key: "read", Body: string(raw),
			Headers: append([]string{"(request line in " + f.proto + ")"}, f.lines...)}}
		h := http.Header{}
		for _, l := range f.lines {
			name, value, _ := strings.Cut(l, ": ")
			h.Add(name, value)
		}
		release := t.slot()
		t.depth++
		a, err := t.r.client.svc.SendRaw(t.ctx, t.r.keys.Read, svcclient.Raw{Method: http.MethodPost, Path: ep.Path(), Proto: f.proto, Header: h, Body: raw})
		release()
		if a.Status != 0 {
			x.Status, x.ContentType = a.Status, a.Header.Get("Content-Type")
		}
		what := fmt.Sprintf("%s in %s", ep.Name, f.what)
		switch {
		case errors.Is(err, svcclient.ErrNotSent):
			return
		case err != nil && a.Status == 0:
			t.Notef("%s: not sent on a connection of its own: %v", what, err)
			return
		case a.Status == http.StatusSwitchingProtocols:
			t.Notef("%s: the target switched to %s (HTTP 101), which the runner does not speak", what, a.Header.Get("Upgrade"))
			return
		}
		x.Err = err
		if err == nil {
			x.Body = a.Body // no Accept-Encoding: no coding asked for
			x.Doc, x.DecodeErr = decodeBody(x.Body)
			t.r.observe(ep, x)
		}
		obj := t.jsonAnswer(x, what)
		if obj == nil || ep.Write || !probeServed(ep, t.r.prof) {
			return
		}
		if c, ok := intOf(obj["code"]); !ok || c != 0 {
			t.Errorf(x, "%s: code %v, where the same request in HTTP/1.1 is served (a read of the profile's objects): the protocol a request comes in is no parameter", what, obj["code"])
		}
	})
}
