package proxy_test

import (
	"sort"
	"time"
)

var epoch = time.Now()

func nowMicros() float64 { return float64(time.Since(epoch).Nanoseconds()) / 1e3 }

// percentile is the p-th percentile of xs (nearest rank).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}
