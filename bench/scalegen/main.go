// Command scalegen writes a large scenario for the scale benchmark:
//
//	go run ./bench/scalegen -records 100000 > bench/out/scale.yaml
//
// 100,000 records come with 1,000 forms, 10,000 templates and 100,000
// sub-codes (bench.SizeFor). The file uses generate:, so it stays small.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/rtq-kit/rtq/bench"
)

func main() {
	records := flag.Int("records", 100000, "number of records (forms, templates and sub-codes scale with it)")
	out := flag.String("out", "", "file to write (default standard output)")
	flag.Parse()
	if *records < 1 {
		fmt.Fprintln(os.Stderr, "scalegen: -records must be at least 1")
		os.Exit(2)
	}
	data := bench.ScenarioYAML(bench.SizeFor(*records))
	if *out == "" {
		os.Stdout.Write(data)
		return
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "scalegen:", err)
		os.Exit(1)
	}
}
