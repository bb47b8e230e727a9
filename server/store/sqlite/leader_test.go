package sqlite

import (
	"path/filepath"
	"testing"
)

// One process at a time polls a catalogue file's feeds: a second Store on
// the file does not lead while the first holds the lock, and does once it
// lets go. A Store in memory, which no other process sees, always leads.
func TestOneStoreOfAFileLeadsThePolling(t *testing.T) {
	path := filepath.Join(t.TempDir(), "news.db")
	one, two := openTestStoreEmpty(t, path), openTestStoreEmpty(t, path)
	lease, ok, err := one.TryLead(ctx)
	if err != nil || !ok {
		t.Fatalf("the first Store did not lead: %v, %v", ok, err)
	}
	if _, ok, err := two.TryLead(ctx); err != nil || ok {
		t.Fatalf("a second Store led beside the first: %v, %v", ok, err)
	}
	select {
	case <-lease.Lost():
		t.Fatal("a held lead was lost")
	default:
	}
	lease.Release()
	<-lease.Lost()
	lease.Release() // twice: nothing more happens
	again, ok, err := two.TryLead(ctx)
	if err != nil || !ok {
		t.Fatalf("the second Store did not lead once the first let go: %v, %v", ok, err)
	}
	again.Release()

	mem, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	for range 2 {
		l, ok, err := mem.TryLead(ctx)
		if err != nil || !ok {
			t.Fatalf("a Store in memory did not lead: %v, %v", ok, err)
		}
		defer l.Release()
	}
}
