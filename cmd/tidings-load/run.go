package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"tidings/internal/loadtest"
)

// run performs the load and the checks, in-process or against --url.
func run(ctx context.Context, o options, progress io.Writer) (*loadtest.Report, error) {
	cfg := loadtest.Config{
		Keys: o.apiKeys, PoliteKeys: o.polite, RateLimit: o.rateLimit, Concurrency: o.concurrency,
		Duration: o.duration, MaxRequests: o.maxRequests, Seed: o.seed,
	}
	rep := &loadtest.Report{
		Date: time.Now().UTC().Format(time.RFC3339), CPUs: runtime.NumCPU(), Concurrency: o.concurrency,
		Keys: o.keys, PoliteKeys: o.polite, Seed: o.seed, Tolerance: loadtest.DefaultTolerance,
	}
	if o.url != "" {
		cfg.BaseURL, rep.Target = o.url, o.url
		fmt.Fprintf(progress, "loading %s for %v...\n", o.url, o.duration)
		cpu := loadtest.CPUTime()
		res, err := loadtest.Run(ctx, cfg)
		if err != nil {
			return nil, err
		}
		rep.Result, rep.CPUSeconds = res, (loadtest.CPUTime() - cpu).Seconds()
		rep.Checks = loadtest.ChecksFor(res, nil, nil, rep.Tolerance, nil)
		return rep, nil
	}
	cfg.Keys = generatedKeys(o.keys)
	svcOpts := loadtest.ServiceOptions{Keys: cfg.Keys, RateLimit: o.rateLimit, Scale: o.scale}
	svc, err := loadtest.StartService(ctx, svcOpts)
	if err != nil {
		return nil, err
	}
	defer svc.Close()
	cfg.BaseURL = svc.BaseURL
	rep.Target = "in-process " + svc.BaseURL
	rep.Catalogue = fmt.Sprintf("(%d sources, %d articles)", svc.Sources, svc.Articles)
	before := loadtest.TakeSnapshot()
	fmt.Fprintf(progress, "loading %s for %v...\n", svc.BaseURL, o.duration)
	cpu := loadtest.CPUTime()
	res, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return nil, err
	}
	rep.CPUSeconds = (loadtest.CPUTime() - cpu).Seconds()
	after := loadtest.Settle(before.Goroutines+rep.Tolerance.Goroutines, 5*time.Second)
	rep.Result, rep.Before, rep.After = res, &before, &after
	if err := writeHeapProfile(o.memProfile); err != nil {
		return nil, err
	}
	if o.shutdownAfter > 0 {
		shut, err := shutdownPhase(ctx, cfg, svc, o.shutdownAfter, progress)
		if err != nil {
			return nil, err
		}
		rep.Shutdown = &shut
	}
	rep.Checks = loadtest.ChecksFor(res, rep.Before, rep.After, rep.Tolerance, rep.Shutdown)
	return rep, nil
}

// shutdownPhase serves the same catalogue again with a fresh handler (a
// fresh limiter, so it answers real queries rather than 429s) and stops it
// mid-load.
func shutdownPhase(ctx context.Context, cfg loadtest.Config, main *loadtest.Service, after time.Duration, progress io.Writer) (loadtest.ShutdownFindings, error) {
	svc, err := main.Fresh(ctx)
	if err != nil {
		return loadtest.ShutdownFindings{}, err
	}
	defer svc.Close()
	fmt.Fprintf(progress, "shutting %s down after %v of load...\n", svc.BaseURL, after)
	return loadtest.ShutdownUnderLoad(ctx, svc.Target, cfg, after)
}

func generatedKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("load-key-%04d", i)
	}
	return keys
}

// writeHeapProfile writes what is live on the heap to path ("": nothing),
// to tell what stayed above the baseline.
func writeHeapProfile(path string) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		return fmt.Errorf("heap profile: %w", err)
	}
	return nil
}
