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

// logged writes one access-log line per request: method, path, status,
// bytes and duration. Never the query string (it is user data) nor any
// header (the Authorization header holds the key).
func (h *handler) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		h.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("path", truncate(r.URL.Path, 200)),
			slog.Int("status", sw.status),
			slog.Int("bytes", sw.bytes),
			slog.Duration("duration", time.Since(start)))
	})
}

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
			h.log.Error("panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			if sw, ok := w.(*statusWriter); ok && sw.status != 0 {
				return
			}
			writeError(w, http.StatusInternalServerError, CodeInternal, "the service had an internal error")
		}()
		next.ServeHTTP(w, r)
	})
}
