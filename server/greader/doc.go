// Package greader serves the Google Reader API — the dialect FreshRSS and
// Miniflux speak and NetNewsWire, Reeder, Read You, newsboat and a dozen
// other sync clients use — over a tidings catalogue and the read and
// starred state each API key keeps in it (docs/marks.md, docs/sync.md).
// The server mounts it under /api/greader: accounts/ClientLogin, and the
// calls under reader/api/0/ (user-info, token, subscription/list,
// tag/list, unread-count, stream/items/ids, stream/items/contents,
// stream/contents/…, edit-tag, mark-all-as-read, subscription/edit and
// subscription/quickadd), and Google Reader's Atom output of a stream
// under reader/atom/ (atom.go: what newsboat's FeedHQ backend reads).
//
// Its job is translation: Google Reader's streams, item ids and
// parameters into store.Marks and store.ArticlesByID calls, and the
// store's answers into the JSON and text shapes clients parse, with the
// quirks they depend on (docs/sync.md lists them).
//
// What it must not do: keep state of its own (marks live in the store,
// so the reader and every client of a key agree); check API keys or see
// one after login (the Gate does, with the server's key ring, wrong-key
// throttle and rate limit: a token is derived from a key, never the key);
// hold SQL (the backends do); fetch feeds (a FeedManager subscribes);
// import package server, which imports it; or put a key, a token or a
// query string in a log line or an answer.
package greader
