package scenario

// Limits bounds what reading one scenario document may cost, checked while
// it is read: the bytes of a file before they are read, the YAML tokens
// before the parser sees them. The YAML parser's cost grows with the
// square of a document's nesting (40 KB nested 20,000 deep cost 620 MB),
// of the keys of one block mapping (100,000 keys ran for minutes), and
// with the length of every node's path (a 100 KB key above 2,000 values
// cost 200 MB), so these are refused before it runs. Every real scenario
// is far inside the defaults; docs/reliability.md gives the figures.
// A zero field keeps its default.
type Limits struct {
	// MaxBytes bounds one scenario file, or one posted document.
	MaxBytes int64
	// MaxTokens bounds the YAML tokens of one document (keys, values,
	// dashes, brackets, commas, colons). It also bounds the paths of all
	// nodes together to PathBytesPerToken bytes a token.
	MaxTokens int
	// MaxDepth bounds how many mappings and lists a value is inside.
	MaxDepth int
	// MaxKeys bounds the keys of one mapping.
	MaxKeys int
}

// The default limits. bench's scenario of 100,000 generated records is
// 76 KB and 20,890 tokens; the embedded default is 27 KB and 4,822
// tokens, nested 8 deep, 11 keys in its widest mapping.
const (
	DefaultMaxBytes  int64 = 16 << 20
	DefaultMaxTokens       = 500_000
	DefaultMaxDepth        = 64
	DefaultMaxKeys         = 1_000
	// PathBytesPerToken is how long a node's path (records[3].fields[0].value)
	// may be on average: a long key repeated into the path of every value
	// under it is work the parser does for each of them.
	PathBytesPerToken = 128
)

// WithLimits bounds the cost of reading each document (see Limits).
func WithLimits(l Limits) Option {
	return func(o *options) { o.limits = l }
}

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxTokens <= 0 {
		l.MaxTokens = DefaultMaxTokens
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxKeys <= 0 {
		l.MaxKeys = DefaultMaxKeys
	}
	return l
}

// CheckLimits reports the first bound of l (zero fields: defaults) that
// data passes, its message naming the flag that raises it, without
// parsing: rtq record tells in a recording's header which flags load it.
func CheckLimits(data []byte, l Limits) error {
	if _, err := lexBounded(data, l.withDefaults()); err != nil {
		return err
	}
	return nil
}
