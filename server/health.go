package server

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"time"

	"tidings/lazy"
)

// Check is a named readiness check of a dependency: the store (added by
// New when the store can Ping), the shared rate limiter's Redis, the feed
// poller. It returns nil when the dependency is healthy, else why not.
type Check struct {
	Name  string
	Check func(context.Context) error
}

// DefaultCheckTimeout bounds each readiness check when
// Config.CheckTimeout is 0: a probe must answer well within a health
// checker's own timeout (commonly 5 s).
const DefaultCheckTimeout = 2 * time.Second

// pinger is a store that can say whether it answers (store.Catalogue).
type pinger interface {
	Ping(ctx context.Context) error
}

// healthBody is the answer of /healthz and /readyz.
type healthBody struct {
	Status string                 `json:"status"` // "ok" or "unavailable"
	Checks map[string]checkResult `json:"checks,omitempty"`
}

type checkResult struct {
	Status string `json:"status"` // "ok" or "failing"
	Error  string `json:"error,omitempty"`
}

// healthz answers that the process is alive: it touches no dependency, so
// a failing database never gets a healthy process restarted.
func (h *handler) healthz(w http.ResponseWriter, r *http.Request) {
	if !opsMethod(w, r) {
		return
	}
	writeOps(w, r, http.StatusOK, healthBody{Status: "ok"})
}

// readyz runs every check at once, each within its time bound, and
// answers 200 when all pass, else 503 naming each failing dependency and
// why.
func (h *handler) readyz(w http.ResponseWriter, r *http.Request) {
	if !opsMethod(w, r) {
		return
	}
	results := h.runChecks(r.Context())
	body, status := healthBody{Status: "ok", Checks: results}, http.StatusOK
	for name, res := range results {
		if res.Status != "ok" {
			body.Status, status = "unavailable", http.StatusServiceUnavailable
			h.log.Warn("not ready", "check", name, "err", res.Error)
		}
	}
	writeOps(w, r, status, body)
}

func (h *handler) runChecks(ctx context.Context) map[string]checkResult {
	results := make(map[string]checkResult, len(h.checks))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, c := range h.checks {
		wg.Go(func() {
			res := checkResult{Status: "ok"}
			if err := runCheck(ctx, c, h.checkTimeout); err != nil {
				res = checkResult{Status: "failing", Error: scrubSecrets(err.Error())}
			}
			mu.Lock()
			results[c.Name] = res
			mu.Unlock()
		})
	}
	wg.Wait()
	return results
}

// runCheck runs c within timeout; a check that overruns is failing even if
// it ignores its context.
func runCheck(ctx context.Context, c Check, timeout time.Duration) (err error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- fmt.Errorf("the check panicked: %v", v)
			}
		}()
		done <- c.Check(ctx)
	}()
	select {
	case err = <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("no answer within %s", timeout)
	}
}

// secretPatterns match what a dependency's error might carry that must
// not reach a client: a URL's user:password@ and key=value pairs of
// passwords and tokens (PostgreSQL connection strings).
// They are compiled on first use, not at start-up.
var secretPatterns = lazy.Value[[2]*regexp.Regexp]{Build: func() [2]*regexp.Regexp {
	return [2]*regexp.Regexp{
		regexp.MustCompile(`://[^/@\s]*@`),
		regexp.MustCompile(`(?i)(password|passwd|pwd|token|secret|apikey|api_key)=\S+`),
	}
}}

// scrubSecrets takes credentials out of a check's error and bounds its
// length: the /readyz body is public.
func scrubSecrets(s string) string {
	patterns := secretPatterns.Get()
	s = patterns[0].ReplaceAllString(s, "://REDACTED@")
	s = patterns[1].ReplaceAllString(s, "${1}=REDACTED")
	return truncate(s, 300)
}

// opsMethod admits GET and HEAD to an operations endpoint, answering 405
// otherwise.
func opsMethod(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	writeError(w, http.StatusMethodNotAllowed, CodeMethodNotAllowed,
		fmt.Sprintf("method %s is not allowed: use GET", truncate(r.Method, 20)))
	return false
}

// writeOps sends a health answer: never cached, since it is only true now.
// HEAD gets the headers (Content-Length included) and no body.
func writeOps(w http.ResponseWriter, r *http.Request, status int, body healthBody) {
	if r.Method == http.MethodHead {
		w = headOnly{w}
	}
	_ = writeJSON(w, status, body) // the client has gone if this fails
}

// headOnly drops the body of a HEAD answer.
type headOnly struct{ http.ResponseWriter }

func (h headOnly) Write(b []byte) (int, error) { return len(b), nil }
