package store

import "tidings/model"

// Paging rules every backend answers by.

// RankWindow is how many of the newest matches the relevancy and
// popularity orders rank. Scoring or sorting every match of a common word
// costs time in proportion to the matches (seconds on a large store); with
// the window a search costs the same whatever matches. Past the window,
// results continue newest first, so every match is still reachable exactly
// once. In news the best article for a query is rarely an old one.
const RankWindow = 500

// MaxResults is the most results one search returns, and so the largest
// totalResults it reports: the newest MaxResults matches (for relevancy
// and popularity, the ranked window first, then newest first). Counting
// every match of a common word costs time in proportion to the matches
// (139–320 ms at a million articles on SQLite), on the first page of
// every new query; capped, the count costs a few milliseconds at most.
// Ten thousand is 100 full pages, past what anyone reads, and the total
// stays honest: it counts exactly the results a reader can page through,
// and the page after the last is empty. Headline and source totals count
// everything.
const MaxResults = 10_000

// LimitOffset is the rows a page of a list query reads: pageSize rows
// after (page-1)·pageSize, the defaults for values below 1, and a page
// past the last that can hold results (model.StorePage) read as empty.
func LimitOffset(page, pageSize int) (limit, offset int64) {
	if page < 1 {
		page = model.DefaultPage
	}
	if pageSize < 1 {
		pageSize = model.DefaultPageSize
	}
	page = model.StorePage(page)
	return int64(pageSize), int64(page-1) * int64(pageSize)
}
