package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// writeError answers err in the shape of the call's endpoint. Errors are
// *wire.Error values, built in mockserver/internal/wire from contract's
// tables; anything else is unexpected: its cause is logged, and the client
// gets wire.Internal.
func (s *Server) writeError(c *call, err error) {
	var e *wire.Error
	if !errors.As(err, &e) {
		s.logf("internal error on %s %s: %v", c.r.Method, c.r.URL.Path, err)
		e = wire.Internal
	}
	shape := contract.ShapeFull
	if c.ep != nil {
		shape = c.ep.Shape
		if e == wire.Internal {
			e = wire.InternalOf(c.ep.Name)
		}
	}
	c.write(wire.HTTPStatus(c.st.HTTPStatus(), e.Code), e.Code, wire.AppendError(c.out[:0], shape, e))
}
