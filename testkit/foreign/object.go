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
func (ob obj) MarshalJSON() ([]byte, error) { return encode(ob) }

// encode is json.Marshal without HTML escaping and without the newline.
func encode(v any) ([]byte, error) {
	var w writer
	w.enc = json.NewEncoder(&w.scalar)
	w.enc.SetEscapeHTML(false)
	if err := w.value(v); err != nil {
		return nil, err
	}
	return w.out.Bytes(), nil
}

// writer writes one answer. Objects and arrays are written here, member
// by member, so that a nested answer is written once (through
// MarshalJSON, encoding/json would compact every level's bytes again at
// each level above it); everything else goes through one encoder.
type writer struct {
	out, scalar bytes.Buffer
	enc         *json.Encoder
}

func (w *writer) value(v any) error {
	switch v := v.(type) {
	case obj:
		w.out.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				w.out.WriteByte(',')
			}
			if err := w.value(m.key); err != nil {
				return err
			}
			w.out.WriteByte(':')
			if err := w.value(m.val); err != nil {
				return err
			}
		}
		w.out.WriteByte('}')
		return nil
	case []any:
		if v == nil {
			w.out.WriteString("null")
			return nil
		}
		w.out.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				w.out.WriteByte(',')
			}
			if err := w.value(e); err != nil {
				return err
			}
		}
		w.out.WriteByte(']')
		return nil
	}
	w.scalar.Reset()
	if err := w.enc.Encode(v); err != nil {
		return err
	}
	w.out.Write(bytes.TrimSuffix(w.scalar.Bytes(), []byte("\n")))
	return nil
}

// optional adds key to ob when v is not nil; when v is nil it adds a null
// member only if asNull (the service's choice: leave out or write null).
func (ob obj) optional(asNull bool, key string, v any) obj {
	if v == nil && !asNull {
		return ob
	}
	return append(ob, member{key, v})
}
