-- The schema of version 4 (before stories), as store.go wrote it.
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
	id           INTEGER PRIMARY KEY, -- published_at<<16 | tie-breaker: rowid order is time order
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
	facets       TEXT NOT NULL DEFAULT ''  -- filter tokens for the full-text index (see facets.go)
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
