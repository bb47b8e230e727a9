package server

import (
	"fmt"
	"net/http"

	"tidings/server/newsapi"
	"tidings/wording"
)

// NewsAPI's paths, served beside the spec's (see newsapi.go).
const (
	pathTopHeadlines   = "/v2/top-headlines"
	pathEverything     = "/v2/everything"
	pathNewsAPISources = "/v2/top-headlines/sources"
)

// dialect is the error vocabulary of a path: the spec's (shapes A and B,
// upper-case codes) or NewsAPI's ({"status":"error","code","message"}).
// Success bodies are each endpoint's own.
type dialect int

const (
	specDialect dialect = iota
	newsAPIDialect
)

// dialectOf is the dialect of a path: NewsAPI's on NewsAPI's three paths,
// the spec's everywhere else (its own paths, and the 404 of unknown ones).
func dialectOf(path string) dialect {
	switch path {
	case pathTopHeadlines, pathEverything, pathNewsAPISources:
		return newsAPIDialect
	}
	return specDialect
}

// problem is one error answer in both vocabularies: the HTTP status, the
// spec's code and NewsAPI's code, and a message for people (which never
// quotes the API key); newsAPIMessage, when set, is NewsAPI's wording of
// it.
type problem struct {
	status         int
	spec           string
	newsAPI        string
	message        string
	newsAPIMessage string
}

// newsAPIError is NewsAPI's error body (newsapi.org/docs/errors).
type newsAPIError struct {
	Status  string `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// write sends p in d's vocabulary.
func (d dialect) write(w http.ResponseWriter, p problem) {
	if d == newsAPIDialect {
		msg := p.message
		if p.newsAPIMessage != "" {
			msg = p.newsAPIMessage
		}
		_ = writeJSON(w, p.status, newsAPIError{Status: "error", Code: p.newsAPI, Message: msg}) // the client has gone if this fails
		return
	}
	writeError(w, p.status, p.spec, p.message)
}

// internalError answers what should never happen, without detail.
var internalError = problem{status: http.StatusInternalServerError, spec: CodeInternal,
	newsAPI: newsapi.CodeUnexpectedError, message: "the service had an internal error"}

// unauthorized is the 401 for why. The spec's paths say which of missing,
// malformed or unknown it was under UNAUTHORIZED; NewsAPI's paths answer
// apiKeyMissing for a missing key and apiKeyInvalid for the other two (a
// malformed Authorization header is, to NewsAPI, a key that is wrong).
func unauthorized(why authProblem) problem {
	p := problem{status: http.StatusUnauthorized, spec: CodeUnauthorized, newsAPI: newsapi.CodeAPIKeyInvalid, message: string(why)}
	switch why {
	case authMissing:
		p.newsAPI = newsapi.CodeAPIKeyMissing
		p.newsAPIMessage = "Your API key is missing. Append it to the URL with the apiKey param, or send it in the X-Api-Key header or the Authorization header."
	case authMalformed:
		p.newsAPIMessage = "Your API key is invalid or incorrect: the Authorization header must be the key, or Bearer and the key."
	default:
		p.newsAPIMessage = "Your API key is invalid or incorrect. Check your key."
	}
	return p
}

// rateLimited is the 429 of a key over its limit, retryable in secs.
func rateLimited(d dialect, perMinute, secs int) problem {
	if d == newsAPIDialect {
		return problem{status: http.StatusTooManyRequests, newsAPI: newsapi.CodeRateLimited, message: fmt.Sprintf(
			"You have made too many requests recently. This server allows %s per minute per API key: back off for %d s before trying again.",
			wording.Count(perMinute, "request", "requests"), secs)}
	}
	return problem{status: http.StatusTooManyRequests, spec: CodeTooManyRequests, message: fmt.Sprintf(
		"rate limit of %s per minute exceeded: retry in %d s", wording.Count(perMinute, "request", "requests"), secs)}
}
