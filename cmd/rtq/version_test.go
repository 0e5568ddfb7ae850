package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribeBuild(t *testing.T) {
	clone := &debug.BuildInfo{
		GoVersion: "go1.24.3",
		Main:      debug.Module{Path: "github.com/rtq-kit/rtq", Version: "v0.0.0-20261123190000-0123456789ab+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-23T19:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		},
	}
	installed := &debug.BuildInfo{GoVersion: "go1.24.3", Main: debug.Module{Path: "github.com/rtq-kit/rtq", Version: "v1.2.3"}}
	devel := &debug.BuildInfo{GoVersion: "go1.24.3", Main: debug.Module{Path: "github.com/rtq-kit/rtq", Version: "(devel)"}}
	for _, tc := range []struct {
		name  string
		stamp string
		rev   string
		info  *debug.BuildInfo
		want  []string
	}{
		{"go build from a clone", "", "", clone, []string{
			"rtq v0.0.0-20261123190000-0123456789ab+dirty",
			"module    github.com/rtq-kit/rtq v0.0.0-20261123190000-0123456789ab+dirty",
			"revision  0123456789abcdef0123456789abcdef01234567 (modified)",
			"time      2026-11-23T19:00:00Z",
			"go        go1.24.3 linux/arm64"}},
		{"release build stamped with -ldflags -X", "v2.0.0", "", clone, []string{"rtq v2.0.0", "module    github.com/rtq-kit/rtq v0.0.0-20261123190000-0123456789ab+dirty"}},
		{"go install ...@v1.2.3", "", "", installed, []string{"rtq v1.2.3", "module    github.com/rtq-kit/rtq v1.2.3", "go        go1.24.3"}},
		{"no version anywhere", "", "", devel, []string{"rtq devel"}},
		{"release built where Go records no VCS", "v2.0.0", "fedcba9876543210fedcba9876543210fedcba98", devel, []string{
			"rtq v2.0.0", "module    github.com/rtq-kit/rtq (devel)", "revision  fedcba9876543210fedcba9876543210fedcba98", "go        go1.24.3"}},
		{"the build info's revision wins", "v2.0.0", "fedcba98", clone, []string{"rtq v2.0.0", "module    github.com/rtq-kit/rtq v0.0.0-20261123190000-0123456789ab+dirty",
			"revision  0123456789abcdef0123456789abcdef01234567 (modified)"}},
		{"no build info", "", "", nil, []string{"rtq devel"}},
	} {
		got := describeBuild(tc.stamp, tc.rev, tc.info)
		if len(got) < len(tc.want) || strings.Join(got[:len(tc.want)], "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
