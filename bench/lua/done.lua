-- Shared by every script: print one parseable line with the figures the
-- benchmark compares. Latencies are in microseconds, as wrk keeps them.
function rtq_done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RTQ-RESULT requests=%d duration_us=%d bytes=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d " ..
    "err_connect=%d err_read=%d err_write=%d err_status=%d err_timeout=%d\n",
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
done = rtq_done
