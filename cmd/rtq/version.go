package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version is stamped by a release build:
//
//	go build -ldflags "-X main.version=v1.2.3" ./cmd/rtq
//
// (scripts/release.sh does). Without it the module version of the build
// info is used: v1.2.3 after go install ...@v1.2.3, a pseudo-version or
// (devel) for a build from a clone.
var version = ""

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the rtq version, the VCS revision it was built from and the Go version",
		Long: `Print the rtq version on the first line ("rtq v1.2.3"), then what the build
info knows: the module, the VCS revision and time (builds from a git clone;
"modified" when the tree had local changes), and the Go toolchain.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			info, ok := debug.ReadBuildInfo()
			if !ok {
				info = nil
			}
			for _, line := range describeBuild(version, info) {
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}
}

// describeBuild returns the lines rtq version prints. stamp is the
// link-time version; info may be nil (a binary built without module
// support).
func describeBuild(stamp string, info *debug.BuildInfo) []string {
	if info == nil {
		return []string{"rtq " + orDevel(stamp)}
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
	if rev := settings["vcs.revision"]; rev != "" {
		if settings["vcs.modified"] == "true" {
			rev += " (modified)"
		}
		lines = append(lines, "revision  "+rev)
	}
	if t := settings["vcs.time"]; t != "" {
		lines = append(lines, "time      "+t)
	}
	goLine := "go        " + info.GoVersion
	if os, arch := settings["GOOS"], settings["GOARCH"]; os != "" {
		goLine += " " + os + "/" + arch
	}
	return append(lines, goLine)
}

// orDevel names a build that carries no version.
func orDevel(v string) string {
	if v == "" || v == "(devel)" {
		return "devel"
	}
	return strings.TrimSpace(v)
}
