// Package contract holds the nouns of the Record and Template Query Service
// specification (docs/contract.md) that both the mock server and the
// conformance runner need: endpoints, field types, error codes, limits, time
// shapes. It is a leaf: it imports nothing of the kit, and it holds data, not
// behaviour, so the runner never "agrees" with the mock by sharing its logic.
package contract
