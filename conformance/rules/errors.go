package rules

import "errors"

var errTrailing = errors.New("data after the JSON value")
