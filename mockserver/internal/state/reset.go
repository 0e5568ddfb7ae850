package state

// touch puts rec on the list Reset restores, once per reset; the caller
// holds rec.mu and has just changed the record. The lock order is always
// rec.mu, then m.touchMu; Reset never holds both.
func (m *memCerts) touch(rec *Record) {
	if rec.touched {
		return
	}
	rec.touched = true
	m.touchMu.Lock()
	m.touched = append(m.touched, rec)
	m.touchMu.Unlock()
}

// Reset puts back to its scenario values every record a verify moved
// (Certs.Reset): a shared store may fail to, this process's memory never.
func (st *State) Reset() error { return st.certs.Reset() }

// Reset of the memory Certs puts every record a verify changed back to its scenario values
// (certificate status and state changes) and drops those records' rendered
// answers. Records no verify touched keep their cached answers, and the
// indexes are not rebuilt, so a reset costs in proportion to the records
// moved since the last one.
//
// Each record is restored under its own lock, so a request sees one record
// wholly before or wholly after the reset. The reset is not one step across
// records: a verify running concurrently lands either before its record is
// restored (and is undone) or after (and stays). Once Reset returns, every
// record a verify had changed before Reset began reads its scenario values
// until the next verify moves it.
func (m *memCerts) Reset() error {
	m.resetMu.Lock()
	defer m.resetMu.Unlock()
	m.touchMu.Lock()
	recs := m.touched
	m.touched = m.spare[:0]
	m.touchMu.Unlock()
	for i, rec := range recs {
		rec.restore()
		recs[i] = nil
	}
	m.spare = recs[:0]
	return nil
}

// maxKeptChanges bounds the state-change capacity a reset keeps for reuse,
// so a record moved many times before a reset does not hold that memory.
const maxKeptChanges = 64

// restore puts the record back to its scenario values under its lock.
func (r *Record) restore() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status = nil
	if r.src.Cert != nil {
		r.status = r.src.Cert.Status
	}
	if cap(r.changes) > maxKeptChanges {
		r.changes = nil
	}
	r.changes = append(r.changes[:0], r.src.StateChanges...)
	r.touched = false
	r.dropBodies()
	r.moved.Store(false) // the entry's answers are this record's again
}
