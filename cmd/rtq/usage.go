package main

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/internal/editdist"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The rule every command keeps (docs/cli.md, "Messages and exit status"):
// a usage error exits 2 and names the flag; a message about a target says
// what to try next; nothing checked is never a pass. This file holds the
// checks the commands share so that they word the same mistake alike.

// usageError is a usage error: exit 2, the message naming the flag.
func usageError(format string, args ...any) error {
	return withExit(2, fmt.Errorf(format, args...))
}

// checkURLFlag refuses a value of a URL flag that is not an http(s) URL
// with a host, before anything is sent: "127.0.0.1:8080" would otherwise
// fail every request with a message about a colon in a path.
func checkURLFlag(flag, raw string) error {
	u, err := url.Parse(raw)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return nil
	}
	try := "http://127.0.0.1:8080"
	if raw != "" && !strings.Contains(raw, "://") {
		try = "http://" + raw
	}
	return usageError("%s %q is not a URL: give the scheme and host, such as %s", flag, raw, try)
}

// checkBaseURLFlag is checkURLFlag for the base URL of a service: the
// endpoints are appended to it, so a URL that already ends in /api/v2/rpc
// would double it and every call would miss.
func checkBaseURLFlag(flag, raw string) error {
	if err := checkURLFlag(flag, raw); err != nil {
		return err
	}
	u, _ := url.Parse(raw)
	if p := strings.TrimRight(u.Path, "/"); strings.HasSuffix(p, "/api/v2/rpc") {
		u.Path = strings.TrimSuffix(p, "/api/v2/rpc")
		return usageError("%s %q ends in /api/v2/rpc, which rtq appends itself: give the service's base URL, %s", flag, raw, u.String())
	}
	return nil
}

// checkAddrFlag refuses a listen address that is not HOST:PORT before
// listening: "8080" alone is a usage error, not a failure to listen.
func checkAddrFlag(flag, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err == nil {
		if n, perr := strconv.Atoi(port); perr == nil && n >= 0 && n <= 65535 {
			return nil
		}
	}
	try := "127.0.0.1:8080"
	if _, perr := strconv.Atoi(addr); perr == nil {
		try = "127.0.0.1:" + addr
	} else if err == nil && host != "" {
		try = host + ":8080"
	}
	return usageError("%s %q is not HOST:PORT: write it such as %s (port 0 picks a free port)", flag, addr, try)
}

// listenHint turns a failure to listen into a message that says what to
// try: another --addr when the port is taken.
func listenHint(flag, addr string, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "address already in use"):
		return fmt.Errorf("%s %s: the port is in use (another rtq, or another server, listens there): stop it, or pick another port with %s, such as %s",
			flag, addr, flag, otherPort(addr))
	case strings.Contains(msg, "permission denied"):
		return fmt.Errorf("%s %s: %v: ports under 1024 need privileges; pick one above, such as %s", flag, addr, err, otherPort(addr))
	case strings.Contains(msg, "cannot assign requested address"), strings.Contains(msg, "no such host"):
		return fmt.Errorf("%s %s: %v: that host is not an address of this machine; try 127.0.0.1 (this machine only) or 0.0.0.0 (all interfaces)", flag, addr, err)
	}
	return fmt.Errorf("%s %s: %w", flag, addr, err)
}

// otherPort proposes the same host with port 0 (any free port).
func otherPort(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, "0")
}

// missingFlags names each required flag left empty, with the environment
// variable that would do instead, or is nil when none is.
func missingFlags(cmd string, req ...requiredFlag) error {
	var miss []string
	for _, r := range req {
		if r.value != "" {
			continue
		}
		s := r.flag
		if r.env != "" {
			s += " (or " + r.env + ")"
		}
		miss = append(miss, s)
	}
	if len(miss) == 0 {
		return nil
	}
	noun := "is"
	if len(miss) > 1 {
		noun = "are"
	}
	return usageError("%s: %s %s missing; see rtq %s --help", cmd, strings.Join(miss, " and "), noun, cmd)
}

// requiredFlag is a flag a command cannot run without.
type requiredFlag struct{ flag, env, value string }

// flagError adds "did you mean --flag?" to an unknown flag, and makes every
// flag error a usage error (exit 2) that says where to read more.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if hint := foreignFlag(cmd, name); hint != "" {
			msg += "; " + hint
		} else if s := closestFlag(cmd, name); s != "" {
			msg += "; did you mean --" + s + "?"
		} else if sub := subcommandWith(cmd, name); sub != "" {
			msg += "; it is a flag of " + sub
		}
	}
	if m := unknownShorthand.FindStringSubmatch(msg); m != nil {
		if long, ok := foreignShorthands[m[1]]; ok {
			if hint := foreignFlag(cmd, long); hint != "" {
				msg += "; " + strings.ReplaceAll(hint, "--"+long+" is", "-"+m[1]+" is")
			}
		}
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	return withExit(2, fmt.Errorf("%s: %s (see %s --help)", name, msg, cmd.CommandPath()))
}

// subcommandWith names the subcommand of cmd that has the flag name
// (rtq profile --base-url: "rtq profile discover"), or "".
func subcommandWith(cmd *cobra.Command, name string) string {
	for _, sub := range cmd.Commands() {
		if sub.Flags().Lookup(name) != nil {
			return sub.CommandPath()
		}
	}
	return ""
}

// closestFlag is the flag of cmd nearest to name, or "" when none is close.
func closestFlag(cmd *cobra.Command, name string) string {
	best, bestD := "", 3 // at most two edits away, or a prefix
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := editdist.Distance(name, f.Name)
		if strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// foreignFlags are the names other tools (Prism, WireMock, Schemathesis,
// curl, ...) give to what an rtq flag does, with the rtq flags that may
// be meant, likeliest first: typed from habit, they are too far from
// rtq's names for the spelling check to find them.
var foreignFlags = map[string][]string{
	"port":        {"addr"},
	"listen":      {"addr"},
	"bind":        {"addr"},
	"host":        {"addr", "base-url", "upstream"},
	"url":         {"base-url", "upstream"},
	"target":      {"base-url", "upstream"},
	"server":      {"base-url", "upstream"},
	"endpoint":    {"base-url", "upstream"},
	"base":        {"base-url", "upstream"},
	"proxy":       {"upstream"},
	"key":         {"api-key"},
	"token":       {"api-key", "admin-token"},
	"auth":        {"api-key", "admin-token"},
	"bearer":      {"api-key", "admin-token"},
	"spec":        {"scenario", "profile"},
	"file":        {"scenario", "profile"},
	"config":      {"scenario", "profile"},
	"data":        {"scenario"},
	"mocks":       {"scenario"},
	"output":      {"out"},
	"report":      {"out"},
	"junit":       {"format"},
	"json":        {"format"},
	"write":       {"allow-writes"},
	"writes":      {"allow-writes"},
	"workers":     {"concurrency"},
	"threads":     {"concurrency"},
	"parallel":    {"concurrency"},
	"jobs":        {"concurrency"},
	"id":          {"record-id"},
	"ids":         {"record-id"},
	"include":     {"only"},
	"exclude":     {"skip"},
	"checks":      {"only"},
	"rate-limit":  {"rate"},
	"max-retries": {"timeout"},
}

// unknownShorthand is pflag's wording of an unknown one-letter flag.
var unknownShorthand = regexp.MustCompile(`^unknown shorthand flag: '(.)' in -`)

// foreignShorthands are other tools' one-letter flags (-p 9000, -u URL),
// by the long name foreignFlags knows them under. rtq has none.
var foreignShorthands = map[string]string{"p": "port", "u": "url", "k": "key", "o": "output", "t": "token", "f": "file", "H": "host", "c": "config"}

// foreignFlag words the rtq flag meant by a name another tool uses, when
// cmd has it: "--port 9000" becomes "--addr 127.0.0.1:9000". A command
// that takes the URL as its argument (rtq health) says so.
func foreignFlag(cmd *cobra.Command, name string) string {
	name, value, _ := strings.Cut(name, "=")
	wants, ok := foreignFlags[name]
	if !ok {
		return ""
	}
	if value == "" {
		value = argAfter(cmd, "--"+name)
	}
	if value == "" && len(name) > 1 {
		for short, long := range foreignShorthands {
			if long == name {
				value = argAfter(cmd, "-"+short)
			}
		}
	}
	for _, w := range wants {
		if cmd.Flags().Lookup(w) == nil && cmd.InheritedFlags().Lookup(w) == nil {
			continue
		}
		switch {
		case w == "addr" && name == "port" && value != "":
			return fmt.Sprintf("rtq listens on --addr HOST:PORT: did you mean --addr 127.0.0.1:%s?", value)
		case w == "format" && (name == "junit" || name == "json"):
			return fmt.Sprintf("did you mean --format %s?", name)
		}
		return fmt.Sprintf("did you mean --%s? (--%s is another tool's name for it)", w, name)
	}
	if slices.Contains(wants, "base-url") && strings.HasPrefix(cmd.Use, cmd.Name()+" URL") {
		return fmt.Sprintf("%s takes the URL as its argument: %s http://127.0.0.1:8080", cmd.CommandPath(), cmd.CommandPath())
	}
	return ""
}

// argsAnnotation is where run keeps the command line on the root command,
// for a flag error to read the value typed after an unknown flag.
const argsAnnotation = "rtq-args"

// argAfter is the word after flag on the command line, "" when there is
// none or it is another flag.
func argAfter(cmd *cobra.Command, flag string) string {
	args := strings.Split(cmd.Root().Annotations[argsAnnotation], "\x00")
	for i, a := range args {
		if a == flag && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v
		}
	}
	return ""
}

// countArgs words a wrong count of positional arguments for a person:
// what the command takes and an example, where cobra says "accepts 1
// arg(s), received 0".
func countArgs(min, max int, what, example string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) >= min && (max < 0 || len(args) <= max) {
			return nil
		}
		name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
		if len(args) < min {
			return usageError("%s: %s is missing: such as %s (see %s --help)", name, what, example, cmd.CommandPath())
		}
		return usageError("%s: takes %s, not %d arguments (%s): such as %s", name, what, len(args), strings.Join(args, " "), example)
	}
}

// noArgs refuses positional arguments as cobra.NoArgs does, and names
// the flag that takes what was given: a URL (rtq conform URL) is a
// --base-url or --upstream, a path a --scenario, --profile or --out.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	a := args[0]
	var wants []string
	if strings.Contains(a, "://") || strings.HasPrefix(a, "localhost:") || strings.HasPrefix(a, "127.0.0.1:") {
		wants = []string{"base-url", "upstream"}
	} else {
		wants = []string{"scenario", "profile", "out"}
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	for _, w := range wants {
		if cmd.Flags().Lookup(w) != nil {
			return usageError("%s: takes no arguments, and %q is one: did you mean --%s %s? (see %s --help)", name, a, w, a, cmd.CommandPath())
		}
	}
	return usageError("%s: takes no arguments, and %q is one (see %s --help)", name, a, cmd.CommandPath())
}

// warnWriteKeyIdle says, on stderr, that a write key was given without
// --allow-writes: nothing is written then, and the checks that need a
// write are skipped, which a green run would otherwise hide.
func warnWriteKeyIdle(w io.Writer, cmd, writeKey string, allowWrites bool) {
	if writeKey != "" && !allowWrites {
		fmt.Fprintf(w, "rtq %s: warning: --write-key (or RTQ_WRITE_KEY) is set but --allow-writes is not: no verify is sent, and every check that needs one is skipped; add --allow-writes to run them\n", cmd)
	}
}
