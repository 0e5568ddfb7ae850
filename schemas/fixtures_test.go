package schemas

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fixtureName splits "record/getRecord.response.invalid-code.json" into its
// schema file ("record/getRecord.response.json") and whether it should pass.
var fixtureName = regexp.MustCompile(`^(.+)\.(valid|invalid)(-[a-z0-9-]+)?\.json$`)

// invalidFixtures says, for every invalid fixture, which problem it must
// produce: a fixture rejected for another reason than intended would hide a
// hole in the schema.
var invalidFixtures = []struct{ file, pointer, rule string }{
	{"record.invalid-extra-member.json", "", `member(s) "foo" not allowed`},
	{"record.invalid-iso-time.json", "/submit_at_iso", `pattern`},
	{"record.invalid-template-type.json", "/record_template/type", `must be one of`},
	{"record.invalid-color.json", "/process_status/color", `pattern`},
	{"record.invalid-field-type.json", "/tpl_groups/0/fields/0/field_type", `allowed values`},
	{"record.invalid-image-url.json", "/tpl_groups/0/fields/0/field_value/0/url", `valid uri`},
	{"record.invalid-ai-audit-status.json", "/tpl_groups/0/fields/0/field_value/0/ai_audit_result/audit_status", `must be one of`},
	{"record.invalid-notary-time.json", "/trusted_notary/notarized_at", `type integer`},
	{"record.invalid-url-not-ascii.json", "/record_url", `must be a valid uri`},
	{"record.invalid-missing-org.json", "", `missing required member "org"`},
	{"record/getRecord.request.invalid-neither.json", "", `matches none of the alternatives`},
	{"record/getRecord.request.invalid-format.json", "/format", `must be one of`},
	{"record/getRecord.request.invalid-id-type.json", "/record_id", `type integer`},
	{"record/getRecord.response.invalid-extra-member.json", "", `member(s) "request_id" not allowed`},
	{"record/getRecord.response.invalid-content-type.json", "/data/content_type", `must be "application/ld+json; charset=utf-8"`},
	{"record/getRecord.response.invalid-markdown-front-matter.json", "/data/data", `pattern`},
	{"record/getRecord.response.invalid-jsonld-main-entity.json", "/data/data", `missing required member "mainEntity"`},
	{"record/getRecord.response.invalid-record-in-json.json", "/data/data", `missing required member "record_code"`},
	{"record/getRecord.response.invalid-code.json", "/code", `must be 0`},
	{"record/getRecord.error.invalid-missing-detail.json", "", `missing required member "message_detail"`},
	{"record/getRecord.error.invalid-code-zero.json", "/code", `forbids`},
	{"certificates/verify.request.invalid-missing-target.json", "", `missing required member "to_certificate_status"`},
	{"certificates/verify.request.invalid-action.json", "/action_type", `must be one of`},
	{"certificates/verify.request.invalid-tpl-id-type.json", "/tpl_id", `type integer`},
	{"certificates/verify.response.invalid-missing-status.json", "/data", `missing required member "certificate_status"`},
	{"certificates/verify.error.invalid-data-not-empty.json", "/data", `at most 0 member`},
	{"certificates/verify.error.invalid-missing-error-code.json", "", `missing required member "error_code"`},
	{"record/getFormList.request.invalid-page-size.json", "/page_size", `must be <= 20`},
	{"record/getFormList.request.invalid-page.json", "/page", `must be >= 1`},
	{"record/getFormList.response.invalid-active-iso.json", "/data/list/0/active_at_iso", `pattern`},
	{"record/getFormList.response.invalid-missing-total.json", "/data/page", `missing required member "total"`},
	{"record/getFormList.response.invalid-project.json", "/data/list/0/project", `missing required member "number"`},
	{"record/getFormList.error.invalid-missing-error-code.json", "", `missing required member "error_code"`},
	{"templates/list.request.invalid-page-size.json", "/page_size", `must be <= 100`},
	{"templates/list.request.invalid-start-time-type.json", "/start_time", `type string`},
	{"templates/list.response.invalid-token-type.json", "/data/next_page_token", `type null or string`},
	{"templates/list.response.invalid-item-missing-coding.json", "/data/list/0", `missing required member "coding"`},
	{"templates/list.error.invalid-code-zero.json", "/code", `forbids`},
	{"templates/list.error.invalid-missing-data.json", "", `missing required member "data"`},
	{"templates/listQrcodes.request.invalid-page-size.json", "/page_size", `must be <= 100`},
	{"templates/listQrcodes.request.invalid-start-time-type.json", "/start_time", `type string`},
	{"templates/listQrcodes.response.invalid-token-type.json", "/data/next_page_token", `type null or string`},
	{"templates/listQrcodes.response.invalid-item-missing-coding.json", "/data/list/0", `missing required member "coding"`},
	{"templates/listQrcodes.error.invalid-code-zero.json", "/code", `forbids`},
	{"templates/listQrcodes.error.invalid-missing-data.json", "", `missing required member "data"`},
	{"templates/listQrcodes.request.invalid-no-template.json", "", `missing required member "template"`},
}

// fixtureFiles lists fixtures/messages, relative and with forward slashes.
func fixtureFiles(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "fixtures", "messages")
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestFixtures(t *testing.T) {
	s := compiled(t)
	want := make(map[string][2]string, len(invalidFixtures))
	for _, f := range invalidFixtures {
		want[f.file] = [2]string{f.pointer, f.rule}
	}
	for _, name := range fixtureFiles(t) {
		m := fixtureName.FindStringSubmatch(name)
		if m == nil {
			t.Errorf("%s: name is not <schema>.{valid,invalid}[-what].json", name)
			continue
		}
		err := s.Validate(m[1]+".json", readFixture(t, name))
		if m[2] == "valid" {
			if err != nil {
				t.Errorf("%s: want valid, got\n%v", name, err)
			}
			continue
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: invalid fixture without an entry in invalidFixtures (schemas/fixtures_test.go): the pointer and the rule it must break", name)
			continue
		}
		delete(want, name)
		assertProblem(t, name, err, w[0], w[1])
	}
	for name := range want {
		t.Errorf("invalidFixtures names %s, which does not exist", name)
	}
}

// assertProblem fails unless err is a *ValidationError with a problem at
// pointer whose rule contains rule.
func assertProblem(t *testing.T, name string, err error, pointer, rule string) {
	t.Helper()
	var verr *ValidationError
	if !errors.As(err, &verr) {
		t.Errorf("%s: want a *ValidationError, got %v", name, err)
		return
	}
	for _, p := range verr.Problems {
		if p.Pointer == pointer && strings.Contains(p.Rule, rule) {
			return
		}
	}
	t.Errorf("%s: want a problem at %q containing %q, got\n%v", name, pointer, rule, err)
}

func TestEveryMessageHasValidAndInvalidFixtures(t *testing.T) {
	seen := map[string]map[string]bool{}
	for _, name := range fixtureFiles(t) {
		if m := fixtureName.FindStringSubmatch(name); m != nil {
			if seen[m[1]] == nil {
				seen[m[1]] = map[string]bool{}
			}
			seen[m[1]][m[2]] = true
		}
	}
	for _, f := range append(messageFiles(), "record.json") {
		base := strings.TrimSuffix(f, ".json")
		if !seen[base]["valid"] || !seen[base]["invalid"] {
			t.Errorf("%s: want at least one valid and one invalid fixture under fixtures/messages, have %v", f, seen[base])
		}
	}
	if _, err := os.Stat(filepath.Join("..", "fixtures", "messages", "record.valid.json")); err != nil {
		t.Error(err)
	}
}
