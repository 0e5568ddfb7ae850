package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
)

// Option changes how a scenario is loaded.
type Option func(*options)

type options struct {
	seed    int64
	hasSeed bool
	// limit caps each count: of a generator (0: the schema's own maximum);
	// fuzzing sets it so that a random count does not stall a worker.
	limit int
	// trusted skips the JSON Schema check (see Trusted).
	trusted bool
	// maxGenerated bounds the generated items (0: MaxGenerated).
	maxGenerated int64
	// limits bounds the reading of each document (zero fields: defaults).
	limits Limits
	// ctx, when set, ends the reading of files early (WithContext).
	ctx context.Context
	// keep, when set, receives each file as the typed decode read it
	// (KeepDecoded).
	keep *[]DecodedFile
}

// WithMaxGenerated bounds the items (records, templates, sub-codes) the
// scenario's generators may ask for, counted before any is generated; over
// it the load fails with LoadError.OverBudget. A server loading scenarios
// posted over HTTP sets it far below MaxGenerated: a 200-byte upload must
// not cost seconds and gigabytes. n <= 0 keeps MaxGenerated.
func WithMaxGenerated(n int64) Option {
	return func(o *options) { o.maxGenerated = n }
}

// Trusted skips the JSON Schema check of the documents, for a scenario
// that ships inside the binary and that the kit's own tests check against
// the schema (the embedded default): compiling the schema was about a
// sixth of rtq mock's start-up. Everything else (references, generation,
// semantic rules) still runs. Never for a user's file.
func Trusted() Option { return func(o *options) { o.trusted = true } }

// WithContext lets ctx end the reading of scenario files (a command's
// SIGINT or SIGTERM): LoadFiles then returns ctx's cause at once.
func WithContext(ctx context.Context) Option {
	return func(o *options) { o.ctx = ctx }
}

// WithSeed overrides the scenario's seed, so every generated value changes
// while written ones stay (rtq mock --seed).
func WithSeed(seed int64) Option {
	return func(o *options) { o.seed, o.hasSeed = seed, true }
}

// DefaultSeed is the seed of a scenario that names none.
const DefaultSeed int64 = 1

// Parse reads one scenario document. filename only labels problems. The
// error is a *LoadError listing every problem, each at its line and column.
func Parse(filename string, data []byte, opts ...Option) (*Scenario, error) {
	return load([]namedData{{filename, data}}, opts)
}

// LoadFiles reads scenario files, or directories of *.yaml and *.yml files
// (sorted by name), and merges them into one scenario. Only regular files
// are read, each within Limits.MaxBytes. A file that cannot be read (or
// is not a regular file, or is too large) is a plain error naming it;
// anything wrong inside the files is a *LoadError.
func LoadFiles(paths []string, opts ...Option) (*Scenario, error) {
	o := collect(opts)
	maxBytes, ctx := o.limits.withDefaults().MaxBytes, o.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var inputs []namedData
	for _, p := range paths {
		files, err := expand(p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := readFile(ctx, f, maxBytes)
			if err != nil {
				return nil, err
			}
			inputs = append(inputs, namedData{f, data})
		}
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("load scenario %s: no *.yaml or *.yml files", strings.Join(paths, ", "))
	}
	return load(inputs, opts)
}

type namedData struct {
	name string
	data []byte
}

// Files lists the scenario files LoadFiles reads for a path: itself, or a
// directory's *.yaml and *.yml files, sorted by name. rtq checks each
// before a command starts its work, so a wrong one is named at once.
func Files(p string) ([]string, error) { return expand(p) }

// expand lists the scenario files of a path: itself, or a directory's
// *.yaml and *.yml files.
func expand(p string) ([]string, error) {
	info, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &missingError{path: p, err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("load scenario %s: %w", p, err)
	}
	if !info.IsDir() {
		return []string{p}, nil
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return nil, fmt.Errorf("load scenario %s: %w", p, err)
	}
	var out []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
			out = append(out, filepath.Join(p, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// collect applies opts.
func collect(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// load runs the three steps: parse (YAML, then the schema), apply defaults
// and resolve, validate references. Reference checks run when the structure
// is sound (unknown fields aside), so one wrong type does not cascade into
// noise about things that follow from it.
func load(inputs []namedData, opts []Option) (*Scenario, error) {
	o := collect(opts)
	var st *structure // nil: trusted, no schema check
	if !o.trusted {
		var err error
		if st, err = loadStructure(); err != nil {
			return nil, err
		}
	}
	ps := &problems{}
	docs, decoded := make([]*document, 0, len(inputs)), true
	for _, in := range inputs {
		d, ok := decodeFile(in, st, o.limits.withDefaults(), ps, o.keep)
		decoded = decoded && ok
		docs = append(docs, d)
	}
	return resolveDocs(docs, decoded, o, ps)
}

// resolveDocs is the rest of a load once the files are decoded: the seed,
// defaults, references, generation.
func resolveDocs(docs []*document, decoded bool, o options, ps *problems) (*Scenario, error) {
	if !decoded || ps.hard {
		if err := ps.err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("load scenario: the document could not be decoded")
	}
	seed := scenarioSeed(docs, o, ps)
	r := newResolver(ps, seed)
	r.limit = o.limit
	if o.maxGenerated > 0 {
		r.maxGenerated = o.maxGenerated
	}
	sc := r.resolve(docs)
	if err := ps.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

func scenarioSeed(docs []*document, o options, ps *problems) int64 {
	seed, set := DefaultSeed, false
	for _, d := range docs {
		if d.Seed == nil {
			continue
		}
		if set && *d.Seed != seed {
			ps.add(at{d.src, "seed"}, "seed %d differs from %d in another file: keep one", *d.Seed, seed)
		}
		seed, set = *d.Seed, true
	}
	if o.hasSeed {
		return o.seed
	}
	return seed
}

// decodeFile parses one file, checks it against the schema and decodes it
// into a document whose items know their YAML paths.
func decodeFile(in namedData, st *structure, lim Limits, ps *problems, keep *[]DecodedFile) (*document, bool) {
	src, ok := parseSource(in.name, in.data, lim, ps)
	if !ok {
		return nil, false
	}
	if _, isObj := src.tree.(map[string]any); !isObj {
		ps.add(at{src, ""}, "a scenario is a YAML mapping (orgs:, keys:, forms:, ...), not %s", jsonKind(src.tree))
		return nil, false
	}
	if st != nil {
		st.check(src, ps)
	}
	if ps.hard { // a wrong type or missing member: the decode would mislead
		return nil, false
	}
	raw, err := json.Marshal(src.tree)
	if err != nil {
		ps.add(at{src, ""}, "cannot read the document: %v", err)
		return nil, false
	}
	if keep != nil {
		*keep = append(*keep, DecodedFile{Name: in.name, JSON: raw})
	}
	return decodeJSON(src, raw, st == nil, ps)
}

// decodeJSON is the typed decode of one file's JSON; trusted says no
// schema check ran to explain a failure.
func decodeJSON(src *source, raw []byte, trusted bool, ps *problems) (*document, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	d := &document{src: src}
	if err := dec.Decode(d); err != nil {
		if trusted && !typeProblem(src, err, ps) { // no schema has said what is wrong
			ps.add(at{src, ""}, "cannot read the document: %v", err)
		}
		return nil, false // else the schema has said what is wrong
	}
	d.annotate()
	return d, true
}

// annotate gives every list item its origin, for problems found later.
func (d *document) annotate() {
	root := at{file: d.src}
	locate(root.child("orgs"), d.Orgs)
	locate(root.child("keys"), d.Keys)
	locate(root.child("projects"), d.Projects)
	locate(root.child("forms"), d.Forms)
	locate(root.child("qrcodes"), d.QRCodes)
	locate(root.child("records"), d.Records)
	locate(root.child("templates"), d.Templates)
	locate(root.child("faults"), d.Faults)
	locate(root.child("generate.records"), d.Generate.Records)
	locate(root.child("generate.templates"), d.Generate.Templates)
}

// locate sets the origin of each item of a list to its index under base;
// every *Doc type embeds at, so one loop serves them all.
func locate[T interface{ locate(at) }](base at, items []T) {
	for i, x := range items {
		x.locate(base.index(i))
	}
}

// typeProblem words a wrong type the typed decode met as the schema check
// words it ("orgs: is a number, want array"), for the build without a
// schema check (js: createMock's scenario option), so that the module
// refuses a scenario with rtq mock's message. False for other errors.
func typeProblem(src *source, err error, ps *problems) bool {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" || te.Type == nil {
		return false
	}
	want := jsonKindOf(te.Type)
	if want == "" {
		return false
	}
	got, _, _ := strings.Cut(te.Value, " ")
	ps.add(at{src, te.Field}, "is %s, want %s", article(got), want)
	return true
}

// jsonKindOf is the JSON Schema type a Go type decodes from; "" when
// there is no single one.
func jsonKindOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return ""
}

// missingError is a scenario path that does not exist, worded with what
// to do: the first thing a newcomer types is the my.yaml of an example.
type missingError struct {
	path string
	err  error
}

func (e *missingError) Error() string {
	return "load scenario " + e.path + ": no such file or directory: write one (docs/scenarios.md; " +
		"scenarios/minimal.yaml of the rtq source is the smallest to copy), or, for rtq mock, leave --scenario out to serve the default scenario"
}

func (e *missingError) Unwrap() error { return e.err }
