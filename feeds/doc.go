// Package feeds subscribes to RSS, Atom and JSON feeds and polls them into
// the news catalogue: one feed is one source, its entries that source's
// articles.
//
// It fetches like a good citizen (conditional GET, gzip, a User-Agent
// naming tidings, Retry-After, backoff with jitter on errors, a bounded
// number of requests at once and one at a time per host, timeouts, a body
// cap, at most five redirects), normalises what it fetched with
// feeds/normalise, and writes only through the store's interfaces
// (store.FeedStore and store.Writer), so any backend can hold the feeds.
//
// It must not serve HTTP, draw anything or know who started it: `tidings
// serve`, the reader's personal mode and the `tidings feeds` commands all
// drive the same Poller.
//
// Nothing is lost: a failed, empty or malformed fetch records why in the
// feed's polling state and never removes or changes a stored article.
package feeds
