package stories

// fillerTable maps 64-bit keys to one 32-bit filler each: the frames seen
// with a single filler (see Grouper.see), which of text whose every
// sentence is new are nearly all the frames. A Go map spends 16 bytes a
// slot on a uint64 key and a uint32 value and about 32 bytes a key in
// all; this open-addressing table keeps keys and fillers in arrays of
// their own, 12 bytes a slot and about 15 a key: its tables grow by a
// quarter, so they are 70% to 87.5% full. It is split in fillerShards
// tables that grow one at a time, so that growing never holds two copies
// of the whole.
type fillerTable struct {
	shards [fillerShards]fillerShard
	n      int
	// Key 0 marks an empty slot: a key 0 is kept here.
	hasZero bool
	zero    uint32
}

const fillerShardBits = 8
const fillerShards = 1 << fillerShardBits

// fillerShard is a linear-probing table no more than 7/8 full.
type fillerShard struct {
	keys    []uint64 // 0: empty
	fillers []uint32
	n       int
}

// shard is the shard of key k: its top bits.
func (t *fillerTable) shard(k uint64) *fillerShard { return &t.shards[k>>(64-fillerShardBits)] }

// home is where key k's probe starts in s: a multiplicative hash of all
// of k's bits scaled to s's length (which is no power of two).
func (s *fillerShard) home(k uint64) int {
	return int((k * 0x9e3779b97f4a7c15 >> 32) * uint64(len(s.keys)) >> 32)
}

// next is the slot after i, the first after the last.
func (s *fillerShard) next(i int) int {
	if i++; i == len(s.keys) {
		return 0
	}
	return i
}

// len is how many keys t holds.
func (t *fillerTable) len() int { return t.n }

// get returns the filler of key k, if t holds k.
func (t *fillerTable) get(k uint64) (uint32, bool) {
	if k == 0 {
		return t.zero, t.hasZero
	}
	s := t.shard(k)
	if s.n == 0 {
		return 0, false
	}
	for i := s.home(k); ; i = s.next(i) {
		switch s.keys[i] {
		case k:
			return s.fillers[i], true
		case 0:
			return 0, false
		}
	}
}

// add puts key k, which t does not hold, with filler f.
func (t *fillerTable) add(k uint64, f uint32) {
	t.n++
	if k == 0 {
		t.hasZero, t.zero = true, f
		return
	}
	s := t.shard(k)
	if (s.n+1)*8 > len(s.keys)*7 {
		s.grow()
	}
	s.n++
	s.place(k, f)
}

// place puts k in the first empty slot of its probe.
func (s *fillerShard) place(k uint64, f uint32) {
	i := s.home(k)
	for s.keys[i] != 0 {
		i = s.next(i)
	}
	s.keys[i], s.fillers[i] = k, f
}

// grow makes s a quarter longer (16 slots at first).
func (s *fillerShard) grow() {
	keys, fillers := s.keys, s.fillers
	size := max(16, len(keys)+len(keys)/4)
	s.keys, s.fillers = make([]uint64, size), make([]uint32, size)
	for i, k := range keys {
		if k != 0 {
			s.place(k, fillers[i])
		}
	}
}

// remove takes key k, which t holds, out of t. The keys after it in its
// probe move back, so that no probe crosses an empty slot before its
// key.
func (t *fillerTable) remove(k uint64) {
	t.n--
	if k == 0 {
		t.hasZero, t.zero = false, 0
		return
	}
	s := t.shard(k)
	i := s.home(k)
	for s.keys[i] != k {
		i = s.next(i)
	}
	s.n--
	// behind is how far slot a is behind slot b along the probes.
	behind := func(a, b int) int {
		if b < a {
			b += len(s.keys)
		}
		return b - a
	}
	for j := s.next(i); s.keys[j] != 0; j = s.next(j) {
		// The key at j may move to the hole at i if its probe, from its
		// home to j, passes i.
		if behind(s.home(s.keys[j]), j) >= behind(i, j) {
			s.keys[i], s.fillers[i] = s.keys[j], s.fillers[j]
			i = j
		}
	}
	s.keys[i], s.fillers[i] = 0, 0
}
