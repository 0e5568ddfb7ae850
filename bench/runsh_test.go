package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunShFailsWhenATargetFails: bench/run.sh (with --quick too) exits
// non-zero when rtqbench reports a FAIL target, so a CI job that runs it
// notices. The script runs in a copy of the tree with stand-ins for go,
// wrk and rtqbench: no build, no load.
func TestRunShFailsWhenATargetFails(t *testing.T) {
	for _, tc := range []struct {
		name    string
		results string // what the stand-in rtqbench writes; "" writes nothing
		ok      bool
	}{
		{"a FAIL target", `{"targets": [{"name": "a", "pass": true}, {"name": "b", "pass": false}]}`, false},
		{"every target PASS or SKIP", `{"targets": [{"name": "a", "pass": true}, {"name": "b", "pass": null}]}`, true},
		{"no results written", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runStandIn(t, tc.results)
			if (err == nil) != tc.ok {
				t.Errorf("bench/run.sh --quick: err %v, want success %v\n%s", err, tc.ok, out)
			}
			if !tc.ok && !strings.Contains(out, "bench:") {
				t.Errorf("no message says why:\n%s", out)
			}
		})
	}
}

// runStandIn runs a copy of run.sh whose go build writes stand-in
// programs; the stand-in rtqbench writes results (when not "").
func runStandIn(t *testing.T, results string) (string, error) {
	t.Helper()
	root, bin := t.TempDir(), t.TempDir()
	script, err := os.ReadFile("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "bench"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, data string, mode os.FileMode) {
		if err := os.WriteFile(path, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "bench", "run.sh"), string(script), 0o755)
	write(filepath.Join(root, "results.json"), results, 0o644)
	bench := "#!/bin/sh\nmkdir -p bench/out\n"
	if results != "" {
		bench += "cp '" + filepath.Join(root, "results.json") + "' bench/out/results.json\n"
	}
	write(filepath.Join(root, "rtqbench.sh"), bench, 0o755)
	// go build -o OUT PKG: rtqbench is the stand-in, the rest do nothing.
	write(filepath.Join(bin, "go"), `#!/bin/sh
out=$3
case "$4" in
  ./bench/rtqbench) cp '`+filepath.Join(root, "rtqbench.sh")+`' "$out" ;;
  *) printf '#!/bin/sh\n' > "$out" ;;
esac
chmod +x "$out"
`, 0o755)
	write(filepath.Join(bin, "wrk"), "#!/bin/sh\n", 0o755)
	cmd := exec.Command("bash", filepath.Join(root, "bench", "run.sh"), "--quick")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}
