package server

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

// statusWriter remembers the status a handler wrote, for the access log and
// so a panic after the header went out is not answered twice.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logged writes one access-log line per request — method, path, status,
// bytes and duration — and counts it in the metrics. Never the query
// string (it is user data, and may hold the key as apiKey) nor any header
// (Authorization and X-Api-Key hold the key). The operations endpoints,
// which health checkers and scrapers call every few seconds, log at debug
// level unless they fail.
func (h *handler) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.metrics.inFlight.Inc()
		defer h.metrics.inFlight.Dec()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		took := time.Since(start)
		endpoint := h.endpointOf(r.URL.Path)
		h.metrics.observeRequest(endpoint, metricStatus(sw.status), took)
		level := slog.LevelInfo
		switch {
		case sw.status >= 500:
			level = slog.LevelError
		case h.ops[r.URL.Path] != nil && sw.status < 400:
			level = slog.LevelDebug
		}
		h.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("path", logPath(r)),
			slog.Int("status", sw.status),
			slog.Int("bytes", sw.bytes),
			slog.Duration("duration", took))
	})
}

// statusClientGone is the status counted for a request whose client went
// away before it was answered (nothing was written): nginx's 499.
const statusClientGone = 499

// metricStatus is the status a request is counted under.
func metricStatus(written int) int {
	if written == 0 {
		return statusClientGone
	}
	return written
}

// logPath is the request's path as logs and messages quote it: cut to 200
// bytes, any apiKey=… in it redacted.
func logPath(r *http.Request) string { return truncate(redactKeys(r.URL.Path), 200) }

// recovered turns a panic into a logged 500 JSON answer, unless the
// response had already begun.
func (h *handler) recovered(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			h.log.Error("panic", "path", logPath(r), "panic", v, "stack", string(debug.Stack()))
			if sw, ok := w.(*statusWriter); ok && sw.status != 0 {
				return
			}
			dialectOf(r.URL.Path).write(w, internalError)
		}()
		next.ServeHTTP(w, r)
	})
}
