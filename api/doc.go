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
// The client also speaks NewsAPI (newsapi.org), the service the spec was
// drawn from, when made with [WithDialect]([DialectNewsAPI]): the same three
// reads go to /top-headlines/sources, /top-headlines and /everything, the
// key goes in X-Api-Key, queries are checked against NewsAPI's rules and
// values before anything is sent, and NewsAPI's error codes become the
// sentinels of errors.go (ErrResultsCapped for its 100-result cap,
// ErrKeyExhausted for a spent quota, …). dialect.go holds what differs
// between the two and newsapi*.go NewsAPI's side; the spec's dialect is
// unchanged by it.
//
// Every error text is short enough for a status bar and never contains the
// API key: the key travels only in the Authorization header (X-Api-Key for
// NewsAPI, which is also dropped from redirects that leave the host), and
// any text that comes from the service or the transport is scrubbed of it.
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
