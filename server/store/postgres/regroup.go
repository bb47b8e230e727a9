package postgres

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/model"
	"tidings/server/store"
	"tidings/stories"
)

// groupStored is migration 0003's Go step: it groups every stored article
// once, oldest first, with a Grouper of its own, and writes the stories
// (story_id where an article joined another's, story_size where a story
// has more than one source) and clears the popularity the import did not
// give, in the transaction that records version 3.
//
// It locks the articles table in SHARE mode first: other replicas' and
// processes' writes wait until it commits, so none is lost or grouped
// against half-grouped stories, while reads go on (they see every
// article a story of its own until the commit, then the stories). Taken
// in time order (its ids are) the articles need nothing read back:
// when one is grouped, every earlier one within stories.Retention is
// indexed, and the Grouper forgets what is further behind, as every
// path's Grouper does (server/store/storywindow.go).
//
// Before version 3 an article imported without a popularity was stored
// with one derived from its URL (FNV-1a modulo 10,000), and a feed's
// article with 0: those are the popularities cleared. An imported
// popularity that happens to equal its URL's derived one is taken for
// derived too (about one in 10,000 when the imported values are spread
// over that range).
func groupStored(ctx context.Context, tx pgx.Tx) error {
	return regroup(ctx, tx, true)
}

// groupAll groups every stored article at the end of a bulk load (see
// ImportJSONL), as groupStored does, in a write transaction of its own;
// the Store's Grouper is dropped, since the stories it holds are
// rewritten.
func (s *Store) groupAll(ctx context.Context) error {
	var n int64
	err := s.writeArticles(ctx, false, func(tx pgx.Tx, _ *storyWrite) error {
		s.grouper = nil
		if err := regroup(ctx, tx, false); err != nil {
			return err
		}
		var err error
		n, err = bumpTx(ctx, tx)
		return err
	})
	s.wrote(n)
	if err != nil {
		return fmt.Errorf("group the imported articles: %w", err)
	}
	return nil
}

// regroup groups every stored article again, oldest first (see
// groupStored); legacy: clear the popularities version 2 made up.
func regroup(ctx context.Context, tx pgx.Tx, legacy bool) error {
	if _, err := tx.Exec(ctx, `LOCK TABLE articles IN SHARE MODE`); err != nil {
		return fmt.Errorf("hold writers off: %w", err)
	}
	var feeds map[string]bool
	if legacy {
		var err error
		if feeds, err = feedIDs(ctx, tx); err != nil {
			return err
		}
	}
	p := &groupPass{g: stories.New(0), legacy: legacy, feeds: feeds, sources: map[string]string{}}
	for last := int64(math.MinInt64); ; {
		chunk, err := readPassChunk(ctx, tx, last)
		if err != nil {
			return err
		}
		if len(chunk) == 0 {
			break
		}
		last = chunk[len(chunk)-1].ID
		if err := p.group(ctx, chunk); err != nil {
			return err
		}
	}
	return p.write(ctx, tx)
}

// regroupChunk is how many articles the pass reads at a time.
const regroupChunk = 20_000

// passRow is an article as the pass reads it.
type passRow struct {
	stories.Doc
	url        string
	popularity float64
	story      int64 // as stored: COALESCE(story_id, id)
	size       int32 // as stored
}

// groupPass is the state of groupStored's pass: what it found of every
// article (a few dozen bytes each) besides the Grouper's window.
type groupPass struct {
	g       *stories.Grouper
	legacy  bool              // version 2's popularities to clear
	feeds   map[string]bool   // when legacy
	sources map[string]string // interned source ids
	rows    []passResult
}

type passResult struct {
	id, story    int64
	source       string
	noPopularity bool
	was          int64 // the story and size stored
	wasSize      int32
}

// group groups one chunk of articles (the oldest not yet grouped).
func (p *groupPass) group(ctx context.Context, chunk []passRow) error {
	docs := make([]stories.Doc, len(chunk))
	for i := range chunk {
		docs[i] = chunk[i].Doc
	}
	ids, err := p.g.Group(ctx, nil, docs)
	if err != nil {
		return fmt.Errorf("group articles: %w", err)
	}
	for i := range chunk {
		r := &chunk[i]
		src, ok := p.sources[r.Source]
		if !ok {
			src = r.Source
			p.sources[src] = src
		}
		derived := p.legacy && !store.LegacyPopularityGiven(r.Source, r.url, r.popularity, p.feeds)
		p.rows = append(p.rows, passResult{id: r.ID, story: ids[i], source: src, noPopularity: derived,
			was: r.story, wasSize: r.size})
	}
	return nil
}

// write stores what the pass found, for the rows it changes: those that
// joined another's story, those of stories of several sources, and those
// whose popularity goes; rows that have their story and size already are
// left alone. The rows go to a temporary table and are
// written by one statement.
func (p *groupPass) write(ctx context.Context, tx pgx.Tx) error {
	type member struct {
		story  int64
		source string
	}
	seen := map[member]bool{}
	size := map[int64]int32{}
	for _, r := range p.rows {
		if m := (member{r.story, r.source}); !seen[m] {
			seen[m] = true
			size[r.story]++
		}
	}
	var out [][]any
	for _, r := range p.rows {
		n := size[r.story]
		if r.story == r.was && n == r.wasSize && !r.noPopularity {
			continue
		}
		var story *int64
		if r.story != r.id {
			story = &r.story
		}
		out = append(out, []any{r.id, story, n, r.noPopularity})
	}
	if len(out) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `CREATE TEMPORARY TABLE story_pass (id bigint PRIMARY KEY, story_id bigint,
	story_size integer NOT NULL, no_popularity boolean NOT NULL) ON COMMIT DROP`); err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"story_pass"}, []string{"id", "story_id", "story_size", "no_popularity"},
		pgx.CopyFromRows(out)); err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE articles a SET story_id = p.story_id, story_size = p.story_size,
	popularity = CASE WHEN p.no_popularity THEN NULL ELSE a.popularity END
FROM story_pass p WHERE a.id = p.id`); err != nil {
		return fmt.Errorf("write stories: %w", err)
	}
	return nil
}

// readPassChunk reads the regroupChunk articles after id last, oldest
// first.
func readPassChunk(ctx context.Context, tx pgx.Tx, last int64) ([]passRow, error) {
	rows, err := tx.Query(ctx, `SELECT id, source_id, language, published_at, title, description,
	left(content, 2000), url, popularity, COALESCE(story_id, id), story_size FROM articles
WHERE id > $1 ORDER BY id LIMIT $2`, last, regroupChunk)
	if err != nil {
		return nil, fmt.Errorf("read articles to group: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (passRow, error) {
		var r passRow
		var lang string
		var published *int64
		var pop *float64
		err := row.Scan(&r.ID, &r.Source, &lang, &published, &r.Title, &r.Description, &r.Content, &r.url, &pop,
			&r.story, &r.size)
		r.Language = model.Language(lang)
		if published != nil {
			r.Published = time.Unix(*published, 0).UTC()
		}
		if pop != nil {
			r.popularity = *pop
		}
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("read articles to group: %w", err)
	}
	return out, nil
}

// feedIDs are the ids of the feeds.
func feedIDs(ctx context.Context, tx pgx.Tx) (map[string]bool, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM feeds`)
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
