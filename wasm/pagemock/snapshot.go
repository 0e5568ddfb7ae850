package pagemock

import (
	"encoding/json"
	"fmt"

	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// SnapshotFile is the name rtq wasm gives the snapshot beside the module.
const SnapshotFile = "rtq-scenario.json"

// snapshotFormat changes when the snapshot's shape does; a module refuses
// a snapshot of another format rather than misread it.
const snapshotFormat = 1

// snapshot is the scenario rtq wasm resolved, as the module loads it with
// no YAML: each file as the loader's typed decode reads it, and the seed
// given to rtq wasm.
type snapshot struct {
	Format int                    `json:"format"`
	Seed   *int64                 `json:"seed,omitempty"`
	Files  []scenario.DecodedFile `json:"files"`
}

// Encode loads the scenario files at paths (none: the embedded default)
// with every check `rtq mock` runs, and returns their snapshot. seed, when
// not nil, is the seed the module loads them with by default.
func Encode(paths []string, seed *int64) ([]byte, error) {
	s := snapshot{Format: snapshotFormat, Seed: seed}
	opts := []scenario.Option{scenario.KeepDecoded(&s.Files)}
	if seed != nil {
		opts = append(opts, scenario.WithSeed(*seed))
	}
	var err error
	if len(paths) == 0 {
		_, err = scenarios.Default(opts...)
	} else {
		_, err = scenario.LoadFiles(paths, opts...)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// Decode loads a snapshot made by Encode. opts come after the snapshot's
// seed, so a seed given at start wins.
func Decode(data []byte, opts ...scenario.Option) (*scenario.Scenario, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("read %s: %w", SnapshotFile, err)
	}
	if s.Format != snapshotFormat {
		return nil, fmt.Errorf("read %s: format %d, this module reads format %d: write it again with the rtq wasm that wrote the module", SnapshotFile, s.Format, snapshotFormat)
	}
	if s.Seed != nil {
		opts = append([]scenario.Option{scenario.WithSeed(*s.Seed)}, opts...)
	}
	return scenario.LoadDecoded(s.Files, opts...)
}
