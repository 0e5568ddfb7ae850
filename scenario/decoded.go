package scenario

import (
	"encoding/json"
	"errors"
)

// DecodedFile is one scenario file as the loader's typed decode reads it:
// the JSON its YAML became once parsed and checked against the schema.
// LoadDecoded loads a scenario from these without parsing YAML, which is
// how rtq wasm hands a scenario resolved at build time to the WebAssembly
// module: parsing the YAML there took seconds (docs/performance.md).
type DecodedFile struct {
	Name string          `json:"name"`
	JSON json.RawMessage `json:"json"`
}

// KeepDecoded appends to keep each file of the load as its typed decode
// read it, for LoadDecoded to load again. A load that fails may have
// appended some.
func KeepDecoded(keep *[]DecodedFile) Option {
	return func(o *options) { o.keep = keep }
}

// LoadDecoded loads the scenario of files KeepDecoded kept, with every
// step of a load after the YAML and the schema: the same seed gives the
// same scenario. Problems name the files, without lines (there is no
// YAML to point into); files from a successful load have none.
func LoadDecoded(files []DecodedFile, opts ...Option) (*Scenario, error) {
	if len(files) == 0 {
		return nil, errors.New("load decoded scenario: no files")
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	ps := &problems{}
	docs, decoded := make([]*document, 0, len(files)), true
	for _, f := range files {
		d, ok := decodeJSON(&source{name: f.Name}, f.JSON, true, ps)
		decoded = decoded && ok
		docs = append(docs, d)
	}
	return resolveDocs(docs, decoded, o, ps)
}
