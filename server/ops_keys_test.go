package server

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestKeysReplaceWhileServing(t *testing.T) {
	keys, err := NewKeys([]string{"old-key"})
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(fixtureStore(t), Config{Keys: keys, RateLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r := get(t, h, "/v2/sources", "Bearer old-key"); r.status != 200 {
		t.Fatalf("old key before the swap: %d", r.status)
	}
	if err := keys.Replace([]string{"new-key", "second-key", "new-key"}); err != nil {
		t.Fatal(err)
	}
	if keys.Len() != 2 {
		t.Fatalf("Len %d after replacing with two distinct keys", keys.Len())
	}
	wantError(t, get(t, h, "/v2/sources", "Bearer old-key"), 401, CodeUnauthorized, "invalid API key")
	for _, k := range []string{"new-key", "second-key"} {
		if r := get(t, h, "/v2/sources", "Bearer "+k); r.status != 200 {
			t.Fatalf("%s after the swap: %d", k, r.status)
		}
	}
	// A bad set changes nothing, and the error never quotes a key.
	for _, bad := range [][]string{nil, {"ok-key", "has space"}, {"ok-key", ""}} {
		err := keys.Replace(bad)
		if err == nil || strings.Contains(err.Error(), "ok-key") || strings.Contains(err.Error(), "has space") {
			t.Fatalf("Replace(%d keys): %v", len(bad), err)
		}
	}
	if r := get(t, h, "/v2/sources", "Bearer new-key"); r.status != 200 || keys.Len() != 2 {
		t.Fatalf("a refused replacement disturbed the keys: %d, %d keys", r.status, keys.Len())
	}
	if _, err := New(fixtureStore(t), Config{Keys: keys, APIKeys: []string{"x"}}); err == nil {
		t.Fatal("New accepted both Keys and APIKeys")
	}
}

// TestKeyIDsOutliveAReplacement races requests (which authenticate, then
// ask the limiter by the key's id) against replacements: a request must
// never see a mixed or shrunken key table, and a key keeps its id (its
// rate-limit bucket) across reloads.
func TestKeyIDsOutliveAReplacement(t *testing.T) {
	ring, err := newKeyring([]string{"a", "b", "c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	i, _ := ring.identify("d")
	idBefore := ring.id(i)
	var stop atomic.Bool
	var writer, readers sync.WaitGroup
	writer.Go(func() {
		for n := 0; !stop.Load(); n++ {
			set := []string{"d"}
			if n%2 == 0 {
				set = []string{"x", "y", "z", "w", "v", "d"}
			}
			if err := ring.replace(set); err != nil {
				t.Error(err)
				return
			}
		}
	})
	for range 4 {
		readers.Go(func() {
			for range 2000 {
				h := http.Header{"Authorization": {"Bearer d"}}
				i, why := ring.authenticate(h, "")
				if why != "" {
					t.Errorf("key d refused mid-swap: %s", why)
					return
				}
				if id := ring.id(i); id != idBefore {
					t.Errorf("key d's id changed from %s to %s", idBefore, id)
					return
				}
			}
		})
	}
	readers.Wait()
	stop.Store(true)
	writer.Wait()
}
