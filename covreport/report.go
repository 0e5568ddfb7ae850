// Package covreport is the consumer-coverage report of rtq mock: what the
// tests of a client of the service sent and received, dimension by
// dimension, each entry counted and the missing ones named, and the
// client's own broken duties as findings (docs/mock.md, "Consumer
// coverage"). The mock fills it (mockserver's coverage room); this package
// only holds its shape, joins the reports of sharded runs (merge.go),
// renders them as text, JSON and JUnit (render.go) and checks thresholds
// (check.go), so that rtq coverage, rtqtest and the WebAssembly module
// read one model.
package covreport

import "slices"

// Report is the consumer coverage of one namespace (or of several, joined).
// Its JSON is what GET /__admin/coverage answers and what
// rtq mock --coverage-out writes.
type Report struct {
	// Namespace is the state namespace counted: "" for the root, "*" for
	// every namespace joined (rtq mock --coverage-out, ?namespace=*).
	Namespace string `json:"namespace"`
	// Calls is how many answered calls counted.
	Calls int64 `json:"calls"`
	// Excluded counts the calls that never count: admin API, rtq's own
	// tools (rtq conform, profile discover, record, health), and calls of
	// namespaces past the bound of namespaces kept.
	Excluded Excluded `json:"excluded"`
	// Shards is how many reports were joined into this one (1 for a run).
	Shards     int        `json:"shards"`
	Dimensions Dimensions `json:"dimensions"`
	// Findings are the client's own duties it broke, each with the first
	// request that broke it.
	Findings []Finding `json:"findings"`
}

// Excluded counts the calls left out of a report, by why.
type Excluded struct {
	Admin    int64 `json:"admin"`
	Kit      int64 `json:"kit"`
	Overflow int64 `json:"overflow"`
}

// Dimensions are the report's dimensions, in the order a report shows them.
type Dimensions struct {
	Endpoints   Dimension `json:"endpoints"`
	Parameters  Dimension `json:"parameters"`
	Errors      Dimension `json:"errors"`
	Shapes      Dimension `json:"shapes"`
	FieldTypes  Dimension `json:"field_types"`
	Transitions Dimension `json:"transitions"`
}

// DimensionNames are the names of the dimensions, as JSON and the
// thresholds of rtq coverage merge --min name them.
var DimensionNames = []string{"endpoints", "parameters", "errors", "shapes", "field_types", "transitions"}

// Each calls f with every dimension and its name, in order.
func (d *Dimensions) Each(f func(name string, dim *Dimension)) {
	for i, p := range []*Dimension{&d.Endpoints, &d.Parameters, &d.Errors, &d.Shapes, &d.FieldTypes, &d.Transitions} {
		f(DimensionNames[i], p)
	}
}

// Dimension is one dimension: every entry its denominator names, with how
// often the client met it.
type Dimension struct {
	Covered int `json:"covered"`
	Total   int `json:"total"`
	// Missing are the entries never met, in the denominator's order.
	Missing []string `json:"missing"`
	// Unreachable are the missing entries the scenario served could not
	// have produced, whatever the client sent: a gap of the scenario, not
	// of the client's tests.
	Unreachable []string `json:"unreachable"`
	// Entries is the denominator, each entry with its count (0: missing).
	Entries []Entry `json:"entries"`
	// Other are answers met outside the denominator (a recorded service's
	// own error, a status the contract does not list), counted.
	Other []Entry `json:"other,omitempty"`
}

// Entry is one thing the client could meet, and how often it did.
type Entry struct {
	ID    string `json:"id"`
	Count int64  `json:"count"`
}

// Finding is one duty of the client it broke: how often, and the first
// request that broke it (secrets masked).
type Finding struct {
	// Duty names the duty: one of Duties.
	Duty string `json:"duty"`
	// Statement is the SPEC statement of docs/contract.md it breaks, when
	// one states it.
	Statement string  `json:"statement,omitempty"`
	Message   string  `json:"message"`
	Count     int64   `json:"count"`
	Request   Request `json:"request"`
}

// Request is what a finding shows of the request that broke the duty.
type Request struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	ContentType string `json:"content_type"`
	Body        string `json:"body"`
}

// Finish fills Covered, Total and Missing from the entries, and keeps
// only the unreachable entries that are missing.
func (d *Dimension) Finish() {
	d.Covered, d.Total, d.Missing = 0, len(d.Entries), []string{}
	for _, e := range d.Entries {
		if e.Count > 0 {
			d.Covered++
		} else {
			d.Missing = append(d.Missing, e.ID)
		}
	}
	un := []string{}
	for _, id := range d.Unreachable {
		if slices.Contains(d.Missing, id) {
			un = append(un, id)
		}
	}
	d.Unreachable = un
	if d.Entries == nil {
		d.Entries = []Entry{}
	}
}

// Count is the count of the entry id, and whether the dimension lists it
// (in its denominator or among Other).
func (d *Dimension) Count(id string) (int64, bool) {
	for _, list := range [][]Entry{d.Entries, d.Other} {
		for _, e := range list {
			if e.ID == id {
				return e.Count, true
			}
		}
	}
	return 0, false
}

// Dimension returns the dimension called name; nil for an unknown name.
func (r *Report) Dimension(name string) *Dimension {
	var found *Dimension
	r.Dimensions.Each(func(n string, d *Dimension) {
		if n == name {
			found = d
		}
	})
	return found
}

// Finding returns the finding of duty, if the client broke it.
func (r Report) Finding(duty string) (Finding, bool) {
	for _, f := range r.Findings {
		if f.Duty == duty {
			return f, true
		}
	}
	return Finding{}, false
}
