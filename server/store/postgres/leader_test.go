package postgres

import (
	"context"
	"testing"
	"time"

	"tidings/internal/pgtest"
	"tidings/model"
)

// One replica leads; another cannot until the leader goes, and a leader
// whose session is killed notices and stops.
func TestOnlyOneReplicaLeadsAndAnotherTakesOver(t *testing.T) {
	dsn := pgtest.Shared(t).NewDB(t, migrated)
	a, b := openDSN(t, dsn), openDSN(t, dsn)
	ctx := context.Background()
	defer func(d time.Duration) { leaseCheck = d }(leaseCheck)
	leaseCheck = 50 * time.Millisecond

	la, ok, err := a.TryLead(ctx)
	if err != nil || !ok {
		t.Fatalf("the first replica could not lead: %v", err)
	}
	if _, ok, err := b.TryLead(ctx); err != nil || ok {
		t.Fatalf("a second replica led while the first did (%v)", err)
	}
	la.Release()
	lb, ok, err := b.TryLead(ctx)
	if err != nil || !ok {
		t.Fatalf("no takeover after the leader released: %v", err)
	}

	// The leader's session dies (as when its process or host does): it
	// learns it lost the lead, and the other replica takes over.
	if _, err := a.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks
		WHERE locktype = 'advisory' AND objid = $1::bigint & x'ffffffff'::bigint AND granted`, pollLock); err != nil {
		t.Fatal(err)
	}
	select {
	case <-lb.Lost():
	case <-time.After(5 * time.Second):
		t.Fatal("a leader whose session was killed did not notice")
	}
	lb.Release()
	if la, ok, err := a.TryLead(ctx); err != nil || !ok {
		t.Fatalf("no takeover after the leader's session died: %v", err)
	} else {
		la.Release()
	}
}

// Generation moves on one replica when another writes.
func TestGenerationFollowsOtherReplicasWrites(t *testing.T) {
	dsn := pgtest.Shared(t).NewDB(t, migrated)
	a, b := openDSN(t, dsn), openDSN(t, dsn)
	before := b.Generation()
	if err := a.Add(context.Background(), nil, []model.Article{art("x", "https://x.example/1", "News", "", "", 1)}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for b.Generation() == before {
		if time.Now().After(deadline) {
			t.Fatal("a replica's generation did not change after another replica wrote")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
