package conformance

import (
	"fmt"
)

// relation.live.byUrl: a record read by its record_url and by its
// record_id, by one key in one format, with no verify anywhere in the
// space between, reads the same (statement 4.1.byUrl, "the same payload
// in every format"). The record a URL names is the one a json read of
// it gave (names); a request that sends anything but one of the two and
// a format is not compared.

// addressedRead is what is remembered of one read of a record: how it
// was addressed and a hash of its answer.
type addressedRead struct {
	how           string
	full          [32]byte
	gen, spaceGen int
}

// addressed judges a getRecord success against a read of the same record
// addressed the other way, and remembers it.
func (l *liveRelations) addressed(space string, p map[string]any, key [8]byte, id int64, known bool, cur recordRead) []relResult {
	how := ""
	for k, v := range p {
		switch {
		case k == "format":
			if s, isString := v.(string); !isString || !isFormat(s) {
				return nil
			}
		case (k == "record_id" || k == "record_url") && how == "":
			how = k
		default:
			return nil
		}
	}
	if how == "record_url" {
		u, _ := p["record_url"].(string)
		if named, ok := l.names.get(nameOf(space, u)); ok {
			id, known = named, true
		}
	}
	if how == "" || !known {
		return nil
	}
	format, _ := p["format"].(string)
	if format == "" {
		format = "json"
	}
	k := hashOf("addressed", space, string(key[:]), fmt.Sprint(id), format)
	now := addressedRead{how: how, full: cur.full, gen: cur.gen, spaceGen: cur.spaceGen}
	before, seen := l.byAddress.get(k)
	l.byAddress.put(k, now)
	if !seen || before.how == how || before.gen != now.gen || before.spaceGen != now.spaceGen {
		return nil
	}
	problem := ""
	if before.full != now.full {
		problem = fmt.Sprintf("record %d in %s reads otherwise by record_url than by record_id, and no verify came between", id, format)
	}
	return []relResult{{id: relByURLLive, problem: problem}}
}
