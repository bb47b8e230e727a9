package sqlite

import (
	"context"
	"fmt"
	"sync"

	"github.com/gofrs/flock"

	"tidings/server/store"
)

// Several processes may poll one catalogue file: two reader windows in
// personal mode, or a reader beside `tidings serve --db` on the same
// file. Each reads the polling schedule from the file, so each wakes for
// the same due feeds and fetches them all: twice the requests to every
// feed's host, and two records of each poll racing. So the Store elects
// its poller as the PostgreSQL store does (store.Leader): the process
// holding an exclusive lock on the file beside the catalogue,
// news.db.poll-lock, polls. The operating system releases the lock when
// its holder exits or dies, and another process takes over within one
// retry (feeds.Poller). The lock file is created once and left in place:
// removing it while a process holds its lock would let a second one lock
// a new file.

// pollLockSuffix names the lock file after the catalogue.
const pollLockSuffix = ".poll-lock"

// TryLead tries once, without waiting, to become the process that polls
// the catalogue's feeds (store.Leader). A Store in memory always leads.
func (s *Store) TryLead(context.Context) (store.Lease, bool, error) {
	if s.pollLock == "" {
		return &fileLease{lost: make(chan struct{})}, true, nil
	}
	l := flock.New(s.pollLock)
	ok, err := l.TryLock()
	if err != nil {
		return nil, false, fmt.Errorf("elect the feed poller: lock %s: %w", s.pollLock, err)
	}
	if !ok {
		return nil, false, nil
	}
	return &fileLease{lock: l, lost: make(chan struct{})}, true, nil
}

// fileLease is a held poll lock. A lock the process holds is not lost
// while it lives, so Lost only closes on Release.
type fileLease struct {
	lock *flock.Flock // nil in memory
	lost chan struct{}
	once sync.Once
}

func (l *fileLease) Lost() <-chan struct{} { return l.lost }

func (l *fileLease) Release() {
	l.once.Do(func() {
		if l.lock != nil {
			l.lock.Unlock() // and Close: the lock goes with the descriptor anyway
			l.lock.Close()
		}
		close(l.lost)
	})
}
