package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"tidings/server/store"
)

// secondUseSQL is the lowest and highest row ids of one second (?1..?2):
// two seeks of the row id B-tree, whatever the second holds.
const secondUseSQL = `SELECT (SELECT id FROM articles WHERE id BETWEEN ?1 AND ?2 ORDER BY id LIMIT 1),
	(SELECT id FROM articles WHERE id BETWEEN ?1 AND ?2 ORDER BY id DESC LIMIT 1)`

// secondLookup is the store.SecondLookup of what q (a write transaction)
// sees: the rule of new ids is store's (store.IDAllocator).
func secondLookup(q querier) store.SecondLookup {
	return func(ctx context.Context, secs []int64) (map[int64]store.SecondUse, error) {
		uses := make(map[int64]store.SecondUse, len(secs))
		for _, s := range secs {
			lo, hi := store.SecondIDs(s)
			rows, err := q.QueryContext(ctx, secondUseSQL, lo, hi)
			if err != nil {
				return nil, err
			}
			var min, max sql.NullInt64
			if rows.Next() {
				err = rows.Scan(&min, &max)
			}
			rows.Close()
			if err != nil {
				return nil, err
			}
			if err := rows.Err(); err != nil {
				return nil, err
			}
			uses[s] = store.SecondUse{Lo: min.Int64, Hi: max.Int64, Used: min.Valid}
		}
		return uses, nil
	}
}

// insertAllocated inserts the row args (of articleArgs, its preferred id
// taken) under ids alloc gives, and returns the id it went in under.
// ignored says the insert was refused for another reason than the id (the
// URL is stored already), which the caller knows how to treat.
func insertAllocated(ctx context.Context, insert *sql.Stmt, alloc *store.IDAllocator, args []any, url string,
	urlStored func() (bool, error)) (id int64, ignored bool, err error) {
	sec := store.IDSecond(args[0].(int64))
	for range store.MaxIDRetries {
		if args[0], err = alloc.Next(ctx, sec); err != nil {
			return 0, false, fmt.Errorf("store article %s: %w", url, err)
		}
		res, err := insert.ExecContext(ctx, args...)
		if err != nil {
			return 0, false, fmt.Errorf("store article %s: %w", url, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return args[0].(int64), false, nil
		}
		if urlStored != nil {
			if stored, err := urlStored(); err != nil || stored {
				return 0, stored, err
			}
		}
		alloc.Forget(sec) // taken behind the allocator's back: look again
	}
	return 0, false, fmt.Errorf("store article %s: no free id found in %d tries", url, store.MaxIDRetries)
}
