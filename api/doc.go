// Package api is the HTTP client of the news service described in
// shared/spec/news-service.md: GET /sources, /latest-headlines and
// /articles, each returning one page of results.
//
// The client is written for services that follow the spec loosely, because
// the spec itself is loose. It accepts both list envelopes (camelCase
// totalResults/pageSize and snake_case total_results/page_size), both error
// shapes (errorCode/errorMessage and code/message, with status as a number
// or a string), and articles whose fields are null, of the wrong type, or
// carry timestamps in several forms. What it cannot read becomes one of the
// sentinel errors of errors.go, never a panic and never a half-filled page
// passed off as whole.
//
// Every error text is short enough for a status bar and never contains the
// API key: the key travels only in the Authorization header, and any text
// that comes from the service or the transport is scrubbed of it.
//
// A [Client] holds no mutable state after [New], so one client may serve
// many goroutines at once.
package api
