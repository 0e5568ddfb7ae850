package foreign

import (
	"encoding/json"
	"slices"
	"strings"
)

// verifyRequest is verify's parameters, read and typed.
type verifyRequest struct {
	code, action, to, from string
	hasTo, hasFrom         bool
	tplID, codeID          int64
	hasTpl, hasCode        bool
	// byURL: certificate_code is a full URL.
	byURL bool
}

// readVerify reads verify's parameters; bugIntval reads a code_id that is
// not an integer as absent (a bug).
func readVerify(p params, bugIntval, bugCaseless bool) (verifyRequest, *apiError) {
	var v verifyRequest
	var err *apiError
	var ok bool
	if v.code, ok, err = p.str("certificate_code"); err != nil || !ok || v.code == "" {
		return v, firstErr(err, paramError("certificate_code", "certificate_code is required"))
	}
	if v.action, ok, err = p.str("action_type"); err != nil || !ok || v.action == "" {
		return v, firstErr(err, paramError("action_type", "action_type is required"))
	}
	if v.to, v.hasTo, err = p.str("to_certificate_status"); err != nil {
		return v, err
	}
	if v.from, v.hasFrom, err = p.str("from_certificate_status"); err != nil {
		return v, err
	}
	if v.tplID, v.hasTpl, err = p.int("tpl_id"); err != nil {
		return v, err
	}
	if v.codeID, v.hasCode, err = p.int("code_id"); err != nil && !bugIntval {
		return v, err
	}
	if bugCaseless {
		v.action = strings.ToLower(v.action)
	}
	v.byURL = strings.HasPrefix(v.code, "https://")
	switch v.action {
	case "set_certificate_status":
		if !v.hasTo || v.to == "" {
			return v, paramError("to_certificate_status", "to_certificate_status is required with set_certificate_status")
		}
	case "set_next_certificate_status":
	default:
		return v, &apiError{code: 400, errorCode: 100325, message: "Invalid verification action",
			detail: "action_type must be set_certificate_status or set_next_certificate_status"}
	}
	return v, nil
}

func firstErr(a, b *apiError) *apiError {
	if a != nil {
		return a
	}
	return b
}

func verifyError(code int, message string) *apiError {
	return &apiError{code: 400, errorCode: code, message: message}
}

func (s *Server) verify(k *apiKey, p params) (any, *apiError) {
	s.b8Verify(p)
	s.b5CodeByID(k, p)
	code, _ := p["certificate_code"].(string)
	byURL := strings.HasPrefix(code, "https://")
	action, _ := p["action_type"].(string)
	readSets := s.opts.has(BugA1ReadKeySets) && action == "set_certificate_status" ||
		s.opts.has(BugB6ReadKeyCodeScoped) && p["code_id"] != nil || s.b10ReadSets(p)
	s.b6TruncateTplID(p)
	if s.opts.is(VariantB4ParamsBeforeScope) {
		if _, err := readVerify(p, false, false); err != nil {
			return nil, err
		}
	}
	if data := s.b12StatusCheck(k, p); data != nil {
		return data, nil
	}
	if !s.opts.is(VariantA2PermissionAfterFind) {
		if e := s.writePermission(k, p, byURL, readSets); e != nil {
			return nil, e
		}
	}
	if _, isNum := p["from_certificate_status"].(json.Number); isNum && s.opts.has(BugA1FromNumberIgnored) {
		delete(p, "from_certificate_status")
	}
	s.b10Action(p)
	if e := s.b9Verify(p); e != nil {
		return nil, e
	}
	v, err := readVerify(p, s.opts.has(BugB1CodeIDNotIntIgnored), s.opts.has(BugA2ActionTypeCaseless))
	if err != nil {
		return nil, s.b11VerifyParamError(err)
	}
	if _, isStr := p["tpl_id"].(string); isStr && s.opts.has(BugA3TplIDStringMismatch) {
		v.tplID = -1 // "5031" !== 5031
	}
	if data := s.b6Replayed(k, p); data != nil {
		return data, nil
	}
	r := s.credential(k, v)
	if r == nil && s.opts.has(BugB2UnknownURL500) && byURL {
		return nil, &apiError{code: 500, errorCode: 100300, message: "System error"}
	}
	if r == nil && s.opts.is(VariantA2OtherOrgVerify) && s.elsewhere(k, v) {
		return nil, verifyError(100328, "No permission to verify this certificate")
	}
	if pr := s.plainRecord(k, v.code); r == nil && pr != nil && s.opts.has(BugA3PlainRecordVerifies) {
		return o("record_number", pr.number, "record_id", pr.id, "org_id", pr.org, "submit_at", pr.submit,
			"certificate_status", ""), nil
	}
	if r == nil && s.opts.has(BugA4SubcodeCertCode) && s.a4Subcode(k, v.code) {
		return nil, verifyError(100325, "Invalid verification action")
	}
	if r == nil {
		if e := s.b12UnknownCode(v); e != nil {
			return nil, e
		}
		if e := s.b9UnknownCode(v.code); e != nil {
			return nil, e
		}
		if s.opts.has(BugB1UnknownCodeGeneric) {
			return nil, verifyError(100319, "Certificate verification failed")
		}
		return nil, verifyError(100320, "Invalid certificate code")
	}
	if s.opts.is(VariantA2PermissionAfterFind) {
		if e := s.writePermission(k, p, byURL, readSets); e != nil {
			return nil, e
		}
	}
	data, err := s.move(k, r, v)
	if err == nil {
		s.b6Remember(k, p, data)
		s.b11Permit(r)
		return s.b12VerifyAnswer(v, s.b9VerifyAnswer(v, s.b10VerifyData(s.b11VerifyData(data)))), nil
	}
	return data, s.b9VerifyError(err)
}

// writePermission refuses a key that may not write (a bug commits the
// request's move first).
func (s *Server) writePermission(k *apiKey, p params, byURL, readSets bool) *apiError {
	if !k.write && !s.opts.has(BugReadKeyVerifies) && !(s.opts.has(BugB2ReadKeyVerifiesByURL) && byURL) && !readSets {
		if s.opts.has(BugB3ReadKeyMovesThenRefuse) {
			_, _ = s.verify(&apiKey{secret: k.secret, org: k.org, write: true}, p)
		}
		ec := 100403
		if s.opts.is(VariantA1ReadKey100328) {
			return verifyError(100328, "No permission to verify this certificate")
		}
		if s.opts.Codes == CodesMockLike {
			ec = 100328
		}
		if s.opts.is(VariantB2ReadKeyVerify401) {
			return &apiError{code: 401, errorCode: 100401, message: "Unauthorized", detail: "this API key may not write"}
		}
		return &apiError{code: 403, errorCode: ec, message: "Forbidden", detail: "this API key may not write",
			textPlain: s.opts.has(BugB4ScopeErrorTextPlain)}
	}
	return nil
}

// move checks the conditions of §3.1 on a credential the key may write
// and moves it.
func (s *Server) move(k *apiKey, r *record, v verifyRequest) (any, *apiError) {
	byURL := v.byURL
	skipScope := s.opts.has(BugA1LimitedKeySets) && v.action == "set_certificate_status" || s.opts.has(BugA1LimitedKeyByURL) && byURL
	if k.forms != nil && !slices.Contains(k.forms, s.b10ScopeForm(r, v)) && !skipScope && !(s.opts.has(BugB6LimitedKeyTrustedAfter) && s.b6Trusted(k)) && !s.b11Permitted(r) {
		e := verifyError(100328, "No permission to verify this certificate")
		e.b7NoData = s.opts.has(BugB7ScopeErrorNoData)
		return nil, e
	}
	if k.forms != nil && v.action == "set_next_certificate_status" && s.opts.has(BugA4LimitedNextUnsupported) {
		return nil, &apiError{code: 400, errorCode: 100325, message: "Invalid verification action",
			detail: "this service supports set_certificate_status only"}
	}
	if k.forms != nil && s.opts.has(BugA4LimitedIgnoresFrom) {
		v.hasFrom = false
	}
	if k.forms != nil && s.opts.has(BugA4LimitedTplUnchecked) {
		v.hasTpl, v.hasCode = false, false
	}
	if s.opts.is(VariantB4StateBeforeChecks) {
		if e := s.stateAllows(r.form.flow, s.statusOf(r), v); e != nil {
			return nil, e
		}
	}
	if e := s.preconditions(r, v); e != nil {
		s.b10Commit(r, v, e)
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[r.id]
	cur := st.status
	if s.opts.has(BugB5VerifyStatusCache) {
		cur = s.b5CachedStatus(r.id, cur)
	}
	if s.opts.has(BugB3NextFromStale) && v.action == "set_next_certificate_status" {
		cur = r.form.flow.ref(r.cert.start)
	}
	cur = s.b12NextFrom(st, v, cur)
	to, e := s.target(r.form.flow, cur, v)
	if e != nil {
		s.b9Commit(r.form.flow, st, v, e)
		return nil, e
	}
	if r.cert.fail {
		return nil, verifyError(100319, "Certificate verification failed")
	}
	if e := s.a6Commit(k, r, v); e != nil {
		return nil, e
	}
	old := st.status
	if s.opts.has(BugB5VerifyStatusCache) {
		old = cur
	}
	first := b5FirstMove(st)
	if (to != old || s.opts.has(BugB2RepeatByID)) && !(s.opts.has(BugA2ByURLMoveNotSaved) && byURL) && !(s.opts.has(BugA3LimitedMoveNotSaved) && k.forms != nil) {
		st.changes = append(st.changes, change{from: old, to: to, byVerify: true})
		st.status = to
	}
	if s.opts.has(BugB2VerifyMovesSiblings) && v.action == "set_certificate_status" {
		s.moveSiblings(r, old, to)
	}
	st.verified = true
	st.verifiedAt = append(st.verifiedAt, s.now().Unix())
	if k.forms != nil && s.opts.has(BugB6LimitedKeyTrustedAfter) {
		s.b6Trust(k)
	}
	var submit any = r.submit
	name := to.name
	if s.opts.has(BugB7StatusTextOtherFlowEmpty) && r.form.flow != s.b7FirstFlow() {
		name = ""
	}
	if s.opts.has(BugVerifyOldStatusText) {
		name = old.name
	}
	if first != nil && s.opts.has(BugB5VerifyStatusFirstMove) {
		name = first.name
	}
	if s.opts.has(BugA1StatusEchoesRequest) && v.action == "set_certificate_status" {
		name = v.to
	}
	number, orgID := r.number, r.org
	if s.opts.has(BugB2VerifyNumberIsCode) {
		number = r.code
	}
	if s.opts.has(BugA3NextNumberOfQRCode) && v.action == "set_next_certificate_status" {
		number = r.qr.number
	}
	if s.opts.has(BugB2VerifyOrgIDIsFormID) {
		orgID = r.form.id
	}
	if s.opts.has(BugB3SubmitAtMillis) {
		submit = r.submit * 1000
	}
	if s.opts.has(BugB5VerifySubmitAtShifted) {
		submit = r.submit + 8*3600
	}
	if s.opts.has(BugB7NextSubmitAtISO) && v.action == "set_next_certificate_status" {
		submit = s.iso(r.submit)
	}
	recordID := r.id
	if s.opts.has(BugA2ByURLRecordIDIsQRCode) && byURL {
		recordID = r.qr.id
	}
	if to.terminal && to != old && s.opts.has(BugB4ArchiveHookFails) {
		return nil, verifyError(100319, "Certificate verification failed")
	}
	var rid, oid any = recordID, orgID
	if s.opts.has(BugB4VerifyIDsStrings) {
		rid, oid = itoa(recordID), itoa(orgID)
	}
	data := o("record_number", number, "record_id", rid, "org_id", oid, "submit_at", submit,
		"certificate_status", name)
	if s.opts.is(VariantB2VerifyExtraData) {
		data = append(data, member{"status_id", to.id}, member{"verified_at", s.now().Unix()})
	}
	return data, nil
}

// credential finds a credential record of the key's organization by its
// code or its full URL.
func (s *Server) credential(k *apiKey, v verifyRequest) *record {
	code := s.b10CertCode(s.b6URL(v.code))
	if s.opts.has(BugB7CertCodeTrimmed) {
		code = strings.TrimSpace(code)
	}
	hostCode, viaHost := strings.CutPrefix(code, "https://"+s.data.org(k.org).host+"/c/")
	for _, r := range s.data.records {
		if viaHost && r.cert != nil && r.code == hostCode && s.opts.has(BugB4VerifyURLHostTrusted) {
			return r
		}
		if r.org == k.org && r.cert != nil && strings.EqualFold(r.code, code) && s.opts.has(BugB4CertCodeCaseless) {
			return r
		}
		byURL := sameURL(s.data.recordURL(r), code) && !s.opts.has(BugB1VerifyURLRefused)
		inForm := s.opts.has(BugB2OtherOrgVerifyWithTpl) && v.hasTpl && r.form != nil && r.form.id == v.tplID
		own := r.org == k.org || s.opts.has(BugB1VerifyURLCrossesOrgs) && byURL || inForm ||
			s.opts.has(BugA1OtherOrgNext) && v.action == "set_next_certificate_status"
		if own && r.cert != nil && (r.code == code || byURL) {
			return r
		}
	}
	return nil
}

// elsewhere says whether the credential a request names belongs to
// another organization than the key's.
func (s *Server) elsewhere(k *apiKey, v verifyRequest) bool {
	for _, r := range s.data.records {
		if r.org != k.org && r.cert != nil && (r.code == v.code || s.data.recordURL(r) == v.code) {
			return true
		}
	}
	return false
}

// preconditions are the switches of a record and the scope of a request.
func (s *Server) preconditions(r *record, v verifyRequest) *apiError {
	set, next := v.action == "set_certificate_status", v.action == "set_next_certificate_status"
	hasTpl := v.hasTpl && !(s.opts.has(BugB1TplIDZeroUnscoped) && v.tplID == 0) && !(s.opts.has(BugA2WrongTplMovesOnNext) && next)
	hasCode := v.hasCode && !(s.opts.has(BugA3CodeIDShadowed) && hasTpl)
	hasTpl = hasTpl && !(s.opts.has(BugB8TplShadowedByCode) && hasCode)
	formOff := !s.b12Verification(r) && !s.opts.has(BugB3FormVerifyFlagIgnored) && !(s.opts.has(BugA2FormOffSkippedOnSet) && set)
	identityCode := 100329
	scopeCode, offCode := 100323, 100321
	if hasCode && v.codeID != s.qrOf(r) && !(hasTpl && v.tplID != s.formOf(r)) && s.opts.has(BugB8CodeIDMismatch100328) {
		scopeCode = 100328
	}
	if !formOff && !r.cert.verification && s.opts.has(BugB8CredentialOff100325) {
		offCode = 100325
	}
	if s.opts.has(BugB3IdentityAsUnapproved) {
		identityCode = 100322
	}
	checks := []struct {
		fails bool
		code  int
		msg   string
	}{
		{formOff || !r.cert.verification, offCode, "Certificate verification is not enabled"},
		{!r.cert.approved && !(s.opts.has(BugA2ApprovalSkippedOnNext) && next), 100322, "Certificate record is not approved for verification"},
		{hasTpl && v.tplID != s.formOf(r) || hasCode && v.codeID != s.qrOf(r) && !s.opts.has(BugB2CodeIDIgnored), scopeCode, "Certificate does not match the requested scope"},
		{r.cert.identity && !(s.opts.has(BugA2IdentitySkippedOnSet) && set) && !(s.opts.has(BugB6ScopedSkipsIdentity) && v.hasTpl) &&
			!(s.opts.has(BugB7ByURLSkipsIdentity) && v.byURL), identityCode, "Identity information required before verification"},
		{r.cert.authExpired && !(s.opts.has(BugA2AuthCodeSkippedOnSet) && set) && !s.b11SkipsAuthCode(v), 100327, "Invalid verification authorization code"},
	}
	if s.opts.is(VariantB1VerifyOrder) {
		slices.Reverse(checks)
	}
	if s.opts.is(VariantA3ScopeBeforeSwitches) || s.opts.is(VariantB5ScopeBeforeSwitches) {
		checks[0], checks[1], checks[2] = checks[2], checks[0], checks[1]
	}
	failing := 0
	for _, c := range checks {
		if c.fails {
			failing++
		}
	}
	if failing > 1 && s.opts.has(BugA3TwoFaultsGeneric) {
		return verifyError(100319, "Certificate verification failed")
	}
	for _, c := range checks {
		if c.fails {
			e := verifyError(c.code, c.msg)
			if c.code == 100323 && s.opts.has(BugB8ScopeErrorDataHint) {
				e.b8Data = o("expected_tpl_id", r.form.id, "expected_code_id", r.qr.id)
			}
			return e
		}
	}
	return nil
}

// target is the status a request moves to from cur, or why it cannot:
// the current status checked first (100324), then the target (100326),
// or the other way round in a variant (§C6: the order is KIT).
func (s *Server) target(f *flow, cur *status, v verifyRequest) (*status, *apiError) {
	if e := s.b10Finished(cur, v); e != nil {
		return nil, e
	}
	if s.opts.is(VariantB3TargetBeforeState) {
		to, err := s.pick(f, cur, v)
		if err != nil {
			return nil, err
		}
		return to, s.stateAllows(f, cur, v)
	}
	if err := s.stateAllows(f, cur, v); err != nil {
		return nil, err
	}
	return s.pick(f, cur, v)
}

// stateAllows says why the current status forbids the move (100324): not
// the from_certificate_status sent, a status that forbids verification, or
// the end of the flow for set_next_certificate_status.
func (s *Server) stateAllows(f *flow, cur *status, v verifyRequest) *apiError {
	if v.hasFrom && f.named(v.from) == nil && f.ref(v.from) != nil && s.opts.has(BugB8FromByIDMismatch) {
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	if v.action == "set_next_certificate_status" && v.hasFrom && f.named(v.from) == nil && s.opts.has(BugA3NextFromIDRefused) {
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	fromChecked := v.hasFrom && !s.opts.has(BugFromStatusIgnored) && !(s.opts.has(BugA2ByURLFromIgnored) && v.byURL) &&
		!(s.opts.has(BugA1NextIgnoresFrom) && v.action == "set_next_certificate_status") &&
		!(s.opts.has(BugA1FromIDUnchecked) && f.named(v.from) == nil)
	if fromChecked && s.ref(f, v.from) != cur {
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	if cur.forbids || v.action == "set_next_certificate_status" && cur.terminal {
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	return nil
}

// pick is the status the request names or the next one, or why there is
// none to move to (100326).
func (s *Server) pick(f *flow, cur *status, v verifyRequest) (*status, *apiError) {
	invalid := verifyError(100326, "Invalid target certificate status")
	if v.action == "set_next_certificate_status" {
		if to := s.ref(f, v.to); v.hasTo && to != nil && cur.reaches(to.name) && s.opts.has(BugB5NextHonoursTo) {
			return to, nil
		}
		if len(cur.next) == 0 {
			return nil, invalid
		}
		if to := s.ref(f, v.to); v.hasTo && to != nil && to != cur && cur.reaches(to.name) && s.opts.has(BugA3NextHonoursTo) {
			return to, nil
		}
		if s.opts.has(BugB4NextPicksLast) {
			return f.ref(cur.next[len(cur.next)-1]), nil
		}
		return f.ref(cur.next[0]), nil
	}
	to := s.a6Target(f, v.to)
	if e := s.b12Repeat(cur, to, v); e != nil {
		return nil, e
	}
	switch {
	case to != nil && to != cur && to.forbids && s.opts.has(BugA3VoidFromAnywhere):
		return to, nil
	case to == cur && v.hasFrom && s.ref(f, v.from) == cur && s.opts.has(BugA3RepeatWithFromSucceeds):
		return to, nil
	case to == cur && s.opts.has(BugB2RepeatByID) && v.to != cur.name:
		return to, nil
	case to == cur && s.opts.has(BugVerifyRepeatSucceeds):
		return to, nil
	case to == cur && v.byURL && s.opts.has(BugB8RepeatByURLIdempotent):
		return to, nil
	case to != nil && to != cur && v.hasFrom && s.opts.has(BugB7FromPathTransitive) && b7Reaches(f, cur, to):
		return to, nil
	case to != nil && to != cur && !cur.reaches(to.name) && v.hasFrom && s.opts.has(BugB6UnreachableFrom100324):
		return nil, verifyError(100324, "Certificate cannot be verified in current status")
	case to == nil || to == cur || !cur.reaches(to.name):
		return nil, invalid
	}
	return to, nil
}

// ref finds a status a request names, by name or by id (a bug: by name
// only).
func (s *Server) ref(f *flow, name string) *status {
	if st, ok := s.b11Ref(name); ok {
		return st
	}
	st := f.ref(name)
	if st != nil && s.opts.has(BugB1VerifyStatusIDRefused) && st.name != name {
		return nil
	}
	if st == nil && s.opts.has(BugA2ToStatusPrefix) && name != "" {
		for _, c := range f.statuses {
			if strings.HasPrefix(c.name, name) {
				return c
			}
		}
	}
	return st
}

// moveSiblings moves every other credential of r's form that is in from to
// to, as an UPDATE on form and status would (a bug); the caller holds mu.
func (s *Server) moveSiblings(r *record, from, to *status) {
	for _, x := range s.data.records {
		st := s.certs[x.id]
		if x == r || st == nil || x.form != r.form || st.status != from {
			continue
		}
		st.changes = append(st.changes, change{from: from, to: to, byVerify: true})
		st.status = to
	}
}

// formOf is the form id tpl_id must match (a bug: the flow's id).
func (s *Server) formOf(r *record) int64 {
	if s.opts.has(BugA1TplIDIsFlowID) {
		return r.form.flow.id
	}
	return r.form.id
}

// qrOf is the QR code id code_id must match (a bug: the record's id).
func (s *Server) qrOf(r *record) int64 {
	if s.opts.has(BugA1CodeIDIsRecordID) {
		return r.id
	}
	if s.opts.has(BugB12CodeIDIsTemplateID) {
		return r.form.id
	}
	return r.qr.id
}
