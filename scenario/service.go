package scenario

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

func isEndpoint(name string) bool {
	for _, e := range contract.Endpoints {
		if e.Name == name {
			return true
		}
	}
	return false
}

func endpointNames() string {
	names := make([]string, 0, len(contract.Endpoints))
	for _, e := range contract.Endpoints {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}

// service resolves the service: blocks of every file; two files may not
// both hold one, as with http_status.
func (r *resolver) service(docs []*document) {
	for _, d := range docs {
		if d.Service == nil {
			continue
		}
		a := at{file: d.src}.child("service")
		if r.sc.Service != nil {
			r.ps.add(a, "service: is given in another file too: keep one")
			continue
		}
		for ep := range d.Service.Messages {
			if !isEndpoint(ep) {
				r.ps.add(a.child("messages").child(ep), "%q is not an endpoint: use one of %s", ep, endpointNames())
			}
		}
		r.sc.Service = &Service{Messages: d.Service.Messages, FormsInFileOrder: d.Service.FormOrder == "file"}
	}
}

// shown resolves a record's kept representations: json_ld must be a
// JSON object, kept compact so that it is served byte for byte.
func (r *resolver) shown(a at, d *shownDoc) *Shown {
	if d == nil {
		return nil
	}
	s := &Shown{Markdown: d.Markdown}
	if d.JSONLD != nil {
		var b bytes.Buffer
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(*d.JSONLD), &obj); err != nil || obj == nil {
			r.ps.add(a.child("json_ld"), "json_ld must hold a JSON object, as getRecord's json-ld payload")
			return nil
		}
		if err := json.Compact(&b, []byte(*d.JSONLD)); err != nil {
			r.ps.add(a.child("json_ld"), "json_ld: %v", err)
			return nil
		}
		s.JSONLD = b.Bytes()
	}
	return s
}
