package recorder

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/scenario"
)

// defaultStatusColor is the colour of a status seen only by name (verify
// answers name it without a colour).
const defaultStatusColor = "#1890FF"

// How a recording knows a credential record (docs/record.md). The
// specification names no member that marks one, so rtq reads what it does
// show of a status that moves:
//
//   - a verify the proxy forwarded (--allow-writes) named its status;
//   - its markdown front matter has a certificate_status line (the kit's
//     sign, docs/contract.md §C6);
//   - a status flow shared by its form: the record's state changes end in
//     the status its process_status shows (the spec's "status change
//     entries" and "process status"), and another recorded record of the
//     same form is in a status of that flow too. A certificate flow is
//     configured per form (§3.1), while one record's own history may be a
//     work order's: such a record is not taken, and the header says how
//     to make it one by hand;
//   - another record of a form recognised so shows, as its process status,
//     a status of that form's flow.
//
// A service whose process statuses are not certificate statuses is still
// misread when two records of a form show one flow: the header lists every
// form given a flow.

// certificate makes r a credential record when the upstream named its
// status (a verify, the kit's markdown line); a record whose history may
// be a certificate's waits for histories, which sees every record.
func (b *builder) certificate(p *recordPayload, r *scenario.Record) {
	name := b.c.mdStatus[p.RecordID]
	if seen, ok := b.c.certSeen[p.RecordID]; ok {
		name = seen
	}
	if name == "" {
		if endsInProcess(r) && r.Form != nil {
			b.histories = append(b.histories, r)
		}
		return
	}
	if r.Form != nil {
		b.makeCredential(r, name)
	}
}

// makeCredential makes r a credential record in the status named. Its
// form gets a placeholder flow holding the statuses seen, in the order
// seen, with the moves seen: which other moves exist and which statuses
// are terminal cannot be recorded.
func (b *builder) makeCredential(r *scenario.Record, name string) {
	color := defaultStatusColor
	if ps := r.Process; ps != nil && ps.Enabled && ps.Text != nil && ps.Color != nil && *ps.Text == name {
		color = *ps.Color // the process status shows the certificate status
	}
	fl := b.flow(r.Form, r)
	for _, c := range r.StateChanges {
		from, to := fl.status(c.From), fl.status(c.To)
		if !hasNext(from, to) {
			from.Next = append(from.Next, to)
		}
	}
	r.Cert = &scenario.Certificate{Status: fl.status(scenario.StateOption{Name: name, Color: color}), Verification: true}
}

// endsInProcess says whether r's state changes end in the status its
// process_status shows: a status flow, maybe a certificate's.
func endsInProcess(r *scenario.Record) bool {
	ps, n := r.Process, len(r.StateChanges)
	return ps != nil && ps.Enabled && ps.Text != nil && n > 0 && r.StateChanges[n-1].To.Name == *ps.Text
}

// histories takes each record whose history may be a certificate's: as a
// credential record when its form shares the flow (sharedFlow), else it
// stays a plain record and the header says how to make it one by hand.
func (b *builder) takeHistories() {
	for _, r := range b.histories {
		if b.sharedFlow(r) {
			b.makeCredential(r, *r.Process.Text)
			continue
		}
		b.notes = append(b.notes, historyNote(r)...)
	}
}

// sharedFlow says whether another recorded record of r's form shows, as
// its process status, a status of the flow r's state changes name (a
// status any recorded change of that flow on the form moves from or to).
func (b *builder) sharedFlow(r *scenario.Record) bool {
	flowID := r.StateChanges[len(r.StateChanges)-1].StateID
	statuses := map[string]bool{}
	for _, h := range b.histories {
		if h.Form != r.Form {
			continue
		}
		for _, c := range h.StateChanges {
			if c.StateID == flowID {
				statuses[c.From.Name], statuses[c.To.Name] = true, true
			}
		}
	}
	in := 0
	for _, o := range b.sc.Records {
		if o.Form == r.Form && o.Process != nil && o.Process.Enabled && o.Process.Text != nil && statuses[*o.Process.Text] {
			in++
		}
	}
	return in >= 2
}

// historyNote tells the reviewer that r shows a status history that was
// not taken for a certificate's, and how to make it one: the flow its
// changes show, written as a scenario holds it.
func historyNote(r *scenario.Record) []string {
	last := r.StateChanges[len(r.StateChanges)-1]
	var names []string
	colors := map[string]string{}
	next := map[string][]string{}
	add := func(o scenario.StateOption) {
		if _, ok := colors[o.Name]; !ok {
			names = append(names, o.Name)
			colors[o.Name] = o.Color
		}
	}
	for _, c := range r.StateChanges {
		add(c.From)
		add(c.To)
		if !slices.Contains(next[c.From.Name], c.To.Name) {
			next[c.From.Name] = append(next[c.From.Name], c.To.Name)
		}
	}
	statuses := make([]string, 0, len(names))
	for i, n := range names {
		s := fmt.Sprintf("{id: %d, name: %s, color: %s", i+1, quoted(n), quoted(orDefault(colors[n])))
		if nx := next[n]; len(nx) > 0 {
			qs := make([]string, len(nx))
			for j, x := range nx {
				qs[j] = quoted(x)
			}
			s += ", next: [" + strings.Join(qs, ", ") + "]"
		}
		statuses = append(statuses, s+"}")
	}
	return []string{
		fmt.Sprintf("record %d shows a status history (%s, ending in its process status %s), but no other recorded record of form %d is in a status of it: "+
			"a certificate flow is configured per form, and one record's own history may be a work order's, so it is not taken for a credential record. "+
			"If it is one, add the flow and the certificate by hand (fill in terminal and forbids_verification), for example",
			r.ID, quoted(last.StateName), quoted(*r.Process.Text), r.Form.ID),
		fmt.Sprintf("  forms: [{id: %d, flow: {id: %d, number: %s, statuses: [%s]}, ...}]", r.Form.ID, last.StateID, quoted(last.StateNumber), strings.Join(statuses, ", ")),
		fmt.Sprintf("  records: [{id: %d, certificate: {status: %s}, ...}]", r.ID, quoted(*r.Process.Text)),
	}
}

// quoted is s as a YAML double-quoted scalar (JSON's escapes are YAML's),
// safe in a header comment whatever the service wrote.
func quoted(s string) string {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

func orDefault(color string) string {
	if color == "" {
		return defaultStatusColor
	}
	return color
}

// flowOf is a form's placeholder flow while it is being built.
type flowOf struct{ *scenario.Flow }

// flow gives the form a placeholder flow unless it has one, numbered as
// the record's state changes name their state when they do.
func (b *builder) flow(f *scenario.Form, r *scenario.Record) flowOf {
	if f.Flow == nil {
		f.Flow = &scenario.Flow{ID: f.ID, Number: "FL" + itoa(f.ID), Verification: true}
		if n := len(r.StateChanges); n > 0 {
			f.Flow.ID, f.Flow.Number = r.StateChanges[n-1].StateID, r.StateChanges[n-1].StateNumber
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
