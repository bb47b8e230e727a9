// Package stories groups articles that report the same event into stories:
// when twenty outlets cover one event, the service can say it is one story
// covered twenty times (storyId, storySize) and rank by coverage
// (sortBy=popularity).
//
// How: every article is reduced to weighted word features of its title,
// description and the opening of its text (lower-cased, accents folded,
// light per-language stemming, see features.go). A new article is compared
// with the articles of its language published within Window of it, found
// through an inverted index of the features keyed by time bucket, so that
// adding a page of articles costs time in proportion to the page and the
// postings of its rarer words in that stretch of time, never in proportion
// to the catalogue. Similarity is a cosine over IDF-weighted features, the
// IDF counted over the indexed window of that language, so words every
// story uses weigh little and the names, places and figures of one event
// weigh much. An article joins the story of its most similar earlier
// article when the similarity clears a threshold that rises with the time
// between them; otherwise it starts a story of its own. Stories are never
// merged after the fact: a wrong merge is worse than a missed one.
//
// Why not MinHash/LSH: two outlets' headlines on one event typically share
// a quarter of their words (the names, the figures), well below the
// Jaccard at which banded MinHash finds candidates without thousands of
// bands; an inverted index over the rarer features finds them exactly, at
// a cost the time buckets bound (the prefix-filtering idea of all-pairs
// similarity search).
//
// A Grouper holds the indexed window in memory. It is loaded lazily from
// the store (Loader) the first time a write needs a stretch of time, and
// bounded (MaxDocs); it is not safe for concurrent use: a store serialises
// its writes through it.
//
// This package does no I/O of its own and knows nothing of any store,
// server or UI: backends hand it Docs and write back the story ids it
// returns.
package stories
