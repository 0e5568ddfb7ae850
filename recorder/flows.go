package recorder

import (
	"strconv"

	"github.com/rtq-kit/rtq/scenario"
)

// defaultStatusColor is the colour of a status seen only by name (verify
// answers name it without a colour).
const defaultStatusColor = "#1890FF"

// How a recording knows a credential record (docs/record.md). The
// specification names no member that marks one, so rtq reads what it does
// show of a status that moves:
//
//   - the record shows a status flow: state changes whose last move ends
//     in the status its process_status shows (the spec's "status change
//     entries" and "process status"); the moves seen become moves of its
//     form's flow;
//   - another record of a form recognised so shows, as its process status,
//     a status of that form's flow;
//   - a verify the proxy forwarded (--allow-writes) named its status;
//   - its markdown front matter has a certificate_status line (rtq's own
//     mock writes one).
//
// A service whose process statuses are not certificate statuses is
// misread by the first two: the header lists every form given a flow.

// certificate makes r a credential record when the upstream showed it as
// one. Its form gets a placeholder flow holding the statuses seen, in the
// order seen, with the moves seen: which other moves exist and which
// statuses are terminal cannot be recorded.
func (b *builder) certificate(p *recordPayload, r *scenario.Record) {
	name, color := b.c.mdStatus[p.RecordID], defaultStatusColor
	if seen, ok := b.c.certSeen[p.RecordID]; ok {
		name = seen
	}
	ps := p.ProcessStatus
	shown := ps != nil && ps.Enabled && ps.Text != nil
	if shown && ps.Color != nil && (name == "" || *ps.Text == name) {
		color = *ps.Color // the process status shows the certificate status
	}
	moves := p.StateChanges
	if name == "" && shown && len(moves) > 0 && moves[len(moves)-1].To.Name == *ps.Text {
		name = *ps.Text
	}
	if name == "" || r.Form == nil {
		return
	}
	fl := b.flow(r.Form, p)
	for _, c := range moves {
		from, to := fl.status(c.From), fl.status(c.To)
		if !hasNext(from, to) {
			from.Next = append(from.Next, to)
		}
	}
	r.Cert = &scenario.Certificate{Status: fl.status(scenario.StateOption{Name: name, Color: color}), Verification: true}
}

// flowOf is a form's placeholder flow while it is being built.
type flowOf struct{ *scenario.Flow }

// flow gives the form a placeholder flow unless it has one, numbered as
// the record's state changes name their state when they do.
func (b *builder) flow(f *scenario.Form, p *recordPayload) flowOf {
	if f.Flow == nil {
		f.Flow = &scenario.Flow{ID: f.ID, Number: "FL" + itoa(f.ID), Verification: true}
		if n := len(p.StateChanges); n > 0 {
			f.Flow.ID, f.Flow.Number = p.StateChanges[n-1].State.ID, p.StateChanges[n-1].State.Number
		}
		b.notes = append(b.notes, "form "+itoa(f.ID)+" has a placeholder certificate flow: the statuses and moves seen, with no terminal or forbids_verification: check that its records are credential records, and fill the flow in")
	}
	return flowOf{f.Flow}
}

// status finds a status of the flow by name, adding it when new.
func (fl flowOf) status(o scenario.StateOption) *scenario.Status {
	if st := fl.StatusByRef(o.Name); st != nil {
		return st
	}
	color := o.Color
	if color == "" {
		color = defaultStatusColor
	}
	st := &scenario.Status{ID: int64(len(fl.Statuses) + 1), Name: o.Name, Color: color}
	fl.Statuses = append(fl.Statuses, st)
	return st
}

func hasNext(from, to *scenario.Status) bool {
	for _, n := range from.Next {
		if n == to {
			return true
		}
	}
	return false
}

// siblings makes credential records of the records of a form with a flow
// that show, as their process status, a status of that flow.
func (b *builder) siblings() {
	for _, r := range b.sc.Records {
		if r.Cert != nil || r.Form == nil || r.Form.Flow == nil || r.Process == nil || !r.Process.Enabled || r.Process.Text == nil {
			continue
		}
		if st := r.Form.Flow.StatusByRef(*r.Process.Text); st != nil {
			r.Cert = &scenario.Certificate{Status: st, Verification: true}
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
