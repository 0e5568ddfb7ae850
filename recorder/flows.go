package recorder

import (
	"strconv"

	"github.com/rtq-kit/rtq/scenario"
)

// defaultStatusColor is the colour of a status seen only by name (verify
// answers name it without a colour).
const defaultStatusColor = "#1890FF"

// certificate makes r a credential record when the upstream showed it as
// one: a verify answer named its status, or its markdown front matter has
// a certificate_status line (as the mock writes one). Its form
// gets a placeholder flow holding the statuses seen, with no moves: which
// moves exist and which statuses are terminal cannot be recorded.
func (b *builder) certificate(p *recordPayload, r *scenario.Record) {
	name, color := b.c.mdStatus[p.RecordID], defaultStatusColor
	if seen, ok := b.c.certSeen[p.RecordID]; ok {
		name = seen
	}
	if ps := p.ProcessStatus; ps != nil && ps.Text != nil && *ps.Text == name && ps.Color != nil {
		color = *ps.Color // the process status shows the certificate status
	}
	if name == "" || r.Form == nil {
		return
	}
	f := r.Form
	if f.Flow == nil {
		f.Flow = &scenario.Flow{ID: f.ID, Number: "FL" + itoa(f.ID), Verification: true}
		b.notes = append(b.notes, "form "+itoa(f.ID)+" has a placeholder certificate flow: the statuses seen, in the order seen, with no next, terminal or forbids_verification: fill them in")
	}
	st := f.Flow.StatusByRef(name)
	if st == nil {
		st = &scenario.Status{ID: int64(len(f.Flow.Statuses) + 1), Name: name, Color: color}
		f.Flow.Statuses = append(f.Flow.Statuses, st)
	}
	r.Cert = &scenario.Certificate{Status: st, Verification: true}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
