package answer

// ErrorRules are how the scenario answers errors where the contract
// leaves the choice open: its status-line mode (docs/contract.md §C1) and
// a recorded service's wording, detail, status lines and exact answers. A
// nil *ErrorRules is the kit's throughout.
type ErrorRules struct {
	// Always200 answers HTTP 200 whatever the body's code (http_status:
	// always_200), but where the mock refuses on its own.
	Always200 bool
	// Messages are the service's error messages by endpoint, then body code.
	Messages map[string]map[int]string
	// InMessage lists the endpoints whose detail follows the message,
	// joined by Join, with no message_detail member.
	InMessage map[string]bool
	Join      string
	// StatusByCode is the status line of errors by body code, where the
	// service's differs from the kit's.
	StatusByCode map[int]int
	// OtherStatus is the status line of the client errors the service was
	// never seen answering, but 401 and 403; 0 is the kit's.
	OtherStatus int
	// Caught are the service's exact answers in the situations a crawl
	// provokes, by endpoint.
	Caught []Caught
}

// Caught is what a recorded service answered an endpoint in one situation.
type Caught struct {
	Endpoint, Situation string
	Status, Code        int // the status line and the body's code
	Body                []byte
}

// Message is the service's message for errors of code on endpoint.
func (r *ErrorRules) Message(endpoint string, code int) (string, bool) {
	if r == nil {
		return "", false
	}
	m, ok := r.Messages[endpoint][code]
	return m, ok
}

// DetailInMessage says whether endpoint's errors carry their detail after
// the message instead of in message_detail.
func (r *ErrorRules) DetailInMessage(endpoint string) bool { return r != nil && r.InMessage[endpoint] }

// StatusFor is the status line the service gave errors of a body code.
func (r *ErrorRules) StatusFor(code int) (int, bool) {
	if r == nil {
		return 0, false
	}
	s, ok := r.StatusByCode[code]
	return s, ok
}

// CaughtFor is the service's answer to endpoint in situation, when the
// rules hold one.
func (r *ErrorRules) CaughtFor(endpoint, situation string) (Caught, bool) {
	if r == nil || situation == "" {
		return Caught{}, false
	}
	for _, c := range r.Caught {
		if c.Endpoint == endpoint && c.Situation == situation {
			return c, true
		}
	}
	return Caught{}, false
}
