package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"tidings/internal/loadtest"
)

// latencyMain is `tidings-load latency`: every query class of the
// service's budgets timed one request at a time, then a mixed load's
// req/s, as JSON on stdout (scripts/bench.sh keeps it as load-*.json);
// a line per class on stderr.
func latencyMain(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseLatencyFlags(args, stderr)
	if err != nil {
		return err
	}
	rep, err := loadtest.RunLatency(cfg)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

func parseLatencyFlags(args []string, stderr io.Writer) (loadtest.LatencyConfig, error) {
	fs := flag.NewFlagSet("tidings-load latency", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("url", "", "service base URL on loopback, like http://127.0.0.1:8080/v2; several, comma-separated, "+
		"are replicas of one service: requests go to each in turn")
	key := fs.String("key", "", "API key")
	words := fs.String("words", "", "comma-separated common words")
	phrases := fs.String("phrases", "", "comma-separated two-word phrases")
	perClass := fs.Int("n", 200, "sequential requests per class")
	duration := fs.Duration("duration", 10*time.Second, "mixed load duration (at most 60s)")
	conc := fs.Int("concurrency", 16, "mixed load workers")
	total := fs.Int("articles", 0, "articles in the catalogue (for the deep headline page)")
	pids := fs.String("pid", "", "process ids of the service (comma-separated for replicas), to measure its CPU per request")
	if err := fs.Parse(args); err != nil {
		return loadtest.LatencyConfig{}, err
	}
	if fs.NArg() > 0 {
		return loadtest.LatencyConfig{}, fmt.Errorf("latency: unexpected arguments %q", fs.Args())
	}
	cfg := loadtest.LatencyConfig{
		BaseURLs: splitNonEmpty(*base), Key: *key, Words: splitNonEmpty(*words), Phrases: splitNonEmpty(*phrases),
		PerClass: *perClass, Duration: *duration, Concurrency: *conc, Articles: *total, Progress: stderr,
	}
	if len(cfg.BaseURLs) == 0 {
		return cfg, fmt.Errorf("latency: -url is required")
	}
	if len(cfg.Words) == 0 || len(cfg.Phrases) == 0 {
		return cfg, fmt.Errorf("latency: -words and -phrases are required")
	}
	for _, f := range splitNonEmpty(*pids) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return cfg, fmt.Errorf("latency: -pid: %q is not a process id", f)
		}
		cfg.PIDs = append(cfg.PIDs, n)
	}
	return cfg, nil
}

// splitNonEmpty is a comma-separated list without its empty items.
func splitNonEmpty(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
