package stories

import (
	"math/rand/v2"
	"testing"
)

// A fillerTable answers as a map does through adds and removes, with
// keys crowded into few shards and probes, and key 0.
func TestFillerTableIsAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, keys := range []struct {
		name string
		next func() uint64
	}{
		{"random", r.Uint64},
		// One shard, and homes that collide: the probes run long and
		// removals move keys back across the wrap.
		{"crowded", func() uint64 { return uint64(r.IntN(3000)) * (1 << 20) }},
		{"small", func() uint64 { return uint64(r.IntN(40)) }},
	} {
		var tab fillerTable
		want := map[uint64]uint32{}
		for op := range 200_000 {
			k := keys.next()
			f, ok := tab.get(k)
			if wf, wok := want[k]; ok != wok || f != wf {
				t.Fatalf("%s, op %d: key %x gives %d, %v; the map %d, %v", keys.name, op, k, f, ok, wf, wok)
			}
			switch {
			case !ok:
				v := r.Uint32()
				tab.add(k, v)
				want[k] = v
			case r.IntN(3) > 0:
				tab.remove(k)
				delete(want, k)
			}
			if tab.len() != len(want) {
				t.Fatalf("%s, op %d: %d keys, the map %d", keys.name, op, tab.len(), len(want))
			}
		}
		for k, wf := range want {
			if f, ok := tab.get(k); !ok || f != wf {
				t.Fatalf("%s: key %x gives %d, %v at the end; the map %d", keys.name, k, f, ok, wf)
			}
		}
	}
}
