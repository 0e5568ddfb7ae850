package conformance

import "path"

// Statement is one SPEC statement of docs/contract.md: one thing the
// specification says that a client can rely on, with a stable id. Every
// check cites the statements it asserts, and every statement a client can
// observe has at least one check and, in e2e/, one contract break that a
// check of it kills: so a PASS says which statements it covers, and a
// statement nobody thought of shows up as a gap, not as a silent pass.
// docs/contract.md's "SPEC statements" table is generated from this one
// (TestContractDocListsEveryStatement).
type Statement struct {
	ID       string   `json:"id"`
	Section  string   `json:"section"`
	Severity Severity `json:"severity"`
	Text     string   `json:"text"`
	// NotChecked says why no client can observe the statement; "" when
	// checks assert it.
	NotChecked string `json:"not_checked,omitempty"`
}

// statementTable is the traceability table, in the contract's order.
var statementTable = []Statement{
	{"C1.method", "§1.1, §C1", Should, "Every operation is a POST: another method (GET, PUT) is never answered like a POST, with a success.", ""},
	{"C1.contentType", "§1.1, §C1", Must, "Every answer, errors included, has the HTTP Content-Type application/json.", ""},
	{"C1.charset", "§1.1, §C1", Must, "The answer's Content-Type charset, when given, is utf-8 (a missing charset reads as UTF-8).", ""},
	{"C1.jsonText", "§1.1, §C1", Must, "Every answer body is one JSON object, UTF-8 without a byte order mark (RFC 8259).", ""},
	{"C1.badInput", "§4, §7, §C1", Must, "Bad request input (not a JSON object, a member of the wrong type, out of range, missing) gets an error in the endpoint's own shape with code other than 0, never a success.", ""},
	{"C1.clientError", "§7, §C1", Should, "A client's own mistake is not answered with an HTTP 5xx.", ""},
	{"C1.timeZone", "§1.3, §C1", Must, "Every *_iso is YYYY-MM-DD HH:MM:SS(UTC+08:00) and the same instant as its *_at seconds; an active_at of 0 pairs with \"\".", ""},
	{"1.2.success", "§1.2", Must, "A success is a JSON object with code 0 and a string message.", ""},
	{"5.requestContentType", "§5 item 2", Must, "Every request carries Content-Type: application/json.",
		"a duty of the client: no answer shows whether the service required the header (the kit accepts any); the mock checks it on the client instead (consumer coverage, finding content_type)"},
	{"C2.noKey", "§5, §C2", Must, "A call without an Authorization header is never a success (401 or 403).", ""},
	{"C2.badKey", "§5, §C2", Must, "A call with a key nobody issued is never a success (401 or 403).", ""},
	{"C2.readKey", "§5", Must, "A key with read permission reads: getFormList does not refuse it with 401 or 403.", ""},
	{"C2.writeScope", "§5 item 3, §C2", Must, "verify with a key without write permission is refused: code 401 or 403, or error_code 100328.", ""},
	{"C2.formScope", "§5 item 4, §C2", Must, "verify by a key whose write permission does not cover the record's form is error_code 100328.", ""},
	{"C2.tenancy", "§4.1, §4.3, §4.4, §4.5, §C2", Must, "Another organization's key sees none of our records, forms, templates or sub-codes, and ours none of its.", ""},
	{"C2.tenancyVerify", "§4.2, §C2", Must, "Another organization's key cannot move our credentials.", ""},
	{"C3.getRecord", "§4.1, §C3", Must, "getRecord errors carry code, error_code, message and message_detail.", ""},
	{"C3.verify", "§4.2, §C3", Must, "verify errors carry code, message, data {} and error_code.", ""},
	{"C3.formList", "§4.3, §C3", Must, "getFormList errors carry code, error_code, message and message_detail.", ""},
	{"C3.templates", "§4.4, §C3", Must, "templates/list errors carry code 400, message and data {}.", ""},
	{"C3.listQrcodes", "§4.5, §C3", Must, "listQrcodes errors carry code 400 (404 for an unknown template), message and data {}.", ""},
	{"2.1.schema", "§2.1", Must, "The Record payload has the members of §2.1 and no others, each of its type, and each field_value has the shape of its field_type.", ""},
	{"2.1.identity", "§4.1", Must, "getRecord answers the record asked for: its record_id and record_url are those of the request.", ""},
	{"2.1.held", "§2.1, §1.3", Must, "A record's answers, in every format and to every key, show the values the service holds for it: its submit_at (submit_at_iso the same instant), record_number, organization and project (absent or null where it belongs to none, never an object of zero values).", ""},
	{"2.1.fields", "§2.1", Must, "A record's answer holds its fields (the field types the profile lists), and the fields the profile lists as masked have is_masked true.", ""},
	{"2.1.masked", "§2.1, §C8", Must, "A string value with is_masked true is shown desensitized: it holds a mask character and shows in clear no more than its type's share (a name 1 character, a phone number 7, an identity number 10, any other string 2; where its length is known, never all of it).", ""},
	{"C8.otherFormats", "§2.1, §C8", Must, "No representation (json-ld, markdown) shows in clear a value json shows masked.", ""},
	{"2.1.chainedOrder", "§2.1", Must, "chained_selects values are ordered by ascending level, from 1.", ""},
	{"2.1.diffMembers", "§2.1", Must, "In sub_qrcode_edit_diff, text_content is \"\" for media field types and media_items [] for the others, and a media item carries only its type's members.", ""},
	{"2.1.matrixUuid", "§2.1", Must, "A matrix column that is not a choice (text, identity, date, owner_address) has option_uuid null.", ""},
	{"2.1.fileName", "§2.1", Must, "A file item's file_name carries its extension.", ""},
	{"2.1.labels", "§2.1, §3.2, §3.4", Must, "A label is its code's: one audit.status, ai_audit_result.audit_status, qrcode.type or record_template.type always carries the same text, and different review statuses carry different texts.", ""},
	{"1.4.chinese", "§1.4, §C9", Should, "Texts the service generates (type_text, status_text, submit_method, audit_status_text) are Chinese.", ""},
	{"4.1.wrapper", "§4.1", Must, "A getRecord success is {code, message, data: {format, content_type, data}} with nothing else at the top.", ""},
	{"4.1.formatEcho", "§4.1", Must, "data.format echoes the requested format.", ""},
	{"4.1.defaultFormat", "§4.1", Must, "Without format, getRecord answers json: the same payload as format json, masks included.", ""},
	{"4.1.contentType.json", "§4.1", Must, "format json: data.content_type is application/json; charset=utf-8 and data.data an object.", ""},
	{"4.1.contentType.jsonld", "§4.1", Must, "format json-ld: data.content_type is application/ld+json; charset=utf-8 and data.data an object.", ""},
	{"4.1.contentType.markdown", "§4.1", Must, "format markdown: data.content_type is text/markdown; charset=utf-8 and data.data a string.", ""},
	{"2.2.jsonld", "§2.2", Must, "json-ld holds @context, @type, identifier, name, url and mainEntity, and mainEntity is an item list (an object).", ""},
	{"2.2.markdown", "§2.2", Must, "markdown starts with front matter holding title and record_id, then a top-level heading.", ""},
	{"2.2.markdownId", "§2.2", Must, "markdown's front-matter record_id is the record's own record_id.", ""},
	{"4.1.byUrl", "§4.1", Must, "getRecord by record_url gives the same payload as by record_id, in every format.", ""},
	{"4.1.notFound", "§4.1", Must, "getRecord of a record that does not exist is an error, never a success.", ""},
	{"4.3.schema", "§4.3, §2.3", Must, "A getFormList success is {code 0, message, data: {version, list of Form, page: {current_page, last_page, per_page, total}}}.", ""},
	{"2.3.project", "§2.3", Must, "A form's project is the project it is linked to, and null where it is linked to none.", ""},
	{"8.formList.defaults", "§4.3, §8", Must, "Without page and page_size: current_page 1, per_page 10.", ""},
	{"8.formList.max", "§8, §C5", Must, "page_size above 20 (21, 100): at most 20 forms on a page and per_page at most 20 (clamped or refused).", ""},
	{"8.formList.maxInclusive", "§8", Must, "page_size 20, the maximum itself, is served: per_page 20.", ""},
	{"4.3.lastPage", "§4.3, §C5", Should, "last_page is max(ceil(total / per_page), 1): the page with current_page >= last_page is the last that holds forms.", ""},
	{"4.3.disjoint", "§4.3", Must, "No form is on two pages of one walk.", ""},
	{"4.3.total", "§4.3", Must, "The pages of a walk hold total forms, and total is the same on every page.", ""},
	{"4.3.totalFilter", "§4.3", Must, "total counts the forms that match the filter (number, search_key), not all forms.", ""},
	{"4.3.number", "§4.3", Must, "number is exact: every hit has exactly that number; a prefix, a substring or another case of a number hits no form with another number.", ""},
	{"4.3.searchKey", "§4.3, §C5", Should, "search_key is fuzzy: each hit holds the key in its name, note or number (folding case, width and marks), and a key forms hold hits them.", ""},
	{"4.3.both", "§4.3", Must, "number and search_key sent together: both apply.", ""},
	{"9.version", "§9", Should, "getFormList answers data.version v1.", ""},
	{"4.4.schema", "§4.4, §2.4", Must, "A templates/list success is {code 0, message, data: {list of {tpl_id, name, coding}, next_page_token, total}}.", ""},
	{"4.5.schema", "§4.5, §2.5", Must, "A listQrcodes success is {code 0, message, data: {list of {name, id, coding}, next_page_token, total}}.", ""},
	{"4.4.disjoint", "§4.4, §4.5", Must, "No item is on two pages of one cursor walk.", ""},
	{"4.4.total", "§4.4, §4.5", Must, "The pages of a cursor walk hold total items; total is the same on every page and for every page_size.", ""},
	{"4.4.totalFilter", "§4.4, §4.5", Must, "total counts the items that match start_time and end_time, not all items.", ""},
	{"4.4.lastToken", "§4.4, §4.5", Must, "next_page_token is null on the last page, also when the list is empty; no empty page carries a token and no token repeats.", ""},
	{"8.cursor.max", "§8, §C5", Must, "page_size above 100 (101, 1000): at most 100 items on a page (clamped or refused).", ""},
	{"8.cursor.maxInclusive", "§8", Must, "page_size 100, the maximum itself, is served: up to 100 items on one page.", ""},
	{"4.4.startTime", "§4.4, §4.5", Must, "start_time alone is a lower bound on creation time: it leaves out exactly the items created before it.", ""},
	{"4.4.endTime", "§4.4, §4.5", Must, "end_time alone is an upper bound on creation time: it leaves out exactly the items created after it.", ""},
	{"4.4.window", "§4.4, §4.5", Must, "start_time and end_time together give the items created between them, and only those.", ""},
	{"4.5.byUrl", "§4.5", Must, "template takes a coding or the template's full URL: both list the same sub-codes.", ""},
	{"4.5.unknownTemplate", "§4.5", Must, "listQrcodes of a template that does not exist or the caller may not see is code 404 with data {}.", ""},
	{"4.5.missingTemplate", "§4.5", Must, "listQrcodes without template is an error with code 400.", ""},
	{"3.1.move", "§3.1", Must, "set_certificate_status to a status reachable from the current one moves the record there; certificate_status is the new status's name.", ""},
	{"3.1.next", "§3.1", Must, "set_next_certificate_status moves the record to the next status of its flow.", ""},
	{"4.2.successData", "§4.2", Must, "A verify success describes the verified record: record_id, record_number, org_id and submit_at as getRecord gives them.", ""},
	{"4.2.names", "§4.2", Must, "A status may be named by its name or by its id written as a string, and certificate_code may be the code or the record's full URL.", ""},
	{"3.1.atomic", "§3.1, §C6", Must, "Of concurrent moves of one record from one status (the same move, or two different ones naming that status as from_certificate_status) exactly one succeeds; the others get 100324 or 100326.", ""},
	{"7.repeat", "§7", Must, "Moving a record to the status it is in (a repeated verification) is 100326.", ""},
	{"7.conditions", "§3.1, §7", Must, "Each failing condition of §3.1 gives its error_code of §7 (from_certificate_status not the current status: 100324; tpl_id or code_id not the record's: 100323; ...).", ""},
	{"7.params", "§7", Must, "A missing or invalid parameter (certificate_code, to_certificate_status with set_certificate_status, tpl_id not an integer) is 100301.", ""},
	{"7.badAction", "§7", Must, "An action_type other than the two is 100325 (the runner accepts 100301 too).", ""},
	{"7.unknownCode", "§7", Must, "A certificate code that names no record is 100320.", ""},
}

// checkStatements traces checks to statements: GLOBs on check ids (the
// first that matches wins) and the statement ids each asserts.
var checkStatements = []struct {
	glob string
	ids  []string
}{
	{"transport.method", []string{"C1.method"}},
	{"transport.contentType", []string{"C1.contentType"}},
	{"transport.charset", []string{"C1.charset"}},
	{"transport.json", []string{"C1.jsonText"}},
	{"transport.unknownPath", []string{"C1.contentType", "C1.jsonText", "C2.noKey"}},
	{"transport.bodyTooLarge", []string{"C1.contentType", "C1.jsonText"}},
	{"transport.requestContentType", []string{"C1.contentType", "C1.jsonText"}},
	{"transport.protocols", []string{"C1.contentType", "C1.jsonText"}},
	{"transport.requestForms", []string{"C1.contentType", "C1.jsonText", "4.3.number"}},
	{"transport.clientProfiles", []string{"C1.contentType", "C1.jsonText", "C2.tenancy", "C2.writeScope"}},
	{"auth.malformed", []string{"C2.noKey", "C2.badKey"}},
	{"auth.readKey.accepted", []string{"C2.readKey"}},
	{"profile.findings", findingStatements},
	{"auth.noKey.*", []string{"C2.noKey"}},
	{"auth.badKey.*", []string{"C2.badKey"}},
	{"auth.readKey.verify", []string{"C2.writeScope"}},
	{"auth.otherOrg.verify", []string{"C2.tenancyVerify"}},
	{"auth.otherOrg.listQrcodes", []string{"C2.tenancy", "4.5.unknownTemplate"}},
	{"auth.otherOrg.*", []string{"C2.tenancy"}},
	{"getRecord.json.schema", []string{"2.1.schema", "1.2.success", "2.1.identity", "4.1.defaultFormat"}},
	{"getRecord.wrapper", []string{"4.1.wrapper", "4.1.formatEcho"}},
	{"getRecord.format.json", []string{"4.1.contentType.json"}},
	{"getRecord.format.jsonld", []string{"4.1.contentType.jsonld", "2.2.jsonld"}},
	{"getRecord.format.markdown", []string{"4.1.contentType.markdown", "2.2.markdown", "2.2.markdownId"}},
	{"getRecord.byUrl", []string{"4.1.byUrl"}},
	{"getRecord.profile", []string{"2.1.fields", "2.1.held"}},
	{"getRecord.iso", []string{"C1.timeZone"}},
	{"getRecord.masked", []string{"2.1.masked", "C8.otherFormats"}},
	{"getRecord.values.order", []string{"2.1.chainedOrder"}},
	{"getRecord.values.members", []string{"2.1.diffMembers", "2.1.matrixUuid", "2.1.fileName"}},
	{"getRecord.values.labels", []string{"2.1.labels"}},
	{"getRecord.texts.chinese", []string{"1.4.chinese"}},
	{"getRecord.error.notFound", []string{"4.1.notFound", "C3.getRecord", "C2.tenancy"}},
	{"getRecord.error.*", []string{"C1.badInput", "C3.getRecord"}},
	{"formList.schema", []string{"4.3.schema", "1.2.success", "2.3.project"}},
	{"formList.defaults", []string{"8.formList.defaults"}},
	{"formList.version", []string{"9.version"}},
	{"formList.paging.disjoint", []string{"4.3.disjoint"}},
	{"formList.paging.total", []string{"4.3.total"}},
	{"formList.paging.max", []string{"8.formList.max"}},
	{"formList.paging.boundary", []string{"8.formList.maxInclusive", "8.formList.max"}},
	{"formList.paging.pastEnd", []string{"4.3.lastPage"}},
	{"formList.paging.lastPage", []string{"4.3.lastPage"}},
	{"formList.filter.number", []string{"4.3.number", "4.3.totalFilter"}},
	{"formList.filter.searchKey", []string{"4.3.searchKey", "4.3.totalFilter"}},
	{"formList.filter.both", []string{"4.3.both"}},
	{"formList.filter.combined", []string{"4.3.both", "4.3.totalFilter"}},
	{"formList.iso", []string{"C1.timeZone"}},
	{"formList.texts.chinese", []string{"1.4.chinese"}},
	{"formList.error.shape", []string{"C1.badInput", "C3.formList"}},
	{"templates.schema", []string{"4.4.schema", "1.2.success"}},
	{"listQrcodes.schema", []string{"4.5.schema", "1.2.success"}},
	{"*.walk.disjoint", []string{"4.4.disjoint"}},
	{"*.walk.total", []string{"4.4.total"}},
	{"*.walk.lastToken", []string{"4.4.lastToken", "4.4.totalFilter"}},
	{"*.walk.max", []string{"8.cursor.max"}},
	{"*.walk.boundary", []string{"8.cursor.maxInclusive", "8.cursor.max"}},
	{"*.time.window", []string{"4.4.window", "4.4.totalFilter"}},
	{"*.time.bounds", []string{"4.4.startTime", "4.4.endTime", "4.4.totalFilter"}},
	{"templates.error.shape", []string{"C1.badInput", "C3.templates"}},
	{"listQrcodes.byUrl", []string{"4.5.byUrl"}},
	{"listQrcodes.unknown", []string{"4.5.unknownTemplate", "C3.listQrcodes"}},
	{"listQrcodes.error.missing", []string{"4.5.missingTemplate", "C3.listQrcodes", "C1.badInput"}},
	{"verify.params.badAction", []string{"7.badAction", "C3.verify"}},
	{"verify.params.*", []string{"7.params", "C3.verify", "C1.badInput"}},
	{"verify.unknownCode", []string{"7.unknownCode", "C3.verify"}},
	{"verify.unknownCode.afterWrites", []string{"7.unknownCode", "C3.verify"}},
	{"verify.names", []string{"4.2.names"}},
	{"verify.transitions", []string{"3.1.move", "4.2.successData"}},
	{"verify.next", []string{"3.1.next"}},
	{"verify.repeat", []string{"7.repeat"}},
	{"verify.errorCodes", []string{"7.conditions", "C2.formScope", "C3.verify"}},
	{"verify.values", []string{"7.conditions", "C1.badInput"}},
	{"verify.concurrent", []string{"3.1.atomic"}},
	{"verify.visible", []string{"3.1.move"}},
	{"relation.formList.pageSize", []string{"4.3.total", "4.3.disjoint"}},
	{"relation.formList.number", []string{"4.3.number", "4.3.totalFilter"}},
	{"relation.formList.searchKey", []string{"4.3.searchKey"}},
	{"relation.formList.both", []string{"4.3.both"}},
	{"relation.formList.filters", []string{"4.3.total", "4.3.totalFilter", "4.3.number", "4.3.both", "C2.tenancy"}},
	{"relation.formList.defaults", []string{"8.formList.defaults"}},
	{"relation.formList.pastEnd", []string{"4.3.total", "4.3.totalFilter"}},
	{"relation.cursor.pageSize", []string{"4.4.total", "4.4.disjoint"}},
	{"relation.formList.paging", []string{"4.3.total", "4.3.disjoint", "8.formList.max", "8.formList.maxInclusive", "8.formList.defaults", "4.3.totalFilter"}},
	{"relation.cursor.paging", []string{"4.4.total", "4.4.disjoint", "8.cursor.max", "8.cursor.maxInclusive", "4.4.totalFilter"}},
	{"relation.cursor.window", []string{"4.4.window", "4.4.startTime", "4.4.endTime", "4.5.byUrl"}},
	{"relation.time.forms", []string{"4.4.startTime", "4.4.endTime", "4.4.totalFilter", "4.4.window"}},
	{"relation.time.windows", []string{"4.4.window", "4.4.startTime", "4.4.endTime", "4.4.total", "4.4.totalFilter", "C3.templates", "C3.listQrcodes"}},
	{"relation.tenancy", []string{"C2.tenancy", "4.5.unknownTemplate"}},
	{"relation.verify.address", []string{"4.2.names", "C2.tenancyVerify", "C2.writeScope", "7.unknownCode"}},
	{"relation.verify.matrix", []string{"C2.writeScope", "C2.formScope", "C2.tenancyVerify", "C2.noKey", "C2.badKey", "7.conditions", "7.repeat", "4.2.names", "3.1.move", "4.1.byUrl", "4.2.successData"}},
	{"relation.keys", []string{"C2.tenancy", "2.1.masked", "2.1.schema", "2.1.identity", "8.formList.defaults", "4.4.window", "4.4.startTime", "4.4.endTime"}},
	{"relation.afterWrites", []string{"3.1.move", "C2.tenancy", "4.3.disjoint", "4.3.totalFilter", "C1.timeZone"}},
	{"relation.masked", []string{"2.1.masked", "C8.otherFormats"}},
	{"relation.formats", []string{"2.1.held"}},
	{"relation.labels", []string{"2.1.labels"}},
	{"generated.getRecord", []string{"C1.badInput", "C3.getRecord"}},
	{"generated.verify", []string{"C1.badInput", "C3.verify", "7.params"}},
	{"generated.getFormList", []string{"C1.badInput", "C3.formList", "8.formList.maxInclusive"}},
	{"generated.list", []string{"C1.badInput", "C3.templates", "8.cursor.maxInclusive"}},
	{"generated.listQrcodes", []string{"C1.badInput", "C3.listQrcodes", "8.cursor.maxInclusive"}},
	{"negative.*.notServerError", []string{"C1.clientError"}},
	{"negative.*", []string{"C1.badInput"}},
}

// Statements lists every SPEC statement of docs/contract.md, checked or
// not, in the contract's order.
func Statements() []Statement {
	return append([]Statement(nil), statementTable...)
}

// statementsOf returns the statement ids a check asserts (nil when no
// entry of checkStatements names it: TestEveryCheckCitesAStatement fails).
func statementsOf(checkID string) []string {
	for _, e := range checkStatements {
		if ok, _ := path.Match(e.glob, checkID); ok {
			return e.ids
		}
	}
	return nil
}
