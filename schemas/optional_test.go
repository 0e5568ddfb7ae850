package schemas

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// optionalMembers is the other half of the required test: every member that
// may be left out, written from the spec's own words ("optional", "present
// only when", "not shown"), as "<schema file> <pointer>". In pointers an
// array index is *, a field is * (or its value shape inside field_value),
// and a trailing /** covers a subtree the spec leaves open. Any member of a
// valid fixture that can be deleted without an error must be listed here,
// so a required rule dropped from a schema is caught.
var optionalMembers = []string{
	// Record, docs/contract.md §2.1 (req column) and docs/contract.md §C7.
	"record.json /project", "record.json /audit", "record.json /process_status",
	"record.json /state_changes", "record.json /trusted_notary",
	"record.json /qrcode/category_id",
	"record.json /audit/current_stage_id", "record.json /audit/current_stage_title",
	"record.json /audit/status", "record.json /audit/status_text", "record.json /audit/auditor_name",
	"record.json /process_status/text", "record.json /process_status/color",
	"record.json /trusted_notary/tx_hash", "record.json /trusted_notary/evidence_url",
	"record.json /trusted_notary/notarized_at", "record.json /trusted_notary/notarized_at_iso",
	"record.json /tpl_groups/*/fields/*/field_desc", "record.json /tpl_groups/*/fields/*/field_short_name",
	"record.json /tpl_groups/*/fields/*/group_id",
	// ImageItem wherever it appears: upload_time_iso, ai_audit_result.
	"record.json /tpl_groups/*/fields/images/field_value/*/upload_time_iso",
	"record.json /tpl_groups/*/fields/images/field_value/*/ai_audit_result",
	"record.json /tpl_groups/*/fields/checklist/field_value/*/value/images/*/upload_time_iso",
	"record.json /tpl_groups/*/fields/checklist/field_value/*/value/images/*/ai_audit_result",
	"record.json /tpl_groups/*/fields/ocr/field_value/image/upload_time_iso",
	"record.json /tpl_groups/*/fields/ocr/field_value/image/ai_audit_result",
	// audio, video, file items.
	"record.json /tpl_groups/*/fields/audio/field_value/*/translated_text",
	"record.json /tpl_groups/*/fields/audio/field_value/*/abstract_text",
	"record.json /tpl_groups/*/fields/audio/field_value/*/upload_time_iso",
	"record.json /tpl_groups/*/fields/video/field_value/*/upload_time_iso",
	"record.json /tpl_groups/*/fields/file/field_value/*/upload_time_iso",
	// SubQrcodeEditChangeItem media item: only url is required.
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/size",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/width",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/height",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/duration",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/file_name",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/translated_text",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/abstract_text",
	"record.json /tpl_groups/*/fields/edit_diff/field_value/*/after_value/media_items/*/ai_audit_result",
	// Requests: optional parameters, and unknown members are ignored.
	"record/getRecord.request.json /format", "record/getRecord.request.json /unknown_member",
	"certificates/verify.request.json /from_certificate_status",
	"certificates/verify.request.json /tpl_id", "certificates/verify.request.json /code_id",
	"record/getFormList.request.json /page", "record/getFormList.request.json /page_size",
	"record/getFormList.request.json /search_key", "record/getFormList.request.json /number",
	"templates/list.request.json /start_time", "templates/list.request.json /end_time",
	"templates/list.request.json /page_size", "templates/list.request.json /page_token",
	"templates/listQrcodes.request.json /start_time", "templates/listQrcodes.request.json /end_time",
	"templates/listQrcodes.request.json /page_size", "templates/listQrcodes.request.json /page_token",
	// json-ld mainEntity: "an item list", its schema not shown.
	"record/getRecord.response.json /data/data/mainEntity/**",
	// verify error: message_detail optional (docs/contract.md §4.2).
	"certificates/verify.error.json /message_detail",
}

func TestOnlyTheSpecsOptionalMembersMayBeLeftOut(t *testing.T) {
	t.Parallel() // the three slow walks overlap
	s := compiled(t)
	used := map[string]bool{}
	for _, name := range fixtureFiles(t) {
		m := fixtureName.FindStringSubmatch(name)
		if m == nil || m[2] != "valid" {
			continue
		}
		file := m[1] + ".json"
		doc := readFixture(t, name)
		tried := map[string]bool{}
		eachMember(doc, nil, func(tokens []string, member string) {
			key := file + " " + general(doc, append(slicesClone(tokens), member))
			if tried[key] || strings.HasPrefix(key, "record/getRecord.response.json /data/data/") && !strings.Contains(key, "mainEntity") {
				return // once per general pointer; the Record has its own fixture
			}
			tried[key] = true
			if s.Validate(file, without(doc, tokens, member)) != nil {
				return
			}
			if allowed := optionalFor(key); allowed != "" {
				used[allowed] = true
				return
			}
			t.Errorf("%s: deleting %s is accepted, but the spec does not make it optional (add a required rule, or list it in optionalMembers)", name, key)
		})
	}
	for _, o := range optionalMembers {
		if !used[o] {
			t.Errorf("optionalMembers lists %q, but no valid fixture shows it can be left out", o)
		}
	}
}

func optionalFor(key string) string {
	for _, o := range optionalMembers {
		if o == key || strings.HasSuffix(o, "/**") && strings.HasPrefix(key, strings.TrimSuffix(o, "**")) {
			return o
		}
	}
	return ""
}

// eachMember calls fn for every member of every object in doc.
func eachMember(doc any, tokens []string, fn func(tokens []string, member string)) {
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			fn(tokens, k)
			eachMember(v, append(slicesClone(tokens), k), fn)
		}
	case []any:
		for i, v := range d {
			eachMember(v, append(slicesClone(tokens), strconv.Itoa(i)), fn)
		}
	}
}

// general writes tokens as a pointer with indices as *; a field's index
// becomes its value shape when the pointer goes into field_value, else *.
func general(doc any, tokens []string) string {
	var b strings.Builder
	cur := doc
	for i, tok := range tokens {
		word := tok
		if _, isArr := cur.([]any); isArr {
			word = "*"
			if i > 0 && tokens[i-1] == "fields" && i+1 < len(tokens) && tokens[i+1] == "field_value" {
				word = shapeOf(cur, tok)
			}
		}
		fmt.Fprintf(&b, "/%s", word)
		cur = step(cur, tok)
	}
	return b.String()
}

func shapeOf(fields any, idx string) string {
	f, _ := step(fields, idx).(map[string]any)
	ft, _ := f["field_type"].(string)
	if t, ok := contract.FieldTypeByName(ft); ok {
		return string(t.Shape)
	}
	return "*"
}

func step(v any, tok string) any {
	switch d := v.(type) {
	case map[string]any:
		return d[tok]
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(d) {
			return nil
		}
		return d[i]
	}
	return nil
}
