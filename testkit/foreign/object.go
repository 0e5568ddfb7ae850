package foreign

import (
	"bytes"
	"encoding/json"
)

// obj is a JSON object that keeps its members in the order written, so
// that answers come out in the order of the specification's tables.
type obj []member

type member struct {
	key string
	val any
}

// o builds an obj from alternating keys and values.
func o(kv ...any) obj {
	out := make(obj, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, member{kv[i].(string), kv[i+1]})
	}
	return out
}

// get returns the value of key, nil when absent.
func (ob obj) get(key string) any {
	for _, m := range ob {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// MarshalJSON writes the members in order, HTML characters unescaped.
func (ob obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ob {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := encode(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := encode(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// encode is json.Marshal without HTML escaping and without the newline.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// optional adds key to ob when v is not nil; when v is nil it adds a null
// member only if asNull (the service's choice: leave out or write null).
func (ob obj) optional(asNull bool, key string, v any) obj {
	if v == nil && !asNull {
		return ob
	}
	return append(ob, member{key, v})
}
