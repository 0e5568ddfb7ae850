package discover

import (
	"context"
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// records reads each named record (format json) and keeps its id, URL,
// field types, masked string fields and form. The records are read side
// by side and kept in the order they were named.
func (d *discoverer) records(ctx context.Context, s *sink) error {
	var bodies []map[string]any
	for _, id := range d.opts.RecordIDs {
		bodies = append(bodies, map[string]any{"record_id": id, "format": "json"})
	}
	for _, u := range d.opts.RecordURLs {
		bodies = append(bodies, map[string]any{"record_url": u, "format": "json"})
	}
	if len(bodies) == 0 {
		s.note("records", "no record named: give --record-id or --record-url so that getRecord is checked")
	}
	seen := map[int64]bool{}
	jobs := make([]svcclient.Job, len(bodies))
	for i, body := range bodies {
		jobs[i] = func(ctx context.Context) (func(), error) {
			data, err := d.c.read(ctx, contract.GetRecord.Name, d.opts.ReadKey, body)
			if err != nil {
				return nil, err
			}
			rec, _ := data["data"].(map[string]any)
			if rec == nil {
				return nil, fmt.Errorf("record/getRecord %s: no record in data.data", compact(body))
			}
			return func() {
				pr, code := describeRecord(rec)
				if seen[pr.ID] {
					return
				}
				seen[pr.ID] = true
				d.res.Profile.Records = append(d.res.Profile.Records, pr)
				if code.code != "" {
					d.codes = append(d.codes, code)
				}
			}, nil
		}
	}
	return d.overlap(ctx, jobs)
}

// describeRecord is the profile's view of one getRecord payload.
func describeRecord(rec map[string]any) (profile.Record, recordCode) {
	id, _ := intOf(rec["record_id"])
	pr := profile.Record{ID: id}
	pr.URL, _ = rec["record_url"].(string)
	seen := map[string]bool{}
	groups, _ := rec["tpl_groups"].([]any)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		fields, _ := gm["fields"].([]any)
		for _, f := range fields {
			fm, _ := f.(map[string]any)
			typ, _ := fm["field_type"].(string)
			if typ != "" && !seen[typ] {
				seen[typ] = true
				pr.FieldTypes = append(pr.FieldTypes, typ)
			}
			opts, _ := fm["options"].(map[string]any)
			_, isString := fm["field_value"].(string)
			if masked, _ := opts["is_masked"].(bool); masked && isString {
				fid, _ := intOf(fm["field_id"])
				pr.MaskedFields = append(pr.MaskedFields, fid)
			}
		}
	}
	code := recordCode{id: id}
	code.code, _ = rec["record_code"].(string)
	if tpl, _ := rec["record_template"].(map[string]any); tpl != nil {
		if fid, ok := intOf(tpl["id"]); ok && fid != 0 {
			pr.FormID = &fid
			code.form = fid
		}
	}
	if ps, _ := rec["process_status"].(map[string]any); ps != nil {
		code.status, _ = ps["text"].(string)
	}
	return pr, code
}
