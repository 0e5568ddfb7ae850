package profile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"

	"github.com/rtq-kit/rtq/internal/problem"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/internal/userfile"
)

// MaxProfileBytes caps how much of a profile file or URL is read.
const MaxProfileBytes = 16 << 20

// FetchTimeout bounds fetching a profile over HTTP.
const FetchTimeout = 10 * time.Second

// Problem is one thing wrong with a profile, located where possible; its
// Path is a JSON pointer ("/" for the whole document).
type Problem = problem.Problem

// LoadError lists every problem of a profile, not only the first. It is the
// one load error of the kit's file loaders (scenario.LoadError is the same
// type), so a caller needs one errors.As for either.
type LoadError = problem.LoadError

// FetchError says a profile URL could not be fetched at all (connection
// refused, time-out); the CLI treats it like an unreachable target.
type FetchError struct {
	URL string
	Err error
}

func (e *FetchError) Error() string { return fmt.Sprintf("fetch profile %s: %v", e.URL, e.Err) }
func (e *FetchError) Unwrap() error { return e.Err }

// LoadOption changes how Load fetches a profile URL.
type LoadOption func(*loadOptions)

type loadOptions struct {
	adminToken string
	access     *svcclient.Access
}

// WithAccess reaches a profile URL as access says (--ca-cert,
// --client-cert, --header, --insecure), like the target beside it.
func WithAccess(access *svcclient.Access) LoadOption {
	return func(o *loadOptions) { o.access = access }
}

// WithAdminToken sends token as "Authorization: Bearer token" when the
// profile is a URL: a mock started with --admin-token serves
// /__admin/profile only to its token holder.
func WithAdminToken(token string) LoadOption {
	return func(o *loadOptions) { o.adminToken = token }
}

// Load reads a profile from a file path or an http(s) URL, JSON or YAML
// (decided by content), and validates it.
func Load(ctx context.Context, src string, opts ...LoadOption) (*Profile, error) {
	var o loadOptions
	for _, opt := range opts {
		opt(&o)
	}
	var data []byte
	var err error
	if strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		data, err = fetch(ctx, src, o.adminToken, o.access)
	} else {
		data, err = readFile(ctx, src)
	}
	if err != nil {
		return nil, err
	}
	return Parse(src, data)
}

// readFile reads a profile file the way rtq reads every file a user
// names (internal/userfile): a regular file of at most MaxProfileBytes.
func readFile(ctx context.Context, path string) ([]byte, error) {
	data, err := userfile.Read(ctx, path, MaxProfileBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && hostLike.MatchString(path) {
			return nil, fmt.Errorf("load profile %s: no such file; a URL needs its scheme: did you mean http://%s?", path, path)
		}
		return nil, fmt.Errorf("load profile %s: %w", path, err)
	}
	return data, nil
}

// hostLike is a path that is a URL without its scheme (localhost:8080/...,
// 127.0.0.1:8080/__admin/profile, mock.example:443/...): a host, a port.
var hostLike = regexp.MustCompile(`^[A-Za-z0-9.\-]+:[0-9]+(/|$)`)

// scenarioMembers are top-level members only a scenario has: a scenario
// file given as a profile is named as one, instead of a list of every
// member a profile does not allow.
var scenarioMembers = []string{"orgs", "generate", "http_status", "qrcodes", "projects"}

// notAScenario refuses a scenario document with one problem that says
// what it is and how to get its profile.
func notAScenario(name string, doc any) error {
	m, ok := doc.(map[string]any)
	if !ok || m["version"] != nil {
		return nil
	}
	for _, k := range scenarioMembers {
		if _, ok := m[k]; ok {
			return loadError([]Problem{{File: name, Line: 1, Column: 1, Message: fmt.Sprintf(
				"this is a scenario (it has %s:), not a conformance profile: make its profile with "+
					"`rtq scenario profile %s > profile.yaml`, or give --profile the /__admin/profile URL of a mock serving it", k, name)}})
		}
	}
	return nil
}

// fetch reads a profile URL through rtq's client of a service
// (internal/svcclient), since it may carry the admin token: no redirect
// is followed (a 3xx is an answer that is not 200), and the token is
// scrubbed from every error.
func fetch(ctx context.Context, url, token string, access *svcclient.Access) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, FetchTimeout)
	defer cancel()
	c := svcclient.New(svcclient.Config{MaxAnswerBytes: MaxProfileBytes, Secrets: []string{token}, Access: access})
	defer c.CloseIdleConnections()
	a, err := c.Send(ctx, http.MethodGet, url, token, nil)
	switch {
	case errors.Is(err, svcclient.ErrTooLarge) && a.Status == http.StatusOK:
		return nil, fmt.Errorf("load profile %s: larger than %d bytes", url, MaxProfileBytes)
	case err != nil && a.Status == 0:
		if d := c.Diagnose(err); d != nil {
			err = d
		}
		return nil, &FetchError{URL: url, Err: err}
	case a.Status == http.StatusUnauthorized:
		return nil, fmt.Errorf("load profile %s: HTTP 401: %s", url, tokenHint(token))
	case a.Status != http.StatusOK:
		return nil, fmt.Errorf("load profile %s: HTTP %d", url, a.Status)
	case err != nil:
		return nil, &FetchError{URL: url, Err: err}
	}
	return a.Body, nil
}

// Parse decodes and validates a profile: JSON when the first non-blank
// character is '{', YAML otherwise. name is used in problem locations.
func Parse(name string, data []byte) (*Profile, error) {
	jsonData, err := toJSON(data)
	if err != nil {
		return nil, loadError([]Problem{syntaxProblem(name, data, err)})
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(jsonData))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, loadError([]Problem{{File: name, Message: err.Error()}})
	}
	if err := notAScenario(name, doc); err != nil {
		return nil, err
	}
	loc := newLocator(data)
	problems := schemaProblems(doc)
	var p Profile
	// Semantic rules run whenever the document decodes, so that one run
	// shows every problem; a decode error the schema already explains adds
	// nothing.
	if err := json.Unmarshal(jsonData, &p); err == nil {
		problems = append(problems, semanticProblems(&p)...)
	} else if len(problems) == 0 {
		problems = append(problems, Problem{Message: err.Error()})
	}
	if len(problems) > 0 {
		for i := range problems {
			problems[i].File = name
			problems[i].Line, problems[i].Column = loc.position(problems[i].Path)
		}
		return nil, loadError(problems)
	}
	return &p, nil
}

func toJSON(data []byte) ([]byte, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("empty profile")
	}
	if trimmed[0] == '{' {
		if !json.Valid(trimmed) {
			var v any
			return nil, json.Unmarshal(trimmed, &v)
		}
		return trimmed, nil
	}
	for _, tk := range lexer.Tokenize(string(data)) {
		if tk.Type == token.AliasType {
			return nil, &aliasError{line: tk.Position.Line, col: tk.Position.Column}
		}
	}
	// Decoded, then encoded by encoding/json: the YAML library's own
	// YAMLToJSON copies a "\x1b" or "\e" escape into the JSON as is,
	// which JSON refuses, so a profile holding a control character (as
	// rtq profile discover writes one, escaped) could not be read back.
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("a profile is JSON-shaped YAML (string keys, no binary values): %w", err)
	}
	return out, nil
}

// aliasError refuses YAML aliases: a profile never needs them, and a few
// hundred bytes of nested aliases expand into millions of nodes (a profile
// may come from a URL the runner does not control).
type aliasError struct{ line, col int }

func (e *aliasError) Error() string { return "YAML aliases (*name) are not allowed in a profile" }

func syntaxProblem(name string, data []byte, err error) Problem {
	p := Problem{File: name, Message: "not valid JSON or YAML: " + err.Error()}
	var ae *aliasError
	if errors.As(err, &ae) {
		p.Line, p.Column, p.Message = ae.line, ae.col, ae.Error()
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := int(se.Offset) + (len(data) - len(bytes.TrimLeft(data, " \t\r\n")))
		p.Line, p.Column = lineCol(data, off)
		p.Message = "not valid JSON: " + se.Error()
	}
	return p
}

func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// Marshal renders a profile as indented JSON, the form the mock serves.
func Marshal(p *Profile) ([]byte, error) {
	return json.MarshalIndent(p, "", "  ")
}

// loadError is the error of a profile's problems, in file order (the
// order the scenario loader uses too), with the whole document's empty
// JSON pointer shown as "/".
func loadError(ps []Problem) error {
	for i := range ps {
		if ps[i].Path == "" {
			ps[i].Path = "/"
		}
	}
	problem.Sort(ps)
	return &LoadError{Problems: ps}
}

// tokenHint says what to do about a 401 from an admin URL.
func tokenHint(sent string) string {
	if sent == "" {
		return "the mock's admin API wants its token: pass --admin-token (or set RTQ_ADMIN_TOKEN) as given to rtq mock"
	}
	return "the mock refused the admin token sent: check --admin-token (or RTQ_ADMIN_TOKEN) against the one rtq mock was given"
}
