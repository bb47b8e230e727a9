package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"sync/atomic"

	"tidings/model"
	"tidings/server/store"
	"tidings/server/store/changes"
	"tidings/server/store/gencache"
	"tidings/stories"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Store is an open news database. It is safe for concurrent use.
type Store struct {
	db      *sql.DB
	changes changes.Counter // Generation: this Store's writes and, for a file, other processes' (watch.go)

	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt

	counts      *gencache.Cache[int]             // totals by query
	ranks       *gencache.Cache[[]int64]         // ranked windows (row ids) by query
	anchors     *gencache.Cache[int64]           // headline ids at every anchorStep-th position
	pages       *gencache.Cache[[]model.Article] // result pages by query and position (pages.go)
	sourcePages *gencache.Cache[[]model.Source]  // likewise for /sources
	keep        *sql.Conn                        // pins an in-memory database; nil for files
	watchConn   *sql.Conn                        // reads the change counter (watch.go); nil when not watching

	// shift is added to stored publication seconds on the way out and
	// taken from time bounds on the way in: 0, except for an image opened
	// with OpenImage, whose times are relative to when it was built.
	shift int64
	// writeMu serialises the writes that group articles (stories.go):
	// grouper is not safe for concurrent use, and a write's grouping must
	// see the stories of every write committed before it.
	writeMu sync.Mutex
	grouper *stories.Grouper // nil until the first write needs it
	// groupedAt is the change counter as this Store's last write left it
	// (watch.go): another value means another process wrote since, and
	// grouper is dropped. Guarded by writeMu.
	groupedAt int64
	checked   bool // this write transaction compared groupedAt already (watch.go)
	// pollLock is the file whose lock the process polling the feeds holds
	// (leader.go); "" in memory, where no other process can poll.
	pollLock string
	// release frees what the database is read from after it closes (the
	// VFS of an image); nil for Open.
	release func() error

	marksOnce sync.Once
	marksRule store.Marks // the shared read rule over this store (marks.go)
}

var memSeq atomic.Uint64

// maxCachedStmts bounds the prepared-statement cache: the common query
// shapes are few, but list parameters vary the number of placeholders.
var maxCachedStmts = 256

// Open opens (creating if needed) the database at path. An empty path is a
// private in-memory database that lives until Close; it serves concurrent
// readers like a file does.
func Open(path string) (*Store, error) {
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	s := newStore(db)
	if path == "" {
		// A memdb database lives while a connection to it is open: pin one
		// so the pool trimming idle connections cannot drop the data.
		if s.keep, err = db.Conn(context.Background()); err != nil {
			db.Close()
			return nil, fmt.Errorf("open memory database: %w", err)
		}
	}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	if path != "" {
		s.pollLock = path + pollLockSuffix
	}
	return s, nil
}

// newStore wraps an open database with the store's pool settings and caches.
func newStore(db *sql.DB) *Store {
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	return &Store{db: db, stmts: map[string]*sql.Stmt{}, counts: gencache.New[int](4096), ranks: gencache.New[[]int64](512),
		anchors: gencache.New[int64](8192), pages: gencache.New[[]model.Article](maxCachedPages),
		sourcePages: gencache.New[[]model.Source](maxCachedPages)}
}

func dsn(path string) string {
	// temp_store stays the default (files): a multi-row insert into
	// articles, whose trigger writes the full-text index, keeps a
	// statement journal, which then lives in one 64 KiB buffer before
	// spilling to an unlinked temp file (TMPDIR, /var/tmp, /tmp or the
	// working directory). temp_store(memory) kept it in 1 KiB heap chunks
	// instead, allocated and freed page by page: a quarter of a feed
	// refresh's writer time (BenchmarkFirstRefresh 13.5 s -> 10.5 s).
	pragmas := "_pragma=busy_timeout(5000)&_pragma=foreign_keys(0)&_pragma=cache_size(-65536)&_txlock=immediate"
	if path == "" {
		// The memdb VFS shares one in-memory database between the pool's
		// connections (plain :memory: would give each its own), with
		// real locking, so reads run in parallel.
		return fmt.Sprintf("file:/tidings-mem-%d?vfs=memdb&%s", memSeq.Add(1), pragmas)
	}
	u := url.URL{Scheme: "file", Opaque: path}
	return u.String() + "?" + pragmas + "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
}

// Generation changes with every write. Anything computed from the store
// while Generation returned g stays true for as long as it returns g, so
// callers can cache answers per generation as the store does itself.
func (s *Store) Generation() uint64 { return s.changes.Generation() }

// Close releases the database.
func (s *Store) Close() error {
	s.changes.Stop()
	if s.watchConn != nil {
		s.watchConn.Close()
	}
	s.stmtMu.Lock()
	for _, st := range s.stmts {
		st.Close()
	}
	s.stmts = nil
	s.stmtMu.Unlock()
	if s.keep != nil {
		s.keep.Close()
	}
	err := s.db.Close()
	if s.release != nil {
		if rerr := s.release(); err == nil {
			err = rerr
		}
	}
	return err
}

const schema = schemaCore + storyIndexSQL

// storyIndexSQL is apart from the rest of the schema so that grouping a
// whole catalogue (stories.go) can write its story ids before the index
// exists. story= lists a story newest first, and a write recomputes the
// sizes of the stories it touched, from it.
const storyIndexSQL = `
CREATE INDEX IF NOT EXISTS articles_story ON articles(story_id);
`

// schemaCore is the schema but the story index.
const schemaCore = `
CREATE TABLE IF NOT EXISTS sources (
	id          TEXT PRIMARY KEY,
	name        TEXT NOT NULL,
	description TEXT NOT NULL,
	url         TEXT NOT NULL,
	category    TEXT NOT NULL,
	language    TEXT NOT NULL,
	country     TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sources_by_name ON sources(name COLLATE NOCASE, id);

CREATE TABLE IF NOT EXISTS articles (
	id           INTEGER PRIMARY KEY, -- published_at<<16 | slot (store.IDAllocator): rowid order is time order
	url          TEXT NOT NULL UNIQUE,
	source_id    TEXT NOT NULL,
	source_name  TEXT NOT NULL,
	author       TEXT NOT NULL,
	title        TEXT NOT NULL,
	description  TEXT NOT NULL,
	url_to_image TEXT NOT NULL,
	published_at INTEGER,            -- unix seconds; NULL when unknown
	content      TEXT NOT NULL,
	popularity   REAL NOT NULL,
	rhost        TEXT NOT NULL,      -- reversed lower-case host: com.example.www
	category     TEXT NOT NULL DEFAULT '',
	language     TEXT NOT NULL DEFAULT '',
	country      TEXT NOT NULL DEFAULT '',
	facets       TEXT NOT NULL DEFAULT '', -- filter tokens for the full-text index (see facets.go)
	-- Version 5 (stories.go): the id of the article's story (the id of its
	-- first article), the distinct sources of that story, kept on every
	-- member so reads take it from the row, and whether popularity is
	-- one the import gave (otherwise the story's size stands in for it).
	story_id         INTEGER NOT NULL DEFAULT 0,
	story_size       INTEGER NOT NULL DEFAULT 1,
	popularity_given INTEGER NOT NULL DEFAULT 0
);
-- Each index ends implicitly in the rowid, so equality filters come out
-- newest first without a sort.
-- A narrow copy of the row ids: paging through all articles newest first
-- walks this instead of the wide table rows.
CREATE INDEX IF NOT EXISTS articles_ids ON articles(id);
CREATE INDEX IF NOT EXISTS articles_country ON articles(country);
CREATE INDEX IF NOT EXISTS articles_category ON articles(category);
CREATE INDEX IF NOT EXISTS articles_country_category ON articles(country, category);
CREATE INDEX IF NOT EXISTS articles_source ON articles(source_id);
CREATE INDEX IF NOT EXISTS articles_language ON articles(language);
CREATE INDEX IF NOT EXISTS articles_rhost ON articles(rhost);

CREATE VIRTUAL TABLE IF NOT EXISTS articles_fts USING fts5(
	title, description, content, facets,
	content='articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS articles_ai AFTER INSERT ON articles BEGIN
	INSERT INTO articles_fts(rowid, title, description, content, facets)
	VALUES (new.id, new.title, new.description, new.content, new.facets);
END;
CREATE TRIGGER IF NOT EXISTS articles_ad AFTER DELETE ON articles BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, description, content, facets)
	VALUES ('delete', old.id, old.title, old.description, old.content, old.facets);
END;
CREATE TRIGGER IF NOT EXISTS articles_au AFTER UPDATE OF title, description, content, facets ON articles BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, description, content, facets)
	VALUES ('delete', old.id, old.title, old.description, old.content, old.facets);
	INSERT INTO articles_fts(rowid, title, description, content, facets)
	VALUES (new.id, new.title, new.description, new.content, new.facets);
END;

-- Feed subscriptions (version 4; see feeds.go). A feed's id is its
-- source's id. Times are unix seconds, 0 for the zero time.
CREATE TABLE IF NOT EXISTS feeds (
	id            TEXT PRIMARY KEY,
	url           TEXT NOT NULL UNIQUE, -- the feed document
	full_text     INTEGER NOT NULL DEFAULT 0,
	added_at      INTEGER NOT NULL DEFAULT 0,
	etag          TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '',
	last_attempt  INTEGER NOT NULL DEFAULT 0,
	last_success  INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT NOT NULL DEFAULT '',
	failures      INTEGER NOT NULL DEFAULT 0,
	next_poll     INTEGER NOT NULL DEFAULT 0,
	disabled      TEXT NOT NULL DEFAULT '',
	min_interval  INTEGER NOT NULL DEFAULT 0 -- seconds
) WITHOUT ROWID;
-- Which article URL each entry of a feed was last stored under: the
-- second key that keeps an entry whose URL changed one article.
CREATE TABLE IF NOT EXISTS feed_items (
	feed_id TEXT NOT NULL,
	guid    TEXT NOT NULL,
	url     TEXT NOT NULL,
	PRIMARY KEY (feed_id, guid)
) WITHOUT ROWID;
-- Pruning finds the entries of the articles it deletes by URL.
CREATE INDEX IF NOT EXISTS feed_items_url ON feed_items(url);
`

// schemaVersion is stored in PRAGMA user_version. A database written by
// another version is refused rather than misread, except the versions in
// upgradable.
const schemaVersion = 5

// upgradable reports the older schema versions Open brings up to date in
// place. Version 4 added the feed tables, which the schema's CREATE ... IF
// NOT EXISTS adds; version 5 the story columns, which upgradeStories adds
// and fills by grouping every stored article once, oldest first. A
// migration cut off is simply run again by the next Open, since
// user_version changes last and every step can be repeated.
func upgradable(version int) bool { return version == 3 || version == 4 }

func (s *Store) migrate(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	switch {
	case version == bulkVersion || (version > bulkBase && upgradable(version-bulkBase)):
		// An import into a new file died before building its indexes
		// (finishIndexes runs the current schema, so the mark of an
		// older version's import is finished the same way).
		if err := finishIndexes(ctx, s.db, s.db, version != bulkVersion); err != nil {
			return fmt.Errorf("finish an interrupted import: %w", err)
		}
	case upgradable(version):
		if err := upgradeStories(ctx, s.db, s.db, true); err != nil {
			return fmt.Errorf("upgrade the database from schema version %d: %w", version, err)
		}
	case version != 0 && version != schemaVersion:
		return fmt.Errorf("the database has schema version %d, this program needs %d: import the data into a new file", version, schemaVersion)
	}
	if _, err := s.db.ExecContext(ctx, schema+counterSchema); err != nil {
		return fmt.Errorf("create schema: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", schemaVersion)); err != nil {
		return fmt.Errorf("write schema version: %w", err)
	}
	if err := s.migrateMarks(ctx); err != nil {
		return err
	}
	// Title matters more than description, description more than content;
	// the facet tokens are for filtering and must not affect the score.
	if _, err := s.db.ExecContext(ctx,
		`INSERT INTO articles_fts(articles_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 0.0)')`); err != nil {
		return fmt.Errorf("configure ranking: %w", err)
	}
	return nil
}

// stmt returns the prepared statement for query, preparing it once; nil
// when the cache is full, for the caller to run the query unprepared.
// Statements are never evicted: one could be in use by another goroutine.
func (s *Store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmtMu.Lock()
	defer s.stmtMu.Unlock()
	if s.stmts == nil {
		return nil, errors.New("store is closed")
	}
	if st, ok := s.stmts[query]; ok {
		return st, nil
	}
	if len(s.stmts) >= maxCachedStmts {
		return nil, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare query: %w", err)
	}
	s.stmts[query] = st
	return st, nil
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }
