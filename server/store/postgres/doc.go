// Package postgres keeps the news service's catalogue in PostgreSQL
// (through pgx), for several replicas of `tidings serve` over one
// database. It answers the three list queries with the same meaning as
// the SQLite store (server/store/sqlite, whose doc lists the rules), and
// holds feed subscriptions the same way.
//
// It must not serve HTTP or poll feeds itself; it does not import the
// SQLite store.
//
// Decisions, and why:
//
//   - Schema migrations are SQL files embedded in the binary
//     (migrations/NNNN_*.sql), applied in order at Open, in one
//     transaction under an advisory lock, so replicas starting together
//     apply each once; schema_migrations records them. An up-to-date
//     database is only read, so replicas may run with a role without DDL
//     rights when an operator migrates first (Migrate; `tidings serve
//     --migrate-only`). A database newer than the program is refused.
//   - Article ids are as on SQLite: publication seconds << 16 plus a
//     tie-breaker chosen by store's rule (store.IDAllocator: a slot
//     hashed from the URL, else the next free one of the second found in
//     one lookup, no probing), so newest first is id order, from/to is an id range
//     and every filter's index ends in id (keyset order without a sort).
//     Deep pages seek from cached anchors (the id at every 2,000th
//     position) instead of walking an OFFSET.
//   - Full text: a tsvector column (title weight A, description B,
//     content D) kept by a trigger, with a GIN index. Each column holds
//     its words accent-folded (unaccent) twice: stemmed by its language's
//     text-search configuration (Snowball, where PostgreSQL has one; the
//     simple configuration for Hebrew and Urdu) and as written (simple).
//     q is parsed by package store/query, as for SQLite, and becomes a
//     tsquery (tsquery.go): a word matches as written in any language and
//     its inflections in the searched language (every language when none
//     is given); stop words still match as written. So a PostgreSQL
//     search finds what SQLite finds, and inflected forms besides.
//   - Relevancy is ts_rank_cd over the RankWindow (500) newest matches,
//     title weighted 1, description 0.4, content 0, ties newest first;
//     popularity likewise ranks the window. Past it, newest first. The
//     result cap (MaxResults, 10,000) and totals rule are SQLite's: a
//     search's total counts at most the cap; headline and source totals
//     count everything.
//   - A search with keywords reads its matches once: the ids of its
//     newest MaxResults matches, newest first (matches.go). Their number
//     is the total, a page is a slice of them and the ranked window their
//     head, so every page and order of a search costs one read until the
//     next write. The read goes a span of time at a time, newest first,
//     through the GIN index: each tsvector also holds marker lexemes of
//     the article's time bucket, language, source and domains (migration
//     0002), and a span is q & its filters' & its buckets' markers, so a
//     common word costs the matches and articles of the spans the cap
//     needs, never every match (at 1M, "said" has 219,000), and a filter
//     narrows the index's answer instead of dropping rows after reading
//     them (as SQLite's hidden facet column does). Without markers, counting to the cap
//     meant reading every match's GIN entry and heap row: 0.3-1.4 s for
//     common words at 1M (measured), against 25 ms budgeted. Only bitmap
//     plans are allowed there: the planner, taking q's words to be
//     independent, would otherwise walk the id index checking each row's
//     tsvector for words that rarely meet (4.2 s at 1M, measured).
//     Migration 0005 adds coarse time markers (blocks of 4, 16 and 64
//     buckets), so a span is named by a few markers, and keeps the
//     tsvector in the row (STORAGE MAIN), so phrases and ranking read no
//     TOAST; its one rewrite of the table took 68 s at 1M, table locked
//     (docs/performance-notes.md).
//   - A search without keywords (sources, domains or a language) reads
//     its newest MaxResults ids by walking those filters' indexes newest
//     first; its pages and popularity order come from them likewise.
//   - Every new connection loads the text-search dictionaries and
//     unaccent's rules as it opens (12-24 ms, measured, otherwise paid by
//     the first search on it), and the pool keeps four open.
//   - Matches, counts, ranked windows, anchors and pages are cached per
//     Generation. Generation changes at once with this replica's writes
//     and, for other replicas' writes, when the catalogue_generation
//     counter that every write transaction bumps is seen to move: it is
//     read every Options.WatchInterval (250 ms by default). So an answer
//     cached by one replica outlives another replica's write by at most
//     that interval (plus one read of the counter) while the database
//     answers. Writes of polling state alone do not bump it.
//   - A database that cannot be reached (down, restarting, refusing
//     connections) is store.ErrUnavailable, whose message names nothing of the
//     connection (no host, user or password); the pool reconnects by
//     itself when the database returns. Every write is one transaction:
//     an outage leaves each batch wholly written or not at all.
//   - Only one replica polls feeds: PollLeader (leader.go) holds a
//     session advisory lock on a connection of its own.
//   - Of the capabilities package store names beyond Catalogue
//     (capabilities.go lists those it has), it lacks two: store.Watcher,
//     since Generation follows every replica's writes by itself (above),
//     and store.ArticleLookup, which only the demo's page handler uses
//     and the demo runs on SQLite. It passes the conformance suite
//     (storetest, conformance_test.go).
//   - Stories (stories.go; migration 0003): each article row carries its
//     story's id, story_id, NULL when the story is named after the row
//     itself (so the story's id is COALESCE(story_id, id), indexed with
//     id: story= is an index range, newest first), and the story's size
//     in distinct sources, story_size, on every member, so a read takes
//     both from the row it reads anyway, never a join. Every write of
//     articles (Add, ImportJSONL, feed items, pruning, removing a feed)
//     groups the rows it inserted with the Store's one stories.Grouper,
//     writes the story of those that joined another, and recounts the
//     stories it touched, in its own transaction, under a mutex and an
//     advisory lock that serialise it with every other process's writes,
//     so the counts are exact. A Grouper knows the stretch of time it
//     read from the database and its own Store's writes since; when the
//     change counter shows another process wrote meanwhile (an import
//     beside the poller, the poller moving between replicas), the next
//     write drops it and a new one reads the stretch again.
//   - sortBy=popularity ranks by popularityKey: the popularity the import
//     gave (NULL when none, since migration 0003), else the story's size.
//   - An import into an empty catalogue is a bulk load: its batches are
//     written ungrouped, then every article is grouped once, oldest
//     first, as the migration does (groupAll). 100,000 articles: 38 s
//     against 28 s without stories (grouping them batch by batch, in the
//     file's order, took 76 s: see ImportJSONL).
//   - Migration 0003 adds story_id, story_size and the story index and
//     drops popularity's NOT NULL in one transaction that changes only
//     the catalogue, except for the index: it holds the articles table
//     locked (reads too) while the index is built (86 ms at 100,000
//     articles, measured; about a second at a million). Then, in a
//     transaction of its own (groupStored), every stored article is read
//     and grouped, oldest first, and the rows that change are written by
//     one UPDATE; that transaction locks the table in SHARE mode, so
//     other writers (old replicas still running, imports, the poller)
//     wait for it while every read goes on, answering from the ungrouped
//     catalogue until it commits. Measured at 100,000 articles: 10 s in
//     all (grouping 6 s of it, the UPDATE of the 47,000 rows that
//     changed 3.8 s), 190 MB resident; at a million expect some ten
//     times that, writes held off throughout: run it on its own
//     (`tidings serve --migrate-only`) and VACUUM ANALYZE articles after
//     it.
package postgres
