package fake

import "hash/fnv"

// Field values are drawn per field type: the n-th field of a type in an
// item takes its value from its own stream, derived from the item's seed,
// the type's name and n. Adding a field type, or a field of another type,
// to an item (or to the table) therefore moves no other value, and the
// item's own faker draws nothing for its fields.

// TypeSeed is the seed of the stream of the n-th field of fieldType in an
// item whose faker started from seed.
func TypeSeed(seed int64, fieldType string, n int) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(fieldType))
	return Derive(Derive(seed, int64(h.Sum64())), int64(n))
}

// TypeValue returns a field_value for the n-th field of fieldType in the
// item f belongs to (see FieldValue), drawn from that field's own stream:
// f's own draws are left as they were.
func (f *Faker) TypeValue(fieldType string, n int) any {
	if f.sub == nil {
		f.sub = New(0)
	}
	f.sub.Reseed(TypeSeed(f.seed, fieldType, n))
	return f.sub.FieldValue(fieldType)
}

// Values draws the field values of one item in the order its fields come,
// counting the fields of each type, so that each gets its own stream.
type Values struct {
	f    *Faker
	seen map[string]int
}

// Values returns the drawer of the field values of f's item.
func (f *Faker) Values() *Values { return &Values{f: f, seen: map[string]int{}} }

// Next returns a value for the item's next field of fieldType.
func (v *Values) Next(fieldType string) any {
	n := v.seen[fieldType]
	v.seen[fieldType] = n + 1
	return v.f.TypeValue(fieldType, n)
}
