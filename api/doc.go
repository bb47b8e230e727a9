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
// Pages come back consistent even when the envelope is not: page and
// pageSize missing from the answer are taken from the request (or the
// spec's defaults, 1 and 20), and a missing totalResults is derived from
// total_pages or, failing that, guessed from the items received: exact for
// a short page, one more than seen for a full one, so that
// [model.Page.HasMore] offers a next page exactly when one may exist.
//
// A [Client] holds no mutable state after [New], so one client may serve
// many goroutines at once.
package api
