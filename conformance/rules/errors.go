package rules

import "errors"

var errTrailing = errors.New("more than one JSON value")
