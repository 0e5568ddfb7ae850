package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtq-kit/rtq/contract"
)

// version is stamped by a release build:
//
//	go build -ldflags "-X main.version=v1.2.3" ./cmd/rtq
//
// (scripts/release.sh does). Without it the module version of the build
// info is used: v1.2.3 after go install ...@v1.2.3, a pseudo-version or
// (devel) for a build from a clone.
var version = ""

// revision is the VCS revision a release build stamps
// (-X main.revision=...) for when the build info has none: Go records it
// only when building in a git clone with VCS stamping on, not in a git
// worktree or under GOFLAGS=-buildvcs=false.
var revision = ""

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the rtq version, the VCS revision it was built from and the Go version",
		Long: `Print the rtq version on the first line ("rtq v1.2.3"), then what the build
info knows: the module, the VCS revision and time (builds from a git clone;
"modified" when the tree had local changes), and the Go toolchain; last,
the license (Apache-2.0).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			info, ok := debug.ReadBuildInfo()
			if !ok {
				info = nil
			}
			for _, line := range describeBuild(version, revision, info) {
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}
}

// describeBuild returns the lines rtq version prints. stamp and rev are the
// link-time version and revision; info may be nil (a binary built without
// module support).
func describeBuild(stamp, rev string, info *debug.BuildInfo) []string {
	if info == nil {
		info = &debug.BuildInfo{}
	}
	v := stamp
	if v == "" {
		v = info.Main.Version
	}
	lines := []string{"rtq " + orDevel(v)}
	if info.Main.Path != "" {
		lines = append(lines, fmt.Sprintf("module    %s %s", info.Main.Path, info.Main.Version))
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if r := settings["vcs.revision"]; r != "" {
		rev = r
		if settings["vcs.modified"] == "true" {
			rev += " (modified)"
		}
	}
	if rev != "" {
		lines = append(lines, "revision  "+rev)
	}
	if t := settings["vcs.time"]; t != "" {
		lines = append(lines, "time      "+t)
	}
	if info.GoVersion == "" {
		return append(lines, licenseLine)
	}
	goLine := "go        " + info.GoVersion
	if os, arch := settings["GOOS"], settings["GOARCH"]; os != "" {
		goLine += " " + os + "/" + arch
	}
	return append(lines, goLine, licenseLine)
}

// licenseLine is the last line of rtq version: the kit's license, by its
// SPDX identifier (the text is the repository's LICENSE).
const licenseLine = "license   " + contract.License + " (LICENSE in the source)"

// orDevel names a build that carries no version.
func orDevel(v string) string {
	if v == "" || v == "(devel)" {
		return "devel"
	}
	return strings.TrimSpace(v)
}
