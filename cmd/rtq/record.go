package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/recorder"
	"github.com/spf13/cobra"
)

// recordFlags is what `rtq record` is told besides recorder.Options.
type recordFlags struct {
	o      recorder.Options
	crawl  bool
	access accessFlags
	// judge is --judge: the report of the proxy's traffic, judged as rtq
	// proxy judges it.
	judge string
}

func newRecordCmd() *cobra.Command {
	f := &recordFlags{}
	cmd := &cobra.Command{
		Use:   "record --upstream URL --api-key KEY --out FILE [--addr HOST:PORT] [--crawl]",
		Short: "Capture a real service into a scenario the mock serves",
		Long: `Record a running service (staging) into a scenario file the mock serves.

Proxy mode (default): listen on --addr (loopback), forward the endpoints
to --upstream with --api-key (the client's own Authorization is never
forwarded), answer with the upstream's bytes, and write what was seen to --out
on exit (Ctrl-C, SIGTERM) and on POST /__admin/flush. Verify (a write) is
refused unless --allow-writes.

Crawl mode (--crawl): walk the upstream once, read-only (every form list
page, every template and its sub-codes, the named records in every format,
every page of the named searches), write --out and exit.

List answers carry no creation times: templates and sub-codes get placeholder
times unless --probe-times recovers the real ones by bisecting the time
filters (about 25 calls an item, bounded by --max-requests and --rate; in
proxy mode, at each flush).

The file holds placeholder key secrets (printed), never the real key; masked
values stay masked. An existing --out is merged into by id. See docs/record.md.

With --judge REPORT (proxy mode), every call forwarded is also judged by
the rules of rtq conform, as rtq proxy judges it, and the report is written
to REPORT on exit in the format its extension names (.json, .xml for JUnit,
.html; text otherwise); a must statement broken is exit 1.
Exit status: 0 written, 1 the upstream failed (what was recorded before is
written) or the file could not be written, 2 usage error, 3 a crawl that
cannot reach the upstream (TLS, a proxy, a gateway: the message names the
flag that fixes it), 4 a crawl interrupted (SIGINT, SIGTERM): what was seen
is written.`,
		Example: `  rtq record --upstream https://staging.example.com --api-key "$RTQ_API_KEY" \
    --out staging.yaml --crawl --record-id 100001 --record-url https://s.example/r/abc
  rtq record --upstream https://staging.example.com --out staging.yaml --crawl \
    --probe-times --rate 50 --max-requests 50000
  rtq record --upstream https://staging.example.com --out staging.yaml --addr 127.0.0.1:8081`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.o.APIKey == "" {
				f.o.APIKey = os.Getenv("RTQ_API_KEY")
			}
			return runRecord(cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.o.Upstream, "upstream", "", "base URL of the service to record")
	fl.StringVar(&f.o.APIKey, "api-key", "", "API key used towards the upstream (env RTQ_API_KEY); never written")
	fl.StringVar(&f.o.Out, "out", "", "scenario file to write (merged into by id when it exists)")
	pathFlag(cmd, "out", "recording")
	fl.StringVar(&f.o.Addr, "addr", "127.0.0.1:8081", "address the recording proxy listens on (proxy mode)")
	fl.BoolVar(&f.o.AllowWrites, "allow-writes", false, "forward verify (a write) to the upstream (proxy mode)")
	fl.BoolVar(&f.crawl, "crawl", false, "walk the upstream once, read-only, write --out and exit")
	fl.Int64SliceVar(&f.o.RecordIDs, "record-id", nil, "record to read in every format (crawl; repeatable)")
	fl.StringArrayVar(&f.o.RecordURLs, "record-url", nil, "record URL to read in every format (crawl; repeatable)")
	fl.StringArrayVar(&f.o.SearchKeys, "search-key", nil, "getFormList search_key whose every page is kept as the service answered it (crawl; repeatable)")
	fl.IntVar(&f.o.MaxRequests, "max-requests", 10000, "(crawl, probes) most calls made to the upstream (0: no bound)")
	fl.Float64Var(&f.o.Rate, "rate", 10, "(crawl, probes) most calls per second to the upstream (0: no bound)")
	fl.IntVar(&f.o.Concurrency, "concurrency", recorder.DefaultConcurrency, "(crawl, probes) most calls in flight to the upstream: independent reads overlap (1: one at a time)")
	fl.StringVar(&f.judge, "judge", "", "(proxy) also judge every call forwarded, as rtq proxy does, and write the report to FILE on exit (.json, .xml, .html, else text)")
	pathFlag(cmd, "judge", "written")
	fl.BoolVar(&f.o.ProbeTimes, "probe-times", false, "recover the creation times of templates and sub-codes by bisecting the time filters (about 25 calls an item)")
	f.access.register(cmd)
	return cmd
}

func runRecord(cmd *cobra.Command, f *recordFlags) error {
	if f.o.Concurrency < 1 {
		return withExit(2, fmt.Errorf("--concurrency %d: must be at least 1", f.o.Concurrency))
	}
	f.o.Log = cmd.ErrOrStderr()
	abort, stop := secondSignal()
	defer stop()
	f.o.Abort = abort
	if err := missingFlags("record", requiredFlag{"--upstream", "", f.o.Upstream},
		requiredFlag{"--api-key", "RTQ_API_KEY", f.o.APIKey}, requiredFlag{"--out", "", f.o.Out}); err != nil {
		return err
	}
	if err := checkBaseURLFlag("--upstream", f.o.Upstream); err != nil {
		return err
	}
	if !f.crawl {
		if err := checkAddrFlag("--addr", f.o.Addr); err != nil {
			return err
		}
	}
	access, err := f.access.load(cmd.Context(), "record", cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	f.o.Access = access
	if f.judge != "" && f.crawl {
		return withExit(2, fmt.Errorf("--judge judges the calls of the recording proxy's client: leave out --crawl (rtq conform judges a service by its own requests)"))
	}
	var obs *conformance.Observer
	if f.judge != "" {
		if obs, err = judgeForwarded(&f.o); err != nil {
			return withExit(2, fmt.Errorf("record: --judge: %w", err))
		}
	}
	rec, err := recorder.NewRecording(f.o)
	if err != nil {
		return withExit(2, err)
	}
	if !f.crawl {
		if len(f.o.RecordIDs) > 0 || len(f.o.RecordURLs) > 0 || len(f.o.SearchKeys) > 0 {
			return withExit(2, fmt.Errorf("--record-id, --record-url and --search-key need --crawl (the proxy keeps the searches its client sends)"))
		}
		err := runRecordProxy(cmd, rec, f.o)
		if obs == nil {
			return err
		}
		if jerr := writeJudged(f.judge, obs); err == nil {
			err = jerr
		}
		return err
	}
	s, err := rec.Crawl(cmd.Context())
	if errors.Is(err, recorder.ErrInterrupted) {
		printRecorded(cmd.OutOrStdout(), s)
		return withExit(4, err)
	}
	if errors.Is(err, recorder.ErrIncomplete) {
		printRecorded(cmd.OutOrStdout(), s)
		return withExit(1, err)
	}
	if cerr := connectFailure("record", f.o.Upstream, err); cerr != nil {
		return cerr
	}
	if err != nil {
		return withExit(1, err)
	}
	printRecorded(cmd.OutOrStdout(), s)
	return nil
}

// printRecorded says what was written and the placeholder keys to use.
func printRecorded(w io.Writer, s recorder.Summary) {
	fmt.Fprintf(w, "wrote %s\n", s)
	fmt.Fprintf(w, "keys in the file (placeholders, not the upstream's key): %s (read), %s (read, write)\n",
		recorder.ReadKeySecret, recorder.WriteKeySecret)
}

// judgeForwarded makes the recording proxy hand every call it forwards
// to an Observer, the one rtq proxy judges by. The calls go upstream with
// --api-key, the key they are judged as sent with (scrubbed from the
// report like every key).
func judgeForwarded(o *recorder.Options) (*conformance.Observer, error) {
	obs, err := conformance.NewObserver(conformance.ObserverOptions{Target: o.Upstream, AllowWrites: o.AllowWrites,
		Version: buildVersion(), Insecure: o.Access.Insecure(), Secrets: append(o.Access.Secrets(), o.APIKey)})
	if err != nil {
		return nil, err
	}
	auth := "Bearer " + o.APIKey
	o.Forwarded = func(ep contract.Endpoint, request []byte, status int, contentType string, answer []byte) {
		obs.Observe(conformance.Observed{Endpoint: ep, Method: http.MethodPost, Path: ep.Path(), Authorization: auth,
			Request: request, Status: status, ContentType: contentType, Body: answer})
	}
	return obs, nil
}

// reportFormats are the report formats by the extension of --judge.
var reportFormats = map[string]string{".json": "json", ".xml": "junit", ".html": "html", ".htm": "html"}

// writeJudged writes the report of the calls judged to path; a must
// broken is exit 1.
func writeJudged(path string, obs *conformance.Observer) error {
	format := reportFormats[strings.ToLower(filepath.Ext(path))]
	if format == "" {
		format = "text"
	}
	rep := obs.Report(time.Now())
	if err := writeFileAtomic(path, func(w io.Writer) error { return report.Write(w, format, rep) }); err != nil {
		return withExit(1, fmt.Errorf("record: --judge: %w", err))
	}
	if rep.Status == conformance.StatusFail {
		return withExit(1, fmt.Errorf("record: %d must check(s) failed on the calls forwarded (report: %s)", rep.MustFailed(), path))
	}
	return nil
}
