-- Version 3: stories (stories.go). Every article belongs to a story:
--
--   story_id    the id of the story's first article, the one the story is
--               named after; NULL when that is the article itself (a story
--               of its own, or the first of its story), so an article that
--               starts a story is written once, never updated to name
--               itself, and this migration leaves such rows alone;
--   story_size  how many distinct sources the story's stored articles
--               have, kept on every member so reads take it from the row;
--   popularity  NULL now when the import gave none: sortBy=popularity
--               then ranks the article by its story's size.
--
-- Every statement here only changes the catalogue (no row is rewritten):
-- PostgreSQL adds a column with a constant default, and drops NOT NULL,
-- without touching the rows. The index is built with the table locked
-- against writes and reads (seconds at a million articles). Grouping the
-- stored articles is a Go step that follows in a transaction of its own
-- (groupStored), after which version 3 is recorded; so every statement
-- can run again after a cut-off run.

ALTER TABLE articles ADD COLUMN IF NOT EXISTS story_id bigint,
	ADD COLUMN IF NOT EXISTS story_size integer NOT NULL DEFAULT 1,
	ALTER COLUMN popularity DROP NOT NULL;

-- A story's articles newest first (story=), and the members of the
-- stories a write recomputes the sizes of, under the story's id.
SET LOCAL maintenance_work_mem = '256MB';
CREATE INDEX IF NOT EXISTS articles_story ON articles ((COALESCE(story_id, id)), id);
