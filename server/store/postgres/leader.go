package postgres

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"tidings/server/store"
)

// pollLock is the session advisory lock key whose holder polls feeds.
const pollLock int64 = 0x7469_6469_6e67_0002 // "tiding" 2

// leaseCheck is how often a held lead checks its connection, so a
// replica cut off from the database stops polling (and another, which
// can reach it, takes over once the server drops the dead session).
var leaseCheck = 2 * time.Second

// TryLead tries once to become the replica that polls feeds
// (store.Leader): a session advisory lock on a connection of its own,
// outside the pool, held for as long as the lead. When the process dies,
// its connection closes and PostgreSQL releases the lock at once; when
// its host vanishes without closing it, the server's TCP keepalive
// (docs/deploy.md) ends the session.
func (s *Store) TryLead(ctx context.Context) (store.Lease, bool, error) {
	conn, err := pgx.ConnectConfig(ctx, s.cfg.ConnConfig.Copy())
	if err != nil {
		return nil, false, fmt.Errorf("elect the feed poller: %w", classify(err))
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, pollLock).Scan(&ok); err != nil {
		conn.Close(context.Background())
		return nil, false, fmt.Errorf("elect the feed poller: %w", classify(err))
	}
	if !ok {
		conn.Close(context.Background())
		return nil, false, nil
	}
	l := &lease{conn: conn, lost: make(chan struct{}), stop: make(chan struct{})}
	l.wg.Add(1)
	go l.watch()
	return l, true, nil
}

// lease is a held poll lock.
type lease struct {
	conn *pgx.Conn
	lost chan struct{} // closed when the lock may no longer be held
	stop chan struct{} // closed by Release
	once sync.Once
	wg   sync.WaitGroup
}

func (l *lease) Lost() <-chan struct{} { return l.lost }

// watch pings the lock's connection; a failed ping means the session, and
// so the lock, may be gone.
func (l *lease) watch() {
	defer l.wg.Done()
	defer close(l.lost)
	t := time.NewTicker(leaseCheck)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), leaseCheck)
			err := l.conn.Ping(ctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// Release unlocks (by closing the session) and stops watching.
func (l *lease) Release() {
	l.once.Do(func() {
		close(l.stop)
		l.wg.Wait()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		l.conn.Close(ctx) // ending the session releases its advisory locks
	})
}
