package newsapi

import "net/http"

// NewsAPI's error codes that this server sends (newsapi.org/docs/errors;
// the statuses of maximumResultsReached and parametersIncompatible come
// from NewsAPI answers quoted in public issues, see the package doc).
const (
	CodeAPIKeyMissing          = "apiKeyMissing"          // 401
	CodeAPIKeyInvalid          = "apiKeyInvalid"          // 401
	CodeParameterInvalid       = "parameterInvalid"       // 400
	CodeParametersMissing      = "parametersMissing"      // 400
	CodeParametersIncompatible = "parametersIncompatible" // 400
	CodeSourcesTooMany         = "sourcesTooMany"         // 400
	CodeRateLimited            = "rateLimited"            // 429
	CodeMaximumResultsReached  = "maximumResultsReached"  // 426
	CodeUnexpectedError        = "unexpectedError"        // 500, and 503 here
)

// CodeMethodNotAllowed is this server's own code for a method other than
// GET or HEAD (405): NewsAPI documents no code for it, and the answer
// keeps NewsAPI's error shape so NewsAPI clients can read it.
const CodeMethodNotAllowed = "methodNotAllowed"

// StatusMaximumResultsReached is the HTTP status NewsAPI answers
// maximumResultsReached with (426 Upgrade Required: a paid plan would
// serve the page).
const StatusMaximumResultsReached = http.StatusUpgradeRequired

// Error is a request NewsAPI's rules (or this server's limits, which are
// answered in NewsAPI's vocabulary) refuse: the HTTP status, the code and
// a message for people. Messages never quote the API key.
type Error struct {
	Status  int
	Code    string
	Message string
}

// Error implements error.
func (e *Error) Error() string { return e.Code + ": " + e.Message }

func invalid(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeParameterInvalid, Message: msg}
}

func missing(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeParametersMissing, Message: msg}
}
