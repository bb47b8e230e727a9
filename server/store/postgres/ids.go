package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"tidings/server/store"
)

// secondUseSQL is the lowest and highest ids of each second of $1: two
// index seeks of the primary key per second, all in one query.
const secondUseSQL = `SELECT s,
	(SELECT id FROM articles WHERE id BETWEEN s << 16 AND (s << 16) | 65535 ORDER BY id LIMIT 1),
	(SELECT id FROM articles WHERE id BETWEEN s << 16 AND (s << 16) | 65535 ORDER BY id DESC LIMIT 1)
FROM unnest($1::bigint[]) AS s`

// secondLookup is the store.SecondLookup of what tx sees: the rule of new
// ids is store's (store.IDAllocator).
func secondLookup(tx pgx.Tx) store.SecondLookup {
	return func(ctx context.Context, secs []int64) (map[int64]store.SecondUse, error) {
		rows, err := tx.Query(ctx, secondUseSQL, secs)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		uses := make(map[int64]store.SecondUse, len(secs))
		for rows.Next() {
			var s int64
			var lo, hi *int64
			if err := rows.Scan(&s, &lo, &hi); err != nil {
				return nil, err
			}
			if lo != nil && hi != nil {
				uses[s] = store.SecondUse{Lo: *lo, Hi: *hi, Used: true}
			}
		}
		return uses, rows.Err()
	}
}

// insertAllocated inserts rows (insertArticleSQL's arguments, whose
// preferred ids were taken) under ids alloc gives, all in one round trip,
// and again for those a concurrent writer's rows took meanwhile. Each
// row's first argument is left the id it went in under.
func insertAllocated(ctx context.Context, tx pgx.Tx, alloc *store.IDAllocator, rows [][]any, urls []string) error {
	secs := make([]int64, len(rows))
	for i, args := range rows {
		secs[i] = store.IDSecond(args[0].(int64))
	}
	if err := alloc.Load(ctx, secs); err != nil {
		return err
	}
	pending := make([]int, len(rows))
	for i := range pending {
		pending[i] = i
	}
	for range store.MaxIDRetries {
		b := &pgx.Batch{}
		for _, i := range pending {
			id, err := alloc.Next(ctx, secs[i])
			if err != nil {
				return fmt.Errorf("store article %s: %w", urls[i], err)
			}
			rows[i][0] = id
			b.Queue(insertArticleSQL, rows[i]...)
		}
		res := tx.SendBatch(ctx, b)
		var again []int
		for _, i := range pending {
			tag, err := res.Exec()
			if err != nil {
				res.Close()
				return fmt.Errorf("store article %s: %w", urls[i], err)
			}
			if tag.RowsAffected() == 0 {
				alloc.Forget(secs[i]) // a concurrent writer's: look again
				again = append(again, i)
			}
		}
		if err := res.Close(); err != nil {
			return err
		}
		if pending = again; len(pending) == 0 {
			return nil
		}
	}
	return fmt.Errorf("store article %s: no free id found in %d tries", urls[pending[0]], store.MaxIDRetries)
}
