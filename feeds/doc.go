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
//
// A feed marked full-text (store.Feed.FullText, for feeds that carry only
// summaries) has the page of each item new to the catalogue read by a
// PageReader (the cli gives it tidings/extract), and the page's text
// stored as the article's content, the feed's summary staying its
// description. Pages are read before the poll is written, within the same
// politeness: one request at a time per host, a few at once, a timeout
// each, at most Options.FullTextItems per feed and poll. A page that
// cannot be read is logged and leaves the feed's text; an article stored
// already is never read again. See fulltext.go.
package feeds
