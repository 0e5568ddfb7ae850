package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// pathTarget is one place of the command tree that takes a path: a flag,
// or a command's positional arguments (flag empty).
type pathTarget struct {
	cmd  []string // the words after rtq that reach the command
	flag string
	kind string
	args []string // the arguments the command needs besides the flag
}

// pathTargets walks the real command tree for every flag and argument
// marked as a path (pathFlag, pathArgs).
func pathTargets(t *testing.T) []pathTarget {
	t.Helper()
	var out []pathTarget
	walkCommands(newRootCmd(), func(c *cobra.Command, words []string) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if k := f.Annotations[pathAnnotation]; len(k) == 1 {
				pt := pathTarget{cmd: words, flag: f.Name, kind: k[0]}
				if c.Args != nil && c.Args(c, nil) != nil {
					// A command that wants an argument (rtq health URL)
					// gets one: cobra counts them before the paths are
					// checked.
					pt.args = []string{"http://127.0.0.1:1"}
				}
				out = append(out, pt)
			}
		})
		if k, ok := c.Annotations[pathAnnotation]; ok {
			out = append(out, pathTarget{cmd: words, kind: k})
		}
	})
	return out
}

// walkCommands calls fn on every command under root, with the words that
// reach it.
func walkCommands(root *cobra.Command, fn func(*cobra.Command, []string)) {
	var walk func(*cobra.Command, []string)
	walk = func(c *cobra.Command, words []string) {
		fn(c, words)
		for _, sub := range c.Commands() {
			walk(sub, append(append([]string(nil), words...), sub.Name()))
		}
	}
	walk(root, nil)
}

// looksLikePath is a flag usage or a command's Use that names a path, by
// the house's words for one: FILE, DIR, PATH, "file", "directory".
var looksLikePath = regexp.MustCompile(`\b(FILE|DIR|PATH)S?\b|\b[Ff]iles?\b|\b[Dd]irector(y|ies)\b`)

// positional are the words of a command's Use that are its arguments,
// not its name nor a flag's value: "validate PATH..." gives PATH,
// "wasm --out DIR [--scenario PATH]..." gives none.
func positional(use string) []string {
	words := strings.Fields(strings.NewReplacer("[", " ", "]", " ", "...", "").Replace(use))
	var out []string
	for i := 1; i < len(words); i++ {
		if strings.HasPrefix(words[i], "-") {
			i++ // its value
			continue
		}
		out = append(out, words[i])
	}
	return out
}

// Every string flag whose usage names a path, and every command whose
// arguments are paths, is marked with its kind: a new one that is not
// fails here, and once marked, TestPathFlagsRefuseWhatIsNotAFile tries it.
func TestEveryPathFlagIsMarked(t *testing.T) {
	marked := 0
	walkCommands(newRootCmd(), func(c *cobra.Command, _ []string) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			k, has := f.Annotations[pathAnnotation]
			if has {
				marked++
				if _, ok := pathKinds[k[0]]; len(k) != 1 || !ok {
					t.Errorf("%s --%s: path kind %q is not one of pathKinds", c.CommandPath(), f.Name, k)
				}
				return
			}
			switch f.Value.Type() {
			case "string", "stringArray", "stringSlice":
				if looksLikePath.MatchString(f.Usage) {
					t.Errorf("%s --%s (%q) takes a path and is not marked: call pathFlag with its kind (paths.go)", c.CommandPath(), f.Name, f.Usage)
				}
			}
		})
		for _, w := range positional(c.Use) {
			if _, ok := c.Annotations[pathAnnotation]; looksLikePath.MatchString(w) && !ok {
				t.Errorf("%s %s: its arguments are paths and are not marked: call pathArgs with their kind (paths.go)", c.CommandPath(), w)
			}
		}
		if k, ok := c.Annotations[pathAnnotation]; ok {
			marked++
			if _, ok := pathKinds[k]; !ok {
				t.Errorf("%s: path kind %q is not one of pathKinds", c.CommandPath(), k)
			}
		}
	})
	if marked < 10 {
		t.Fatalf("%d paths marked in the command tree, fewer than rtq has: the walk proves nothing", marked)
	}
}

func TestPositionalWordsOfAUse(t *testing.T) {
	for use, want := range map[string]string{
		"validate PATH...":                    "PATH",
		"profile [PATH]...":                   "PATH",
		"wasm --out DIR [--scenario PATH]...": "",
		"health URL":                          "URL",
	} {
		if got := strings.Join(positional(use), " "); got != want {
			t.Errorf("positional(%q) = %q, want %q", use, got, want)
		}
	}
}
