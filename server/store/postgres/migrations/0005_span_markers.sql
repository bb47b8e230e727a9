-- Version 5: cheaper first searches at a million articles (issue 31;
-- docs/performance-notes.md, PostgreSQL cold searches).
--
--   'b4 N', 'b16 N', 'b64 N'  coarse time markers in each article's
--            tsvector, N = id >> 39, 41 and 43: the blocks of 4, 16 and
--            64 aligned buckets ('b N', 0002) the article's bucket is
--            in. A span of buckets is then named by a few markers instead
--            of one a bucket: the GIN index takes each candidate as the
--            least item over every ORed marker, so twenty markers cost
--            several times what two long ones do (matches.go, buckets).
--   tsv STORAGE MAIN  the tsvector stays in the row (compressed) and
--            the content goes to TOAST first, so a phrase's check of each
--            candidate and ts_rank_cd's ranking read no TOAST pages: they
--            were three quarters of a phrase's buffer reads.
--
-- The existing rows are rewritten once by ALTER COLUMN … TYPE … USING: one
-- pass over the table in this transaction, every index built again after
-- it (not updated row by row), no dead row versions left behind, and the
-- new storage applied to every row. At a million articles this holds the
-- table locked for a few minutes (the figure is in the notes); the new
-- markers add three entries to each tsvector.

CREATE FUNCTION tidings_span_markers(id bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_to_tsvector(ARRAY['b4 ' || (id >> 39)::text, 'b16 ' || (id >> 41)::text,
		'b64 ' || (id >> 43)::text])
$$;

CREATE OR REPLACE FUNCTION articles_tsv() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
	NEW.tsv := setweight(tidings_words(NEW.language, NEW.title), 'A')
		|| setweight(tidings_words(NEW.language, NEW.description), 'B')
		|| setweight(tidings_words(NEW.language, NEW.content), 'D')
		|| tidings_markers(NEW.id, NEW.language, NEW.source_id, NEW.rhost)
		|| tidings_span_markers(NEW.id);
	RETURN NEW;
END
$$;

SET LOCAL maintenance_work_mem = '512MB';
-- ALTER TYPE sets the column's storage to the type's default before SET
-- STORAGE runs (a later pass of the same statement), and the rewrite
-- follows both.
ALTER TABLE articles ALTER COLUMN tsv TYPE tsvector USING tsv || tidings_span_markers(id),
	ALTER COLUMN tsv SET STORAGE MAIN;
ANALYZE articles;
