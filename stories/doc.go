// Package stories groups articles that report the same event into stories:
// when twenty outlets cover one event, the service can say it is one story
// covered twenty times (storyId, storySize) and rank by coverage
// (sortBy=popularity).
//
// How: every article is reduced to weighted word features of its title,
// description and the opening of its text (lower-cased, accents folded,
// light per-language stemming, function words dropped, figures read
// alike however written, see features.go, stopwords.go, numbers.go). A new article is compared
// with the articles of its language published within Window of it, found
// through an inverted index of the features keyed by time bucket, so that
// adding a page of articles costs time in proportion to the page and the
// postings of its rarer words in that stretch of time, never in proportion
// to the catalogue. Similarity is a cosine over IDF-weighted features, the
// IDF counted over the indexed window of that language, so words every
// story uses weigh little and the names, places and figures of one event
// weigh much. An article joins the story of its most similar indexed
// article when the similarity clears a bar that rises with the time
// between them (to identity at Window), it is like the story as a whole,
// and no article of the story conflicts with it; otherwise it starts a
// story of its own. Stories are never merged after the fact: a wrong
// merge is worse than a missed one.
//
// Outlets telling one event in their own words share its names more than
// its other words: when the new article and a young story's article share
// a particular of the story's own (a name or figure in both titles that
// few other indexed articles have), the bars are lower and rise over two
// days, and the figure conflicts below are waived; a headline that names
// something joins no story that shares no name or figure with it
// (match.go, linked).
//
// Conflicts are what tell one template of news covering two events from
// one event told two ways (match.go): headlines giving figures none of
// which the other article gives, or a shared frame (a word with the two
// words before or after it) filled with different particulars (names,
// figures: "floods hit Halden", "floods hit Eastport") or with different
// words in a slot many words have filled ("the teachers' union", "the
// nurses' union").
//
// Why not MinHash/LSH: two outlets' headlines on one event typically share
// a quarter of their words (the names, the figures), well below the
// Jaccard at which banded MinHash finds candidates without thousands of
// bands; an inverted index over the rarer features finds them exactly, at
// a cost the time buckets bound (the prefix-filtering idea of all-pairs
// similarity search).
//
// A Grouper holds the indexed stretch in memory. It is loaded lazily from
// the store (Loader) the first time a write needs a stretch of time, and
// bounded (by time behind the newest article, and by a count); it is not
// safe for concurrent use: a store serialises its writes through it.
// docs/stories.md has the rules' figures, the evaluation and the limits.
//
// This package does no I/O of its own and knows nothing of any store,
// server or UI: backends hand it Docs and write back the story ids it
// returns.
package stories
