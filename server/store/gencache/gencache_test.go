package gencache

import "testing"

// A value is served only at the generation it was computed at, and a
// full cache drops other generations' entries before the current ones.
func TestValuesLiveOneGeneration(t *testing.T) {
	c := New[int](3)
	c.Put("old", 1, 1)
	c.Put("a", 2, 2)
	c.Put("b", 2, 3)
	if _, ok := c.Get("a", 3); ok {
		t.Fatal("a value of generation 2 served at generation 3")
	}
	c.Put("c", 2, 4) // full: the generation-1 entry goes
	if _, ok := c.Get("old", 1); ok {
		t.Error("the old generation's entry survived a full cache")
	}
	for k, want := range map[string]int{"a": 2, "b": 3, "c": 4} {
		if v, ok := c.Get(k, 2); !ok || v != want {
			t.Errorf("%s: %d, %v; want %d", k, v, ok, want)
		}
	}
	c.Clear()
	if _, ok := c.Get("a", 2); ok {
		t.Error("Clear kept an entry")
	}
}
