-- Version 2: marker lexemes in each article's tsvector, so a search reads
-- the matches of one span of time, and of its filters, through the GIN
-- index instead of every match of a common word (see matches.go):
--
--   'b N'    the article's time bucket, N = id >> 37: its publication
--            second >> 21, spans of 2^21 s (about 24 days), exact and
--            computed from the id alone, so Go and SQL agree on it;
--   'l xx'   its language, when known;
--   's ID'   its source's id;
--   'd HOST' each label prefix of its reversed host (rhost): 'd uk',
--            'd uk.co', 'd uk.co.bbc', 'd uk.co.bbc.www', so the domain
--            bbc.co.uk and its subdomains are one lexeme.
--
-- No word of q can become such a lexeme: the parser never puts a space
-- inside one. Markers carry no positions, so phrases and ts_rank_cd
-- (which rank q's own tsquery, never the markers) are unchanged.

CREATE FUNCTION tidings_markers(id bigint, lang text, source text, rhost text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_to_tsvector(ARRAY['b ' || (id >> 37)::text, 's ' || source]
		|| CASE WHEN lang = '' THEN '{}'::text[] ELSE ARRAY['l ' || lang] END
		|| ARRAY(SELECT 'd ' || array_to_string(h.labels[1:n], '.')
			FROM (SELECT string_to_array(rhost, '.') AS labels) AS h,
			generate_series(1, cardinality(h.labels)) AS n))
$$;

CREATE OR REPLACE FUNCTION articles_tsv() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
	NEW.tsv := setweight(tidings_words(NEW.language, NEW.title), 'A')
		|| setweight(tidings_words(NEW.language, NEW.description), 'B')
		|| setweight(tidings_words(NEW.language, NEW.content), 'D')
		|| tidings_markers(NEW.id, NEW.language, NEW.source_id, NEW.rhost);
	RETURN NEW;
END
$$;
DROP TRIGGER articles_tsv ON articles;
CREATE TRIGGER articles_tsv BEFORE INSERT OR UPDATE OF id, title, description, content, language, source_id, rhost
ON articles FOR EACH ROW EXECUTE FUNCTION articles_tsv();

-- Existing articles get their markers. The GIN index is built again once
-- rather than updated row by row (minutes instead of tens of minutes at a
-- million articles).
DROP INDEX articles_tsv;
UPDATE articles SET tsv = tsv || tidings_markers(id, language, source_id, rhost);
SET LOCAL maintenance_work_mem = '256MB';
CREATE INDEX articles_tsv ON articles USING gin (tsv);
