package foreign

// A round is a set of bugs and correct variants written together by one
// person to measure the conformance runner from outside: the bugs must
// each fail a must check, the variants (builds that differ from Defaults
// only where docs/contract.md allows) must pass. Rounds lists them so
// that a test can run every one and hold the runner to its first-sight
// figures.

// Round is one round of breaks.
type Round struct {
	// Name identifies the round ("blind-1").
	Name string
	// Kind is "blind" (written from the contract alone, without reading
	// the runner) or "adversarial" (written after reading it).
	Kind string
	// Bugs each break one SPEC statement; run each with Options.Bug.
	Bugs []BugInfo
	// Variants are correct builds; run each with Options.Variant.
	Variants []VariantInfo
}

// Variant is one correct build that differs from Defaults only where the
// contract leaves the choice open; switch on one at a time through
// Options.Variant.
type Variant string

// VariantInfo describes one variant and why it is correct.
type VariantInfo struct {
	Variant Variant
	// Differs says what a client sees differ from Defaults.
	Differs string
	// Allowed cites the sentence of docs/contract.md (or of the standard
	// it names) that allows it.
	Allowed string
}

// RuledOut are the variants the contract was found not to allow, each
// with the reading that rules it out: breaks after all, expected to fail
// from then on. Each stays in its round, whose first sight counted it a
// variant.
func RuledOut() map[Variant]string {
	return map[Variant]string{
		VariantB6NoRecordProject:      "docs/contract.md §2.1 and 2.1.held: a record's answers show the project it belongs to; the member may be left out only where it belongs to none, so a service that never shows it tells every client its records have no project",
		VariantA9InnerContentType:     "docs/contract.md §4.1: data.content_type is the string of its table byte for byte, a value of the body clients switch over; RFC 9110's media-type equivalence applies to the answer's Content-Type header only",
		VariantA13EmptyLastPage:       "docs/contract.md §C5, next_page_token: the last page is the last that holds items, also when it is full; a page whose token leads to an empty page breaks §4.4 (null means the last page), and the service knows it from total",
		VariantA13HTTPURL:             "docs/contract.md §C10, URLs: an object's URL names it only as issued (https, its organization's host, the scheme and host in any letter case); the same path under http:// names nothing, as under another host: a lookup by the path alone moves and shows credentials by URLs nobody issued",
		VariantA11TokensVoidAfterMove: "docs/contract.md §C5, Writes between pages: a page's token continues the walk (§4.4) whatever was written since it was issued; a service refuses a token only for another filter, a forgery or another page_size it binds, never because the data changed",
	}
}

// RuledIn are the bugs the contract was found to allow, each with the
// reading that allows it: correct builds after all, which no check may
// fail from then on. Each stays in its round, whose first sight counted
// it a bug.
func RuledIn() map[Bug]string {
	return map[Bug]string{
		BugB10FinishedFlow100326: "docs/contract.md §C6: set_next_certificate_status on a terminal status fails both \"the flow is finished\" (100324) and \"there is no next status\" (100326), and the order of the checks is the kit's, so either code answers; §C10's End of a flow row is the kit's own choice",
	}
}

// Rounds lists every round, oldest first.
func Rounds() []Round {
	return []Round{blindRound1(), blindRound2(), adversarialRound1(), blindRound3(), adversarialRound2(), blindRound4(), adversarialRound3(), blindRound5(), blindRound6(), adversarialRound4(), blindRound7(), adversarialRound5(), blindRound8(), adversarialRound6(), blindRound9(), adversarialRound7(), blindRound10(), adversarialRound8(), blindRound11(), adversarialRound9(), blindRound12(), adversarialRound10(), adversarialRound11(), adversarialRound12(), adversarialRound13(), adversarialRound14(), adversarialRound15()}
}

// is says whether o is built as variant v.
func (o Options) is(v Variant) bool { return v != "" && o.Variant == v }
