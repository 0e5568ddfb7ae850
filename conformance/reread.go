package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
)

// The read after a move, and after a refusal. A verify changes one record's status (§3.1),
// whatever key moved it, whatever address named it, whichever action:
// right after every move that names its record, the record read again in
// json reads as it did before the writes, except in what a verify may
// change (its status, shown in process_status or in any object that
// names a status of the flows, its state changes, its update time). A
// move that rewrites another field (a submission method, a submission
// time) or is answered but never saved (the status it shows is not the
// one the move said: the next step, or the move again, shows that) is
// seen there.
//
// The read costs no request one after the other: it rides beside the
// unit's next request (the next step's verify, or the move again of a
// key other than the write key, savedProbe), where on a correct target
// the record has moved once or twice and reads alike but for its status;
// after a unit's last move it is a request of its own only where the
// planner gives the unit one (writeUnit.endsMoved), which it does where
// that lengthens no chain beyond the plan's longest. Every key, action
// and address a unit moves by is read after on some unit of the run.
//
// A refused verify changes nothing (§7: an error code is the whole
// answer; a check made after the write commits what it refuses): a
// record a case's refusals name, with no move of the case before them,
// is read again and must read as before the writes, its status too. The
// read rides beside the case's next step where that step is a refusal
// too; after a unit's last refusal it is a request of its own where the
// planner gives the unit one, as after a move.

// moveRead is a read to make after a move: the record, and what moved it.
type moveRead struct {
	id    int64
	label string
	// cells are the cells of the record in the state the move left
	// (cells.go), read beside it.
	cells []cell
	// refused says the write before the read was refused: the record
	// reads as before the writes, its status too (no move since the
	// reset before it).
	refused bool
}

// rereadMoved reads the record of m again and compares it with the read
// of it before the writes (the run's memoized json read; none when the
// run made none, as under --only, and then nothing is compared). After
// a refusal that read must have ended before the writes began: under
// --only the memoized read may be a verify check's, made after moves.
//
// Beside it go the cells of the record in the state the move left it in
// (cells.go), each compared with it; settled says no move of the record
// is sent beside them.
func (t *T) rereadMoved(m moveRead, settled bool) {
	body := map[string]any{"record_id": m.id, "format": "json"}
	v, ok := t.r.memo.peek(fmt.Sprintf("getRecord %v", body))
	if !ok {
		return
	}
	before, _ := v.(depthOf).val.(*Exchange)
	if before == nil || !isSuccess(before) || m.refused && !before.beforeWrites {
		// After a refusal the status too must read as before: only a
		// read made before any write can say what it was.
		return
	}
	b, _ := payloadOf(before).(map[string]any)
	url, _ := b["record_url"].(string)
	label := m.label
	if m.refused && url != "" {
		// After a refusal the record is read by its URL: the read
		// before the writes was by its id, so the two are the same
		// object by another address as well (4.1.byUrl), for every
		// credential a refusal names, whatever its condition.
		body = map[string]any{"record_url": url, "format": "json"}
		label += " (read by its record_url)"
	}
	xs := make([]*Exchange, 1+len(m.cells))
	t.each(len(xs), func(t *T, i int) {
		if i == 0 {
			xs[0] = t.post(contract.GetRecord, "read", body)
			return
		}
		c := m.cells[i-1]
		xs[i] = t.post(contract.GetRecord, c.role, cellBody(c, m.id, url))
	})
	t.sameAfter(m.id, before, xs[0], !m.refused, label)
	for i, c := range m.cells {
		t.sameCell(m.id, c, xs[0], xs[i+1], settled, label)
	}
}
