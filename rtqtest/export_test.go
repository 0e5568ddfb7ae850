package rtqtest

// SetT points a mock's helpers at another test, so a test can see what
// they report.
func SetT(m *Mock, t TB) { m.t = t }
