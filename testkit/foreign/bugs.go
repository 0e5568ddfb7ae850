package foreign

import (
	"slices"
	"strings"
)

// Bug is one realistic backend bug the service can be built with. Each
// breaks one SPEC statement of docs/contract.md in a way a client feels;
// switch on one at a time through Options.Bug.
type Bug string

// The bugs. BugInfos says which statement each breaks.
const (
	BugTemplatesIgnoreEndTime    Bug = "templates-ignore-end-time"
	BugTemplatesTotalIgnoresTime Bug = "templates-total-ignores-filter"
	BugNumberPrefix              Bug = "form-number-prefix"
	BugNumberCaseless            Bug = "form-number-caseless"
	BugCharset                   Bug = "charset-gbk"
	BugISOInUTC                  Bug = "iso-in-utc"
	BugFormPageSizeUnbounded     Bug = "form-page-size-unbounded"
	BugFormPagesOverlap          Bug = "form-pages-overlap"
	BugLastTokenNotNull          Bug = "last-token-not-null"
	BugMarkdownLeaksMasked       Bug = "markdown-leaks-masked"
	BugJSONLDNoURL               Bug = "jsonld-no-url"
	BugWrapperExtraMember        Bug = "wrapper-extra-member"
	BugFormatNotEchoed           Bug = "format-not-echoed"
	BugByURLNotFound             Bug = "by-url-not-found"
	BugVerifyRepeatSucceeds      Bug = "verify-repeat-succeeds"
	BugQrcodesUnknownEmpty       Bug = "qrcodes-unknown-empty"
	BugOtherOrgSeesForms         Bug = "other-org-sees-forms"
	BugReadKeyVerifies           Bug = "read-key-verifies"
	BugRecordErrorNoDetail       Bug = "record-error-no-detail"
	BugFormDefaultPageSize       Bug = "form-default-page-size"
	BugFiltersOr                 Bug = "form-filters-or"
	BugFromStatusIgnored         Bug = "verify-from-ignored"
	BugGetServedAsPost           Bug = "get-served-as-post"
	BugTotalOfRemaining          Bug = "total-of-remaining"
	BugVerifyOldStatusText       Bug = "verify-old-status-text"
	BugCodeAsString              Bug = "code-as-string"
	BugByteOrderMark             Bug = "byte-order-mark"
	BugQrcodesRefuseURL          Bug = "qrcodes-refuse-url"
	BugUnmaskedJSON              Bug = "unmasked-json"
	BugStartTimeIgnored          Bug = "qrcodes-ignore-start-time"
)

// BugInfo describes one bug: the statement it breaks and how.
type BugInfo struct {
	Bug Bug
	// Section is the docs/contract.md section of the broken statement.
	Section string
	// Breaks says what a client sees.
	Breaks string
}

// BugInfos lists every bug, so that a test can run each against a checker.
func BugInfos() []BugInfo {
	return []BugInfo{
		{BugTemplatesIgnoreEndTime, "§4.4", "templates/list ignores end_time: templates created after it are listed"},
		{BugTemplatesTotalIgnoresTime, "§4.4", "templates/list filters the list on the time window but total counts every template"},
		{BugNumberPrefix, "§4.3", "getFormList number matches every form whose number starts with it"},
		{BugNumberCaseless, "§4.3", "getFormList number matches regardless of letter case"},
		{BugCharset, "§1.1", "every answer says Content-Type application/json; charset=gbk while the bytes are UTF-8"},
		{BugISOInUTC, "§1.3", "*_iso strings are written in UTC while labelled UTC+08:00"},
		{BugFormPageSizeUnbounded, "§8", "getFormList serves any page_size, beyond the maximum of 20"},
		{BugFormPagesOverlap, "§4.3", "getFormList page n starts one form early: neighbouring pages share a form"},
		{BugLastTokenNotNull, "§4.4", "the last page of templates/* carries next_page_token \"\" instead of null (sent back, it restarts the walk)"},
		{BugMarkdownLeaksMasked, "§2.1", "the markdown representation shows masked values in clear"},
		{BugJSONLDNoURL, "§2.2", "the json-ld representation has no url member"},
		{BugWrapperExtraMember, "§4.1", "getRecord's success wrapper carries a request_id member beside code, message and data"},
		{BugFormatNotEchoed, "§4.1", "getRecord's data.format is always json"},
		{BugByURLNotFound, "§4.1", "getRecord by record_url finds nothing"},
		{BugVerifyRepeatSucceeds, "§7", "verify to the current status succeeds instead of 100326"},
		{BugQrcodesUnknownEmpty, "§4.5", "listQrcodes of an unknown template answers an empty list instead of 404"},
		{BugOtherOrgSeesForms, "§4.3", "getFormList shows every organization's forms"},
		{BugReadKeyVerifies, "§5", "a key without write permission may verify"},
		{BugRecordErrorNoDetail, "§4.1", "getRecord errors lack message_detail"},
		{BugFormDefaultPageSize, "§8", "getFormList without page_size serves 20 per page, not 10"},
		{BugFiltersOr, "§4.3", "getFormList with number and search_key serves forms matching either"},
		{BugFromStatusIgnored, "§3.1", "verify ignores from_certificate_status"},
		{BugGetServedAsPost, "§1.1", "a GET is served like a POST"},
		{BugTotalOfRemaining, "§4.4", "templates/* total counts the items from this page on, so it shrinks along a walk"},
		{BugVerifyOldStatusText, "§4.2", "verify's certificate_status names the status before the move"},
		{BugCodeAsString, "§1.2", "a success carries code as the string \"0\""},
		{BugByteOrderMark, "§1.1", "every answer starts with a UTF-8 byte order mark"},
		{BugQrcodesRefuseURL, "§4.5", "listQrcodes refuses a template's full URL"},
		{BugUnmaskedJSON, "§2.1", "masked fields come in clear in json while is_masked is true"},
		{BugStartTimeIgnored, "§4.5", "listQrcodes ignores start_time"},
	}
}

// has says whether o is built with bug b.
func (o Options) has(b Bug) bool {
	if o.bugSet != nil {
		return o.bugSet[b]
	}
	return b != "" && (o.Bug == b || slices.Contains(o.Bugs, b))
}

// roundOn says whether o is built with a bug or the variant of the round
// whose names begin with prefix ("a15-"): a round whose front keeps state
// (statics by connection, a replay cache) costs nothing on other builds.
func (o Options) roundOn(prefix string) bool {
	if strings.HasPrefix(string(o.Variant), prefix) || strings.HasPrefix(string(o.Bug), prefix) {
		return true
	}
	for b := range o.bugSet {
		if strings.HasPrefix(string(b), prefix) {
			return true
		}
	}
	return slices.ContainsFunc(o.Bugs, func(b Bug) bool { return strings.HasPrefix(string(b), prefix) })
}
