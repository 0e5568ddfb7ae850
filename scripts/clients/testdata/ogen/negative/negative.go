// Package negative must not compile: an address has no values member
// (a checkbox has). scripts/check-clients.sh wants the compiler to say so.
package negative

import "example.com/rtqogen/rtq"

func values(f rtq.RecordFieldAddress) int { return len(f.FieldValue.Values) }
