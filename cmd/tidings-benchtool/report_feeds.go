package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// feedsRows are the feed polling budgets: the Go benchmarks of a pass
// (feeds-bench.txt), and the service's latency while a first pass ingests
// (load-ingest.json, ingest.txt).
func (r *results) feedsRows() []row {
	var rows []row
	if v, ok := r.median("BenchmarkFirstRefresh", "ns/op"); ok {
		heap, _ := r.median("BenchmarkFirstRefresh", "live-heap-MiB")
		rows = append(rows, row{"feeds: first refresh of 1,000 feeds × 50 items on loopback (BenchmarkFirstRefresh)",
			"< 20 s on 2 cores, memory bounded",
			fmt.Sprintf("%.1f s median; the pass holds %.0f MiB of live heap at most", v/1e9, heap), verdict(v < 20e9)})
	} else {
		rows = append(rows, missing("feeds: first refresh of 1,000 feeds", "BenchmarkFirstRefresh"))
	}
	if v, ok := r.median("BenchmarkNotModifiedPass", "ns/op"); ok {
		rows = append(rows, row{"feeds: a pass over 1,000 feeds that all answer 304 (BenchmarkNotModifiedPass)",
			"< 3 s", fmt.Sprintf("%.2f s median", v/1e9), verdict(v < 3e9)})
	} else {
		rows = append(rows, missing("feeds: all-304 pass", "BenchmarkNotModifiedPass"))
	}
	return append(rows, r.ingestRows()...)
}

// ingestRows hold the service's query budgets to the load run while the
// pass stores 50,000 articles into the 1M catalogue.
func (r *results) ingestRows() []row {
	const area = "service, 1M, during a first feed pass"
	var load loadReport
	b, err := os.ReadFile(filepath.Join(r.dir, "load-ingest.json"))
	if err == nil {
		err = json.Unmarshal(b, &load)
	}
	if err != nil || len(load.Classes) == 0 {
		return []row{missing(area, "every query class (load-ingest.json)")}
	}
	var search, headlines ClassResult
	errs := 0
	for _, c := range load.Classes {
		errs += c.Errors
		switch c.Endpoint {
		case "articles":
			search.P50ms, search.P99ms = max(search.P50ms, c.P50ms), max(search.P99ms, c.P99ms)
		case "headlines":
			headlines.P50ms, headlines.P99ms = max(headlines.P50ms, c.P50ms), max(headlines.P99ms, c.P99ms)
		}
	}
	loadSecs, _ := r.num("ingest.load_seconds")
	during := fmt.Sprintf("(load ran %.1f s; the pass took %s: %s)", loadSecs, r.kv["ingest.pass_took"], r.kv["ingest.summary"])
	m := load.Mix
	return []row{
		{area + ": search, every class", "p50 < 5 ms, p99 < 25 ms",
			fmt.Sprintf("worst class p50 %.2f ms, worst p99 %.2f ms, %d errors %s", search.P50ms, search.P99ms, errs, during),
			verdict(search.P50ms < 5 && search.P99ms < 25 && errs == 0)},
		{area + ": headlines, every class", "p50 < 2 ms",
			fmt.Sprintf("worst class p50 %.2f ms (worst p99 %.2f ms)", headlines.P50ms, headlines.P99ms), verdict(headlines.P50ms < 2 && errs == 0)},
		{area + ": mixed load", "≥ 5,000 req/s on 2 cores, zero errors",
			fmt.Sprintf("%.0f req/s, %d errors (p50 %.2f ms, p99 %.2f ms)", m.RPS, m.Errors, m.P50ms, m.P99ms),
			verdict(m.RPS >= 5000 && m.Errors == 0)},
	}
}
