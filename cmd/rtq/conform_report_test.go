package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rtq-kit/rtq/testkit/hangtarget"

	"github.com/rtq-kit/rtq/testkit/refused"
)

// jsonReport reads the members of a JSON report the tests look at.
func jsonReport(t *testing.T, path string) (status, reason string, failed int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Status, Reason string
		Summary        struct{ Failed int }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, data)
	}
	return rep.Status, rep.Reason, rep.Summary.Failed
}

func TestConformInterruptedInProcessExits4WithAnInterruptedReport(t *testing.T) {
	url, started := hangtarget.Start(t)
	out := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(out, []byte("an older report"), 0o644)
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		<-started
		cancel(errors.New("received interrupt"))
	}()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"conform", "--base-url", url, "--api-key", "k", "--format", "json", "--out", out, "--timeout", "1m"},
		strings.NewReader(""), &stdout, &stderr)
	if code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted: received interrupt") {
		t.Fatalf("exit %d, stderr %q; want %d and the cause", code, stderr.String(), exitInterrupted)
	}
	status, reason, failed := jsonReport(t, out)
	if status != "interrupted" || reason != "received interrupt" || failed != 0 {
		t.Fatalf("report status %q reason %q failed %d; want interrupted, the cause, no failure", status, reason, failed)
	}
}

func TestConformSIGTERMedProcessExits4WithAnInterruptedReport(t *testing.T) {
	url, started := hangtarget.Start(t)
	out := filepath.Join(t.TempDir(), "report.txt")
	cmd := exec.Command(os.Args[0], "conform", "--base-url", url, "--api-key", "k", "--out", out, "--timeout", "1m")
	cmd.Env = append(os.Environ(), "RTQ_TEST_AS_RTQ=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-started:
	case err := <-done:
		t.Fatalf("rtq conform ended before the run was under way: %v\n%s", err, stderr.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := <-done
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Fatalf("wait: %v, stderr %q; want exit %d", err, stderr.String(), exitInterrupted)
	}
	data, _ := os.ReadFile(out)
	if !strings.HasPrefix(string(data), "INTERRUPTED: received terminated") {
		t.Fatalf("report does not start with the interruption:\n%s", data)
	}
	if left, _ := filepath.Glob(out + ".tmp-*"); len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestConformUnreachableReplacesTheOlderReport(t *testing.T) {
	dead := refused.URL
	out := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(out, []byte(`{"status":"pass"}`), 0o644)
	for _, args := range [][]string{
		{"conform", "--base-url", dead, "--api-key", "k", "--format", "json", "--out", out},
		{"conform", "--base-url", dead, "--profile", dead + "/__admin/profile", "--format", "json", "--out", out},
	} {
		code, _, errOut := runCLI(t, args...)
		status, reason, _ := jsonReport(t, out)
		if code != 3 || status != "unreachable" || !strings.Contains(reason, dead[len("http://"):]) {
			t.Fatalf("exit %d (%s), report status %q reason %q; want 3 and an unreachable report naming the target", code, errOut, status, reason)
		}
		os.WriteFile(out, []byte(`{"status":"pass"}`), 0o644)
	}
}

func TestFailingReportWriteLeavesThePreviousReportWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(path, []byte(`{"previous":true}`), 0o644)
	err := writeFileAtomic(path, func(w io.Writer) error {
		io.WriteString(w, `{"half":`)
		return errors.New("disk full")
	})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the write's failure", err)
	}
	if data, _ := os.ReadFile(path); string(data) != `{"previous":true}` {
		t.Fatalf("previous report now %q", data)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	url := startMock(t)
	code, _, errOut := runCLI(t, "conform", "--base-url", url, "--api-key", "rtq-demo-read", "--only", "formList.schema",
		"--out", filepath.Join(path, "not-a-dir", "r.txt"))
	if code != 2 || !strings.Contains(errOut, "write report") {
		t.Fatalf("exit %d, stderr %q; want 2 and 'write report'", code, errOut)
	}
}

func TestConformProgressOnlyOnATerminalAndNotForJSON(t *testing.T) {
	url := startMock(t)
	for _, c := range []struct {
		tty    bool
		format string
		want   bool
	}{{true, "text", true}, {true, "json", false}, {false, "text", false}} {
		f := conformFlags{baseURL: url, apiKey: "rtq-demo-read", format: c.format, only: []string{"formList.*"}, tty: c.tty, concurrency: 1}
		var stdout, stderr bytes.Buffer
		if err := runConform(context.Background(), f, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(stderr.String(), "checks"); got != c.want || c.want && !strings.Contains(stderr.String(), "\rrtq conform: 1/") {
			t.Errorf("tty %v format %s: progress %q, want shown %v", c.tty, c.format, stderr.String(), c.want)
		}
	}
}

func TestConformOutCutShortByAFileSizeLimitLeavesThePreviousReport(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to set ulimit -f")
	}
	url := startMock(t)
	out := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(out, []byte(`{"previous":true}`), 0o644)
	// ulimit -f 2: at most 1 or 2 KiB per file; the report is about 5 KiB.
	cmd := exec.Command("sh", "-c", `ulimit -f 2 && exec "$0" "$@"`, os.Args[0],
		"conform", "--base-url", url, "--api-key", "rtq-demo-read", "--only", "formList.*", "--format", "json", "--out", out)
	cmd.Env = append(os.Environ(), "RTQ_TEST_AS_RTQ=1")
	msg, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(msg), "write report") {
		t.Fatalf("exit %v, output %q; want 2 and 'write report'", err, msg)
	}
	if data, _ := os.ReadFile(out); string(data) != `{"previous":true}` {
		t.Fatalf("the previous report is now %q", data)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".*")); len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}
