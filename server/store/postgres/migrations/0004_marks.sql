-- Version 4: read and starred state per owner (docs/marks.md; the rule is
-- server/store's, marks_tables.go). Only new tables: no article row is
-- touched, so the migration takes milliseconds at any size.
--
--   marks            explicit marks; read NULL follows the watermarks;
--   mark_watermarks  per owner, the id up to which a group of articles
--                    (a source's, or '*' for all) is read.

CREATE TABLE IF NOT EXISTS marks (
	owner      text NOT NULL,
	article_id bigint NOT NULL,
	read       boolean,
	starred    boolean NOT NULL DEFAULT false,
	PRIMARY KEY (owner, article_id)
);
CREATE INDEX IF NOT EXISTS marks_explicit ON marks (owner, article_id) WHERE read IS NOT NULL;
CREATE INDEX IF NOT EXISTS marks_starred ON marks (owner, article_id) WHERE starred;

-- mark_versions: bumped by every write of an owner's marks, so every
-- replica can cache an owner's answers until it moves.
CREATE TABLE IF NOT EXISTS mark_versions (
	owner text PRIMARY KEY,
	v     bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS mark_watermarks (
	owner text NOT NULL,
	grp   text NOT NULL,
	upto  bigint NOT NULL,
	PRIMARY KEY (owner, grp)
);
