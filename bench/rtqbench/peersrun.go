package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"
)

// runPeers measures each peer on the getRecord mix, after checking that it
// answers the very bytes rtq answered. WireMock gets a second, warm figure
// after o.warm of load, since the JIT changes it several-fold. A peer that
// fails to start or answers other bytes is a note, not the end of the run.
func runPeers(ctx context.Context, o options, ps *procs, l load, p *plan, rep *report, w io.Writer) error {
	peersDir, err := filepath.Abs(o.peersDir)
	if err != nil {
		return err
	}
	for _, pr := range peers(peersDir) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := runPeer(ctx, o, ps, l, p, pr, rep, w); err != nil {
			rep.note("%s: %v", pr.name, err)
			fmt.Fprintf(w, "  %s: %v\n", pr.name, err)
		}
	}
	return nil
}

func runPeer(ctx context.Context, o options, ps *procs, l load, p *plan, pr peer, rep *report, w io.Writer) error {
	primary := p.mixes[0]
	port, err := freePort()
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(filepath.Join(o.outDir, "peer-"+pr.name))
	if err != nil {
		return err
	}
	argv, err := pr.setup(dir, port, p.typicalBody)
	if err != nil {
		return fmt.Errorf("set up: %w", err)
	}
	s, err := ps.start(pr.name, port, o.outDir, argv)
	if err != nil {
		return err
	}
	defer ps.stop(s)
	if err := waitReady(ctx, s, postProbe(primary.path, primary.key, primary.bodies[0]), 90*time.Second); err != nil {
		return err
	}
	rep.serverUp(s)
	diff := sameBytes(ctx, s.url, primary.key, primary.bodies[0], p.typicalBody)
	same := diff == nil
	rep.Servers[pr.name].BytesOK = &same
	if diff != nil {
		return fmt.Errorf("not measured: %w", diff)
	}
	fmt.Fprintf(w, "  %s ready in %.0f ms, answer identical to rtq's (%d B)\n", pr.name, ms(s.readyIn), len(p.typicalBody))
	err = measure(ctx, l, s, primary, "cold", rep, w)
	if err == nil && pr.name == "wiremock" {
		err = warmAndMeasure(ctx, o, l, s, primary, rep, w)
	}
	rep.serverPeak(s)
	return err
}

// warmAndMeasure loads s until o.warm has passed since its cold run began,
// then measures it again as "warm".
func warmAndMeasure(ctx context.Context, o options, l load, s *server, m mix, rep *report, w io.Writer) error {
	warmup := l
	warmup.duration = o.warm - o.duration
	if warmup.duration >= time.Second {
		fmt.Fprintf(w, "  %s warming up for %s\n", s.name, warmup.duration)
		if _, err := warmup.run(ctx, s.url, m); err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
	}
	return measure(ctx, l, s, m, "warm", rep, w)
}
