package main

import (
	"errors"

	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/wasm"
	"github.com/spf13/cobra"
)

func newWasmCmd() *cobra.Command {
	o := wasm.Options{}
	var seed int64
	cmd := &cobra.Command{
		Use:   "wasm --out DIR [--scenario PATH]... [--seed N]",
		Short: "Write the mock as WebAssembly, with rtq-mock.mjs and a service worker, for pages and Node tests",
		Long: `Write into DIR the mock compiled to WebAssembly and what runs it with no
process: rtq.wasm, Go's wasm_exec.js, rtq-scenario.json (the scenario,
resolved and checked now, so the module starts without parsing YAML),
rtq-mock.mjs (createMock() for Node 18+ and pages, startWorker() for a
service worker), rtq-sw.js and a package.json (npm pack builds a tarball).

The module is the one embedded in this rtq when it has one; otherwise it is
built with the Go toolchain from the rtq source tree (this rtq's own, or the
working directory's). See docs/frontend.md.`,
		Example: `  rtq wasm --out public/rtq
  rtq wasm --out test/rtq --scenario ./scenarios --seed 7
  (cd test/rtq && npm pack)`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("seed") {
				o.Seed = &seed
			}
			o.Log = cmd.ErrOrStderr()
			err := wasm.Write(cmd.Context(), o)
			if le := (*scenario.LoadError)(nil); errors.As(err, &le) {
				return scenarioFailure(cmd.ErrOrStderr(), err)
			}
			return withExit(1, err)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Out, "out", "", "directory to write (created when missing)")
	f.StringArrayVar(&o.Scenarios, "scenario", nil, "scenario file or directory of *.yaml (repeatable; default: the embedded scenario)")
	pathFlag(cmd, "out", "outdir")
	pathFlag(cmd, "scenario", "scenario")
	f.Int64Var(&seed, "seed", 0, "seed for generated values, overriding the scenario's")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}
