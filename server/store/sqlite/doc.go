// Package sqlite keeps the news service's sources and articles in SQLite
// (modernc.org/sqlite, pure Go) and answers the three list queries of the
// spec: sources, latest headlines and full-text article search (FTS5).
//
// Decisions the spec leaves open, and why:
//
//   - Articles carry the category, language and country of their source,
//     copied onto the article row when either is added (in any order), so
//     that headline filters run on indexes instead of joins. Articles whose
//     source is unknown are kept; they match no country/category/language
//     filter until their source arrives.
//   - Articles are unique by URL; a later Add or import of the same URL
//     replaces the earlier one (re-importing a corrected feed fixes it).
//     Sources are unique by id, later wins likewise.
//   - The article's row id is its publication time in seconds shifted left
//     16 bits plus a small tie-breaker, so "newest first" is simply rowid
//     order. That lets FTS5 stream matches newest first without sorting,
//     and turns from/to into a rowid range FTS5 applies itself. Articles
//     without a publication time sort as the oldest and are left out by any
//     from bound.
//   - Articles are grouped into stories (stories.go, package stories):
//     every write groups the articles it stores with the store's one
//     stories.Grouper, under a mutex, in the write's own transaction, and
//     recomputes the sizes of the stories it touched (inserted, replaced,
//     deleted and pruned articles). Each row keeps its story's id (its
//     first article's row id, shown in base 36) and size (distinct
//     sources), so reads take both from the row, with no join; story=
//     reads an index on story_id, newest first. A read-only image never
//     groups.
//   - Another process may write the same file (an import beside serve):
//     every write bumps a change counter in its transaction, which a
//     Store on a file reads every 250 ms, changing Generation (and so
//     every cached answer) and, at its next write, dropping its Grouper
//     when the counter moved past its own last write (watch.go).
//   - Popularity is not in the spec's article shape. Imports may carry a
//     numeric "popularity" field; an article without one (every feed
//     article) ranks by its story's coverage, the number of distinct
//     sources that report it. Version 4 derived a stand-in from the URL
//     hash; the upgrade to version 5 recognises those and drops them.
//   - The domain of an article is the lower-cased host of its URL, stored
//     reversed ("com.example.www") so that a domain filter matches the host
//     and all its subdomains with one index range.
//   - Search terms are translated into a quoted FTS5 expression by
//     [MatchExpression]; user text never reaches MATCH unquoted.
//   - The language, sources and domains filters of a search are also
//     tokens in a hidden column of the full-text index, so FTS5 intersects
//     them with q's words instead of the search reading every match of a
//     common word to keep the few on one domain. Facet tokens start with
//     a private-use character no search word can contain, so q's words
//     only ever match title, description and content. Sources and domains
//     are hashed to 64 bits there; inclusions are re-checked exactly on the
//     row, while an exclusion trusts the hash (a 2^-64 chance of error).
//   - A search returns at most [MaxResults] (10,000) results, the newest
//     matches (relevancy and popularity: the ranked window first), and its
//     total counts those: counting stops at the cap, so the first page of
//     a new search for a common word costs milliseconds, not the
//     hundreds a full count of a million matches takes. The total never
//     promises a page that is not there.
//   - Totals are counted once per distinct query and cached until the next
//     write, so paging through results does not rescan every match. Deep
//     headline pages likewise start from cached anchors (the id at every
//     2,000th position), so OFFSET never walks far.
//   - sortBy=relevancy (how often q matches the title and description,
//     bm25-style saturated and length-normalised, title weighing 10 and
//     description 4; content and IDF are left out, see relevance.go) and
//     sortBy=popularity rank the RankWindow (500) newest matches; past
//     them results continue newest first. This bounds the cost of a search
//     for a common word, which would otherwise score every match. The
//     ranked window is cached like the totals.
//   - ImportJSONL into a store without articles is a bulk load (bulk.go):
//     stories are grouped in one pass in time order, and indexes and the
//     full-text index are built once, at the end, not row by row; a load
//     cut off is finished by the next Open.
//   - ImportJSONL skips invalid lines (and invalid items of list
//     envelopes), counting them with their line numbers in Stats, rather
//     than failing: one bad record in a large feed should not lose the
//     rest. Only read and database errors stop it. Sources may follow
//     their articles.
//   - The in-memory database (Open("")) uses SQLite's memdb VFS so that the
//     connection pool shares it and reads run in parallel.
//   - Sources are listed by name (case-insensitive), then id.
//   - Feed subscriptions (store.FeedStore, feeds.go) live in the same
//     database: a feeds row per subscription, keyed by its source's id,
//     with its polling state (times as unix seconds, so kept to the
//     second), and feed_items, which maps each entry's GUID within its
//     feed to the URL its article was last stored under. A feed's
//     articles are plain articles of its source: every query, filter and
//     cache serves them like imported ones. A new feed's id must be
//     unused by sources and articles alike, so a feed never adopts (and
//     later prunes or removes) an import's articles.
//   - Which feed item becomes which article (the URL the identity, the
//     GUID the second key, another source's article left alone, an
//     undated item keeping the time first seen) is store.FeedItems's
//     rule, shared with PostgreSQL; feeditems.go carries it out.
//   - Ingested articles have no popularity of their own: feeds carry no
//     popularity data, so they rank by coverage (their story's size).
//   - A poll that finds nothing new writes only the feed's polling state
//     and leaves Generation, and so every cached answer, as it was.
//   - PruneArticles deletes the feed articles published before a cutoff
//     (a row id range per feed) with their entries' GUIDs; articles of
//     sources that are not feeds are never pruned.
//   - It has every capability package store names beyond Catalogue
//     (capabilities.go asserts them) and passes the conformance suite
//     (storetest, conformance_test.go).
//   - Schema version 4 added the feed tables, version 5 the story columns;
//     Open upgrades a version 3 or 4 file in place (adding what is missing
//     and grouping the stored articles once, oldest first), and refuses
//     other versions.
package sqlite
