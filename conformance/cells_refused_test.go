package conformance

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/profile"
)

// TestRefusedReadsCoverEveryPair: the refused reads of getRecord (no key,
// a key nobody issued, another organization's key) send every pair of
// key, address (id, URL, URL with its host in capitals) and format,
// whatever the seed, within their rows: four for each probe key, one by
// id and one by URL for each record with the other organization's key.
func TestRefusedReadsCoverEveryPair(t *testing.T) {
	p := &profile.Profile{}
	for i := range 6 {
		p.Records = append(p.Records, profile.Record{ID: int64(100 + i), URL: fmt.Sprintf("https://qa.example/r/c%d", i)})
	}
	for seed := range uint64(40) {
		probes, other := refusedReads(seed, p)
		seen := map[string]bool{}
		mark := func(c cell) {
			f := []string{"key " + c.role, "address " + c.address, "format " + formatName(c.format)}
			seen[f[0]+" / "+f[1]], seen[f[0]+" / "+f[2]], seen[f[1]+" / "+f[2]] = true, true, true
		}
		for _, role := range []string{"none", "bad"} {
			if len(probes[role]) != refusedReadsPerProbe {
				t.Fatalf("seed %d: the %s key has %d rows", seed, role, len(probes[role]))
			}
			for _, c := range probes[role] {
				mark(c)
			}
		}
		if len(other) != 2*len(p.Records) {
			t.Fatalf("seed %d: %d rows of the other organization's key", seed, len(other))
		}
		for i, cs := range other {
			if len(cs) != 1 || (cs[0].address == "id") != (i%2 == 0) {
				t.Fatalf("seed %d: row %d of the other organization's key is %v", seed, i, cs)
			}
			mark(cs[0])
		}
		for _, role := range []string{"none", "bad", profile.RoleOtherOrg} {
			for _, a := range refusedReadAddresses {
				if !seen["key "+role+" / address "+a] {
					t.Errorf("seed %d: the %s key never reads by %s", seed, role, a)
				}
				for _, f := range cellFormats {
					if !seen["address "+a+" / format "+formatName(f)] {
						t.Errorf("seed %d: no refused read by %s in %s", seed, a, formatName(f))
					}
				}
			}
			for _, f := range cellFormats {
				if !seen["key "+role+" / format "+formatName(f)] {
					t.Errorf("seed %d: the %s key never reads in %s", seed, role, formatName(f))
				}
			}
		}
	}
}

// TestRefusedReadBodySpellsTheHost: the URL in capitals differs from the
// URL only in its scheme and host, and every cell names its format.
func TestRefusedReadBodySpellsTheHost(t *testing.T) {
	rec := profile.Record{ID: 7, URL: "https://qa.example/r/aBc1"}
	if got := refusedReadBody(cell{"none", "url capitals", "markdown"}, rec); got["record_url"] != "HTTPS://QA.EXAMPLE/r/aBc1" || got["format"] != "markdown" {
		t.Errorf("url capitals: %v", got)
	}
	if got := refusedReadBody(cell{"none", "id", ""}, rec); got["record_id"] != int64(7) || len(got) != 1 {
		t.Errorf("id in the default format: %v", got)
	}
}

// TestRefusedListsCoverEveryFilter: no key and a key nobody issued each
// send getFormList under every filter, and each filter goes on a first
// page with one key and on a later page with the other.
func TestRefusedListsCoverEveryFilter(t *testing.T) {
	p := &profile.Profile{}
	p.Forms.Numbers = []string{"FX-001"}
	p.Forms.Searches = []profile.Search{{Key: "night"}}
	p.Forms.Combined = []profile.Combined{{Number: "FX-001", Key: "巡检"}}
	for seed := range uint64(8) {
		pages := map[string]map[any]bool{}
		for _, role := range []string{"none", "bad"} {
			bodies := refusedListBodies(seed, p, role)
			if len(bodies) != 4 {
				t.Fatalf("seed %d: the %s key sends %d bodies", seed, role, len(bodies))
			}
			for _, b := range bodies {
				what := fmt.Sprint(b["number"] != nil, b["search_key"] != nil)
				if pages[what] == nil {
					pages[what] = map[any]bool{}
				}
				pages[what][b["page"]] = true
			}
		}
		for _, what := range []string{"false false", "true false", "false true", "true true"} {
			if len(pages[what]) != 2 {
				t.Errorf("seed %d: filter (number, search_key) %s: pages %v", seed, what, pages[what])
			}
		}
	}
}
