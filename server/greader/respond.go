package greader

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// writeText answers plain text, as Google Reader's writes and errors do.
// body goes out exactly: newsboat takes a write as done only when the
// answer is "OK", no newline.
func writeText(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write([]byte(body))
}

// writeJSON answers v as JSON; slashes and non-ASCII stay as they are,
// as FreshRSS sends them.
func writeJSON(w http.ResponseWriter, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "private, no-store") // marks differ per key
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// unauthorized answers a wrong or missing token with both clients'
// markers of a bad token (FreshRSS's Google-Bad-Token, Miniflux's
// X-Reader-Google-Bad-Token), so they log in again.
func unauthorized(w http.ResponseWriter, message string) {
	w.Header().Set("Google-Bad-Token", "true")
	w.Header().Set("X-Reader-Google-Bad-Token", "true")
	writeText(w, http.StatusUnauthorized, "Unauthorized: "+message)
}

// fail answers a failed call: the client's mistakes with their status and
// message, a refused one with Retry-After, a store over its time bound or
// unreachable 503, anything else 500 (logged, no detail leaked).
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var rerr *requestError
	var refused *RefusedError
	var verr *model.ValidationError
	switch {
	case errors.Is(err, ErrBadAuth):
		unauthorized(w, "log in again with accounts/ClientLogin (Passwd: an API key of this service)")
	case errors.As(err, &rerr) && rerr.status == http.StatusUnauthorized:
		unauthorized(w, rerr.message)
	case errors.As(err, &rerr):
		writeText(w, rerr.status, rerr.message)
	case errors.As(err, &refused):
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(refused.RetryAfter)))
		writeText(w, refused.Status, refused.Message)
	case errors.As(err, &verr):
		writeText(w, http.StatusBadRequest, verr.Message)
	case r.Context().Err() != nil:
		// the client went away
	case errors.Is(err, context.DeadlineExceeded):
		h.log.Warn("greader call timed out", "path", logPath(r), "timeout", h.timeout)
		writeText(w, http.StatusServiceUnavailable, "the query took too long: try again")
	case errors.Is(err, store.ErrUnavailable):
		h.log.Warn("catalogue unavailable", "path", logPath(r), "err", err)
		writeText(w, http.StatusServiceUnavailable, "the news catalogue is unavailable: try again in a moment")
	default:
		h.log.Error("greader call failed", "path", logPath(r), "err", err)
		writeText(w, http.StatusInternalServerError, "internal error: the service's log says what went wrong")
	}
}

// retrySeconds is d in whole seconds, at least 1.
func retrySeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

// logPath is the request's path for a log line: never its query string,
// which may hold a token or a password.
func logPath(r *http.Request) string { return truncate(r.URL.Path, 200) }
