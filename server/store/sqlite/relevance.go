package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// sortBy=relevancy ranks the RankWindow newest matches by how strongly
// their title and description match q. It used FTS5's bm25(), whose IDF
// term makes FTS5 count every article holding each word of q: 15 to 50 ms
// for a common word at a million articles, on every new search. Instead,
// FTS5's highlight() marks where q matches in each window row's title and
// description (a few milliseconds for 500 rows), and the score is bm25's
// per-column part without IDF: saturating term frequency, normalised by
// the column's length against the window's average, title weighing 10 and
// description 4. Content is left out: re-reading 500 article bodies costs
// as much as bm25 did, and in news the headline and summary say what a
// piece is about. Within one window every row matches all of q's required
// words, so IDF mostly reweighs words every row has.

// relevanceKey marks the relevancy order in ranked/rankedWindow.
const relevanceKey = "relevance"

// hitMark opens each match in highlight()'s output; a private-use
// character, so text rarely holds it (one that does only ranks higher).
const hitMark = "\ue001"

const (
	bm25K1     = 1.2
	bm25B      = 0.75
	titleW     = 10.0
	descriptW  = 4.0
	hitMarkSQL = "'" + hitMark + "'"
)

type scoredRow struct {
	id                  int64
	titleHits, descHits int
	titleLen, descLen   int
	score               float64
}

// relevanceWindow returns the row ids of the rankWindow newest matches,
// best first, ties newest first.
func (s *Store) relevanceWindow(ctx context.Context, sr search) ([]int64, error) {
	body, args := sr.ftsDriven(false)
	query := "SELECT f.rowid, highlight(articles_fts, 0, " + hitMarkSQL + ", ''), highlight(articles_fts, 1, " +
		hitMarkSQL + ", '')" + body + " ORDER BY f.rowid DESC LIMIT ?"
	args = append(args, rankWindow)
	return s.cachedWindow(ctx, query, args, rankByRelevance)
}

// rankByRelevance scores the window's rows (id, highlighted title,
// highlighted description) and returns their ids best first.
func rankByRelevance(rows *sql.Rows) ([]int64, error) {
	var scored []scoredRow
	var titleTotal, descTotal int
	for rows.Next() {
		var r scoredRow
		var title, desc string
		if err := rows.Scan(&r.id, &title, &desc); err != nil {
			return nil, fmt.Errorf("read ranked row: %w", err)
		}
		r.titleHits, r.titleLen = hitsAndWords(title)
		r.descHits, r.descLen = hitsAndWords(desc)
		titleTotal += r.titleLen
		descTotal += r.descLen
		scored = append(scored, r)
	}
	n := float64(max(len(scored), 1))
	avgTitle, avgDesc := float64(titleTotal)/n, float64(descTotal)/n
	for i := range scored {
		r := &scored[i]
		r.score = titleW*saturate(r.titleHits, r.titleLen, avgTitle) + descriptW*saturate(r.descHits, r.descLen, avgDesc)
	}
	// Stable: rows arrive newest first, so equal scores stay newest first.
	slices.SortStableFunc(scored, func(a, b scoredRow) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	ids := make([]int64, len(scored))
	for i, r := range scored {
		ids[i] = r.id
	}
	return ids, nil
}

// saturate is bm25's term-frequency part for one column.
func saturate(hits, length int, avg float64) float64 {
	if hits == 0 {
		return 0
	}
	norm := 1.0
	if avg > 0 {
		norm = 1 - bm25B + bm25B*float64(length)/avg
	}
	tf := float64(hits)
	return tf * (bm25K1 + 1) / (tf + bm25K1*norm)
}

// hitsAndWords counts the match marks and the words of a highlighted
// column.
func hitsAndWords(text string) (hits, words int) {
	hits = strings.Count(text, hitMark)
	in := false
	for _, r := range text {
		word := unicode.IsLetter(r) || unicode.IsNumber(r)
		if word && !in {
			words++
		}
		in = word
	}
	return hits, words
}
