package contract

// RecordMember is one member of the Record (docs/contract.md §2.1): what
// the specification fixes of it that a relation between two answers of
// one record can rely on.
type RecordMember struct {
	Name string
	// Required: every answer of the record holds it (the "req" column).
	Required bool
	// Moves: the member shows the record's status or its history, and the
	// specification leaves how it moves, or how a record shows a move, to
	// the service (§3.2 review status, §3.3 process status, §C6 the move
	// seen in getRecord, §C7 trusted_notary). A verify may change it, add
	// it or take it away on the record it moves. Every other member is
	// the record's own (who submitted what, when, where, under which form
	// and code): a move of the certificate status (§3.1) leaves it as it
	// was, and so does every write on every other record. Inside the
	// record's groups, a move may add fields (one that records the move)
	// and must leave every field that was there as it was.
	Moves bool
}

// RecordMembers is the Record's member table of §2.1, in its order. The
// docs table is checked against it by a test.
var RecordMembers = []RecordMember{
	{Name: "record_id", Required: true},
	{Name: "record_number", Required: true},
	{Name: "record_code", Required: true},
	{Name: "record_url", Required: true},
	{Name: "submit_at", Required: true},
	{Name: "submit_at_iso", Required: true},
	{Name: "submit_method", Required: true},
	{Name: "recorder", Required: true},
	{Name: "tpl_groups", Required: true},
	{Name: "project"},
	{Name: "qrcode", Required: true},
	{Name: "org", Required: true},
	{Name: "record_template", Required: true},
	{Name: "audit", Moves: true},
	{Name: "process_status", Moves: true},
	{Name: "state_changes", Moves: true},
	{Name: "trusted_notary", Moves: true},
}

// MoveMayChange says whether a verify may change the Record member name
// on the record it moves (RecordMember.Moves). A name the Record does
// not have is no member a move may touch: it may not appear either.
func MoveMayChange(name string) bool {
	for _, m := range RecordMembers {
		if m.Name == name {
			return m.Moves
		}
	}
	return false
}
