package loadtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"sync"
	"syscall"
	"time"
)

// ShutdownFindings is what clients saw when the service shut down under
// load.
type ShutdownFindings struct {
	Requests int `json:"requests"`
	// Completed got a whole response; InFlight of them were sent before
	// the shutdown began and answered after it (the ones a careless
	// shutdown would drop).
	Completed int `json:"completed"`
	InFlight  int `json:"inFlightAtShutdownCompleted"`
	// Refused found nothing listening (ECONNREFUSED) after the shutdown
	// began: the clean way to turn new connections away.
	Refused int `json:"refusedAfterShutdown"`
	// Unanswered got no byte back after the shutdown began: a connection
	// still in the kernel's backlog when the listener closed (reset), or a
	// request net/http read just as the shutdown began, which it drops
	// unhandled by closing the connection (EOF; net/http/server.go,
	// conn.serve: "if c.server.shuttingDown() { return }"). Neither reached
	// the handler, so a GET can be retried safely; Handled proves it.
	Unanswered int `json:"closedUnhandled"`
	// Lost are requests the service accepted but did not answer in full.
	Lost        int      `json:"lost"`
	LostSamples []string `json:"lostSamples,omitempty"`
	ServerError int      `json:"serverErrors"`
	// Handled is how many requests the service finished handling in this
	// phase, when it can say (-1 otherwise).
	Handled int64 `json:"handledByService"`
	// StopTook is how long the graceful shutdown took.
	StopSeconds float64 `json:"stopSeconds"`
	StopErr     string  `json:"stopError,omitempty"`
	// NewConnRefused: a dial after the shutdown is refused.
	NewConnRefused bool `json:"newConnectionRefused"`
}

// ShutdownUnderLoad sends load to t with cfg's keys and workers for
// `after`, then shuts t down while the load goes on, and classifies every
// request. Each worker stops at its first refusal after the shutdown.
func ShutdownUnderLoad(ctx context.Context, t Target, cfg Config, after time.Duration) (ShutdownFindings, error) {
	f := ShutdownFindings{Handled: -1}
	if t.Stop == nil {
		return f, errors.New("the target cannot be stopped from here")
	}
	cfg.Duration = after + 15*time.Second // bound; workers end at the refusal
	cfg.BaseURL = t.BaseURL
	if err := cfg.check(); err != nil {
		return f, err
	}
	client := newClient(cfg.Concurrency)
	defer client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()

	var handledBefore int64
	if t.Handled != nil {
		handledBefore = t.Handled()
	}
	var (
		mu       sync.Mutex
		all      []outcome
		stopping = make(chan struct{})
		wg       sync.WaitGroup
	)
	for w := range cfg.Concurrency {
		wg.Go(func() {
			m := newMix(cfg.Seed, uint64(2<<32+w))
			var local []outcome
			for ctx.Err() == nil {
				key := m.rng.IntN(len(cfg.Keys))
				o := send(ctx, client, t.BaseURL, key, cfg.Keys[key], m.next())
				local = append(local, o)
				if o.err != nil && isClosed(stopping) {
					break
				}
			}
			mu.Lock()
			all = append(all, local...)
			mu.Unlock()
		})
	}
	sleepUntil(ctx, time.Now().Add(after))
	shutdownAt := time.Now()
	close(stopping)
	sctx, scancel := context.WithTimeout(context.Background(), 15*time.Second)
	err := t.Stop(sctx)
	scancel()
	f.StopSeconds = time.Since(shutdownAt).Seconds()
	if err != nil {
		f.StopErr = err.Error()
	}
	wg.Wait()
	f.classify(all, shutdownAt)
	if t.Handled != nil {
		f.countUnanswered(t.Handled() - handledBefore)
	}
	f.NewConnRefused = dialRefused(t.BaseURL)
	return f, nil
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func (f *ShutdownFindings) classify(all []outcome, shutdownAt time.Time) {
	f.Requests = len(all)
	for _, o := range all {
		after := !o.sent.Before(shutdownAt)
		switch {
		case o.err == nil:
			f.Completed++
			if o.status >= 500 {
				f.ServerError++
			}
			if !after && o.done.After(shutdownAt) {
				f.InFlight++
			}
		case o.refused && o.done.After(shutdownAt):
			f.Refused++
		case !o.gotByte && o.done.After(shutdownAt):
			f.Unanswered++
		default:
			f.Lost++
			if len(f.LostSamples) < 5 {
				f.LostSamples = append(f.LostSamples, describe(o))
			}
		}
	}
}

// countUnanswered adds to Lost the requests the service finished handling
// whose responses no client received.
func (f *ShutdownFindings) countUnanswered(handled int64) {
	f.Handled = handled
	if missing := int(handled) - f.Completed; missing > 0 {
		f.Lost += missing
		f.LostSamples = append(f.LostSamples, fmt.Sprintf(
			"the service handled %d requests but clients received %d responses", handled, f.Completed))
	}
}

// dialRefused reports whether a new TCP connection to base's host is
// refused, as it must be once the service has stopped.
func dialRefused(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	c, err := net.DialTimeout("tcp", u.Host, 2*time.Second)
	if err == nil {
		c.Close()
		return false
	}
	return errors.Is(err, syscall.ECONNREFUSED)
}

// Passed reports whether the shutdown kept every promise, and why not.
func (f ShutdownFindings) Passed() (bool, string) {
	switch {
	case f.StopErr != "":
		return false, "the graceful stop failed: " + f.StopErr
	case f.Handled < 0 && f.Unanswered > 0:
		return false, fmt.Sprintf("%d requests closed unanswered, and the service cannot say whether it handled them", f.Unanswered)
	case f.Lost > 0:
		return false, fmt.Sprintf("%d accepted requests lost their response", f.Lost)
	case f.ServerError > 0:
		return false, fmt.Sprintf("%d 5xx answers during shutdown", f.ServerError)
	case !f.NewConnRefused:
		return false, "a new connection after the stop was not refused"
	case f.InFlight == 0:
		return false, "no request was in flight when the shutdown began, so nothing was proven"
	}
	return true, ""
}
