package conformance

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// unknownRecordID is a record id no profile lists and no target should hold.
const unknownRecordID = 987654321987

func recordCheck(id, section string, sev Severity, run func(t *T)) Check {
	return Check{ID: id, Endpoint: contract.GetRecord.Name, Section: section, Severity: sev, run: run}
}

func recordChecks() []Check {
	return []Check{
		lettingGo(recordCheck("getRecord.json.schema", "4.1", Must, checkRecordSchema)),
		lettingGo(recordCheck("getRecord.wrapper", "4.1", Must, checkRecordWrapper)),
		lettingGo(recordCheck("getRecord.format.json", "4.1", Must, formatCheck("json"))),
		lettingGo(recordCheck("getRecord.format.jsonld", "2.2", Must, formatCheck("json-ld"))),
		lettingGo(recordCheck("getRecord.format.markdown", "2.2", Must, formatCheck("markdown"))),
		lettingGo(recordCheck("getRecord.byUrl", "4.1", Must, checkRecordByURL)),
		lettingGo(recordCheck("getRecord.profile", "2.1", Must, checkRecordProfile)),
		lettingGo(recordCheck("getRecord.iso", "1.3", Must, checkRecordISO)),
		lettingGo(recordCheck("getRecord.masked", "2.1", Must, checkRecordMasked)),
		lettingGo(recordCheck("getRecord.values.order", "2.1", Must, checkValuesOrder)),
		lettingGo(recordCheck("getRecord.values.members", "2.1", Must, checkValuesMembers)),
		lettingGo(recordCheck("getRecord.values.labels", "3.2", Must, checkValuesLabels)),
		lettingGo(recordCheck("getRecord.texts.chinese", "1.4", Should, checkRecordChinese)),
		recordCheck("getRecord.error.notFound", "4.1", Must, checkRecordNotFound),
		recordCheck("getRecord.error.params", "4.1", Must, checkRecordParams),
		recordCheck("getRecord.error.format", "4.1", Must, checkRecordBadFormat),
	}
}

// getRecord fetches a record (memoized per run) with the read key. The
// read is marked as made before the writes when the gate was still shut
// as it ended: under --only no read check may hold the gate, and the
// first read of a record is then a verify check's, made after moves.
func (t *T) getRecord(body map[string]any) *Exchange {
	key := fmt.Sprintf("getRecord %v", body)
	return t.once(key, func(t *T) any {
		x := t.post(contract.GetRecord, "read", body)
		x.beforeWrites = !t.r.gate.opened()
		return x
	}).(*Exchange)
}

// records runs f for every profile record, or skips when there are none.
func (t *T) records(f func(t *T, rec profile.Record)) {
	recs := t.r.prof.Records
	if len(recs) == 0 {
		t.Skipf("the profile lists no records")
		return
	}
	t.recordsAt(func(t *T, i int) { f(t, recs[i]) })
}

// recordsAt runs f for the index of each profile record, as branches:
// in a check that lets the writes go (Check.letsGo), the records they may
// change first, the others beside the writes (T.eachHeld).
func (t *T) recordsAt(f func(t *T, i int)) {
	recs := t.r.prof.Records
	t.eachHeld(len(recs), func(i int) bool { return t.r.gate.movedRecord(recs[i].ID) }, f)
}

// recordPayload fetches a record as json and returns the Record payload.
func (t *T) recordPayload(rec profile.Record) (map[string]any, *Exchange) {
	x := t.getRecord(map[string]any{"record_id": rec.ID, "format": "json"})
	data := t.success(x, responseFile(contract.GetRecord))
	if data == nil {
		return nil, x
	}
	payload, _ := data["data"].(map[string]any)
	return payload, x
}

func checkRecordSchema(t *T) {
	recs := t.r.prof.Records
	if len(recs) == 0 {
		t.Skipf("the profile lists no records")
		return
	}
	// Every record, then the first without format, as branches: the check
	// lets the writes go once the records they may change are read.
	sees := func(i int) bool { return t.r.gate.movedRecord(recs[i%len(recs)].ID) }
	t.eachHeld(len(recs)+1, sees, func(t *T, i int) {
		if i == len(recs) {
			t.defaultFormat(recs[0])
			return
		}
		rec := recs[i]
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		if id, _ := intOf(payload["record_id"]); id != rec.ID {
			t.Errorf(x, "record %d: record_id is %v", rec.ID, payload["record_id"])
		}
		if !rules.SameURL(payload["record_url"], rec.URL) {
			t.Errorf(x, "record %d: record_url is %v, the profile says %s", rec.ID, payload["record_url"], rec.URL)
		}
	})
}

// defaultFormat: the default format is json (docs/contract.md §4.1), the
// same payload, masks included.
func (t *T) defaultFormat(rec profile.Record) {
	x := t.getRecord(map[string]any{"record_id": rec.ID})
	data := t.success(x, responseFile(contract.GetRecord))
	if data != nil && data["format"] != "json" {
		t.Errorf(x, "without format: data.format is %v, want the default json", data["format"])
	}
	if json, _ := t.recordPayload(rec); data != nil && json != nil && !reflect.DeepEqual(data["data"], json) {
		t.Errorf(x, "record %d without format: the payload differs from format json's", rec.ID)
	}
}

func checkRecordWrapper(t *T) {
	t.records(func(t *T, rec profile.Record) {
		for _, f := range contract.Formats {
			x := t.getRecord(map[string]any{"record_id": rec.ID, "format": f.Name})
			obj := t.object(x)
			if obj == nil {
				continue
			}
			if extra := extraKeys(obj, "code", "message", "data"); len(extra) > 0 {
				t.Errorf(x, "record %d (%s): wrapper has members besides code, message and data: %v", rec.ID, f.Name, extra)
			}
			data, _ := obj["data"].(map[string]any)
			for _, k := range []string{"format", "content_type", "data"} {
				if _, ok := data[k]; !ok {
					t.Errorf(x, "record %d (%s): data lacks %q", rec.ID, f.Name, k)
				}
			}
			if data != nil && data["format"] != f.Name {
				t.Errorf(x, "record %d: data.format is %v, requested %s", rec.ID, data["format"], f.Name)
			}
		}
	})
}

func extraKeys(obj map[string]any, allowed ...string) []string {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var extra []string
	for k := range obj {
		if !ok[k] {
			extra = append(extra, k)
		}
	}
	return extra
}

// formatCheck asserts one representation: its content_type, payload type
// and what the spec says of its content (2.2).
func formatCheck(format string) func(t *T) {
	want := ""
	for _, f := range contract.Formats {
		if f.Name == format {
			want = f.ContentType
		}
	}
	return func(t *T) {
		t.records(func(t *T, rec profile.Record) {
			x := t.getRecord(map[string]any{"record_id": rec.ID, "format": format})
			data := t.success(x, responseFile(contract.GetRecord))
			if data == nil {
				return
			}
			if data["content_type"] != want {
				t.Errorf(x, "record %d: content_type is %v, want %q", rec.ID, data["content_type"], want)
			}
			switch format {
			case "json-ld":
				checkJSONLD(t, x, rec, data["data"])
			case "markdown":
				checkMarkdown(t, x, rec, data["data"])
			}
		})
	}
}

func checkJSONLD(t *T, x *Exchange, rec profile.Record, v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		t.Errorf(x, "record %d: json-ld payload is not an object", rec.ID)
		return
	}
	for _, k := range []string{"@context", "@type", "identifier", "name", "url", "mainEntity"} {
		if _, ok := obj[k]; !ok {
			t.Errorf(x, "record %d: json-ld payload lacks %q", rec.ID, k)
		}
	}
	for _, p := range rules.JSONLDTypes(obj) {
		t.Errorf(x, "record %d: json-ld %s", rec.ID, p)
	}
}

func checkMarkdown(t *T, x *Exchange, rec profile.Record, v any) {
	s, ok := v.(string)
	if !ok {
		t.Errorf(x, "record %d: markdown payload is not a string", rec.ID)
		return
	}
	front, body, ok := rules.FrontMatter(s)
	if !ok {
		t.Errorf(x, "record %d: markdown does not begin with a --- front-matter block", rec.ID)
		return
	}
	if p := rules.FrontMatterProblem(front); p != "" {
		t.Errorf(x, "record %d: %s", rec.ID, p)
	}
	for _, k := range []string{"title", "record_id"} {
		if _, ok := rules.YAMLValue(front, k); !ok {
			t.Errorf(x, "record %d: markdown front matter lacks %q", rec.ID, k)
		}
	}
	if v, ok := rules.YAMLValue(front, "record_id"); ok && v != strconv.FormatInt(rec.ID, 10) {
		t.Errorf(x, "record %d: markdown front matter says record_id %s", rec.ID, short([]byte(v)))
	}
	if !rules.HasTopHeading(body) {
		t.Errorf(x, "record %d: markdown has no top-level heading (# …)", rec.ID)
	}
}

func checkRecordByURL(t *T) {
	var pairs []addressPair
	turn := pick(t.r.opts.Seed, "getRecord by URL other keys", len(contract.Formats))
	for i, rec := range t.r.prof.Records {
		if rec.URL != "" {
			f := contract.Formats[(turn+i)%len(contract.Formats)].Name
			pairs = append(pairs, addressPair{contract.GetRecord, fmt.Sprintf("record %d (%s)", rec.ID, f),
				map[string]any{"record_id": rec.ID, "format": f}, map[string]any{"record_url": rec.URL, "format": f}})
		}
	}
	t.each(2, func(t *T, i int) {
		if i == 0 {
			t.addressedAlikeByKey("getRecord by URL", pairs, payloadOf)
		} else {
			t.recordsByURLRead()
		}
	})
}

// recordsByURLRead: the read key reads each record in every format by
// record_id and by record_url alike.
//
// A record that masks values is read so in every format; any other in
// half the formats, turning over the formats with the record and the
// seed, so that every format goes by URL on every run and every record
// and format over runs: masking is what a path may render otherwise.
func (t *T) recordsByURLRead() {
	if len(t.r.prof.Records) == 0 {
		t.Skipf("the profile lists no records")
		return
	}
	turn := pick(t.runSeed(), "getRecord.byUrl formats", 2)
	t.recordsAt(func(t *T, ri int) {
		rec := t.r.prof.Records[ri]
		var formats []int
		for fi := range contract.Formats {
			if len(rec.MaskedFields) > 0 || (ri+fi+turn)%2 == 0 {
				formats = append(formats, fi)
			}
		}
		t.each(len(formats), func(t *T, i int) {
			f := contract.Formats[formats[i]]
			var byID, byURL *Exchange
			t.each(2, func(t *T, j int) {
				if j == 0 {
					byID = t.getRecord(map[string]any{"record_id": rec.ID, "format": f.Name})
				} else {
					byURL = t.getRecord(map[string]any{"record_url": rec.URL, "format": f.Name})
				}
			})
			a := t.success(byID, responseFile(contract.GetRecord))
			b := t.success(byURL, responseFile(contract.GetRecord))
			if a == nil || b == nil {
				return
			}
			if !reflect.DeepEqual(a["data"], b["data"]) {
				t.Errorf(byURL, "record %d (%s): by record_url differs from by record_id", rec.ID, f.Name)
			}
		})
	})
}
