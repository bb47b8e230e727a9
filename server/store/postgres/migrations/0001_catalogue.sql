-- Version 1: sources, articles with their full-text vector, feeds, and
-- the change counter replicas watch. Later versions add to this (a
-- story_id column on articles for story grouping, say) in new files;
-- this one never changes once released.

CREATE EXTENSION IF NOT EXISTS unaccent;

-- The text-search configuration of each of the spec's languages: its own
-- where PostgreSQL ships one (Snowball stemmers), simple elsewhere (he,
-- ud). IMMUTABLE: the mapping is fixed by this migration.
CREATE FUNCTION tidings_ts_config(lang text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (CASE lang
		WHEN 'ar' THEN 'pg_catalog.arabic'
		WHEN 'de' THEN 'pg_catalog.german'
		WHEN 'en' THEN 'pg_catalog.english'
		WHEN 'es' THEN 'pg_catalog.spanish'
		WHEN 'fr' THEN 'pg_catalog.french'
		WHEN 'it' THEN 'pg_catalog.italian'
		WHEN 'nl' THEN 'pg_catalog.dutch'
		WHEN 'no' THEN 'pg_catalog.norwegian'
		WHEN 'pt' THEN 'pg_catalog.portuguese'
		WHEN 'ru' THEN 'pg_catalog.russian'
		WHEN 'se' THEN 'pg_catalog.swedish'
		ELSE 'pg_catalog.simple' END)::regconfig
$$;

-- The words of one column, accents folded: the language's stems, and
-- every word as written (the simple configuration), so a search matches
-- an article's words in any language and their inflections in its own.
CREATE FUNCTION tidings_words(lang text, body text) RETURNS tsvector
LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_catalog AS $$
	SELECT CASE WHEN tidings_ts_config(lang) = 'pg_catalog.simple'::regconfig
		THEN to_tsvector('pg_catalog.simple', unaccent('public.unaccent', body))
		ELSE to_tsvector(tidings_ts_config(lang), unaccent('public.unaccent', body))
			|| to_tsvector('pg_catalog.simple', unaccent('public.unaccent', body)) END
$$;

CREATE TABLE sources (
	id          text PRIMARY KEY,
	name        text NOT NULL,
	description text NOT NULL,
	url         text NOT NULL,
	category    text NOT NULL,
	language    text NOT NULL,
	country     text NOT NULL
);
-- Sources are listed by name ignoring ASCII case (as SQLite's NOCASE),
-- then id, byte-wise whatever the database's collation.
CREATE INDEX sources_by_name ON sources (lower(name COLLATE "C"), (id COLLATE "C"));
CREATE INDEX sources_category ON sources (category);
CREATE INDEX sources_language ON sources (language);
CREATE INDEX sources_country ON sources (country);

CREATE TABLE articles (
	-- published_at << 16 | a tie-breaker from the URL: id order is time
	-- order, so "newest first" and keyset pages are index order, and
	-- from/to is an id range.
	id           bigint PRIMARY KEY,
	url          text NOT NULL UNIQUE,
	source_id    text NOT NULL,
	source_name  text NOT NULL,
	author       text NOT NULL,
	title        text NOT NULL,
	description  text NOT NULL,
	url_to_image text NOT NULL,
	published_at bigint,              -- unix seconds; NULL when unknown
	content      text NOT NULL,
	popularity   double precision NOT NULL,
	rhost        text COLLATE "C" NOT NULL, -- reversed lower-case host: com.example.www
	category     text NOT NULL DEFAULT '',
	language     text NOT NULL DEFAULT '',
	country      text NOT NULL DEFAULT '',
	-- title (weight A), description (B) and content (D), see tidings_words.
	tsv          tsvector NOT NULL DEFAULT ''
);
-- Every filter has an index ending in id, so a filtered list comes out
-- newest first without a sort and deep pages seek by id.
CREATE INDEX articles_country ON articles (country, id);
CREATE INDEX articles_category ON articles (category, id);
CREATE INDEX articles_country_category ON articles (country, category, id);
CREATE INDEX articles_source ON articles (source_id, id);
CREATE INDEX articles_language ON articles (language, id);
CREATE INDEX articles_rhost ON articles (rhost, id);
CREATE INDEX articles_tsv ON articles USING gin (tsv);

CREATE FUNCTION articles_tsv() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
	NEW.tsv := setweight(tidings_words(NEW.language, NEW.title), 'A')
		|| setweight(tidings_words(NEW.language, NEW.description), 'B')
		|| setweight(tidings_words(NEW.language, NEW.content), 'D');
	RETURN NEW;
END
$$;
CREATE TRIGGER articles_tsv BEFORE INSERT OR UPDATE OF title, description, content, language
ON articles FOR EACH ROW EXECUTE FUNCTION articles_tsv();

-- Feed subscriptions: as SQLite's (times are unix seconds, 0 for none).
CREATE TABLE feeds (
	id            text PRIMARY KEY,
	url           text NOT NULL UNIQUE,
	full_text     boolean NOT NULL DEFAULT false,
	added_at      bigint NOT NULL DEFAULT 0,
	etag          text NOT NULL DEFAULT '',
	last_modified text NOT NULL DEFAULT '',
	last_attempt  bigint NOT NULL DEFAULT 0,
	last_success  bigint NOT NULL DEFAULT 0,
	last_error    text NOT NULL DEFAULT '',
	failures      integer NOT NULL DEFAULT 0,
	next_poll     bigint NOT NULL DEFAULT 0,
	disabled      text NOT NULL DEFAULT '',
	min_interval  bigint NOT NULL DEFAULT 0
);
CREATE TABLE feed_items (
	feed_id text NOT NULL,
	guid    text NOT NULL,
	url     text NOT NULL,
	PRIMARY KEY (feed_id, guid)
);
CREATE INDEX feed_items_url ON feed_items (url);

-- Bumped by every write that changes an answer, by any replica: each
-- replica watches it to know when its cached answers went stale.
CREATE TABLE catalogue_generation (
	id integer PRIMARY KEY CHECK (id = 1),
	n  bigint NOT NULL
);
INSERT INTO catalogue_generation VALUES (1, 0);
