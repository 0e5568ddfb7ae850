package main

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/spf13/cobra"
)

// flagCompletions are the values shell completion offers for a flag name,
// on whichever command has it: `rtq conform --format <TAB>`. Cobra's own
// `rtq completion bash|zsh|fish|powershell` prints the scripts
// (docs/ci.md shows the setup); this table only teaches them the values.
var flagCompletions = map[string]func() []string{
	"format": func() []string { return []string{"text", "json", "junit", "html"} },
	"field-type": func() []string {
		names := make([]string, 0, len(contract.FieldTypes))
		for _, ft := range contract.FieldTypes {
			names = append(names, ft.Name)
		}
		return names
	},
}

// flagFileTypes are flags that name a file of one of these extensions.
var flagFileTypes = map[string][]string{
	"scenario": {"yaml", "yml"},
	"profile":  {"yaml", "yml", "json"},
}

// registerCompletions wires flagCompletions and flagFileTypes into every
// command of the tree under root.
func registerCompletions(root *cobra.Command) {
	for _, cmd := range root.Commands() {
		registerCompletions(cmd)
	}
	for name, values := range flagCompletions {
		if root.Flags().Lookup(name) == nil {
			continue
		}
		_ = root.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return values(), cobra.ShellCompDirectiveNoFileComp
		})
	}
	for name, exts := range flagFileTypes {
		if root.Flags().Lookup(name) != nil {
			_ = root.MarkFlagFilename(name, exts...)
		}
	}
}
