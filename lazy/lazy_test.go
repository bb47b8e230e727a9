package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

var builds atomic.Int32

// counted is declared as callers declare theirs: a composite literal at
// package level.
var counted = Value[[]string]{Build: func() []string {
	builds.Add(1)
	return []string{"built"}
}}

func TestValueBuildsOnceOnFirstGet(t *testing.T) {
	if n := builds.Load(); n != 0 {
		t.Fatalf("built %d times before the first Get", n)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := counted.Get(); len(got) != 1 || got[0] != "built" {
				t.Errorf("Get() = %v", got)
			}
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("built %d times, want once", n)
	}
}

func TestValueWhoseBuildPanicsPanicsEveryGet(t *testing.T) {
	broken := Value[int]{Build: func() int { panic("bad pattern") }}
	for i := range 2 {
		func() {
			defer func() {
				if r := recover(); r != "bad pattern" {
					t.Errorf("Get %d recovered %v, want the Build's panic", i+1, r)
				}
			}()
			broken.Get()
		}()
	}
}
