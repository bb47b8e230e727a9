package api

import (
	"net/http"
	"strings"
	"time"
)

// NewsAPI's error body is {"status":"error","code":…,"message":…}
// (newsapi.org/docs/errors), the spec's shape B with a string status, so
// decodeErrorResponse reads it; what NewsAPI adds is the meaning of its
// codes, mapped here to the client's sentinels.
//
// The codes and statuses, and where each was found:
//
//   - newsapi.org/docs/errors lists apiKeyDisabled, apiKeyExhausted,
//     apiKeyInvalid, apiKeyMissing, parameterInvalid, parametersMissing,
//     rateLimited, sourcesTooMany, sourceDoesNotExist and unexpectedError,
//     and the statuses 400, 401, 429 and 500 without saying which code
//     comes with which status; the statuses below are the ones each code's
//     meaning implies, and what client tests quoting real answers show
//     (apiKeyInvalid 401, apiKeyExhausted and rateLimited 429).
//   - maximumResultsReached (426, "You have requested too many results.
//     Developer accounts are limited to a max of 100 results. …") and
//     corsNotAllowed (426, "Requests from the browser are not allowed on
//     the Developer plan, except from localhost.") are not in the docs;
//     their bodies and status are quoted in READMEs and tests of NewsAPI
//     clients (found with the code search).
//   - parametersIncompatible ("You cannot mix the sources parameter with
//     the country or category parameters.") is quoted in a client's test,
//     not the docs; it is 400 like the other parameter codes.
//   - The rateLimited message of the Developer plan reads "Developer
//     accounts are limited to 100 requests over a 24 hour period (50
//     requests available every 12 hours)": a quota, not a burst limit. So
//     a 429 that gives no Retry-After is taken for a used-up quota
//     (ErrKeyExhausted), which retrying in seconds cannot cure; with a
//     Retry-After it is an ordinary rate limit (ErrRateLimited), retried
//     when the wait is over.
//
// Codes are compared without regard to case; an unknown code keeps the
// meaning of its status.
//
// A switch, not a package-level map, so that nothing is built at start-up
// (issue 31).
func newsAPICode(code string) (status int, kind error, ok bool) {
	switch code {
	case "apikeydisabled":
		return http.StatusUnauthorized, ErrKeyDisabled, true
	case "apikeyexhausted":
		return http.StatusTooManyRequests, ErrKeyExhausted, true
	case "apikeyinvalid", "apikeymissing":
		return http.StatusUnauthorized, ErrUnauthorized, true
	case "parameterinvalid", "parametersmissing", "parametersincompatible":
		return http.StatusBadRequest, ErrInvalidParams, true
	case "ratelimited":
		return http.StatusTooManyRequests, ErrRateLimited, true
	case "sourcestoomany":
		return http.StatusBadRequest, ErrTooManySources, true
	case "sourcedoesnotexist":
		return http.StatusBadRequest, ErrUnknownSource, true
	case "maximumresultsreached":
		return http.StatusUpgradeRequired, ErrResultsCapped, true
	case "corsnotallowed":
		return http.StatusUpgradeRequired, ErrPlanRestricted, true
	case "unexpectederror":
		return http.StatusInternalServerError, ErrServer, true
	}
	return 0, nil, false
}

func (newsAPIProtocol) errorResponse(status int, h http.Header, body []byte, now time.Time, redact func(string) string) *Error {
	e := decodeErrorResponse(status, h, body, now, redact)
	classifyNewsAPI(e)
	return e
}

// classifyNewsAPI sets e's Kind from its code, and its Status when the
// error came in a 2xx body (NewsAPI's own statuses are used then, so that
// the sentinels of statuses match as they would on a proper answer).
func classifyNewsAPI(e *Error) {
	e.Dialect = DialectNewsAPI
	if status, kind, ok := newsAPICode(strings.ToLower(strings.TrimSpace(e.Code))); ok {
		e.Kind = kind
		if e.Status >= 200 && e.Status <= 299 {
			e.Status = status
		}
	}
	if e.Status == http.StatusTooManyRequests {
		// rateLimited and apiKeyExhausted alike: a wait the service names
		// is waited for; without one, the quota is spent.
		e.Kind = ErrKeyExhausted
		if e.RetryAfter > 0 {
			e.Kind = ErrRateLimited
		}
	}
}
