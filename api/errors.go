package api

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Sentinels for the kinds of failure a caller acts on. Test with errors.Is:
// an *Error matches the sentinel of its HTTP status, and transport failures
// wrap the sentinel that describes them.
var (
	// ErrUnauthorized: the service refused the API key (401 or 403).
	ErrUnauthorized = errors.New("the service refused the API key")
	// ErrRateLimited: the key made too many requests (429); see RetryAfter.
	ErrRateLimited = errors.New("rate limited by the service")
	// ErrInvalidParams: the service rejected the query's parameters (400).
	ErrInvalidParams = errors.New("the service rejected the request parameters")
	// ErrNotFound: the service has no such endpoint (404); usually a wrong base URL.
	ErrNotFound = errors.New("the service has no such endpoint")
	// ErrServer: the service failed (5xx) and retries did not help.
	ErrServer = errors.New("the service had an internal error")

	// ErrNetwork: the service could not be reached (refused, reset, DNS).
	ErrNetwork = errors.New("could not reach the service")
	// ErrRedirect: the address redirected in a loop (more than 10 hops) or
	// from https to http, which would send the key in clear. It also
	// matches ErrNetwork; it is never retried.
	ErrRedirect = errors.New("the service redirected too often or to an insecure address")
	// ErrTimeout: the service did not answer in time.
	ErrTimeout = errors.New("the service did not answer in time")
	// ErrBadResponse: the body was not the JSON the spec describes.
	ErrBadResponse = errors.New("the service sent a response that is not valid JSON")
	// ErrEmptyResponse: the body was empty.
	ErrEmptyResponse = errors.New("the service sent an empty response")
	// ErrResponseTooLarge: the body was larger than the client accepts.
	ErrResponseTooLarge = errors.New("the service sent a response that is too large")
	// ErrSourcesUnsupported: the service cannot list one source's
	// headlines (the sources parameter of /latest-headlines, tidings'
	// extension): it refused the parameter (400) or ignored it, answering
	// articles of other sources. A search of the source (/articles with
	// sources) still works.
	ErrSourcesUnsupported = errors.New("the service cannot list the headlines of one source")
)

// Sentinels for failures a service names in its error code, beyond what
// the HTTP status says (NewsAPI's codes; see newsapi_errors.go). Each
// still matches the sentinel of its status, where there is one: a
// disabled key is also ErrUnauthorized, an exhausted one ErrRateLimited.
var (
	// ErrResultsCapped: the plan serves no results of this query past the
	// first ones (NewsAPI's Developer plan: 100; maximumResultsReached,
	// HTTP 426). The results so far are all there will be; asking again
	// fails the same way.
	ErrResultsCapped = errors.New("the plan serves no more results of this query")
	// ErrKeyExhausted: the key's requests are used up until its quota
	// renews (apiKeyExhausted, or a 429 rateLimited that gives no
	// Retry-After). Not retried by itself: [RetryAfter] reports false.
	ErrKeyExhausted = errors.New("the API key's requests are used up")
	// ErrKeyDisabled: the service has disabled the key (apiKeyDisabled).
	ErrKeyDisabled = errors.New("the service has disabled the API key")
	// ErrPlanRestricted: the key's plan does not allow this kind of
	// request (corsNotAllowed: browser requests on the Developer plan).
	ErrPlanRestricted = errors.New("the API key's plan does not allow this request")
	// ErrUnknownSource: a source id the request named does not exist
	// (sourceDoesNotExist).
	ErrUnknownSource = errors.New("the service has no such source")
	// ErrTooManySources: the request named more sources than the service
	// takes at once (sourcesTooMany).
	ErrTooManySources = errors.New("too many sources in one request")
)

// Error is an error answer from the service: its HTTP status and the code
// and message of its body, whichever of the spec's two shapes it used.
// Codes are an open set and kept verbatim.
type Error struct {
	Status     int           // HTTP status code
	Code       string        // errorCode (shape A) or code (shape B); may be empty
	Message    string        // errorMessage (shape A) or message (shape B); may be empty
	RetryAfter time.Duration // from the Retry-After header on 429; 0 if absent
	// Kind is the sentinel the dialect read from Code (ErrResultsCapped,
	// ErrKeyExhausted, …), nil when the status says it all (always so
	// in DialectSpec).
	Kind error
	// Dialect is the dialect of the service that answered.
	Dialect Dialect
}

// Error implements error. It names the code, for logs; people are shown
// explanations of the sentinels instead.
func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	who := "service"
	if e.Dialect == DialectNewsAPI {
		who = "NewsAPI"
	}
	if e.Code != "" {
		return fmt.Sprintf("%s error %d %s: %s", who, e.Status, e.Code, msg)
	}
	return fmt.Sprintf("%s error %d: %s", who, e.Status, msg)
}

// Is reports whether the error belongs to one of the sentinel kinds, so that
// errors.Is(err, api.ErrRateLimited) works on an *Error: its Kind, if the
// dialect gave it one, and the sentinel of its HTTP status. An error read
// from the body of a 2xx answer whose code maps to no status keeps Status
// 200 and matches ErrBadResponse.
func (e *Error) Is(target error) bool {
	if e.Kind != nil && target == e.Kind {
		return true
	}
	switch target {
	case ErrUnauthorized:
		return e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden
	case ErrRateLimited:
		return e.Status == http.StatusTooManyRequests
	case ErrInvalidParams:
		return e.Status == http.StatusBadRequest || e.Status == http.StatusUnprocessableEntity
	case ErrNotFound:
		return e.Status == http.StatusNotFound
	case ErrServer:
		return e.Status >= 500
	case ErrBadResponse:
		// A 2xx answer whose body says "error" with a code no status
		// maps to: the body is not the page it should be, so callers that
		// handle "unreadable answer" handle this too, and never mistake it
		// for an empty result.
		return e.Status >= 200 && e.Status <= 299
	}
	return false
}

// RetryAfter returns how long to wait before retrying a rate-limited
// request, and whether err is a rate limit at all. A 429 without a usable
// Retry-After header gives a zero duration and true, unless the dialect
// knows it for a used-up quota ([ErrKeyExhausted]), which waiting a few
// seconds cannot cure: that gives false.
func RetryAfter(err error) (time.Duration, bool) {
	var e *Error
	if errors.As(err, &e) && e.Status == http.StatusTooManyRequests && e.Kind != ErrKeyExhausted {
		return e.RetryAfter, true
	}
	return 0, false
}
