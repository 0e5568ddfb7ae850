package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// pathAnnotation marks a flag, or a command's positional arguments, as a
// path the user names; its value is the path's kind, a key of pathKinds.
// Every string flag whose usage names a FILE, DIR or PATH (or says "file"
// or "directory") carries it: TestEveryPathFlagIsMarked fails on one that
// does not, and TestPathFlagsRefuseWhatIsNotAFile tries a named pipe, a
// link to /dev/zero, a directory and a sparse file too large on every
// marked one, found by walking the command tree. A new flag that takes a
// path is marked where it is declared (pathFlag), and so tested.
const pathAnnotation = "rtq_path"

// pathKind is what a command does with a path of one kind, and so what
// checkPaths checks before the command starts.
type pathKind struct {
	// read: the command reads the file (false: it only writes it, through
	// a temporary file renamed over it, or connects to it).
	read bool
	// dirs: a directory of *.yaml files may be named instead of a file.
	dirs bool
	// urls: an http(s) URL may be given instead of a path.
	urls bool
	// max is the most bytes the command reads of one file.
	max func(*cobra.Command) int64
	// raise names the flag that raises max, when the command has one.
	raise string
	// writes: the command writes the file, so its directory must exist
	// before the command starts (not after a run of minutes).
	writes bool
}

// pathKinds are the kinds of path a flag or an argument may take. A new
// kind of file (a certificate, say) is a row here, bounded by what its
// reader reads: the reader uses internal/userfile with the same bound.
var pathKinds = map[string]pathKind{
	"scenario":  {read: true, dirs: true, max: scenarioMaxBytes, raise: "--max-scenario-bytes"},
	"recording": {read: true, writes: true, max: scenarioMaxBytes}, // rtq record --out: merged into when it exists
	"profile":   {read: true, urls: true, max: fixedMax(profile.MaxProfileBytes)},
	"baseline":  {read: true, max: fixedMax(conformance.MaxBaselineBytes)},
	"coverage":  {read: true, max: fixedMax(covreport.MaxReportBytes)},
	"pem":       {read: true, max: fixedMax(svcclient.MaxPEMBytes)}, // --ca-cert, --client-cert, --client-key
	"written":   {writes: true},                                     // only written, atomically: a temporary file renamed over it
	"outdir":    {},                                                 // a directory written into, made when missing (rtq wasm --out)
	"socket":    {},                                                 // a Redis server's unix socket (--store unix:///PATH): connected to
}

// pathFlag marks cmd's flag name as a path of kind.
func pathFlag(cmd *cobra.Command, name, kind string) {
	if _, ok := pathKinds[kind]; !ok {
		panic("pathFlag: no path kind " + kind)
	}
	if err := cmd.Flags().SetAnnotation(name, pathAnnotation, []string{kind}); err != nil {
		panic(err)
	}
}

// pathArgs marks cmd's positional arguments as paths of kind.
func pathArgs(cmd *cobra.Command, kind string) {
	if _, ok := pathKinds[kind]; !ok {
		panic("pathArgs: no path kind " + kind)
	}
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[pathAnnotation] = kind
}

// scenarioMaxBytes is the bound of one scenario file: the command's
// --max-scenario-bytes when it has the flag, the default otherwise.
func scenarioMaxBytes(cmd *cobra.Command) int64 {
	if f := cmd.Flags().Lookup("max-scenario-bytes"); f != nil {
		if n, err := cmd.Flags().GetInt64("max-scenario-bytes"); err == nil && n > 0 {
			return n
		}
	}
	return scenario.DefaultMaxBytes
}

// fixedMax is a bound no flag changes.
func fixedMax(n int64) func(*cobra.Command) int64 {
	return func(*cobra.Command) int64 { return n }
}

// checkPaths checks every path the command line names before the command
// starts (the root's PersistentPreRunE, so before cobra's own check of
// required flags): each one read must be a regular file within its bound,
// opened without blocking (internal/userfile). A named pipe, a device, a
// directory or a file too large is refused with exit status 2, naming the
// flag, at once: a named pipe blocked rtq conform --baseline in open(2)
// where no signal could end it. A path that does not exist is left to the
// command, which says what it wanted there. The readers check again as
// they read, through the same package.
func checkPaths(cmd *cobra.Command, args []string) error {
	var errs []error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		kind := f.Annotations[pathAnnotation]
		if len(kind) == 0 {
			return
		}
		for _, v := range flagValues(f) {
			if err := checkPath(cmd, pathKinds[kind[0]], v); err != nil {
				shown := v
				if v == "" {
					shown = `""`
				}
				errs = append(errs, fmt.Errorf("--%s %s: %w", f.Name, shown, err))
			}
		}
	})
	if kind, ok := cmd.Annotations[pathAnnotation]; ok {
		for _, v := range args {
			if err := checkPath(cmd, pathKinds[kind], v); err != nil {
				errs = append(errs, fmt.Errorf("%s: %s: %w", cmd.CommandPath(), v, err))
			}
		}
	}
	return withExit(2, errors.Join(errs...))
}

// flagValues are the values a flag was given: each of a repeatable one.
func flagValues(f *pflag.Flag) []string {
	if s, ok := f.Value.(pflag.SliceValue); ok {
		return s.GetSlice()
	}
	return []string{f.Value.String()}
}

// checkPath checks one path of kind k.
func checkPath(cmd *cobra.Command, k pathKind, p string) error {
	if p == "" && k.dirs {
		return errors.New("an empty path: give a scenario file or directory, or leave the flag out for the default scenario")
	}
	if k.writes && p != "" && p != "-" {
		if err := checkDirOf(p); err != nil {
			return err
		}
	}
	if !k.read || p == "" || (k.urls && (strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://"))) {
		return nil
	}
	info, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	files := []string{p}
	if err == nil && k.dirs && info.IsDir() {
		if files, err = scenario.Files(p); err != nil {
			return err
		}
	}
	max := k.max(cmd)
	for _, f := range files {
		err := userfile.Check(f, max)
		if f != p && err != nil {
			err = fmt.Errorf("%s: %w", f, err)
		}
		var tl *userfile.TooLargeError
		if errors.As(err, &tl) && k.raise != "" {
			err = fmt.Errorf("%w: raise the bound with %s", err, k.raise)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkDirOf refuses a path to write whose directory does not exist,
// saying how to make it: the command would otherwise run (a conformance
// run, a crawl) and fail only when it writes.
func checkDirOf(p string) error {
	dir := filepath.Dir(p)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("its directory %s does not exist: create it first (mkdir -p %s)", dir, dir)
	case err == nil && !st.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}
