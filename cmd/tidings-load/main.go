// Command tidings-load is the load generator of `tidings serve`, on
// loopback only. It has two modes (one library, internal/loadtest).
//
// By default it puts the service under load and checks that it holds: no
// 5xx or dropped connections, an exact per-key rate limit, memory and
// goroutines back to baseline, and a graceful shutdown that answers every
// request it accepted. It prints a table (or JSON with --json) and
// PASS/FAIL per check, and exits 1 on any FAIL.
//
//	go run ./cmd/tidings-load --duration 30s --concurrency 64 --keys 50
//	go run ./cmd/tidings-load --url http://127.0.0.1:8080/v2 --api-key k1 --api-key k2 --rate-limit 100
//
// It then runs the real service in-process (demo catalogue, times
// --scale) on 127.0.0.1:0, which lets it measure the service's heap and
// goroutines and shut it down mid-load. With --url it loads a service
// already running on loopback; the memory and shutdown checks are then
// skipped.
//
// `tidings-load latency` times the service's budgets instead
// (scripts/bench.sh, docs/performance.md): each query class sent -n times
// in a row, cold and warm, then a mixed load's req/s and the service's CPU
// per request, as JSON on stdout.
//
//	tidings-load latency -url http://127.0.0.1:8080/v2 -key K -words a,b,c -phrases "a b,c d" [-duration 10s] [-pid PID]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"time"

	"tidings/internal/loadtest"
)

type options struct {
	duration      time.Duration
	concurrency   int
	keys          int
	polite        int
	rateLimit     int
	seed          uint64
	maxRequests   int64
	scale         int
	shutdownAfter time.Duration
	url           string
	apiKeys       keyList
	json          bool
	cpuProfile    string
	memProfile    string
}

// keyList is a repeatable --api-key flag.
type keyList []string

func (k *keyList) String() string     { return fmt.Sprintf("%d keys", len(*k)) }
func (k *keyList) Set(v string) error { *k = append(*k, v); return nil }

func main() {
	if len(os.Args) > 1 && os.Args[1] == "latency" {
		if err := latencyMain(os.Args[2:], os.Stdout, os.Stderr); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				os.Exit(0)
			}
			fmt.Fprintln(os.Stderr, "tidings-load:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "tidings-load:", err)
		os.Exit(2)
	}
	stopProfile, err := startProfile(opts.cpuProfile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tidings-load:", err)
		os.Exit(1)
	}
	rep, err := run(ctx, opts, os.Stderr)
	stopProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tidings-load:", err)
		os.Exit(1)
	}
	if opts.json {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(rep)
	} else {
		rep.WriteTable(os.Stdout)
	}
	if !loadtest.AllPassed(rep.Checks) {
		os.Exit(1)
	}
}

// startProfile starts a CPU profile into path ("" : none) and returns
// what stops it.
func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("tidings-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "how long to send load (at most "+loadtest.MaxDuration.String()+")")
	fs.IntVar(&o.concurrency, "concurrency", 64, "workers sending back to back with the hot keys")
	fs.IntVar(&o.keys, "keys", 50, "API keys in use (in-process mode)")
	fs.IntVar(&o.polite, "polite", -1, "keys kept within their limit, never to be refused (default: a fifth of the keys)")
	fs.IntVar(&o.rateLimit, "rate-limit", 100, "requests per minute per key the service is configured with (0: unlimited)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the request mix")
	fs.Int64Var(&o.maxRequests, "max-requests", loadtest.DefaultMaxRequests, "stop after this many requests")
	fs.IntVar(&o.scale, "scale", 1, "multiply the demo catalogue's ~6,000 articles (in-process mode)")
	fs.DurationVar(&o.shutdownAfter, "shutdown-after", time.Second, "in-process: load a fresh service this long, then shut it down mid-load (0: skip)")
	fs.StringVar(&o.url, "url", "", "base URL of a running service on loopback, like http://127.0.0.1:8080/v2")
	fs.Var(&o.apiKeys, "api-key", "with --url: a key the service accepts (repeat; default NEWS_API_KEY)")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	fs.StringVar(&o.memProfile, "memprofile", "", "in-process: write a heap profile taken at the after-load snapshot to this file")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the run (service and load together, in-process) to this file")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, o.check()
}

func (o *options) check() error {
	switch {
	case o.duration <= 0 || o.duration > loadtest.MaxDuration:
		return fmt.Errorf("--duration %v: must be above 0 and at most %v", o.duration, loadtest.MaxDuration)
	case o.concurrency < 1 || o.concurrency > loadtest.MaxConcurrency:
		return fmt.Errorf("--concurrency %d: must be 1..%d", o.concurrency, loadtest.MaxConcurrency)
	case o.rateLimit < 0:
		return fmt.Errorf("--rate-limit %d: use 0 (unlimited) or a positive number", o.rateLimit)
	case o.scale < 1 || o.scale > 50:
		return fmt.Errorf("--scale %d: must be 1..50", o.scale)
	case o.shutdownAfter < 0 || o.shutdownAfter > 30*time.Second:
		return fmt.Errorf("--shutdown-after %v: must be 0..30s", o.shutdownAfter)
	}
	if o.url != "" {
		if err := loadtest.CheckLoopback(o.url); err != nil {
			return err
		}
		if len(o.apiKeys) == 0 {
			if k := strings.TrimSpace(os.Getenv("NEWS_API_KEY")); k != "" {
				o.apiKeys = keyList{k}
			}
		}
		if len(o.apiKeys) == 0 {
			return errors.New("--url needs the service's keys: --api-key KEY (repeat) or NEWS_API_KEY")
		}
		o.keys = len(o.apiKeys)
	}
	if o.keys < 1 || o.keys > 10000 {
		return fmt.Errorf("--keys %d: must be 1..10000", o.keys)
	}
	if o.polite < 0 {
		o.polite = o.keys / 5
	}
	if o.polite >= o.keys {
		return fmt.Errorf("--polite %d of %d keys: at least one key must be left hot", o.polite, o.keys)
	}
	return nil
}
