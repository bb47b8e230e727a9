package store

// The time windows of story grouping, stated once for every backend and
// every path (issue 29: "the same grouping on the feed path, the import
// path and both backends").
//
// No article is grouped with one more than stories.Window (12 h) older
// or newer, and an article is grouped over the articles of its language
// published from the start of its two-day epoch less stories.Retention
// (ten days) up to it: they give the statistics (a word's rarity, the
// common words, the templates' slots). The stories.Grouper applies that
// rule itself, article by article, whatever pages the articles come in:
//
//   - Writes (Add, imports into a catalogue that holds articles, feed
//     items, pruning) group with the store's one Grouper, which reads from
//     the store, when it starts or when a write reaches further back than
//     it holds, the stretch that rule needs (stories.Loader).
//   - Passes over the whole catalogue (a bulk load, a schema upgrade)
//     read every article in id order, which is publication order (ids
//     are publication seconds, ids.go), with a Grouper that reads nothing
//     back and forgets, as every Grouper does, what falls behind
//     Retention: the pass's memory stays bounded by ten days of articles
//     (and stories.DefaultMaxDocs), not the catalogue.
//
// So one catalogue stored in time order gets the same stories by a bulk
// load, by feeds and Add page by page, after a restart, on SQLite and on
// PostgreSQL (storetest.StoriesAlikeOnEveryPath). What still differs: an
// article stored out of time order (a feed item hours late) is grouped
// against what was stored by then, not what a later pass in time order
// would see; and more than DefaultMaxDocs articles within Retention are
// cut by count, where the pages fall.
