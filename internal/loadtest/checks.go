package loadtest

import "fmt"

// Check is one acceptance property and whether the run kept it.
type Check struct {
	Name   string `json:"name"`
	Pass   bool   `json:"pass"`
	Skip   bool   `json:"skipped,omitempty"`
	Detail string `json:"detail"`
}

// Tolerance is how far memory and goroutines may stay above the baseline
// after a run and still count as back.
type Tolerance struct {
	// LiveBytes bounds the growth of HeapAlloc, the live bytes.
	LiveBytes uint64 `json:"liveBytes"`
	// HeapInuseBytes bounds the growth of HeapInuse: the live bytes plus
	// the free slots of the spans they sit in.
	HeapInuseBytes uint64 `json:"heapInuseBytes"`
	Goroutines     int    `json:"goroutines"`
}

// DefaultTolerance allows for what the service keeps on purpose, bounded
// by entry count whatever the load: the store's caches of result pages
// (256 pages of up to 100 articles: about 80 KB a full page of the demo
// catalogue, so ~20 MiB when full of full pages), source pages (256),
// totals (4096), rank windows (512 of up to 500 ids) and page anchors
// (8192); the rate limiter's buckets until they idle out (a minute); and
// net/http's pooled buffers: 32 MiB of live bytes. HeapInuse adds the free
// slots of partly used spans that a run's churn leaves behind (4-7 MiB
// measured), so it gets 48 MiB. A leak of 100 bytes a request passes the
// live bound within a two-minute run at these rates; the report prints
// both readings so a smaller creep shows run over run. Goroutines: the
// service starts none that outlives its request; 2 covers the runtime's
// own background workers coming and going.
var DefaultTolerance = Tolerance{LiveBytes: 32 << 20, HeapInuseBytes: 48 << 20, Goroutines: 2}

// ChecksFor turns a run into PASS/FAIL verdicts. before/after are nil when
// the service is not in this process; shut is nil when it was not stopped.
func ChecksFor(res *Result, before, after *Snapshot, tol Tolerance, shut *ShutdownFindings) []Check {
	out := []Check{serverErrorsCheck(res), overAdmissionCheck(res), politeCheck(res)}
	out = append(out, memoryCheck(before, after, tol), shutdownCheck(shut))
	return out
}

func serverErrorsCheck(res *Result) Check {
	c := Check{Name: "no 5xx, no transport errors"}
	c.Pass = res.ServerErrors() == 0 && res.TransportErrors == 0 && res.Requests > 0
	c.Detail = fmt.Sprintf("%d requests: %d 5xx, %d transport errors", res.Requests, res.ServerErrors(), res.TransportErrors)
	return c
}

func overAdmissionCheck(res *Result) Check {
	l := res.Limiter
	c := Check{Name: "a key over its limit is never admitted beyond the bucket"}
	if !l.Applicable {
		c.Skip, c.Pass, c.Detail = true, true, "no rate limit configured"
		return c
	}
	c.Detail = fmt.Sprintf("%d hot keys, %d driven over their limit (saw 429); admitted per key %d..%d, allowance over the run <= %.1f (burst %d + %d/60 per s)",
		l.HotKeys, l.HotKeysRefused, l.MinAdmittedHot, l.MaxAdmittedHot, l.AllowanceForRun, res.RateLimit, res.RateLimit)
	switch {
	case l.Violations > 0:
		c.Detail = fmt.Sprintf("%d keys over the allowance; %s", l.Violations, l.Worst)
	case l.HotKeysRefused == 0:
		c.Detail += ": no key was driven over its limit, so the check proved nothing"
	default:
		c.Pass = true
	}
	return c
}

func politeCheck(res *Result) Check {
	l := res.Limiter
	c := Check{Name: "a key within its limit is never refused"}
	if l.PoliteKeys == 0 {
		c.Skip, c.Pass, c.Detail = true, true, "no polite keys"
		return c
	}
	c.Pass = l.PoliteRefused == 0
	c.Detail = fmt.Sprintf("%d polite keys sent %d, refused %d", l.PoliteKeys, l.PoliteSent, l.PoliteRefused)
	return c
}

func memoryCheck(before, after *Snapshot, tol Tolerance) Check {
	c := Check{Name: "heap and goroutines back to baseline"}
	if before == nil || after == nil {
		c.Skip, c.Pass, c.Detail = true, true, "the service is not in this process"
		return c
	}
	liveOK := after.HeapAlloc <= before.HeapAlloc+tol.LiveBytes
	inuseOK := after.HeapInuse <= before.HeapInuse+tol.HeapInuseBytes
	gorOK := after.Goroutines <= before.Goroutines+tol.Goroutines
	c.Pass = liveOK && inuseOK && gorOK
	c.Detail = fmt.Sprintf("live heap %s -> %s (allowed +%s), heap in use %s -> %s (allowed +%s), goroutines %d -> %d (allowed +%d)",
		mib(before.HeapAlloc), mib(after.HeapAlloc), mib(tol.LiveBytes),
		mib(before.HeapInuse), mib(after.HeapInuse), mib(tol.HeapInuseBytes),
		before.Goroutines, after.Goroutines, tol.Goroutines)
	return c
}

func shutdownCheck(f *ShutdownFindings) Check {
	c := Check{Name: "graceful shutdown under load loses no accepted request"}
	if f == nil {
		c.Skip, c.Pass, c.Detail = true, true, "the service is not in this process"
		return c
	}
	ok, why := f.Passed()
	c.Pass = ok
	c.Detail = fmt.Sprintf("%d requests: %d completed (%d in flight at shutdown), %d refused, %d closed unhandled, %d lost (service handled %d); stop took %.2f s; new connection refused: %v",
		f.Requests, f.Completed, f.InFlight, f.Refused, f.Unanswered, f.Lost, f.Handled, f.StopSeconds, f.NewConnRefused)
	if !ok {
		c.Detail = why + "; " + c.Detail
	}
	return c
}

// AllPassed reports whether every check passed.
func AllPassed(cs []Check) bool {
	for _, c := range cs {
		if !c.Pass {
			return false
		}
	}
	return true
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
