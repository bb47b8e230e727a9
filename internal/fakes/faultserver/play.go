package faultserver

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
)

// badGatewayPage is what an nginx-style proxy sends when the service
// behind it is down.
const badGatewayPage = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n" +
	"<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"

// malformedBody stops in the middle of the first article.
const malformedBody = `{"status":"ok","totalResults":3,"page":1,"pageSize":20,"articles":[{"title":`

// play answers r as fault f dictates.
func play(s *Server, f Fault, w http.ResponseWriter, r *http.Request) {
	switch f.Kind {
	case Latency:
		if s.sleep(r, f.delay(DefaultDelay)) {
			s.next.ServeHTTP(w, r)
		}
	case ServerError:
		status := f.status(http.StatusInternalServerError)
		writeBody(w, status, "application/json", ErrorShapeB(status, serverErrorCode(status),
			"the service failed to handle the request"))
	case BadGateway:
		writeBody(w, http.StatusBadGateway, "text/html", []byte(badGatewayPage))
	case RateLimited:
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		writeBody(w, http.StatusTooManyRequests, "application/json", ErrorShapeB(http.StatusTooManyRequests,
			"TOO_MANY_REQUESTS", "you have made too many requests; slow down"))
	case Unauthorized:
		status := f.status(http.StatusUnauthorized)
		writeBody(w, status, "application/json", ErrorShapeA(status, "UNAUTHORIZED",
			"your API key is missing or invalid"))
	case MalformedJSON:
		writeBody(w, http.StatusOK, "application/json", []byte(malformedBody))
	case TruncatedBody:
		truncate(w, s.record(r))
	case EmptyBody:
		writeBody(w, http.StatusOK, "application/json", nil)
	case WrongContentType:
		rec := s.record(r)
		rec.Header().Set("Content-Type", "text/plain; charset=utf-8")
		replay(w, rec.Code, rec.Header(), rec.Body.Bytes())
	case OversizedBody:
		s.oversized(f, w, r)
	case ConnectionReset:
		reset(w)
	case SlowDrip:
		s.drip(f.delay(DefaultDripDelay), w, r)
	case Hang:
		s.hang(r)
	case ErrorInOK:
		writeBody(w, http.StatusOK, "application/json", errorInOKBody)
	case EndlessTotal:
		s.endlessTotal(f, w, r)
	case DuplicatePages:
		s.duplicatePages(w, r)
	case HostileText:
		writeBody(w, http.StatusOK, "application/json", hostileBody(relPath(r.URL.Path)))
	case RedirectLoop:
		http.Redirect(w, r, r.URL.RequestURI(), http.StatusFound)
	case Canned:
		ct := f.ContentType
		if ct == "" {
			ct = "application/json"
		}
		writeBody(w, f.status(http.StatusOK), ct, f.Body)
	default: // None, and kinds from the future: behave like the service
		s.next.ServeHTTP(w, r)
	}
}

// serverErrorCode is the code a 5xx body carries; the spec gives none, so
// these follow the status names as the spec's TOO_MANY_REQUESTS does.
func serverErrorCode(status int) string {
	switch status {
	case http.StatusBadGateway:
		return "BAD_GATEWAY"
	case http.StatusServiceUnavailable:
		return "SERVICE_UNAVAILABLE"
	case http.StatusGatewayTimeout:
		return "GATEWAY_TIMEOUT"
	}
	return "INTERNAL_SERVER_ERROR"
}

// writeBody sends a complete response with an exact Content-Length.
func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body) // the client may be gone; nothing to tell it
}

// replay sends a recorded response, with its own headers.
func replay(w http.ResponseWriter, status int, header http.Header, body []byte) {
	for k, vs := range header {
		w.Header()[k] = vs
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// record runs the wrapped handler into memory, for faults that distort the
// real response. Service pages are small (about 0.5 MiB at most).
//
// The wrapped handler is asked for an uncompressed body (no
// Accept-Encoding), as the faults rewrite the JSON: a gzip body would
// reach them as bytes they cannot read.
func (s *Server) record(r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	r = r.Clone(r.Context())
	r.Header.Del("Accept-Encoding")
	s.next.ServeHTTP(rec, r)
	return rec
}

// sleep waits d and reports whether the request is still worth answering:
// false when the client gave up or the server is closing.
func (s *Server) sleep(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
	case <-s.done:
	}
	return false
}

// hang holds the request without answering until it is abandoned.
func (s *Server) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.done:
	}
}
