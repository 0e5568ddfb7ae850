package main

import (
	"math"
	"testing"
)

func TestParseCommandStatsReadsCallsAndTime(t *testing.T) {
	info := "# Commandstats\r\ncmdstat_evalsha:calls=120,usec=600,usec_per_call=5.00,rejected_calls=0,failed_calls=0\r\n" +
		"cmdstat_XADD:calls=40,usec=80,usec_per_call=2.00\r\ncmdstat_info:calls=3,usec=90\r\nbad line\r\n"
	calls, usec := parseCommandStats(info)
	if calls["evalsha"] != 120 || usec["evalsha"] != 600 || calls["xadd"] != 40 || usec["xadd"] != 80 || len(calls) != 3 {
		t.Errorf("calls %v usec %v", calls, usec)
	}
}

// A run's Redis figures are per request, leave out the sampling's own
// INFO, and name the busiest commands first.
func TestRedisSampleSincePerRequest(t *testing.T) {
	s0 := redisSample{cpuNs: 1e6, calls: map[string]int64{"evalsha": 10, "info": 1}, usec: map[string]int64{"evalsha": 50}}
	s1 := redisSample{cpuNs: 3e6, calls: map[string]int64{"evalsha": 110, "xadd": 50, "info": 2}, usec: map[string]int64{"evalsha": 550, "xadd": 100, "info": 999}}
	f := s1.since(s0, 100)
	if math.Abs(f.RedisCPUus-20) > 1e-9 || math.Abs(f.RedisCalls-1.5) > 1e-9 || math.Abs(f.RedisCmdUs-6) > 1e-9 || f.RedisCommands != "evalsha 1.00, xadd 0.50" {
		t.Errorf("%+v", f)
	}
}

// Runs side by side add up their requests and rates; latencies are the
// worst of them.
func TestCombineSumsRatesAndKeepsTheWorstLatency(t *testing.T) {
	r := combine([]result{
		{Requests: 100, RPS: 10, P50ms: 1, P99ms: 5, ErrStatus: 1, Seconds: 10},
		{Requests: 200, RPS: 20, P50ms: 2, P99ms: 4, ErrSocket: 2, Seconds: 10.1},
	})
	if r.Requests != 300 || r.RPS != 30 || r.P50ms != 2 || r.P99ms != 5 || r.ErrStatus != 1 || r.ErrSocket != 2 || r.Seconds != 10.1 {
		t.Errorf("%+v", r)
	}
}
